/// The activity of each whole second of a recording: the seconds already settled (their steps
/// and impacts are all known), then a provisional tail computed for a snapshot.
struct ActivityTimeline: Sendable, Hashable {
    private(set) var settled: [Activity] = []
    /// Provisional seconds after the settled ones (not kept between snapshots).
    var tail: [Activity] = []

    var settledCount: Int { settled.count }
    var count: Int { settled.count + tail.count }
    var all: [Activity] { tail.isEmpty ? settled : settled + tail }

    mutating func settle(_ activities: [Activity]) {
        settled += activities
    }

    subscript(second: Int) -> Activity {
        if second >= 0 && second < settled.count { return settled[second] }
        let index = second - settled.count
        if index >= 0 && index < tail.count { return tail[index] }
        return .stationary
    }
}
