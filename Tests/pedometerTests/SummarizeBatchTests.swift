import Foundation
import Testing
@testable import pedometer

/// End-to-end tests of `summarize`'s batch features: `-` lists, splits, intervals, totals,
/// corrupt files in a batch, determinism, progress and `--output-dir` resume.
@Suite struct SummarizeBatchTests {
    private var oxford: [String] {
        ["Samsung_Carmelo_Hard_Armband_2", "Samsung_Dario_Hard_BackPocket_1", "Samsung_Jamie_Hard_InHand_1"]
            .map { fixture("oxford/" + $0) }
    }

    private func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// A fresh folder, removed by the caller.
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A device step log of `seconds` s at 2 steps/s and 1 m a step.
    private func stepLog(seconds: Int, in folder: URL) throws -> String {
        var text = "time,steps,distance\n"
        for second in 0...seconds { text += "\(second).0,\(2 * second),\(2 * second).00\n" }
        let path = folder.appendingPathComponent("long-walk.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func everyFormatOnTheOxfordFixtures() throws {
        let table = try CommandRunner.run(["summarize", fixture("oxford")])
        #expect(table.status == 0)
        #expect(table.stderr.isEmpty)
        #expect(table.stdout.components(separatedBy: "  Steps:").count - 1 == 4)
        #expect(table.stdout.contains("\nTotal  [3 recordings]\n"))
        #expect(!table.stdout.contains("Splits") && !table.stdout.contains("Intervals"))

        let json = try CommandRunner.run(["summarize", "--format", "json", fixture("oxford")])
        #expect(json.status == 0)
        let objects = try jsonLines(json.stdout)
        #expect(objects.count == 3)
        // The default schema: no splits, no intervals, no totals line.
        #expect(objects.allSatisfy { $0["splits"] == nil && $0["intervals"] == nil && $0["source"] != nil })
        // The totals add up the recordings.
        let steps = objects.compactMap { ($0["steps"] as? NSNumber)?.intValue }.reduce(0, +)
        #expect(table.stdout.contains("  Steps:        \(steps)\n"))

        let csv = try CommandRunner.run(["summarize", "--format", "csv", fixture("oxford")])
        #expect(csv.status == 0)
        #expect(csv.stdout.split(separator: "\n").count == 4)
        #expect(!csv.stdout.contains("Total"))
    }

    @Test func dashReadsPathsFromStdin() throws {
        let listed = try CommandRunner.run(
            ["summarize", "--format", "json", "-"], stdin: oxford.joined(separator: "\n") + "\n\n")
        let given = try CommandRunner.run(["summarize", "--format", "json"] + oxford)
        #expect(listed.status == 0)
        #expect(listed.stdout == given.stdout)
        #expect(try jsonLines(listed.stdout).count == 3)
        // Mixed with paths on the command line, in the order given; folders in the list are searched.
        let mixed = try CommandRunner.run(
            ["summarize", "--format", "csv", oxford[0], "-"], stdin: fixture("formats/steps") + "\r\n")
        #expect(mixed.status == 0)
        let rows = mixed.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 3)
        #expect(rows.first?.hasPrefix(oxford[0]) == true)
        // Standard input naming nothing fails, as an empty folder does (until 2026-11-26: exit
        // 0, no output).
        let nothing = try CommandRunner.run(["summarize", "-"], stdin: "\n")
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "-: standard input named no recordings (one path a line)\n")
    }

    @Test func splitsAsATableAndAsJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 1300 s at 2 m/s: 2600 m, two whole kilometres of 500 s and 600 m.
        let walk = try stepLog(seconds: 1300, in: folder)
        let json = try CommandRunner.run(["summarize", "--format", "json", "--splits", "km", walk])
        #expect(json.status == 0)
        let object = try #require(try jsonLines(json.stdout).first)
        let splits = try #require(object["splits"] as? [String: Any])
        #expect(splits["unit"] as? String == "km")
        let items = try #require(splits["items"] as? [[String: Any]])
        #expect(items.count == 3)
        #expect(items.map { ($0["number"] as? NSNumber)?.intValue } == [1, 2, 3])
        for item in items.prefix(2) {
            #expect(abs((number(item["durationSeconds"]) ?? 0) - 500) < 2)
            #expect(number(item["distanceMeters"]) == 1000)
            #expect(abs((number(item["paceSecondsPerMeter"]) ?? 0) - 0.5) < 0.002)
        }
        #expect(abs((number(items[2]["distanceMeters"]) ?? 0) - 600) < 1e-6)
        #expect(abs((number(items[2]["cumulativeDistanceMeters"]) ?? 0) - (number(object["distanceMeters"]) ?? 0)) < 1e-6)

        let table = try CommandRunner.run(["summarize", "--splits", "km", walk])
        #expect(table.status == 0)
        #expect(table.stdout.contains("  Splits (km):\n"))
        let lines = table.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("Split") && $0.contains("Cumulative") })
        #expect(lines[header + 1].contains("1.00 km") && lines[header + 1].contains("8:20 min/km"))
        #expect(lines[header + 2].contains("2.00 km") && lines[header + 2].contains("16:4"))
        #expect(lines[header + 3].contains("3 (part)") && lines[header + 3].contains("0.60 km")
            && lines[header + 3].contains("2.60 km"))

        let miles = try CommandRunner.run(["summarize", "--splits", "mi", "--units", "imperial", walk])
        #expect(miles.stdout.contains("  Splits (mi):\n"))
        #expect(miles.stdout.contains("1.00 mi") && miles.stdout.contains("13:25 min/mi"))
    }

    /// Splits of any length on a real run/walk log (`Fixtures/runwalk`, 792 m): a track's
    /// 400 m, or 100 m, or a quarter mile, each ending where the cumulative distance crosses a
    /// multiple of it, so that two lengths agree where their multiples meet (the fourth 100 m
    /// split ends with the first 400 m one, the second 200 m with it too); a bare number is a
    /// usage error that says what is missing.
    @Test func splitsOfAnyLength() throws {
        let run = "Fixtures/runwalk/runwalk.csv"
        func splits(_ length: String) throws -> (unit: String?, items: [[String: Any]], total: Double?) {
            let result = try CommandRunner.run(["summarize", "--format", "json", "--splits", length, run])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try jsonLines(result.stdout).first)
            let splits = try #require(object["splits"] as? [String: Any])
            return (splits["unit"] as? String, try #require(splits["items"] as? [[String: Any]]), number(object["distanceMeters"]))
        }
        let track = try splits("400m")
        #expect(track.unit == "400m")
        let total = try #require(track.total)
        #expect(track.items.count == Int(total / 400) + 1)
        #expect(number(track.items[0]["distanceMeters"]) == 400)
        #expect(abs((number(track.items.last?["cumulativeDistanceMeters"]) ?? 0) - total) < 1e-6)
        let hundred = try splits("100 metres")
        #expect(hundred.unit == "100m")
        #expect(hundred.items.count == Int(total / 100) + 1)
        let ends = { (items: [[String: Any]], index: Int) in number(items[index]["endSeconds"]) ?? .nan }
        #expect(abs(ends(hundred.items, 3) - ends(track.items, 0)) < 1e-9)
        #expect(abs(ends(try splits("200m").items, 1) - ends(track.items, 0)) < 1e-9)
        #expect(abs(ends(try splits("0.4km").items, 0) - ends(track.items, 0)) < 1e-9)
        let quarter = try splits("0.25mi")
        #expect(quarter.unit == "0.25mi")
        #expect(abs((number(quarter.items[0]["distanceMeters"]) ?? 0) - 402.336) < 1e-9)

        let table = try CommandRunner.run(["summarize", "--splits", "400m", run])
        #expect(table.stdout.contains("  Splits (400 m):\n"), "\(table.stdout)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("Split") && $0.contains("Cumulative") })
        #expect(lines[header + 1].contains("400 m") && lines[header + 1].contains("min/km"), "\(lines[header + 1])")
        #expect(lines[header + 2].contains("2 (part)"))
        let miles = try CommandRunner.run(["summarize", "--splits", "0.25mi", "--units", "imperial", run])
        #expect(miles.stdout.contains("  Splits (0.25 mi):\n") && miles.stdout.contains("0.25 mi") && miles.stdout.contains("min/mi"))

        let bare = try CommandRunner.run(["summarize", "--splits", "400", run])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("a length needs its unit: 400m, 400km or 400mi"), "\(bare.stderr)")
        let tiny = try CommandRunner.run(["summarize", "--splits", "0.5m", run])
        #expect(tiny.status == 64)
        #expect(tiny.stderr.contains("a split must be at least 10 m long"), "\(tiny.stderr)")
    }

    @Test func intervalsWithTotals() throws {
        let json = try CommandRunner.run(["summarize", "--format", "json", "--intervals", oxford[2]])
        #expect(json.status == 0)
        let object = try #require(try jsonLines(json.stdout).first)
        let intervals = try #require(object["intervals"] as? [String: Any])
        let items = try #require(intervals["items"] as? [[String: Any]])
        #expect(!items.isEmpty)
        let totals = try #require(intervals["totals"] as? [String: Any])
        // The intervals hold every step; one walk's interval is bounded as its active time is,
        // so its time and pace are the summary's active time and average active pace (until
        // 2026-11-26 the walk's interval ran from the recording's start, 1 s longer).
        #expect((totals["steps"] as? NSNumber)?.intValue == (object["steps"] as? NSNumber)?.intValue)
        #expect(items.count == 1)
        #expect(abs((number(totals["durationSeconds"]) ?? 0) - (number(object["activeDurationSeconds"]) ?? 0)) < 1e-9)
        #expect(abs((number(totals["averagePaceSecondsPerMeter"]) ?? 0) - (number(object["averageActivePaceSecondsPerMeter"]) ?? 0)) < 1e-12)
        let distance = try #require(number(totals["distanceMeters"]))
        #expect(abs((number(totals["averagePaceSecondsPerMeter"]) ?? 0) - (number(totals["durationSeconds"]) ?? 0) / distance) < 1e-9)
        for key in ["kind", "startSeconds", "durationSeconds", "steps", "distanceMeters", "paceSecondsPerMeter"] {
            #expect(items[0][key] != nil, "\(key)")
        }

        let table = try CommandRunner.run(["summarize", "--intervals", oxford[2]])
        #expect(table.stdout.contains("  Intervals (pace: time over the metres of the step intervals in it, a step across an edge in its share):\n"))
        #expect(table.stdout.contains("Kind") && table.stdout.contains("walking") && table.stdout.contains("total ×"))
    }

    @Test func aCorruptFileInTheMiddleOfABatch() throws {
        let bad = fixture("malformed/stray-quote.csv")
        let paths = [oxford[0], bad, fixture("formats/sensorlog/SensorLog_walk.csv")]
        for format in ["table", "json", "csv"] {
            let output = try CommandRunner.run(["summarize", "--format", format, "--jobs", "2"] + paths)
            #expect(output.status == 1, "\(format)")
            #expect(output.stderr.hasPrefix(bad + ":"), "\(format)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(format)")
            #expect(output.stdout.contains("Samsung_Carmelo_Hard_Armband_2"), "\(format)")
            #expect(output.stdout.contains("SensorLog_walk.csv"), "\(format)")
            if format == "table" { #expect(output.stdout.contains("Total  [2 recordings, 1 failed]")) }
        }
    }

    @Test func sameBytesWhateverTheJobCount() throws {
        for arguments in [
            ["--format", "json", "--splits", "km", "--intervals"], ["--splits", "mi", "--intervals"], ["--format", "csv"],
        ] {
            let base = ["summarize"] + arguments + [fixture("oxford"), fixture("malformed/short-row.csv"), fixture("formats/sensorlog")]
            let one = try CommandRunner.run(base + ["--jobs", "1"])
            let two = try CommandRunner.run(base + ["--jobs", "2"])
            #expect(!one.stdout.isEmpty)
            #expect(one.stdout == two.stdout, "\(arguments)")
            #expect(one.stderr == two.stderr, "\(arguments)")
            #expect(one.status == two.status)
        }
    }

    @Test func progressOnlyWhenAskedOrOnATerminal() throws {
        // Piped stderr: silent by default.
        let quiet = try CommandRunner.run(["summarize", "--format", "json"] + oxford)
        #expect(quiet.stderr.isEmpty)
        let shown = try CommandRunner.run(["summarize", "--format", "json", "--progress", "always"] + oxford)
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("3/3 files"))
        #expect(shown.stderr.contains("MB/s"))
        // The bar is cleared at the end, and stdout is untouched by it.
        #expect(shown.stderr.hasSuffix("\r\u{1B}[2K"))
        #expect(shown.stdout == quiet.stdout)
    }

    /// A batch whose SIGINT is ignored (a background job of a script) keeps ignoring it with
    /// its progress bar shown: the bar's handler, which clears its line before the process ends
    /// by the signal, was installed over the ignored disposition (review QA: killed, status
    /// 130, nothing written).
    @Test func anIgnoredInterruptStaysIgnoredWithTheBar() throws {
        // A batch of a few seconds (debug build): 20 copies of the run/walk log.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<20 {
            try FileManager.default.copyItem(atPath: fixture("runwalk/runwalk.csv"), toPath: folder.appendingPathComponent("walk\(index).csv").path)
        }
        // A shell's background job starts with SIGINT ignored; the interrupt comes while the
        // bar is shown.
        let script = "\"$0\" summarize --progress always --jobs 1 \"$1\" > /dev/null 2>&1 & pid=$!; "
            + "sleep 0.4; kill -INT $pid; wait $pid; echo \"status $?\""
        let output = try CommandRunner.run(["-c", script, CommandRunner.executable.path, folder.path], program: "/bin/sh")
        #expect(output.stdout == "status 0\n", "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test func outputDirResumesAndForceRewrites() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let directory = folder.appendingPathComponent("out").path
        let arguments = ["summarize", "--format", "json", "--output-dir", directory] + oxford
        func files() throws -> [String] { try manager.contentsOfDirectory(atPath: directory).sorted() }
        func modified(_ name: String) throws -> Date {
            try #require(try manager.attributesOfItem(atPath: directory + "/" + name)[.modificationDate] as? Date)
        }

        let first = try CommandRunner.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout.isEmpty)
        #expect(first.stderr == "summarize: 3 written, 0 skipped\n")
        let names = try files()
        #expect(names.count == 3)
        #expect(names.allSatisfy { $0.hasSuffix(".summary.json") && !$0.hasPrefix(".") })
        #expect(names[0].hasPrefix("Samsung_Carmelo_Hard_Armband_2-"))
        // Each file is the recording's JSON line.
        let content = try String(contentsOfFile: directory + "/" + names[1], encoding: .utf8)
        #expect(content.hasSuffix("}\n") && content.contains("Samsung_Dario_Hard_BackPocket_1"))
        let before = try names.map(modified)

        try manager.removeItem(atPath: directory + "/" + names[1])
        Thread.sleep(forTimeInterval: 0.05)
        let second = try CommandRunner.run(arguments)
        #expect(second.status == 0)
        #expect(second.stderr.hasPrefix("summarize: 1 written, 2 skipped (already in \(directory); --force rewrites them)"))
        #expect(try files() == names)
        #expect(try modified(names[0]) == before[0])
        #expect(try modified(names[2]) == before[2])
        #expect(try String(contentsOfFile: directory + "/" + names[1], encoding: .utf8) == content)

        let forced = try CommandRunner.run(arguments + ["--force"])
        #expect(forced.status == 0)
        #expect(forced.stderr == "summarize: 3 written, 0 skipped\n")
        #expect(try modified(names[0]) > before[0])
        // No temporary files left behind.
        #expect(try files() == names)

        // Asked for charts, a rerun writes them for the recordings whose summaries are there
        // (until 2026-11-26 it skipped those, and wrote no chart at all); then it skips.
        let charts = folder.appendingPathComponent("charts").path
        let charted = try CommandRunner.run(arguments + ["--chart", charts])
        #expect(charted.stderr == "summarize: 3 written, 0 skipped\n")
        #expect(try manager.contentsOfDirectory(atPath: charts).filter { $0.hasSuffix(".svg") }.count == 3)
        let again = try CommandRunner.run(arguments + ["--chart", charts])
        #expect(again.stderr.hasPrefix("summarize: 0 written, 3 skipped"))

        // A failing recording gets no file, so that the next run retries it.
        let bad = try CommandRunner.run(["summarize", "--output-dir", directory, fixture("malformed/stray-quote.csv")])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("summarize: 0 written, 0 skipped, 1 failed"))
        #expect(try files() == names)
    }

    /// A recording's summary is found again however its path is written (relative in its
    /// folder, through `..` from another, absolute), and written again once the recording has
    /// changed since (until 2026-11-28 each spelling wrote a file of its own, and a recording
    /// written over kept its stale summary, its new error never said).
    @Test func outputDirKnowsARecordingByItsPathAndItsChanges() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let walks = folder.appendingPathComponent("walks")
        try manager.createDirectory(at: walks, withIntermediateDirectories: true)
        let recording = walks.appendingPathComponent("walk.csv").path
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: recording)
        let directory = folder.appendingPathComponent("out").path
        #expect(try CommandRunner.run(["summarize", "--output-dir", directory, recording]).stderr == "summarize: 1 written, 0 skipped\n")
        let skipped = "summarize: 0 written, 1 skipped (already in \(directory); --force rewrites them)\n"
        #expect(try CommandRunner.run(["summarize", "--output-dir", directory, "walk.csv"], in: walks).stderr == skipped)
        #expect(try CommandRunner.run(["summarize", "--output-dir", directory, "../walks/./walk.csv"], in: walks).stderr == skipped)
        #expect(try manager.contentsOfDirectory(atPath: directory).count == 1)
        // Through a symbolic link: its target's name and time (the review's link kept a stale
        // summary); a `..` after a linked folder is the file system's, not the text's.
        let elsewhere = folder.appendingPathComponent("x/sub/inner")
        try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try manager.copyItem(atPath: fixture("formats/generic/semicolon-g.csv"), toPath: folder.appendingPathComponent("x/sub/walk.csv").path)
        try manager.createSymbolicLink(atPath: walks.appendingPathComponent("lnk").path, withDestinationPath: elsewhere.path)
        let linked = try CommandRunner.run(["summarize", "--output-dir", directory, recording, walks.appendingPathComponent("lnk/../walk.csv").path])
        #expect(linked.stderr == "summarize: 1 written, 1 skipped (already in \(directory); --force rewrites them)\n", "\(linked.stderr)")
        #expect(try manager.contentsOfDirectory(atPath: directory).count == 2)
        let link = walks.appendingPathComponent("link.csv").path
        try manager.createSymbolicLink(atPath: link, withDestinationPath: folder.appendingPathComponent("x/sub/walk.csv").path)
        #expect(try CommandRunner.run(["summarize", "--output-dir", directory, link]).stderr.hasPrefix("summarize: 0 written, 1 skipped"))
        try manager.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: folder.appendingPathComponent("x/sub/walk.csv").path)
        #expect(try CommandRunner.run(["summarize", "--output-dir", directory, link]).stderr == "summarize: 1 written, 0 skipped\n")
        // Written over since (a later time than the summary's): read again; failing, its
        // summary goes.
        try Data("time,x,y,z\n".utf8).write(to: URL(fileURLWithPath: recording))
        try manager.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: recording)
        let changed = try CommandRunner.run(["summarize", "--output-dir", directory, recording])
        #expect(changed.status == 1 && changed.stderr.contains("header only: no data rows"), "\(changed.stderr)")
        let left = try manager.contentsOfDirectory(atPath: directory)
        #expect(left.count == 1 && !left.contains { $0.hasPrefix(RecordingFileName.stem(for: recording)) }, "\(left)")
    }

    /// An output that cannot be written stops the batch with status 74, saying how far it got,
    /// and a rerun resumes; an output folder that cannot be made stops it before anything is
    /// read (until 2026-11-26 a full disk failed every recording in turn, each read in full,
    /// and the batch exited 1 as for a bad input file; a file in the folder's place, two
    /// messages per recording).
    @Test func anOutputThatCannotBeWrittenStopsTheBatch() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let directory = folder.appendingPathComponent("out").path
        let arguments = ["summarize", "--format", "json", "--jobs", "1", "--output-dir", directory] + oxford
        #expect(try CommandRunner.run(arguments).status == 0)
        let names = try manager.contentsOfDirectory(atPath: directory).sorted()
        // The second recording's summary cannot take its name: a folder stands there.
        try manager.removeItem(atPath: directory + "/" + names[1])
        try manager.createDirectory(atPath: directory + "/" + names[1] + "/x", withIntermediateDirectories: true)
        let stopped = try CommandRunner.run(arguments + ["--force"])
        #expect(stopped.status == 74)
        #expect(stopped.stderr.contains("\(directory)/\(names[1]): cannot write: "))
        #expect(stopped.stderr.hasSuffix(
            "summarize: stopped: the output cannot be written; 1 written, 0 skipped, 0 failed, 1 not summarised (a rerun resumes)\n"))
        try manager.removeItem(atPath: directory + "/" + names[1])
        let resumed = try CommandRunner.run(arguments)
        #expect(resumed.status == 0)
        // The missing summary is written; the third is the first run's, which --force did not reach.
        #expect(resumed.stderr.hasPrefix("summarize: 1 written, 2 skipped"))

        let file = folder.appendingPathComponent("a-file").path
        try Data().write(to: URL(fileURLWithPath: file))
        for option in ["--output-dir", "--chart"] {
            let refused = try CommandRunner.run(["summarize", option, file + "/out"] + oxford)
            #expect(refused.status == 74, "\(option)")
            #expect(refused.stderr == "summarize: cannot create \(file): it exists and is not a folder\n", "\(option)")
            #expect(refused.stdout.isEmpty, "\(option)")
        }
    }

    /// A rerun into an output folder inside the folder it searches reads only the recordings,
    /// whatever the format, not the summaries and charts it wrote (until 2026-11-26 the second
    /// run failed on its own `.summary.csv` or `.summary.txt`: `unknown format`, exit 1).
    @Test func outputDirInsideTheSearchedFolderIsNotReadBack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: folder.appendingPathComponent("walk.csv").path)
        let summaries = folder.appendingPathComponent("summaries").path
        let charts = folder.appendingPathComponent("charts").path
        for format in ["csv", "table", "json"] {
            let arguments = ["summarize", "--format", format, "--output-dir", summaries, "--chart", charts, folder.path]
            let first = try CommandRunner.run(arguments)
            #expect(first.status == 0, "\(format)")
            #expect(first.stderr == "summarize: 1 written, 0 skipped\n", "\(format)")
            let rerun = try CommandRunner.run(arguments)
            #expect(rerun.status == 0, "\(format)")
            #expect(rerun.stderr == "summarize: 0 written, 1 skipped (already in \(summaries); --force rewrites them)\n", "\(format)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: summaries).count == 3)
        let listing = try CommandRunner.run(["list", folder.path])
        #expect(listing.stdout == folder.appendingPathComponent("walk.csv").path + "\n")
    }

    /// A recording that fails loses the summary and chart an earlier run wrote for it, so that
    /// the failure stays visible: until 2026-11-26 `--force` left them, and the next plain run
    /// skipped the recording and exited 0 on a summary of what the file once held.
    @Test func aRecordingThatNowFailsLosesItsOldFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let recordings = folder.appendingPathComponent("recordings")
        try manager.createDirectory(at: recordings, withIntermediateDirectories: true)
        let walk = recordings.appendingPathComponent("walk.csv").path
        let other = recordings.appendingPathComponent("other.csv").path
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: walk)
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: other)
        let summaries = folder.appendingPathComponent("summaries").path
        let charts = folder.appendingPathComponent("charts").path
        let arguments = ["summarize", "--format", "json", "--output-dir", summaries, "--chart", charts, recordings.path]
        func names(_ directory: String) throws -> [String] { try manager.contentsOfDirectory(atPath: directory).sorted() }
        #expect(try CommandRunner.run(arguments).status == 0)
        #expect(try names(summaries).count == 2)
        #expect(try names(charts).count == 2)
        let kept = try names(summaries).filter { $0.hasPrefix("other-") }

        try manager.removeItem(atPath: walk)
        try manager.copyItem(atPath: fixture("malformed/stray-quote.csv"), toPath: walk)
        let forced = try CommandRunner.run(arguments + ["--force"])
        #expect(forced.status == 1)
        #expect(forced.stderr.hasSuffix("summarize: 1 written, 0 skipped, 1 failed\n"))
        #expect(try names(summaries) == kept)
        #expect(try names(charts).count == 1 && names(charts)[0].hasPrefix("other-"))
        // The next plain run retries it, and still fails.
        let rerun = try CommandRunner.run(arguments)
        #expect(rerun.status == 1)
        #expect(rerun.stderr.hasSuffix("summarize: 0 written, 1 skipped (already in \(summaries); --force rewrites them), 1 failed\n"))
        #expect(try names(summaries) == kept)
        #expect(try names(charts).count == 1 && names(charts)[0].hasPrefix("other-"))

        // Without --output-dir, the chart alone goes the same way.
        try manager.removeItem(atPath: walk)
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: walk)
        #expect(try CommandRunner.run(["summarize", "--chart", charts, walk]).status == 0)
        #expect(try names(charts).count == 2)
        try manager.removeItem(atPath: walk)
        try manager.copyItem(atPath: fixture("malformed/stray-quote.csv"), toPath: walk)
        #expect(try CommandRunner.run(["summarize", "--chart", charts, walk]).status == 1)
        #expect(try names(charts).count == 1)
    }

    @Test func chartPerRecordingBesideTheSummary() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("charts").path
        let plain = try CommandRunner.run(["summarize", "--format", "json"] + oxford)
        let charted = try CommandRunner.run(["summarize", "--format", "json", "--chart", directory, "--splits", "km"] + oxford)
        #expect(charted.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count == 3)
        #expect(names.allSatisfy { $0.hasSuffix(".svg") && !$0.hasPrefix(".") })
        for name in names {
            let svg = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
            #expect(svg.contains("steps/min") && svg.hasSuffix("</svg>\n"))
        }
        // The summaries themselves do not change (apart from the splits asked for).
        let lines = try jsonLines(charted.stdout)
        #expect(try jsonLines(plain.stdout).map { $0["steps"] as? Int } == lines.map { $0["steps"] as? Int })
    }

    @Test func usageErrorsExit64() throws {
        for arguments in [
            ["--splits", "furlong"], ["--format", "csv", "--splits", "km"], ["--format", "csv", "--intervals"],
            ["--force"], ["--progress", "sometimes"], ["-", "-"],
        ] {
            let output = try CommandRunner.run(["summarize"] + arguments + ["x.csv"], stdin: "")
            #expect(output.status == 64, "\(arguments)")
            #expect(!output.stderr.isEmpty)
        }
    }
}
