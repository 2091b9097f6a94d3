import Testing
@testable import PedometerIngest

/// Timestamps to seconds since time 0.
@Suite struct TimeColumnTests {
    private func integer(_ value: Int64) -> TimeColumn.ParsedTime {
        TimeColumn.ParsedTime(integer: value, value: Double(value), isInteger: true)
    }

    /// A whole number of seconds in ns, µs or ms is that number exactly, and a fraction the
    /// nearest double to it, as a sample counter's index over its rate is (until 2026-11-26
    /// 29,700 s in nanoseconds read as 29,700.000000000004: times 1e-9, not over 10^9, which
    /// put a count stamped 08:15 after a window ending at 08:15).
    @Test func wholeSecondsStayWhole() {
        let origin: Int64 = 1_557_698_400_000_000_000
        var nanoseconds = TimeColumn(unit: .nanoseconds)
        #expect(nanoseconds.seconds(integer(origin)) == 0)
        #expect(nanoseconds.seconds(integer(origin + 29_700_000_000_000)) == 29_700)
        #expect(nanoseconds.seconds(integer(origin + 1_234_567_000)) == 1.234567)
        var milliseconds = TimeColumn(unit: .milliseconds)
        #expect(milliseconds.seconds(integer(0)) == 0)
        #expect(milliseconds.seconds(integer(86_400_000)) == 86_400)
        #expect(milliseconds.seconds(integer(1_234_567)) == 1_234.567)
        var counter = TimeColumn(secondsPerUnit: 1 / 100.0)
        #expect(counter.seconds(integer(0)) == 0)
        #expect(counter.seconds(integer(3)) == 0.03)
        #expect(counter.seconds(integer(360_000)) == 3_600)
    }
}
