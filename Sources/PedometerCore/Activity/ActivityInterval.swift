/// A stretch of one activity: a run or walk interval of a run/walk/run session.
public struct ActivityInterval: Sendable, Hashable, Codable {
    public var activity: Activity
    /// Seconds since the recording's time 0.
    public var start: Double
    public var end: Double
    public var steps: Int
    /// Metres.
    public var distance: Double?

    public init(activity: Activity, start: Double, end: Double, steps: Int, distance: Double?) {
        self.activity = activity
        self.start = start
        self.end = end
        self.steps = steps
        self.distance = distance
    }

    public var duration: Double { end - start }
    /// Seconds per metre.
    public var pace: Double? {
        guard let distance, distance > 0 else { return nil }
        return duration / distance
    }
    /// Steps per second.
    public var cadence: Double? { duration > 0 ? Double(steps) / duration : nil }
}

/// Splits per-second activities into intervals, absorbing blips shorter than
/// ``minimumSeconds`` into their neighbours (a stumble does not end a run interval).
public struct IntervalSegmenter: Sendable, Hashable {
    public var minimumSeconds = 5

    public init() {}

    /// Runs of equal activity as (activity, first second, end second exclusive).
    public func segments(_ activities: [Activity]) -> [(activity: Activity, start: Int, end: Int)] {
        var runs: [(activity: Activity, start: Int, end: Int)] = []
        for (second, activity) in activities.enumerated() {
            if let last = runs.last, last.activity == activity {
                runs[runs.count - 1].end = second + 1
            } else {
                runs.append((activity, second, second + 1))
            }
        }
        // Absorb short runs, shortest first, into the longer neighbour.
        while let index = runs.indices.filter({ runs[$0].end - runs[$0].start < minimumSeconds }).min(by: {
            runs[$0].end - runs[$0].start < runs[$1].end - runs[$1].start
        }), runs.count > 1 {
            let left = index > 0 ? runs[index - 1].end - runs[index - 1].start : -1
            let right = index + 1 < runs.count ? runs[index + 1].end - runs[index + 1].start : -1
            if left >= right {
                runs[index - 1].end = runs[index].end
            } else {
                runs[index + 1].start = runs[index].start
            }
            runs.remove(at: index)
            // Merge neighbours that now touch with the same activity.
            var merged: [(activity: Activity, start: Int, end: Int)] = []
            for run in runs {
                if let last = merged.last, last.activity == run.activity {
                    merged[merged.count - 1].end = run.end
                } else {
                    merged.append(run)
                }
            }
            runs = merged
        }
        return runs
    }
}
