import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// Walking that repeats once per stride, not once per step: a phone on one leg, in a swinging
/// hand or pushed along with a wheel feels its own foot's strike and barely the other's, and
/// sways once per stride. No shared recording has a step truth for it, so it is made from a
/// real one: 60 s of an Oxford in-hand walk with its foot-switch steps, where every second
/// step's acceleration is attenuated to a fifth and a sway of one cycle per stride (timed by
/// the foot switches) is added along gravity, until the step lag's autocorrelation is negative.
/// The truth is unchanged: the foot switches' steps in those 60 s.
@Suite struct StridePeriodicTests {
    static let fixture = "oxford/Samsung_Jamie_Hard_InHand_1"

    /// The fixture's acceleration, its foot-switch step times, and the index of the first step
    /// of its first minute in which every step interval is within 25 % of the median: a press
    /// of a foot switch out of turn (or twice) would swap which foot a construction changes.
    static func steadyMinute() throws -> (acceleration: [AccelerationSample], stepTimes: [Double], first: Int) {
        var sink = CollectingSink()
        _ = try RecordingReader.read(Fixtures.path(fixture), into: &sink)
        // Step times: where the foot switches' cumulative count goes up.
        let truthSamples = sink.steps[.groundTruth] ?? []
        let stepTimes = zip(truthSamples.dropFirst(), truthSamples).filter { $0.steps > $1.steps }.map { $0.0.time }
        let intervals = zip(stepTimes.dropFirst(), stepTimes).map { $0 - $1 }
        let median = intervals.sorted()[intervals.count / 2]
        let first = try #require(stepTimes.indices.first { first in
            let last = stepTimes.lastIndex { $0 < stepTimes[first] + 60 }!
            return last < intervals.count && intervals[first..<last].allSatisfy { abs($0 - median) <= 0.25 * median }
        })
        return (sink.acceleration, stepTimes, first)
    }

    /// The unit vector along gravity during `samples`: their mean (the phone is held steadily
    /// in front through the steady minute).
    static func up(_ samples: [AccelerationSample]) -> SIMD3<Double> {
        let gravity = SIMD3(
            samples.reduce(0) { $0 + $1.x }, samples.reduce(0) { $0 + $1.y }, samples.reduce(0) { $0 + $1.z })
            / Double(samples.count)
        return gravity / (gravity * gravity).sum().squareRoot()
    }

    /// The constructed minute, its true steps, and the autocorrelations at the step and stride lags.
    static func construct() throws -> (samples: [AccelerationSample], truth: [Double], stepLag: Double, strideLag: Double) {
        let (acceleration, stepTimes, first) = try steadyMinute()
        let start = stepTimes[first], end = start + 60
        let walk = stepTimes.filter { $0 >= start && $0 < end }
        // The recording from its start (standing, then walking as recorded) to a second after the
        // minute; only the minute is changed.
        let samples = acceleration.filter { $0.time < end + 1 }
        let minute = samples.filter { $0.time >= start && $0.time < end }
        // Gravity: the mean over the minute (the phone is held steadily in front).
        let count = Double(minute.count)
        let gravity = (
            minute.reduce(0) { $0 + $1.x } / count, minute.reduce(0) { $0 + $1.y } / count,
            minute.reduce(0) { $0 + $1.z } / count)
        let norm = (gravity.0 * gravity.0 + gravity.1 * gravity.1 + gravity.2 * gravity.2).squareRoot()
        let up = (gravity.0 / norm, gravity.1 / norm, gravity.2 / norm)
        var index = 0
        var vertical: [Double] = []
        let constructed = samples.map { sample -> AccelerationSample in
            while index + 1 < stepTimes.count && stepTimes[index + 1] <= sample.time { index += 1 }
            let inStep = sample.time >= start && sample.time < end && sample.time >= stepTimes[index] && index + 1 < stepTimes.count
            // Every second step attenuated; a stride-long sway, 0 at each of the first foot's strikes.
            let weight = inStep && index % 2 == 1 ? 0.2 : 1
            var sway = 0.0
            if inStep {
                let phase = (Double(index % 2) + (sample.time - stepTimes[index]) / (stepTimes[index + 1] - stepTimes[index])) / 2
                sway = 2.5 * sin(2 * .pi * phase)
            }
            let x = gravity.0 + weight * (sample.x - gravity.0) + sway * up.0
            let y = gravity.1 + weight * (sample.y - gravity.1) + sway * up.1
            let z = gravity.2 + weight * (sample.z - gravity.2) + sway * up.2
            if sample.time >= start && sample.time < end { vertical.append(x * up.0 + y * up.1 + z * up.2 - norm) }
            return inStep ? AccelerationSample(time: sample.time, x: x, y: y, z: z) : sample
        }
        let rate = Double(minute.count - 1) / (minute.last!.time - minute.first!.time)
        let stepPeriod = (walk.last! - walk.first!) / Double(walk.count - 1)
        return (
            constructed, walk, autocorrelation(vertical, lag: Int((stepPeriod * rate).rounded())),
            autocorrelation(vertical, lag: Int((2 * stepPeriod * rate).rounded()))
        )
    }

    static func autocorrelation(_ x: [Double], lag: Int) -> Double {
        let mean = x.reduce(0, +) / Double(x.count)
        let centred = x.map { $0 - mean }
        let energy = centred.reduce(0) { $0 + $1 * $1 }
        return (0..<(x.count - lag)).reduce(0) { $0 + centred[$1] * centred[$1 + lag] } / energy
    }

    @Test func strideOnlyPeriodicMinuteIsCountedAndNeverStationary() throws {
        let (samples, truth, stepLag, strideLag) = try Self.construct()
        // The construction has the property: negative at the step lag, strong at the stride lag.
        #expect(stepLag < 0, "step-lag autocorrelation \(stepLag)")
        #expect(strideLag > 0.5, "stride-lag autocorrelation \(strideLag)")

        var detector = StepDetector()
        for sample in samples { detector.add(sample) }
        detector.finish()
        // The minute's steps: from its first true step to its last, each ± a quarter step.
        let steps = detector.drainSteps().filter { $0 >= truth.first! - 0.15 && $0 <= truth.last! + 0.15 }
        let error = Double(steps.count - truth.count) / Double(truth.count) * 100
        #expect(abs(error) <= 3, "\(steps.count) steps of \(truth.count) (\(error) %)")
        // Never stationary: no second without a step anywhere in the minute.
        let longest = zip(steps.dropFirst(), steps).map { $0 - $1 }.max() ?? .infinity
        #expect(longest < 1.0, "longest interval between steps \(longest) s")
        #expect(steps.first.map { $0 - truth.first! < 0.5 } == true && steps.last.map { truth.last! - $0 < 0.5 } == true)
    }
}
