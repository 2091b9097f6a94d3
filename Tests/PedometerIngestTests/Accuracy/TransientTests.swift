import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// Walking interrupted every few seconds by one large movement: an arm raised or swung while
/// walking, the pattern of the wrist-watch walks in `../shared/datasets/wrist-watch-magnitude/`,
/// where each such movement is about ten times the walk's own signal and makes every 4 s window
/// that holds it show no period. Those walks have no step truth beyond a hand count, so the
/// pattern is added to a real walk with one: the steady minute of the Oxford in-hand fixture
/// (``StridePeriodicTests/steadyMinute()``), with seven transients along gravity, each one cycle
/// of a 1.5 Hz sine under a Hann window, 10 m/s^2 at its peak, 8–9.5 s apart. The truth is the
/// foot switches' steps, unchanged. Judged by whole windows alone, the minute loses a 3.7 s
/// stretch (105 of 112 steps); each half of a spoilt window keeps the walk going. Limit: with
/// transients 5–7 s apart the walk never lasts the ten steps that a half needs to continue it,
/// and up to a fifth of the steps are lost (87 of 112 along gravity, 104 from the magnitude;
/// docs/accuracy.md).
@Suite struct TransientTests {
    /// Seconds after the minute's first step at which a transient starts.
    static let onsets = [3.0, 11.0, 20.5, 29.0, 38.5, 47.0, 56.0]
    /// Duration (s) and peak (m/s^2) of a transient.
    static let duration = 1 / 1.5, peak = 10.0

    /// The recording to a second after the minute, with the transients added, and the minute's
    /// true step times.
    static func construct() throws -> (samples: [AccelerationSample], truth: [Double]) {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first], end = start + 60
        let truth = stepTimes.filter { $0 >= start && $0 < end }
        let samples = acceleration.filter { $0.time < end + 1 }
        let up = StridePeriodicTests.up(samples.filter { $0.time >= start && $0.time < end })
        let constructed = samples.map { sample -> AccelerationSample in
            let pulse = onsets.reduce(0.0) { sum, onset in
                let t = sample.time - start - onset
                guard t >= 0 && t < duration else { return sum }
                let hann = 0.5 - 0.5 * cos(2 * Double.pi * t / duration)
                return sum + peak * hann * sin(2 * Double.pi * t / duration)
            }
            return AccelerationSample(
                time: sample.time, x: sample.x + pulse * up.x, y: sample.y + pulse * up.y, z: sample.z + pulse * up.z)
        }
        return (constructed, truth)
    }

    /// With all three axes and with the magnitude alone (what the watch logs), the minute is
    /// counted within 3 %, and no interval within it is as long as a stride
    /// (``AsymmetricGaitTests/expectMinuteCounted(_:truth:_:sourceLocation:)``).
    @Test(arguments: [false, true])
    func walkThroughTransientsIsCounted(magnitudeOnly: Bool) throws {
        let (samples, truth) = try Self.construct()
        AsymmetricGaitTests.expectMinuteCounted(
            AsymmetricGaitTests.steps(in: samples, magnitudeOnly: magnitudeOnly), truth: truth,
            "magnitude only \(magnitudeOnly)")
    }
}
