/// Per-second sums of a quantity: its mean or RMS in each whole second `[s, s + 1)` of a
/// recording (times before 0 fall into second 0).
///
/// The last second's bin is kept apart from the arrays of the earlier ones: samples arrive in
/// time order, so nearly all of them add to it without touching an array.
struct SecondBins: Sendable, Hashable {
    /// Sums and counts of the seconds before the last one.
    private var sums: [Double] = []
    private var counts: [Int32] = []
    /// Sum and count of the last second, `count − 1`.
    private var lastSum = 0.0
    private var lastCount: Int32 = 0

    /// Number of seconds that have a bin (the last one possibly empty).
    private(set) var count = 0

    @inline(__always)
    mutating func add(_ value: Double, at time: Double) {
        let index = time > 0 ? Int(time) : 0
        if index >= count {
            if count > 0 {
                sums.append(lastSum)
                counts.append(lastCount)
            }
            let missing = index - count
            sums.append(contentsOf: repeatElement(0, count: missing))
            counts.append(contentsOf: repeatElement(0, count: missing))
            count = index + 1
            lastSum = 0
            lastCount = 0
        } else if index < count - 1 {
            sums[index] += value
            counts[index] += 1
            return
        }
        lastSum += value
        lastCount += 1
    }

    func mean(_ second: Int) -> Double? {
        guard second >= 0 && second < count else { return nil }
        let (sum, samples) = second == count - 1 ? (lastSum, lastCount) : (sums[second], counts[second])
        guard samples > 0 else { return nil }
        return sum / Double(samples)
    }

    /// Square root of the mean (for bins of squares).
    func rootMean(_ second: Int) -> Double? {
        mean(second).map { $0.squareRoot() }
    }
}
