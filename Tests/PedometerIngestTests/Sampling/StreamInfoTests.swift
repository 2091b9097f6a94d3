import Testing
@testable import PedometerIngest

/// Numbers in messages: any finite value is printable (a fuzzed file once trapped on 1e22).
@Suite struct StreamInfoTests {
    @Test func messageNumbersOfAnySize() {
        #expect(String(format3: 12.34567) == "12.346")
        #expect(String(format3: -0.4) == "-0.4")
        #expect(String(format3: 1e22) == "1e+22")
        #expect(String(format3: -1.5e300) == "-1.5e+300")
        #expect(String(format3: .infinity) == "inf")
    }

    /// A stream whose first row is stamped -1e308 has a jitter no Int holds: said, not trapped
    /// (until 2026-11-28 summarize crashed on it, found by a review).
    @Test func aJitterOfAnySizeIsSaid() throws {
        var monitor = StreamMonitor(stream: "acceleration")
        for time in [-1e308] + (1..<100).map({ Double($0) * 0.02 }) { _ = monitor.admit(time) }
        let problems = monitor.info.problems
        #expect(problems.contains { $0.hasPrefix("irregular sampling (jitter ") }, "\(problems)")
        let walk = files.write("first-row.csv", "time,x,y,z\n-1e308,0.1,0.2,9.8\n" + (1..<200).map { "\(Double($0) * 0.02),0.1,\(0.2 + 0.01 * Double($0 % 7)),9.8" }.joined(separator: "\n") + "\n")
        var sink = CollectingSink()
        let info = try RecordingReader.read(walk, options: IngestOptions(timeUnit: .seconds), into: &sink)
        #expect(info.stream("acceleration")?.problems.isEmpty == false)
    }

    let files = TemporaryFiles()
}
