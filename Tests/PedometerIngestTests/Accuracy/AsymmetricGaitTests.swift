import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// Walking whose step times alternate short and long: a limp, or a phone on the leg whose step
/// is quicker. No shared recording has a step truth for it, so it is made from a real one: the
/// steady minute of an Oxford in-hand walk that ``StridePeriodicTests`` uses, re-timed so that
/// each stride keeps its length but its first step takes `share` of it and its second the rest
/// (each step's samples stretched or squeezed into its new interval). The truth is the foot
/// switches' steps, moved with the samples: the same number.
@Suite struct AsymmetricGaitTests {
    /// The recording with its steady minute re-timed, and that minute's true step times.
    static func construct(share: Double) throws -> (samples: [AccelerationSample], truth: [Double]) {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        // Whole strides: an odd number of step times.
        var last = stepTimes.lastIndex { $0 < stepTimes[first] + 60 }!
        if (last - first) % 2 == 1 { last -= 1 }
        let walk = Array(stepTimes[first...last])
        // Each stride as long as recorded, split share : 1 − share.
        var retimed = [walk[0]]
        for k in stride(from: 0, to: walk.count - 1, by: 2) {
            retimed += [walk[k] + share * (walk[k + 2] - walk[k]), walk[k + 2]]
        }
        // A recorded time inside the minute to its re-timed one, piecewise linearly.
        var step = 0
        func retime(_ time: Double) -> Double {
            while step + 1 < walk.count - 1 && walk[step + 1] <= time { step += 1 }
            let fraction = (time - walk[step]) / (walk[step + 1] - walk[step])
            return retimed[step] + fraction * (retimed[step + 1] - retimed[step])
        }
        // The recording from its start (standing, then walking as recorded) to 3 s after the minute.
        let samples = acceleration.filter { $0.time < walk.last! + 3 }.map { sample -> AccelerationSample in
            guard sample.time >= walk.first! && sample.time < walk.last! else { return sample }
            return AccelerationSample(time: retime(sample.time), x: sample.x, y: sample.y, z: sample.z)
        }
        return (samples, retimed)
    }

    /// 1 : 1 is the minute as recorded; 0.4 : 0.6 a mild limp; 1 : 2 the 0.4 s / 0.8 s
    /// alternation of a hand-counted phyphox walk, the strongest asymmetry we construct.
    @Test(arguments: [0.5, 0.4, 1.0 / 3])
    func alternatingStepTimesAreAllSteps(share: Double) throws {
        let (samples, truth) = try Self.construct(share: share)
        let intervals = zip(truth.dropFirst(), truth).map { $0 - $1 }
        // The construction: consecutive intervals in the ratio asked for.
        #expect(abs(intervals[0] / intervals[1] - share / (1 - share)) < 1e-9)

        var detector = StepDetector()
        for sample in samples { detector.add(sample) }
        detector.finish()
        Self.expectMinuteCounted(detector.drainSteps(), truth: truth, "share \(share)")
    }

    /// The detector's steps in `samples`, from all three axes or, when `magnitudeOnly`, from
    /// the magnitude alone (what a watch that logs |a| gives).
    static func steps(in samples: [AccelerationSample], magnitudeOnly: Bool) -> [Double] {
        var detector = StepDetector()
        for sample in samples {
            if magnitudeOnly {
                detector.add(magnitude: AccelerationMagnitudeSample(time: sample.time, magnitude: sample.magnitude))
            } else {
                detector.add(sample)
            }
        }
        detector.finish()
        return detector.drainSteps()
    }

    /// Expects the detector's `steps` within the minute whose true steps are `truth` to number
    /// them within 3 %, with no interval as long as the shortest true stride (never a pause).
    /// The minute runs from a quarter second before its first true step to as long after its
    /// last: the detector's steps come 0.1–0.2 s after the foot switch's presses, and those of
    /// the recorded steps just outside the minute 0.4 s or more beyond it.
    static func expectMinuteCounted(
        _ steps: [Double], truth: [Double], _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let steps = steps.filter { $0 >= truth.first! - 0.25 && $0 <= truth.last! + 0.25 }
        let error = Double(steps.count - truth.count) / Double(truth.count) * 100
        #expect(
            abs(error) <= 3, "\(label): \(steps.count) steps of \(truth.count) (\(error) %)", sourceLocation: sourceLocation)
        let longest = zip(steps.dropFirst(), steps).map { $0 - $1 }.max() ?? .infinity
        let shortestStride = zip(truth.dropFirst(2), truth).map { $0 - $1 }.min()!
        #expect(longest < shortestStride, "\(label): longest interval \(longest) s", sourceLocation: sourceLocation)
    }
}
