import Testing
@testable import PedometerCore
import TestSupport

/// The interval segmenter against the plain quadratic rule it implements faster.
@Suite struct IntervalSegmenterTests {
    /// The rule as first written: absorb the shortest short run (the first among equals) into
    /// its longer neighbour (the left on a tie), merge touching runs of one activity, repeat.
    static func reference(_ activities: [Activity], minimumSeconds: Int) -> [(activity: Activity, start: Int, end: Int)] {
        var runs: [(activity: Activity, start: Int, end: Int)] = []
        for (second, activity) in activities.enumerated() {
            if let last = runs.last, last.activity == activity {
                runs[runs.count - 1].end = second + 1
            } else {
                runs.append((activity, second, second + 1))
            }
        }
        while let index = runs.indices.filter({ runs[$0].end - runs[$0].start < minimumSeconds }).min(by: {
            runs[$0].end - runs[$0].start < runs[$1].end - runs[$1].start
        }), runs.count > 1 {
            let left = index > 0 ? runs[index - 1].end - runs[index - 1].start : -1
            let right = index + 1 < runs.count ? runs[index + 1].end - runs[index + 1].start : -1
            if left >= right { runs[index - 1].end = runs[index].end } else { runs[index + 1].start = runs[index].start }
            runs.remove(at: index)
            var merged: [(activity: Activity, start: Int, end: Int)] = []
            for run in runs {
                if let last = merged.last, last.activity == run.activity { merged[merged.count - 1].end = run.end } else { merged.append(run) }
            }
            runs = merged
        }
        return runs
    }

    @Test(arguments: 1...300)
    func sameIntervalsAsTheReference(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let length = Int(rng.uniform(0, 400))
        // Runs of random lengths, many short ones: flickering between activities.
        var activities: [Activity] = []
        while activities.count < length {
            let activity = Activity.allCases[Int(rng.uniform(0, 3))]
            activities += Array(repeating: activity, count: 1 + Int(rng.uniform(0, rng.uniform(0, 1) < 0.7 ? 4 : 40)))
        }
        let minimum = 1 + Int(rng.uniform(0, 10))
        var segmenter = IntervalSegmenter()
        segmenter.minimumSeconds = minimum
        let fast = segmenter.segments(activities)
        let slow = Self.reference(activities, minimumSeconds: minimum)
        #expect(fast.map { "\($0.activity) \($0.start)-\($0.end)" } == slow.map { "\($0.activity) \($0.start)-\($0.end)" })
    }
}
