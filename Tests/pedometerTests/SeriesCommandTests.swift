import Foundation
import Testing

/// End-to-end tests of `pedometer series`.
@Suite struct SeriesCommandTests {
    private let walk = CommandRunner.packageRoot.appendingPathComponent("Fixtures/oxford/Samsung_Dario_Hard_BackPocket_1").path

    /// The rows of a CSV output, split into fields, after checking the header.
    private func rows(_ text: String, header: String) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == header)
        #expect(lines.last == "")
        return lines.dropFirst().dropLast().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func everySecondIsMonotonicAndEndsWithTheSummary() throws {
        let output = try CommandRunner.run(["series", walk, "--every", "1s"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let table = rows(output.stdout, header: "time,steps,cadence,currentPace,distance")
        #expect(table.count > 100)
        #expect(table.allSatisfy { $0.count == 5 })
        let times = table.compactMap { Double($0[0]) }
        let steps = table.compactMap { Int($0[1]) }
        let distances = table.compactMap { Double($0[4]) }
        #expect(times.count == table.count && steps.count == table.count && distances.count == table.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Array(times.prefix(3)) == [1, 2, 3])
        // Cadence and pace are empty or positive numbers.
        for row in table {
            for cell in [row[2], row[3]] { #expect(cell.isEmpty || (Double(cell) ?? 0) > 0, "\(row)") }
        }
        // The last row is the end of the recording: the summary's steps and duration.
        let summary = try CommandRunner.run(["summarize", "--format", "json", walk])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        #expect(steps.last == (object["steps"] as? NSNumber)?.intValue)
        #expect(abs((times.last ?? 0) - ((object["durationSeconds"] as? NSNumber)?.doubleValue ?? 0)) < 0.001)
    }

    @Test func otherIntervals() throws {
        let second = rows(try CommandRunner.run(["series", walk]).stdout, header: "time,steps,cadence,currentPace,distance")
        let half = rows(try CommandRunner.run(["series", walk, "--every", "0.5s"]).stdout, header: "time,steps,cadence,currentPace,distance")
        let ten = rows(try CommandRunner.run(["series", walk, "--every", "10s"]).stdout, header: "time,steps,cadence,currentPace,distance")
        let minute = rows(try CommandRunner.run(["series", walk, "--every", "1m"]).stdout, header: "time,steps,cadence,currentPace,distance")
        #expect(abs(half.count - 2 * second.count) <= 1)
        #expect(ten.map { $0[0] }.prefix(2) == ["10.000", "20.000"])
        #expect(minute.map { $0[0] }.prefix(1) == ["60.000"])
        // The same end row whatever the interval.
        #expect(Set([second.last!, half.last!, ten.last!, minute.last!]).count == 1)
    }

    @Test func stepsListsEveryStepTime() throws {
        let output = try CommandRunner.run(["series", walk, "--steps"])
        #expect(output.status == 0)
        let times = rows(output.stdout, header: "time").map { Double($0[0]) }
        #expect(times.allSatisfy { $0 != nil })
        let values = times.compactMap { $0 }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        let series = try CommandRunner.run(["series", walk]).stdout.split(separator: "\n")
        #expect(series.last?.split(separator: ",")[1] == "\(values.count)")
    }

    /// A step log's last step falls on the recording's end: listed too (until 2026-11-26 the
    /// list stopped before the end and had 35 of the 36 steps that `summarize` counts).
    @Test func stepsListsTheStepAtTheRecordingsEnd() throws {
        for name in ["events.csv", "cumulative.csv"] {
            let log = CommandRunner.packageRoot.appendingPathComponent("Fixtures/formats/steps/\(name)").path
            let listed = rows(try CommandRunner.run(["series", log, "--steps"]).stdout, header: "time")
            let last = rows(try CommandRunner.run(["series", log]).stdout, header: "time,steps,cadence,currentPace,distance").last
            #expect(listed.count == 36, "\(name)")
            #expect(last?[1] == "36" && last?[0] == listed.last?[0], "\(name): \(String(describing: last))")
        }
    }

    /// A log of one step event has no length, but still its row at the end of the recording
    /// (until 2026-11-26 only the header), and summarize gives it neither splits nor intervals
    /// (it gave a split of 0 s at a pace of 0 s/m, and no intervals).
    @Test func aRecordingOfNoLengthHasItsEndRow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-series-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("one.csv").path
        try Data("timestamp_ms\n1557761272161\n".utf8).write(to: URL(fileURLWithPath: path))
        let series = try CommandRunner.run(["series", path])
        #expect(series.status == 0, "\(series.stderr)")
        #expect(series.stdout == "time,steps,cadence,currentPace,distance\n0.000,1,,,0.71\n")
        let table = try CommandRunner.run(["summarize", "--splits", "km", "--intervals", path])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("\n  Splits (km): none (no distance over time: no distance, a single step, or a log of totals that does not say when it was covered)\n"), "\(table.stdout)")
        #expect(table.stdout.contains("\n  Intervals: none ("), "\(table.stdout)")
        let json = try CommandRunner.run(["summarize", "--format", "json", "--splits", "km", "--intervals", path])
        #expect(json.stdout.contains("\"splits\":{\"items\":[],\"unit\":\"km\"}"), "\(json.stdout)")
        #expect(json.stdout.contains("\"intervals\":{\"byKind\":[],\"items\":[]"), "\(json.stdout)")
    }

    /// A log of daily or quarter-hour totals knows how many steps, not when: --steps refuses
    /// it (until 2026-11-26 it listed times spread evenly over each interval, to the
    /// millisecond, where summarize says the steps' times are unknown).
    @Test func stepsOfALogOfTotalsAreRefused() throws {
        let log = CommandRunner.packageRoot.appendingPathComponent("Fixtures/formats/google-fit/2019-05-13.csv").path
        let output = try CommandRunner.run(["series", log, "--steps"])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("the steps' times are not known"), "\(output.stderr)")
        #expect(try CommandRunner.run(["series", log]).status == 0)
    }

    @Test func errors() throws {
        for every in ["0s", "fast", "-1s", "1ms"] {
            let output = try CommandRunner.run(["series", walk, "--every", every])
            #expect(output.status == 64, "\(every)")
        }
        let missing = try CommandRunner.run(["series", "/nonexistent/walk.csv"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("/nonexistent/walk.csv"))
        #expect(missing.stdout.isEmpty)
        // A folder of recordings is not one recording, and the message says so and what to
        // give (until 2026-11-26 it said the folder held no recordings).
        let oxford = CommandRunner.packageRoot.appendingPathComponent("Fixtures/oxford").path
        let folder = try CommandRunner.run(["series", oxford])
        #expect(folder.status == 1)
        #expect(folder.stderr == "\(oxford): a folder, not a recording: give one of its 3 files to read (pedometer list \(oxford) names them)\n")
        let phyphox = CommandRunner.packageRoot.appendingPathComponent("Fixtures/formats/phyphox/Acceleration with g").path
        let single = try CommandRunner.run(["series", phyphox])
        #expect(single.stderr == "\(phyphox): a folder, not a recording: give the file in it, \(phyphox)/Raw Data.csv\n")
    }
}
