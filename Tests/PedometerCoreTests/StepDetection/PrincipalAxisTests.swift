import Foundation
import Testing
@testable import PedometerCore

/// The projection of user acceleration on its axis of largest variance, on a signal with a
/// known answer.
@Suite struct PrincipalAxisTests {
    /// User acceleration of a walk at 2 steps/s sampled at `rate` Hz for `seconds`: a vertical
    /// bounce of 1 m/s^2 along a tilted phone's `up`, and a forward push of 0.8 m/s^2 a quarter
    /// of a step later along a direction perpendicular to it. Both repeat every step, so the
    /// acceleration turns through a full circle within each: only an axis averaged over
    /// several steps is the vertical.
    static func walk(rate: Double, seconds: Double) -> [(sample: AccelerationSample, vertical: Double)] {
        let up = (x: 0.3 / 0.995, y: 0.9 / 0.995, z: 0.3 / 0.995)  // |(0.3, 0.9, 0.3)| = 0.995
        let forward = (x: 1 / 2.0.squareRoot(), y: 0.0, z: -1 / 2.0.squareRoot())
        return (0..<Int(seconds * rate)).map { index in
            let t = Double(index) / rate
            let vertical = sin(2 * .pi * 2 * t), push = 0.8 * cos(2 * .pi * 2 * t)
            let sample = AccelerationSample(
                time: t, x: vertical * up.x + push * forward.x, y: vertical * up.y + push * forward.y,
                z: vertical * up.z + push * forward.z)
            return (sample, vertical)
        }
    }

    /// The largest difference between the projection and the vertical bounce after
    /// `settling` seconds.
    static func largestError(rate: Double, timeConstant: Double, settling: Double = 20) -> Double {
        var axis = PrincipalAxis(timeConstant: timeConstant)
        var worst = 0.0
        for (index, (sample, vertical)) in walk(rate: rate, seconds: settling + 10).enumerated() {
            let value = axis.project(sample, timeStep: index == 0 ? nil : 1 / rate)
            if sample.time >= settling { worst = max(worst, abs(value - vertical)) }
        }
        return worst
    }

    /// The detector's time constant (its 4 s window) finds the vertical within 3 % of the
    /// bounce at any logging rate (measured: 0.5 % at 12.5 Hz to 1.7 % at 400 Hz): the
    /// covariance is averaged over time, not samples.
    @Test(arguments: [12.5, 25, 50, 100, 400])
    func findsTheVerticalAtAnyRate(rate: Double) {
        let error = Self.largestError(rate: rate, timeConstant: StepDetector.Configuration().window)
        #expect(error < 0.03, "\(rate) Hz: the projection is up to \(error) m/s^2 from the bounce")
    }

    /// Why the time constant is in seconds: averaged over half a second (what 200 samples
    /// were at 400 Hz, the Oxford set's Pixel), the axis turns with the acceleration within
    /// each step and the projection strays from the bounce (measured: 14 %).
    @Test func anAxisAveragedOverOneStepFollowsTheAccelerationInstead() {
        #expect(Self.largestError(rate: 400, timeConstant: 0.5) > 0.1)
    }

    @Test func aSampleThatIsNotFiniteLeavesTheAxisAsItWas() {
        var axis = PrincipalAxis(timeConstant: 4)
        let samples = Self.walk(rate: 50, seconds: 20)
        for (index, (sample, _)) in samples.enumerated() {
            _ = axis.project(sample, timeStep: index == 0 ? nil : 0.02)
        }
        let before = axis
        #expect(axis.project(AccelerationSample(time: 20, x: .nan, y: 0, z: 0), timeStep: 0.02).isNaN)
        let probe = AccelerationSample(time: 20.02, x: 0.3, y: 0.9, z: 0.3)
        var after = axis, unchanged = before
        #expect(after.project(probe, timeStep: nil) == unchanged.project(probe, timeStep: nil))
    }
}
