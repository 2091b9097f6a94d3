/// The activity of each whole second of a recording: the seconds already settled (their steps
/// and impacts are all known), then a provisional tail computed for a snapshot.
struct ActivityTimeline: Sendable, Hashable {
    private(set) var settled: [Activity] = []
    /// `activePrefix[s]` = active seconds among settled seconds `0..<s`.
    private var activePrefix: [Int] = [0]
    /// Provisional seconds after the settled ones (not kept between snapshots).
    var tail: [Activity] = []

    var settledCount: Int { settled.count }
    var count: Int { settled.count + tail.count }
    var all: [Activity] { tail.isEmpty ? settled : settled + tail }

    mutating func settle(_ activities: [Activity]) {
        for activity in activities {
            settled.append(activity)
            activePrefix.append(activePrefix[activePrefix.count - 1] + (activity.isActive ? 1 : 0))
        }
    }

    subscript(second: Int) -> Activity {
        if second >= 0 && second < settled.count { return settled[second] }
        let index = second - settled.count
        if index >= 0 && index < tail.count { return tail[index] }
        return .stationary
    }

    /// Seconds of walking or running between two times (partial seconds counted by overlap).
    func activeSeconds(from start: Double, to end: Double) -> Double {
        let start = max(start, 0)
        let end = min(end, Double(count))
        guard end > start else { return 0 }
        let first = Int(start.rounded(.down))
        let last = Int(end.rounded(.up)) - 1
        func overlap(_ second: Int) -> Double {
            guard self[second].isActive else { return 0 }
            return max(0, min(end, Double(second + 1)) - max(start, Double(second)))
        }
        guard last > first + 1 else { return (first...max(first, last)).reduce(0) { $0 + overlap($1) } }
        // Whole seconds strictly between the first and the last.
        var whole = 0
        let settledEnd = min(last, settled.count)
        if first + 1 < settledEnd { whole += activePrefix[settledEnd] - activePrefix[first + 1] }
        for second in max(first + 1, settled.count)..<max(last, settled.count) where self[second].isActive {
            whole += 1
        }
        return overlap(first) + Double(whole) + overlap(last)
    }
}
