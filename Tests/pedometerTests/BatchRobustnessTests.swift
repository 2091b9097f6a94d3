import Foundation
import Testing

/// Issue 7, end to end: bad inputs in a batch of good ones. Each bad one is reported on stderr
/// as `file:line:column: reason` (or `file: reason` when the whole file is the problem), the
/// exit status is 1 (a failure, not a crash: < 128), and the good recordings' output is byte
/// for byte what a batch of only the good ones gives, whatever the job count.
@Suite struct BatchRobustnessTests {
    private var good: [String] {
        [
            fixture("oxford/Samsung_Jamie_Hard_InHand_1"), fixture("formats/sensorlog/SensorLog_walk.csv"),
            fixture("formats/sensor-logger/android.zip"), fixture("formats/generic/timestamp-ms.csv"),
            fixture("formats/phyphox/Acceleration with g/Raw Data.csv"),
        ]
    }

    /// A scratch folder for one test, removed at the end.
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-robust-\(UUID().uuidString)")
        init() { try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        @discardableResult
        func write(_ name: String, _ bytes: [UInt8]) -> String {
            let file = url.appendingPathComponent(name)
            try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(bytes).write(to: file)
            return file.path
        }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    private func bytes(_ relative: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: fixture(relative))!)
    }

    /// The bad inputs, each with what its report on stderr starts with.
    private func badInputs(in folder: Folder) -> [(path: String, report: String)] {
        let generic = bytes("formats/generic/timestamp-ms.csv")
        // NUL bytes: one in line 5 (within the first 4 KiB: the file is binary).
        var nul = generic
        let line5 = generic.indices.filter { generic[$0] == UInt8(ascii: "\n") }[3] + 1
        nul.insert(0, at: line5 + 5)
        let nulPath = folder.write("nul.csv", nul)
        // UTF-16 LE with a BOM.
        let text = String(decoding: generic, as: UTF8.self)
        let utf16Path = folder.write("utf16.csv", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        // A folder that is not an export: searched, its one text file is not a recording.
        folder.write("not-an-export/photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        let readme = folder.write("not-an-export/readme.txt", Array("My walks, exported by hand.\n".utf8))
        // A Sensor Logger export whose acceleration file is damaged.
        var total = bytes("formats/sensor-logger/android/TotalAcceleration.csv")
        total.insert(0, at: 100)
        let damaged = folder.write("damaged-export/TotalAcceleration.csv", total)
        // Truncated: a phyphox file cut inside its quoted header, and a zip cut in half.
        let phyphox = folder.write("truncated.csv", Array(bytes("formats/phyphox/Acceleration with g/Raw Data.csv").prefix(40)))
        let zip = bytes("formats/sensor-logger/android.zip")
        let zipPath = folder.write("truncated.zip", Array(zip.prefix(zip.count / 2)))
        return [
            (nulPath, nulPath + ":5:6: binary data (NUL byte), not a text CSV file"),
            (utf16Path, utf16Path + ":1:1: file is UTF-16 encoded; save or export it as UTF-8 CSV"),
            (folder.path("not-an-export"), readme + ":2:1: header only: no data rows"),
            (folder.path("damaged-export"), damaged + ":3:18: binary data (NUL byte), not a text CSV file"),
            (phyphox, phyphox + ":1:37: quoted field is never closed (unterminated quote)"),
            (zipPath, zipPath + ": not a readable zip archive: "),
        ]
    }

    /// JSON lines that are recordings, not failures.
    private func summaries(_ stdout: String) -> [Substring] {
        stdout.split(separator: "\n").filter { !$0.hasPrefix("{\"error\":") }
    }

    @Test func badInputsAmongGoodOnes() throws {
        let folder = Folder()
        let bad = badInputs(in: folder)
        let good = self.good
        // Good and bad interleaved.
        var mixed: [String] = []
        for index in 0..<max(good.count, bad.count) {
            if index < bad.count { mixed.append(bad[index].path) }
            if index < good.count { mixed.append(good[index]) }
        }
        let reference = try CommandRunner.run(["summarize", "--format", "json", "--jobs", "2"] + good)
        #expect(reference.status == 0)
        #expect(reference.stderr.isEmpty)
        #expect(reference.stdout.split(separator: "\n").count == good.count)

        let runs = try [["--jobs", "1"], ["--jobs", "2"], ["--jobs", "2"]].map {
            try CommandRunner.run(["summarize", "--format", "json"] + $0 + mixed)
        }
        for run in runs {
            #expect(run.status == 1)
            // One report per bad input, in the order given, each located or with its reason.
            let reports = run.stderr.split(separator: "\n").map(String.init)
            #expect(reports.count == bad.count, "\(run.stderr)")
            for (report, expected) in zip(reports, bad) {
                #expect(report.hasPrefix(expected.report), "\(report)")
                let located = report.wholeMatch(of: /.+:\d+:\d+: .+/) != nil
                let whole = report.hasPrefix(expected.path + ": ")
                #expect(located || whole, "\(report)")
            }
            // The good ones: the same bytes as without the bad ones.
            #expect(summaries(run.stdout) == summaries(reference.stdout))
            #expect(run.stdout.split(separator: "\n").count == good.count + bad.count)
        }
        // Deterministic: the same bytes whatever the job count, run after run.
        #expect(runs[0].stdout == runs[1].stdout)
        #expect(runs[1].stdout == runs[2].stdout)
        #expect(runs[0].stderr == runs[1].stderr)
        #expect(runs[1].stderr == runs[2].stderr)

        // CSV: the good rows are the good-only output's; each failure is a row in its place
        // with its source and its error (the last column), every other column empty (until
        // 2026-11-28 it had no row: a spreadsheet of the batch could not tell what failed).
        let csvGood = try CommandRunner.run(["summarize", "--format", "csv", "--jobs", "2"] + good)
        let csvMixed = try CommandRunner.run(["summarize", "--format", "csv", "--jobs", "2"] + mixed)
        #expect(csvMixed.status == 1)
        #expect(csvMixed.stderr == runs[0].stderr)
        func quoted(_ field: String) -> String {
            field.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }
        var goodRows = csvGood.stdout.split(separator: "\n").map(String.init)
        let header = goodRows.removeFirst()
        #expect(header.hasSuffix(",warnings,error") && header.split(separator: ",").count == 22)
        // In the JSON's order: its error lines become the CSV's error rows, same source and error.
        var expected = [header]
        for line in runs[1].stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let error = object["error"] as? String, let source = object["source"] as? String {
                expected.append(([quoted(source)] + Array(repeating: "", count: 20) + [quoted(error)]).joined(separator: ","))
            } else {
                expected.append(goodRows.removeFirst())
            }
        }
        #expect(csvMixed.stdout == expected.map { $0 + "\n" }.joined())
    }

    @Test func inspectReportsTheSameBadInputs() throws {
        let folder = Folder()
        let bad = badInputs(in: folder)
        let alone = try CommandRunner.run(["inspect", "--format", "json"] + good)
        let mixed = try CommandRunner.run(["inspect", "--format", "json", "--jobs", "2"] + bad.map(\.path) + good)
        #expect(alone.status == 0)
        #expect(mixed.status == 1)
        let reports = mixed.stderr.split(separator: "\n")
        #expect(reports.count == bad.count)
        for (report, expected) in zip(reports, bad) { #expect(report.hasPrefix(expected.report), "\(report)") }
        #expect(summaries(mixed.stdout) == summaries(alone.stdout))
    }

    /// A folder with no recording in it — empty, or holding only files that are not CSVs — given
    /// on the command line is reported on stderr, with exit status 1 (it used to be skipped
    /// silently with status 0, so a mistyped or empty export folder went unnoticed).
    @Test func folderWithNoRecordingIsReported() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: true)
        folder.write("photos/photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        for path in [folder.path("empty"), folder.path("photos")] {
            let output = try CommandRunner.run(["summarize", "--format", "json", path])
            #expect(output.stdout.isEmpty)
            #expect(output.status < 128)
            #expect(output.stderr.hasPrefix(path + ": no recordings found"), "stderr: \(output.stderr)")
            #expect(output.status == 1)
        }
    }
}
