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

    /// A daily log's, a weekly one's and a yearly one's intervals are measured as the others:
    /// the histogram stopped at 1000 s and clamped, so a day (86,400 s) read 1010 s.
    @Test func longIntervalsAreNotClamped() {
        for interval: Double in [86_400, 7 * 86_400, 365 * 86_400, 1e12] {
            var monitor = StreamMonitor(stream: "steps", detectsGaps: false)
            for index in 0...20 { _ = monitor.admit(Double(index) * interval) }
            let median = monitor.info.medianInterval
            #expect(withinOneBin(median, interval), "\(interval): \(String(describing: median))")
        }
    }

    /// Intervals beyond the histogram's ends (1 µs, 16 weeks) count in order with those inside
    /// it: the median of 3 × 1 ns, 2 × 10 ms, 4 × 20 weeks and 2 × 40 weeks is 20 weeks, and
    /// of 5 × 1 ns and 4 × 20 weeks 1 ns, only if none was clamped into an end bin. (The
    /// nanoseconds come first, while the timestamps can still tell them apart.)
    @Test func outlyingIntervalsKeepTheirOrder() {
        let weeks = 20 * 7 * 86_400.0
        func median(_ intervals: [Double]) -> Double? {
            var monitor = StreamMonitor(stream: "steps", detectsGaps: false)
            var time = 0.0
            _ = monitor.admit(time)
            for interval in intervals {
                time += interval
                _ = monitor.admit(time)
            }
            #expect(monitor.info.duplicateTimestamps == 0)
            return monitor.info.medianInterval
        }
        let mixed = median([1e-9, 1e-9, 1e-9, weeks, 0.01, 2 * weeks, weeks, 0.01, weeks, 2 * weeks, weeks])
        #expect(withinOneBin(mixed, weeks), "\(String(describing: mixed))")
        let short = median([1e-9, 1e-9, 1e-9, 1e-9, 1e-9, weeks, weeks, weeks, weeks])
        #expect(withinOneBin(short, 1e-9), "\(String(describing: short))")
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
