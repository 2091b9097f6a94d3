#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import PedometerIngest

/// The interval statistics of ``StreamMonitor``: the median interval comes from a histogram
/// whose two most recent bins keep their counts apart, so every interval must still count.
@Suite struct StreamMonitorTests {
    /// Feeds the intervals in order from time 0 and returns the monitor's report.
    private func report(_ intervals: [Double]) -> StreamInfo {
        var monitor = StreamMonitor(stream: "acceleration")
        var time = 0.0
        var admitted = monitor.admit(time) ? 1 : 0
        for interval in intervals {
            time += interval
            if monitor.admit(time) { admitted += 1 }
        }
        #expect(admitted == intervals.count + 1)
        return monitor.info
    }

    /// Whether `value` lies in the same 1 % histogram bin as `expected`, or the next one.
    private func withinOneBin(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(log10(value / expected)) <= 1 / 115
    }

    /// A 100 Hz logger's 10 ms intervals, a rounding error either side of a bin border.
    @Test func steadyStreamOnABinBorder() {
        let intervals = (0..<1000).map { 0.01 + ($0.isMultiple(of: 2) ? 1e-12 : -1e-12) }
        let info = report(intervals)
        #expect(info.sampleCount == 1001)
        #expect(withinOneBin(info.medianInterval, 0.01), "\(String(describing: info.medianInterval))")
    }

    /// Intervals cycling through three bins (each one evicts a recent bin), then a fourth bin:
    /// sorted, 100 × 10 ms, 100 × 20 ms, 100 × 40 ms, 150 × 80 ms; the median is 40 ms only if
    /// the counts of the evicted bins were kept.
    @Test func countsOfEvictedBinsAreKept() {
        let cycled = (0..<100).flatMap { _ in [0.01, 0.02, 0.04] }
        let info = report(cycled + Array(repeating: 0.08, count: 150))
        #expect(info.sampleCount == 451)
        #expect(info.gapCount == 0)
        #expect(withinOneBin(info.medianInterval, 0.04), "\(String(describing: info.medianInterval))")
    }

    /// The median of jittered intervals matches the exact median to within a bin.
    @Test func jitteredIntervalsAgainstExactMedian() {
        var state: UInt64 = 0x5EED
        let intervals = (0..<5000).map { _ -> Double in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 0.005 + 0.01 * Double(state >> 11) / Double(1 << 53)  // 5–15 ms
        }
        let exact = intervals.sorted()[intervals.count / 2]
        let info = report(intervals)
        #expect(withinOneBin(info.medianInterval, exact), "\(String(describing: info.medianInterval)) vs \(exact)")
    }
}
