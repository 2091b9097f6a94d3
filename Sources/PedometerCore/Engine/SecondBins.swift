/// Per-second sums of a quantity: its mean or RMS in each whole second `[s, s + 1)` of a
/// recording (times before 0 fall into second 0).
struct SecondBins: Sendable, Hashable {
    private(set) var sums: [Double] = []
    private(set) var counts: [Int32] = []

    /// Number of seconds that have a bin (the last one possibly empty).
    var count: Int { sums.count }

    @inline(__always)
    mutating func add(_ value: Double, at time: Double) {
        let index = time > 0 ? Int(time) : 0
        if index >= sums.count {
            let missing = index + 1 - sums.count
            sums.append(contentsOf: repeatElement(0, count: missing))
            counts.append(contentsOf: repeatElement(0, count: missing))
        }
        sums[index] += value
        counts[index] += 1
    }

    func mean(_ second: Int) -> Double? {
        guard second >= 0 && second < counts.count && counts[second] > 0 else { return nil }
        return sums[second] / Double(counts[second])
    }

    /// Square root of the mean (for bins of squares).
    func rootMean(_ second: Int) -> Double? {
        mean(second).map { $0.squareRoot() }
    }
}
