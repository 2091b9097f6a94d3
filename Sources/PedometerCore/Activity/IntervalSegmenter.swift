import HeapModule

/// Splits per-second activities into intervals, absorbing blips shorter than
/// ``minimumSeconds`` into their neighbours (a stumble does not end a run interval).
public struct IntervalSegmenter: Sendable, Hashable {
    public var minimumSeconds = 5

    public init() {}

    /// Runs of equal activity as (activity, first second, end second exclusive).
    ///
    /// Short runs are absorbed shortest first (the earliest among equals) into the longer
    /// neighbour (the earlier one on a tie), neighbours of one activity that then touch are
    /// merged, until no run is shorter than ``minimumSeconds`` or one run is left. A heap of the
    /// short runs and links between neighbours make it O(n log n) in the number of runs: a day
    /// of sparse steps flickers between walking and standing tens of thousands of times.
    public func segments(_ activities: [Activity]) -> [(activity: Activity, start: Int, end: Int)] {
        var runs: [(activity: Activity, start: Int, end: Int)] = []
        for (second, activity) in activities.enumerated() {
            if let last = runs.last, last.activity == activity {
                runs[runs.count - 1].end = second + 1
            } else {
                runs.append((activity, second, second + 1))
            }
        }
        var previous = Array(-1..<(runs.count - 1))
        var next = Array(1...max(runs.count, 1))
        var alive = [Bool](repeating: true, count: runs.count)
        var count = runs.count
        func length(_ index: Int) -> Int { runs[index].end - runs[index].start }
        // Short runs by (length, start); entries whose run changed since are skipped.
        var heap = Heap<ShortRun>()
        for index in runs.indices where length(index) < minimumSeconds {
            heap.insert(ShortRun(length: length(index), start: runs[index].start, index: index))
        }
        /// Removes `index`, linking its neighbours.
        func unlink(_ index: Int) {
            alive[index] = false
            count -= 1
            if previous[index] >= 0 { next[previous[index]] = next[index] }
            if next[index] < runs.count { previous[next[index]] = previous[index] }
        }
        while count > 1, let short = heap.popMin() {
            let index = short.index
            guard alive[index], length(index) == short.length, runs[index].start == short.start else { continue }
            let left = previous[index] >= 0 ? length(previous[index]) : -1
            let right = next[index] < runs.count ? length(next[index]) : -1
            var kept: Int
            if left >= right {
                kept = previous[index]
                runs[kept].end = runs[index].end
            } else {
                kept = next[index]
                runs[kept].start = runs[index].start
            }
            unlink(index)
            // Neighbours of one activity that now touch become one run.
            if previous[kept] >= 0, runs[previous[kept]].activity == runs[kept].activity {
                let before = previous[kept]
                runs[before].end = runs[kept].end
                unlink(kept)
                kept = before
            }
            if next[kept] < runs.count, runs[next[kept]].activity == runs[kept].activity {
                let after = next[kept]
                runs[kept].end = runs[after].end
                unlink(after)
            }
            if length(kept) < minimumSeconds {
                heap.insert(ShortRun(length: length(kept), start: runs[kept].start, index: kept))
            }
        }
        return runs.indices.filter { alive[$0] }.map { runs[$0] }
    }

    /// A run shorter than ``minimumSeconds`` waiting to be absorbed: shortest, then earliest, first.
    private struct ShortRun: Comparable {
        var length: Int
        var start: Int
        var index: Int

        static func < (a: ShortRun, b: ShortRun) -> Bool { (a.length, a.start) < (b.length, b.start) }
    }
}
