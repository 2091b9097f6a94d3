import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// Brisk walking whose signal, for stretches, is an arm's swing once per stride: a wrist watch
/// (the wrist-watch walks in `../shared/datasets/wrist-watch-magnitude/`, whose 4 s windows turn
/// from the step lag to the stride lag for seconds at a time, with a negative correlation at the
/// step lag). With a stride under a second, such a window reads as a walk at half the cadence.
/// Those walks have no step truth beyond a hand count, so the pattern is added to a real walk
/// with one: the steady minute of the Oxford in-hand fixture
/// (``StridePeriodicTests/steadyMinute()``), re-timed `quickening` times faster (a brisk walk,
/// its stride under a second), with a sway of one cycle per stride along gravity, timed by the
/// foot switches, faded in and out over a second around stretches in which it outweighs the
/// steps. The truth is the foot switches' steps, re-timed with the samples: the same number.
/// Swayed at 1–6 m/s^2 the minute is counted in full; at 8 and 12 m/s^2, 108 and 105 of 112
/// steps, with intervals of 1.4–1.8 s where the sway fades in or out (docs/accuracy.md).
@Suite struct ArmSwingTests {
    /// The re-timed minute is this many times faster than recorded.
    static let quickening = 1.25
    /// Seconds after the minute's first step during which the sway is at full strength (it
    /// fades in over the second before and out over the second after).
    static let swings = [(from: 10.0, to: 20.0), (from: 28.0, to: 38.0)]
    /// The sway's amplitude, m/s^2.
    static let amplitude = 4.0

    /// The recording to a second after the minute, the minute re-timed (48 s) and with the sway
    /// added, and the minute's true step times.
    static func construct() throws -> (samples: [AccelerationSample], truth: [Double]) {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first]
        func retime(_ time: Double) -> Double { start + (time - start) / quickening }
        let end = start + 60
        let walk = stepTimes.filter { $0 >= start && $0 < end }
        let samples = acceleration.filter { $0.time < end + 1 }
        let up = StridePeriodicTests.up(samples.filter { $0.time >= start && $0.time < end })
        var index = 0
        let constructed = samples.map { sample -> AccelerationSample in
            let time = sample.time < start ? sample.time : retime(sample.time)
            while index + 1 < walk.count && walk[index + 1] <= sample.time { index += 1 }
            guard sample.time >= walk[0] && index + 1 < walk.count else {
                return AccelerationSample(time: time, x: sample.x, y: sample.y, z: sample.z)
            }
            // One cycle per stride, 0 at each of the first foot's strikes.
            let phase = (Double(index % 2) + (sample.time - walk[index]) / (walk[index + 1] - walk[index])) / 2
            let sway = amplitude * strength(at: time - retime(start)) * sin(2 * .pi * phase)
            return AccelerationSample(
                time: time, x: sample.x + sway * up.x, y: sample.y + sway * up.y, z: sample.z + sway * up.z)
        }
        return (constructed, walk.map(retime))
    }

    /// The sway's strength (0–1) `t` seconds into the minute: full within a stretch, a half
    /// cosine over the second on either side.
    static func strength(at t: Double) -> Double {
        swings.reduce(0.0) { strongest, swing in
            let outside = max(swing.from - t, t - swing.to, 0)
            return max(strongest, outside >= 1 ? 0 : 0.5 + 0.5 * cos(.pi * outside))
        }
    }

    /// The construction has the property: within a stretch of sway the magnitude's correlation
    /// is negative at the step lag and strong at the stride lag.
    @Test func swayTurnsTheWindowsToTheStride() throws {
        let (samples, truth) = try Self.construct()
        let step = (truth.last! - truth.first!) / Double(truth.count - 1)
        let first = Self.swings[0]
        let stretch = samples.filter { $0.time >= truth[0] + first.from && $0.time < truth[0] + first.to }
        let rate = Double(stretch.count - 1) / (stretch.last!.time - stretch.first!.time)
        let magnitude = stretch.map { $0.magnitude }
        let stepLag = StridePeriodicTests.autocorrelation(magnitude, lag: Int((step * rate).rounded()))
        let strideLag = StridePeriodicTests.autocorrelation(magnitude, lag: Int((2 * step * rate).rounded()))
        #expect(stepLag < -0.5, "step-lag autocorrelation \(stepLag)")
        #expect(strideLag > 0.5, "stride-lag autocorrelation \(strideLag)")
        #expect(2 * step < 1, "stride \(2 * step) s")
    }

    /// With all three axes and with the magnitude alone (what the watch logs), the minute is
    /// counted within 3 %, with no interval as long as a stride
    /// (``AsymmetricGaitTests/expectMinuteCounted(_:truth:_:sourceLocation:)``). Read as half
    /// the cadence (``StepDetector/Configuration/strideTolerance`` 0), its swaying stretches
    /// would lose a step in two: 81 of 112 steps.
    @Test(arguments: [false, true])
    func walkUnderAnArmSwingIsCounted(magnitudeOnly: Bool) throws {
        let (samples, truth) = try Self.construct()
        AsymmetricGaitTests.expectMinuteCounted(
            AsymmetricGaitTests.steps(in: samples, magnitudeOnly: magnitudeOnly), truth: truth,
            "magnitude only \(magnitudeOnly)")
    }

    /// A real brisk walk of 200 steps with a watch on the wrist (Pebble's step test
    /// `walk_200_pbl_25820_11`, `Fixtures/pebble`, Apache-2.0; a step every 0.48 s) whose
    /// signal along gravity is, for most of a minute, the arm's swing once per 0.96 s stride,
    /// with a negative correlation at half of it: it read as a walker stepping every 0.96 s,
    /// 113 steps, until 2026-11-29. Across gravity the watch swings once per 0.96 s, and its
    /// magnitude beats twice (``LimbSwing``): a stride. Counted within the firmware's accepted
    /// 165–230 (182), and from 10.5 s to 35 s a step every 0.7 s or less.
    @Test func aRealWristWalkSwingingOncePerStrideIsCountedPerStep() throws {
        let (_, sink) = try readRecording(Fixtures.path("pebble/walk_200_pbl_25820_11.csv"))
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        #expect(steps.count >= 182 && steps.count <= 230, "\(steps.count) steps of 200")
        let walk = steps.filter { $0 >= 10.5 && $0 <= 35 }
        let intervals = zip(walk.dropFirst(), walk).map { $0 - $1 }
        #expect(walk.count >= 50, "\(walk.count) steps in 10.5–35 s")
        #expect(intervals.allSatisfy { $0 <= 0.7 }, "\(intervals)")
    }
}
