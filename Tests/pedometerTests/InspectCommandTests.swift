import Foundation
import Testing

@Suite struct InspectCommandTests {
    /// A scratch folder per test, removed with it.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-cli-\(UUID().uuidString)")
        init() { try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    let scratch = Scratch()
    var folder: URL { scratch.url }

    private func write(_ name: String, _ text: String) -> String {
        let url = folder.appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url.path
    }

    private var walk: String {
        var text = "time,x,y,z\n"
        for index in 0..<500 {
            let t = Double(index) * 0.01
            text += "\(t),0.1,0.2,\(9.81 + 2 * sin(2 * Double.pi * 2 * t))\n"
        }
        return text
    }

    @Test func goodFileExitsZero() throws {
        let path = write("walk.csv", walk)
        let output = try CommandRunner.run(["inspect", path])
        #expect(output.status == 0)
        #expect(output.stdout.contains("format    generic"))
        #expect(output.stdout.contains("acceleration (total, m/s^2): 500 samples, 100.0 Hz"))
        #expect(output.stderr.isEmpty)
    }

    @Test func aBadFileIsReportedAndTheOthersStillFinish() throws {
        let good = write("a.csv", walk)
        let bad = write("b.csv", "time,x,y,z\n0,1,\"open\n")
        let other = write("c.csv", walk)
        // `good` named twice is inspected once, where it first came.
        let output = try CommandRunner.run(["inspect", "--format", "json", good, bad, other, good])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0].contains("\"format\":\"generic\""))
        #expect(lines[1].contains("\"error\""))
        #expect(lines[2] == lines[0].replacingOccurrences(of: good, with: other))
        #expect(output.stderr == "\(bad):2:5: quoted field is never closed (unterminated quote)\n")
    }

    /// Rows skipped for as many reasons as each other are listed in the reasons' order, the
    /// same bytes at every run (until 2026-11-26 the order of a tie changed from run to run).
    @Test func skippedReasonsComeInAFixedOrder() throws {
        var text = walk
        text += "5.00,NaN,0.2,9.8\n5.01,0.1,0.2,inf\n5.02,0.1,x,9.8\n"
        let path = write("skips.csv", text)
        let outputs = try (0..<4).map { _ in try CommandRunner.run(["inspect", path]).stdout }
        #expect(Set(outputs).count == 1)
        let reasons = outputs[0].split(separator: "\n").filter { $0.contains(" × ") }.map { String($0.drop { $0 == " " }) }
        #expect(reasons == reasons.sorted(), "\(reasons)")
        #expect(reasons.count == 3, "\(outputs[0])")
    }

    /// The first ten skipped rows are located, as formats.md says (until 2026-11-26 three).
    @Test func theFirstTenSkippedRowsAreLocated() throws {
        var text = walk
        for index in 0..<15 { text += "9.\(10 + index),NaN,0.2,9.8\n" }
        let output = try CommandRunner.run(["inspect", write("many.csv", text)])
        let examples = output.stdout.split(separator: "\n").filter { $0.contains("e.g. ") }
        #expect(examples.count == 10, "\(output.stdout)")
        #expect(examples.first?.contains("many.csv:") == true)
    }

    /// A file of dates without a zone has no absolute start until --time-zone gives one, and
    /// inspect says so (until 2026-11-26 it said the export had no absolute time).
    @Test func datesWithoutAZoneAreSaidToNeedOne() throws {
        let daily = CommandRunner.packageRoot.appendingPathComponent("Fixtures/formats/google-fit/Daily activity metrics.csv").path
        let plain = try CommandRunner.run(["inspect", daily])
        #expect(plain.stdout.contains("start     unknown (no absolute time in the export, or times without a zone: --time-zone gives them one)"))
        let zoned = try CommandRunner.run(["inspect", "--time-zone", "UTC", daily])
        #expect(zoned.stdout.contains("start     2019-05-12T00:00:00.000Z"))
    }

    /// A daily log's median interval is a day, within the documented 2 % (it was 1010 s: the
    /// histogram stopped at 1000 s and clamped).
    @Test func aDailyLogsMedianIntervalIsADay() throws {
        let daily = CommandRunner.packageRoot.appendingPathComponent("Fixtures/formats/google-fit/Daily activity metrics.csv").path
        let output = try CommandRunner.run(["inspect", "--format", "json", daily])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let streams = try #require(object["streams"] as? [[String: Any]])
        let median = try #require(streams.first?["medianInterval"] as? Double, "\(output.stdout)")
        #expect(abs(median / 86_400 - 1) <= 0.02, "\(median)")
    }

    @Test func usageErrorsExit64() throws {
        let output = try CommandRunner.run(["inspect", "--columns", "t,x", "x.csv"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("--columns"))
    }
}
