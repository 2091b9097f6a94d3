/// A cumulative count logged over time (steps, metres, floors), answering "how much did it
/// grow between two times".
struct CumulativeSeries: Sendable, Hashable {
    private(set) var times: [Double] = []
    private(set) var values: [Double] = []

    var isEmpty: Bool { times.isEmpty }
    var last: (time: Double, value: Double)? { times.last.map { ($0, values[values.count - 1]) } }

    /// Appends a value; samples arrive in time order (readers drop those going backwards).
    mutating func append(time: Double, value: Double) {
        guard value.isFinite else { return }
        times.append(time)
        values.append(value)
    }

    /// The value of the last sample at or before `time`, or the first sample's value before the
    /// series begins.
    func value(at time: Double) -> Double? {
        guard !times.isEmpty else { return nil }
        // Index of the first sample later than `time`.
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return values[max(low - 1, 0)]
    }

    /// How much the count grew from `start` to `end`.
    func change(from start: Double, to end: Double) -> Double? {
        guard let a = value(at: start), let b = value(at: end) else { return nil }
        return b - a
    }
}
