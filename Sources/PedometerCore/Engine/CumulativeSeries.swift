/// A cumulative count logged over time (steps, metres, floors), answering "how much did it
/// grow between two times".
///
/// A count that goes down (the device's counter was reset, or a glitch) only moves the
/// baseline: growth is counted from the lower value on, so the answer is never negative.
struct CumulativeSeries: Sendable, Hashable {
    private(set) var times: [Double] = []
    /// The count as if it had never gone down: the first value plus every increase since.
    private(set) var values: [Double] = []
    private var lastLogged: Double?

    var isEmpty: Bool { times.isEmpty }
    var last: (time: Double, value: Double)? { times.last.map { ($0, values[values.count - 1]) } }

    /// Appends a value; samples arrive in time order (readers drop those going backwards).
    mutating func append(time: Double, value: Double) {
        guard value.isFinite else { return }
        let total = values.last.map { $0 + max(0, value - (lastLogged ?? value)) } ?? value
        times.append(time)
        values.append(total)
        lastLogged = value
    }

    /// The value of the last sample at or before `time`, or the first sample's value before the
    /// series begins.
    func value(at time: Double) -> Double? {
        guard !times.isEmpty else { return nil }
        return values[max(firstSample(after: time) - 1, 0)]
    }

    /// The value at `time` with each growth spread evenly over the time since the sample before
    /// it, as ``Pedometer`` spreads a step log's steps; the first sample's value before the
    /// series begins, the last's after it.
    func spreadValue(at time: Double) -> Double? {
        guard !times.isEmpty else { return nil }
        let next = firstSample(after: time)
        guard next > 0, next < times.count else { return values[max(next - 1, 0)] }
        let (start, end) = (times[next - 1], times[next])
        return values[next - 1] + (values[next] - values[next - 1]) * (time - start) / (end - start)
    }

    /// The index of the first sample later than `time` (`times.count` when none is).
    private func firstSample(after time: Double) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The span from the last sample at or before `start` to the first at or after `end`
    /// (clamped to the series): the shortest stretch over which a growth between `start` and
    /// `end` is known, for a count logged at coarser intervals than the question.
    func enclosingSpan(from start: Double, to end: Double) -> (start: Double, end: Double)? {
        guard let first = times.first, let last = times.last else { return nil }
        let before = times.last { $0 <= start } ?? first
        let after = times.first { $0 >= end } ?? last
        return (before, after)
    }

    /// How much the count grew from `start` to `end`.
    func change(from start: Double, to end: Double) -> Double? {
        guard let a = value(at: start), let b = value(at: end) else { return nil }
        return b - a
    }

    /// How much the count grew from `start` to `end`, its growths spread (``spreadValue(at:)``).
    func spreadChange(from start: Double, to end: Double) -> Double? {
        guard let a = spreadValue(at: start), let b = spreadValue(at: end) else { return nil }
        return b - a
    }

    /// The times at which the count grew, one per unit: a growth of 2 at one sample gives its
    /// time twice. `nil` when it ever grew by a fraction or by more than `largestGrowth` at once
    /// (a count logged in batches or as a total says nothing of when each unit fell).
    func unitTimes(largestGrowth: Int) -> [Double]? {
        var result: [Double] = []
        for index in values.indices.dropFirst() {
            let growth = values[index] - values[index - 1]
            let units = growth.rounded()
            guard abs(growth - units) < 1e-9, units <= Double(largestGrowth) else { return nil }
            result += repeatElement(times[index], count: Int(units))
        }
        return result
    }
}
