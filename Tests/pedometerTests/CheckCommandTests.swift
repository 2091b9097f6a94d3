import Foundation
import Testing

/// End-to-end tests of `pedometer check`: the bundled fixtures match their expected files (the
/// golden test), and the check fails when it should (perturbed values, missing files).
@Suite struct CheckCommandTests {
    /// The folders with expected files (Fixtures/malformed is read by the ingest tests; its files
    /// must fail, so it has none).
    /// The whole Fixtures folder, as the README tells a user to check it: every recording has
    /// an expected file (the malformed ones record their errors).
    private var goldenFolders: [String] { [CommandRunner.packageRoot.appendingPathComponent("Fixtures").path] }

    /// The expected files under `folder`, recursively.
    private func expectedFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".expected.json") { found.append(name) }
        }
        return found
    }

    /// A fresh folder, removed by the caller.
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Copies a fixture (`formats/generic/semicolon-g.csv`) and its expected file into `folder`.
    @discardableResult
    private func copy(_ recording: String, withExpected: Bool = true, into folder: URL) throws -> (recording: URL, expected: URL) {
        let source = URL(fileURLWithPath: fixture(recording))
        let name = source.deletingPathExtension().lastPathComponent
        let target = folder.appendingPathComponent(source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: target)
        let expected = folder.appendingPathComponent(name + ".expected.json")
        if withExpected {
            try FileManager.default.copyItem(
                at: source.deletingLastPathComponent().appendingPathComponent(name + ".expected.json"), to: expected)
        }
        return (target, expected)
    }

    /// The top-level number `key` of an expected file, read from its line (with `Double(_:)`:
    /// JSONSerialization may be a unit in the last place off).
    private func value(_ key: String, in file: URL) throws -> Double {
        let prefix = "  \"\(key)\" : "
        let line = try #require(try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").first { $0.hasPrefix(prefix) })
        return try #require(Double(line.dropFirst(prefix.count).trimmingCharacters(in: CharacterSet(charactersIn: ","))))
    }

    /// Rewrites the top-level `key` of an expected file (its own line, as `--record` writes it).
    private func set(_ key: String, to value: String, in file: URL) throws {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let prefix = "  \"\(key)\" : "
        let index = try #require(lines.firstIndex { $0.hasPrefix(prefix) })
        lines[index] = prefix + value + (lines[index].hasSuffix(",") ? "," : "")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    }

    // MARK: The golden test

    /// A folder with no recordings (a wrong path, fixtures not checked out) fails the check, as
    /// it fails summarize: until 2026-11-26 it passed with "0 passed, 0 failed".
    @Test func aFolderWithoutRecordingsFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["check", folder.path], ["check", "--record", folder.path]] {
            let output = try CommandRunner.run(arguments)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.stderr.contains("\(folder.path): no recordings found"), "\(output.stderr)")
        }
    }

    @Test func everyBundledFixtureMatchesItsExpectedFile() throws {
        let count = goldenFolders.map { expectedFiles(under: $0).count }.reduce(0, +)
        #expect(count >= 21)
        let output = try CommandRunner.run(["check"] + goldenFolders)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasSuffix("\n\(count) passed, 0 failed, 0 missing expected file\n"))
        #expect(output.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS  ") }.count == count)
        // On one machine the results are bit-identical: no tolerance needed.
        let exact = try CommandRunner.run(["check", "--tolerance-relative", "0", "--tolerance-absolute", "0", "--jobs", "1"] + goldenFolders)
        #expect(exact.status == 0, "\(exact.stdout)")
    }

    /// A Sensor Logger or Oxford folder whose files are gzipped (`gzip -r`), all of them or some,
    /// is the same recording: each gzipped copy passes against the plain folder's expected
    /// file, ground truth, device steps and metadata included. Until
    /// 2026-11-26 the folder was searched as a folder of files: the Android export gave six
    /// recordings (Gravity.csv.gz read as a walk of 22 steps), an Oxford folder two, without
    /// its ground truth.
    @Test func aRecordingFolderWithGzippedFilesIsTheSameRecording() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recordings = ["android", "ios", "user-gravity", "user-only", "v2", "watch"].map { "formats/sensor-logger/" + $0 }
            + ["Samsung_Carmelo_Hard_Armband_2", "Samsung_Dario_Hard_BackPocket_1", "Samsung_Jamie_Hard_InHand_1"].map { "oxford/" + $0 }
        let some = folder.appendingPathComponent("some")
        try FileManager.default.createDirectory(at: some, withIntermediateDirectories: true)
        for recording in recordings { try copy(recording, into: folder) }
        try copy("formats/sensor-logger/android", into: some)
        try copy("oxford/Samsung_Jamie_Hard_InHand_1", into: some)
        func gzip(_ paths: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-r", "-n"] + paths
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
        }
        try gzip(recordings.map { folder.appendingPathComponent(URL(fileURLWithPath: $0).lastPathComponent).path })
        try gzip(["android/Gravity.csv", "android/Metadata.csv", "Samsung_Jamie_Hard_InHand_1/stepcounter.csv"].map { some.appendingPathComponent($0).path })

        let count = recordings.count + 2
        let listing = try CommandRunner.run(["list", folder.path])
        #expect(listing.stdout.split(separator: "\n").count == count, "\(listing.stdout)")
        let output = try CommandRunner.run(["check", folder.path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasSuffix("\n\(count) passed, 0 failed, 0 missing expected file\n"), "\(output.stdout)")
        let inspect = try CommandRunner.run(["inspect", folder.appendingPathComponent("Samsung_Jamie_Hard_InHand_1").path])
        #expect(inspect.stdout.contains("folder with accelerometer.csv.gz and stepcounter.csv.gz (Oxford step-counter layout)"))
        #expect(inspect.stdout.contains("Samsung_Jamie_Hard_InHand_1/accelerometer.csv.gz/accelerometer.csv"))
    }

    /// An unreadable recording passes against an expected file with its error, and fails when
    /// the error changes or when it becomes readable.
    @Test func expectedErrors() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, expected) = try copy("malformed/empty.csv", into: folder)
        #expect(try String(contentsOf: expected, encoding: .utf8).contains("\"error\" : \"empty.csv:1:1: empty file: no header and no data\""))
        #expect(try CommandRunner.run(["check", folder.path]).status == 0)
        // Another exit status fails, compared and shown as the integer it is (until 2026-11-26
        // as a float: `expected 2, got 1 (off by 1, tolerance 2e-06)`).
        let original = try String(contentsOf: expected, encoding: .utf8)
        try set("exitStatus", to: "2", in: expected)
        let status = try CommandRunner.run(["check", folder.path])
        #expect(status.status == 1)
        #expect(status.stdout == "FAIL  \(recording.path)\n      exitStatus: expected 2, got 1\n0 passed, 1 failed, 0 missing expected file\n")
        try original.write(to: expected, atomically: true, encoding: .utf8)
        // Another error, or none: the check fails.
        try "time,x,y,z\n".write(to: recording, atomically: true, encoding: .utf8)
        let other = try CommandRunner.run(["check", folder.path])
        #expect(other.status == 1)
        #expect(other.stdout.contains("header only: no data rows"))
        try "time,x,y,z\n0,0,0,9.8\n0.01,0,0,9.8\n".write(to: recording, atomically: true, encoding: .utf8)
        let readable = try CommandRunner.run(["check", folder.path])
        #expect(readable.status == 1)
        #expect(readable.stdout.contains("FAIL  \(recording.path)"))
    }

    @Test func theRunWalkFixtureRecordsItsIntervals() throws {
        let file = URL(fileURLWithPath: fixture("runwalk/runwalk.expected.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let intervals = try #require(object["intervals"] as? [String: Any])
        let kinds = try #require(intervals["byKind"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
        #expect(kinds == ["walking", "running"])
        let items = try #require(intervals["items"] as? [[String: Any]])
        #expect(items.count == 12)
        // 828 true steps (tools/make-runwalk-fixture); the detector is within 1%.
        let steps = try #require((object["steps"] as? NSNumber)?.intValue)
        #expect(abs(steps - 828) <= 8)
    }

    // MARK: The check bites

    @Test func aChangedCountFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, expected) = try copy("formats/generic/semicolon-g.csv", into: folder)
        #expect(try CommandRunner.run(["check", folder.path]).status == 0)

        let steps = Int(try value("steps", in: expected))
        try set("steps", to: "\(steps + 1)", in: expected)
        let output = try CommandRunner.run(["check", folder.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("FAIL  \(folder.path)/semicolon-g.csv\n      steps: expected \(steps + 1), got \(steps)\n"))
        #expect(output.stdout.hasSuffix("\n0 passed, 1 failed, 0 missing expected file\n"))
    }

    @Test func floatsWithinAndBeyondTheTolerance() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, expected) = try copy("formats/generic/semicolon-g.csv", into: folder)
        let distance = try value("distanceMeters", in: expected)

        try set("distanceMeters", to: "\(distance * (1 + 5e-7))", in: expected)
        let within = try CommandRunner.run(["check", folder.path])
        #expect(within.status == 0, "\(within.stdout)")
        // The same, with no tolerance.
        let exact = try CommandRunner.run(["check", "--tolerance-relative", "0", folder.path])
        #expect(exact.status == 1)

        try set("distanceMeters", to: "\(distance * (1 + 2e-6))", in: expected)
        let beyond = try CommandRunner.run(["check", folder.path])
        #expect(beyond.status == 1)
        #expect(beyond.stdout.contains("      distanceMeters: expected \(distance * (1 + 2e-6)), got \(distance) (off by "))
        // A looser tolerance lets it pass.
        let loose = try CommandRunner.run(["check", "--tolerance-relative", "1e-5", folder.path])
        #expect(loose.status == 0)
    }

    @Test func aRecordingWithoutExpectedFileFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copy("formats/generic/semicolon-g.csv", withExpected: false, into: folder)
        let output = try CommandRunner.run(["check", folder.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains(
            "      no expected file (\(folder.path)/semicolon-g.expected.json); run pedometer check --record (--record --record-errors for a recording that must fail)\n"))
        #expect(output.stdout.hasSuffix("\n0 passed, 0 failed, 1 missing expected file\n"))
    }

    @Test func anExpectedFileWithoutItsRecordingFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, _) = try copy("formats/generic/semicolon-g.csv", into: folder)
        try FileManager.default.removeItem(at: recording)
        let output = try CommandRunner.run(["check", folder.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains(
            "FAIL  \(folder.path)/semicolon-g.expected.json\n      expected file without its recording"))
        #expect(output.stdout.hasSuffix("\n0 passed, 1 failed, 0 missing expected file\n"))
    }

    /// The temporary files a `--record` killed while writing left (`.NAME.expected.json.PID.N.tmp`,
    /// hidden, so easily committed with the fixtures) are removed by the next `--record` in the
    /// folders it writes to, as `summarize --output-dir` removes its own; a running writer's
    /// are left alone, and a plain `check` passes beside them and leaves them. Until 2026-11-26
    /// nothing removed them.
    @Test func recordRemovesTheLeftoversOfAnInterruptedRecord() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try copy("formats/generic/semicolon-g.csv", into: folder)
        try copy("formats/steps/cumulative.csv", into: sub)
        // A process id above any the kernel gives (pid_max is at most 2^22): its writer is gone.
        let dead = [".semicolon-g.expected.json.2147483000.12345.tmp", "sub/.cumulative.expected.json.2147483000.678.tmp"]
        let running = ".semicolon-g.expected.json.\(getpid()).9.tmp"
        // Another program's hidden temporary files, of the same shape: never ours to remove
        // (review QA: --record removed them too).
        let others = [".walk.csv.2147483000.12345.tmp", "sub/.notes.txt.2147483001.1.tmp"]
        for name in dead + [running] + others {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("{\"ste".utf8)))
        }
        func present() -> [String] {
            (dead + [running] + others).filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        }

        let checked = try CommandRunner.run(["check", folder.path])
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stderr.isEmpty)
        #expect(checked.stdout.hasSuffix("\n2 passed, 0 failed, 0 missing expected file\n"))
        #expect(present() == dead + [running] + others)

        let recorded = try CommandRunner.run(["check", "--record", folder.path])
        #expect(recorded.status == 0, "\(recorded.stdout)")
        #expect(recorded.stdout.hasSuffix("\nrecord: 0 new, 0 updated, 2 unchanged, 0 failed\n"))
        #expect(present() == [running] + others)
    }

    /// The table lists at most 20 differences of a recording (`--max-differences`), the
    /// summary's own fields first, in their order, then how many more; `--max-differences 0` and
    /// `--format json` list all, and `--record` lists its changes so too. Until 2026-11-26 every
    /// difference was listed: `check --height 1.9` over a folder of long recordings printed
    /// 21,494 lines for 359 failures, one recording alone 11,226 (a line per split and interval
    /// field).
    @Test func theDifferencesListedPerRecordingAreCapped() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copy("runwalk/runwalk.csv", into: folder)
        let json = try CommandRunner.run(["check", "--format", "json", "--height", "1.9", folder.path])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let result = try #require((object["results"] as? [[String: Any]])?.first)
        let paths = try #require(result["differences"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(paths.count > 30)
        let own = paths.filter { !$0.contains(".") && !$0.contains("[") }
        #expect(own.contains("distanceMeters"))

        let table = try CommandRunner.run(["check", "--height", "1.9", folder.path])
        #expect(table.status == 1)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 23)
        let shown = lines.dropFirst().prefix(20).map { String($0.dropFirst(6).prefix { $0 != ":" }) }
        #expect(own.allSatisfy(shown.contains))
        #expect(shown == paths.filter(shown.contains))
        #expect(lines[21] == "      … and \(paths.count - 20) more differences (all with --max-differences 0, or --format json)")
        #expect(lines[22] == "0 passed, 1 failed, 0 missing expected file")

        let all = try CommandRunner.run(["check", "--height", "1.9", "--max-differences", "0", folder.path])
        #expect(all.stdout.split(separator: "\n").count == paths.count + 2)
        let few = try CommandRunner.run(["check", "--height", "1.9", "--max-differences", "1", folder.path])
        #expect(few.stdout.split(separator: "\n").count == 4)
        #expect(few.stdout.contains("\n      … and \(paths.count - 1) more differences ("))
        #expect(try CommandRunner.run(["check", "--max-differences", "-1", folder.path]).status == 64)

        let recorded = try CommandRunner.run(["check", "--record", "--height", "1.9", folder.path])
        #expect(recorded.status == 0)
        let changes = recorded.stdout.split(separator: "\n")
        #expect(changes.count == 23)
        #expect(changes[21].hasPrefix("      … and ") && changes[21].contains(" more changes (all with --max-differences 0"))
    }

    @Test func recordWritesTheExpectedFilesAndReportsChanges() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, expected) = try copy("formats/generic/semicolon-g.csv", into: folder)
        try copy("formats/steps/cumulative.csv", withExpected: false, into: folder)
        let original = try Data(contentsOf: expected)
        let steps = Int(try value("steps", in: expected))
        try set("steps", to: "\(steps + 1)", in: expected)
        #expect(try CommandRunner.run(["check", folder.path]).status == 1)

        let recorded = try CommandRunner.run(["check", "--record", folder.path])
        #expect(recorded.status == 0, "\(recorded.stdout)")
        #expect(recorded.stdout.contains("NEW        \(folder.path)/cumulative.csv\n      written \(folder.path)/cumulative.expected.json\n"))
        #expect(recorded.stdout.contains("UPDATED    \(folder.path)/semicolon-g.csv\n      steps: \(steps + 1) → \(steps)\n"))
        #expect(recorded.stdout.hasSuffix("\nrecord: 1 new, 1 updated, 0 unchanged, 0 failed\n"))
        // Back to the bundled file, byte for byte: the expected file does not depend on the folder.
        #expect(try Data(contentsOf: expected) == original)
        #expect(try String(contentsOf: expected, encoding: .utf8).contains("\"source\" : \"semicolon-g.csv\""))
        // No temporary file left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["cumulative.csv", "cumulative.expected.json", "semicolon-g.csv", "semicolon-g.expected.json"])

        let checked = try CommandRunner.run(["check", folder.path])
        #expect(checked.status == 0)
        #expect(checked.stdout.hasSuffix("\n2 passed, 0 failed, 0 missing expected file\n"))
        let again = try CommandRunner.run(["check", "--record", folder.path])
        #expect(again.stdout.hasSuffix("\nrecord: 0 new, 0 updated, 2 unchanged, 0 failed\n"))
    }

    @Test func anUnreadableRecordingFailsWithItsLocation() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (recording, expected) = try copy("malformed/stray-quote.csv", withExpected: false, into: folder)
        let recorded = try CommandRunner.run(["check", "--record", folder.path])
        #expect(recorded.status == 1)
        #expect(recorded.stdout.contains(
            "      \(recording.path):7:9: malformed quoted field: a quote inside an unquoted field, or text after a closing quote\n"))
        #expect(recorded.stdout.hasSuffix("\nrecord: 0 new, 0 updated, 0 unchanged, 1 failed\n"))
        #expect(!FileManager.default.fileExists(atPath: expected.path))
        // With an expected file, the check reads it and fails the same way.
        try FileManager.default.copyItem(atPath: fixture("formats/steps/cumulative.expected.json"), toPath: expected.path)
        let checked = try CommandRunner.run(["check", folder.path])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("\(recording.path):7:9: malformed quoted field"))
        #expect(checked.stdout.hasSuffix("\n0 passed, 1 failed, 0 missing expected file\n"))
    }

    @Test func readingOptionsAreStoredInTheExpectedFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, expected) = try copy("formats/generic/headerless-accuracy.csv", into: folder)
        // Its expected file holds "options": ["--columns", "t,_,x,y,z"], without which it cannot be read.
        #expect(try CommandRunner.run(["check", folder.path]).status == 0)
        try FileManager.default.removeItem(at: expected)
        let unreadable = try CommandRunner.run(["check", "--record", folder.path])
        #expect(unreadable.status == 1)
        #expect(unreadable.stdout.contains("headerless-accuracy.csv:1:1: unknown format"))
        let recorded = try CommandRunner.run(["check", "--record", "--columns", "t,_,x,y,z", folder.path])
        #expect(recorded.status == 0)
        #expect(try Data(contentsOf: expected) == Data(contentsOf: URL(fileURLWithPath: fixture("formats/generic/headerless-accuracy.expected.json"))))

        // An option given replaces that option alone: the stored --columns is kept beside a new
        // height (until 2026-11-26 any option given dropped every stored one, and the file was
        // unreadable: 'unknown format').
        let taller = try CommandRunner.run(["check", "--height", "1.9", folder.path])
        #expect(taller.status == 1)
        #expect(taller.stdout.contains("distanceMeters"), "\(taller.stdout)")
        #expect(!taller.stdout.contains("unknown format"), "\(taller.stdout)")
        #expect(try CommandRunner.run(["check", "--record", "--height", "1.9", folder.path]).status == 0)
        let both = try String(contentsOf: expected, encoding: .utf8)
        #expect(both.contains("\"--columns\"") && both.contains("\"t,_,x,y,z\"") && both.contains("\"--height\""), "\(both)")
        try FileManager.default.removeItem(at: expected)
        try FileManager.default.copyItem(atPath: fixture("formats/generic/headerless-accuracy.expected.json"), toPath: expected.path)

        let text = try String(contentsOf: expected, encoding: .utf8)
        try text.replacingOccurrences(of: "\"t,_,x,y,z\"", with: "\"t,x\"").write(to: expected, atomically: true, encoding: .utf8)
        let invalid = try CommandRunner.run(["check", folder.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout.contains("headerless-accuracy.expected.json: options [\"--columns\", \"t,x\"]: "))
    }

    @Test func aFileBesideAFolderOfTheSameNameKeepsItsExtension() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: fixture("formats/sensor-logger/android"), toPath: folder.appendingPathComponent("android").path)
        try FileManager.default.copyItem(atPath: fixture("formats/sensor-logger/android.zip"), toPath: folder.appendingPathComponent("android.zip").path)
        let recorded = try CommandRunner.run(["check", "--record", folder.path])
        #expect(recorded.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["android", "android.expected.json", "android.zip", "android.zip.expected.json"])
        for name in ["android", "android.zip"] {
            let mine = try Data(contentsOf: folder.appendingPathComponent(name + ".expected.json"))
            let bundled = try Data(contentsOf: URL(fileURLWithPath: fixture("formats/sensor-logger/\(name).expected.json")))
            #expect(mine == bundled, "\(name)")
        }
    }

    /// `x.csv`, `x.csv.gz` and a Sensor Logger folder `x/` get three expected files (until
    /// 2026-11-26 both files mapped to `x.csv.expected.json`: record overwrote its own output
    /// and exited 0, and the next check failed); names the rule cannot keep apart (a file `x`
    /// without extension named beside `x.csv`) fail, naming each other, and nothing is written.
    @Test func recordingsOfOneFolderNeverShareAnExpectedFile() throws {
        let manager = FileManager.default
        let folder = try temporaryFolder()
        defer { try? manager.removeItem(at: folder) }
        func place(_ source: String, as name: String) throws {
            try manager.copyItem(atPath: fixture(source), toPath: folder.appendingPathComponent(name).path)
        }
        try place("formats/generic/timestamp-ms.csv", as: "x.csv")
        try place("formats/gzip/timestamp-ms.csv.gz", as: "x.csv.gz")
        try place("formats/sensor-logger/ios", as: "x")
        let recorded = try CommandRunner.run(["check", "--record", folder.path])
        #expect(recorded.status == 0)
        #expect(recorded.stdout.hasSuffix("record: 3 new, 0 updated, 0 unchanged, 0 failed\n"))
        #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == [
            "x", "x.csv", "x.csv.expected.json", "x.csv.gz", "x.csv.gz.expected.json", "x.expected.json",
        ])
        let checked = try CommandRunner.run(["check", folder.path])
        #expect(checked.status == 0)
        #expect(checked.stdout.hasSuffix("3 passed, 0 failed, 0 missing expected file\n"))

        try place("formats/generic/timestamp-ms.csv", as: "y.csv")
        try place("formats/generic/timestamp-ms.csv", as: "y")
        let y = folder.appendingPathComponent("y").path
        let clash = try CommandRunner.run(["check", "--record", y + ".csv", y])
        #expect(clash.status == 1)
        #expect(clash.stdout == """
            FAIL       \(y).csv
                  \(y).expected.json would be the expected file of \(y) too: rename one of them
            FAIL       \(y)
                  \(y).expected.json would be the expected file of \(y).csv too: rename one of them
            record: 0 new, 0 updated, 0 unchanged, 2 failed

            """)
        #expect(!manager.fileExists(atPath: y + ".expected.json"))
    }

    /// `check DIR/*` checks what `check DIR` does: an expected file named on the command line
    /// stands for its recording, a step-time list is passed over (said on stderr), and an
    /// expected file without its recording is an orphan. Until 2026-11-26 the glob's expected
    /// file was taken for a recording (`FAIL … no expected file (….expected.expected.json)`),
    /// and with --record parsed as CSV.
    @Test func aShellGlobChecksWhatTheFolderDoes() throws {
        let manager = FileManager.default
        let folder = try temporaryFolder()
        defer { try? manager.removeItem(at: folder) }
        let (recording, expected) = try copy("formats/generic/semicolon-g.csv", into: folder)
        let steps = folder.appendingPathComponent("semicolon-g.steps.csv").path
        try Data("time_s\n1.0\n".utf8).write(to: URL(fileURLWithPath: steps))
        let glob = try manager.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        #expect(glob == [recording.path, expected.path, steps])
        let note = "\(steps): a list of true step times (eval --truth's step_times), not a recording, passed over\n"

        let checked = try CommandRunner.run(["check"] + glob)
        #expect(checked.status == 0)
        #expect(checked.stdout == "PASS  \(recording.path)\n1 passed, 0 failed, 0 missing expected file\n")
        #expect(checked.stderr == note)
        let recorded = try CommandRunner.run(["check", "--record"] + glob)
        #expect(recorded.status == 0)
        #expect(recorded.stdout == "UNCHANGED  \(recording.path)\nrecord: 0 new, 0 updated, 1 unchanged, 0 failed\n")
        #expect(try manager.contentsOfDirectory(atPath: folder.path).count == 3)
        // The expected file alone stands for its recording.
        #expect(try CommandRunner.run(["check", expected.path]).stdout.hasPrefix("PASS  \(recording.path)\n"))
        // Only paths passed over: nothing done, no success (until 2026-11-28 exit status 0, as
        // an empty folder's is not).
        let alone = try CommandRunner.run(["summarize", steps])
        #expect(alone.status == 1 && alone.stderr == note)

        let gone = folder.appendingPathComponent("gone.expected.json")
        try manager.copyItem(at: expected, to: gone)
        let orphaned = try CommandRunner.run(["check", recording.path, gone.path])
        #expect(orphaned.status == 1)
        #expect(orphaned.stdout.contains("FAIL  \(gone.path)\n      expected file without its recording"))
    }

    @Test func jsonOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, expected) = try copy("formats/generic/semicolon-g.csv", into: folder)
        try copy("formats/steps/cumulative.csv", withExpected: false, into: folder)
        let steps = Int(try value("steps", in: expected))
        try set("steps", to: "\(steps + 1)", in: expected)
        let output = try CommandRunner.run(["check", "--format", "json", folder.path])
        #expect(output.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect((object["passed"] as? NSNumber)?.intValue == 0)
        #expect((object["failed"] as? NSNumber)?.intValue == 1)
        #expect((object["missing"] as? NSNumber)?.intValue == 1)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["status"] as? String } == ["missing", "fail"])
        let difference = try #require((results[1]["differences"] as? [[String: Any]])?.first)
        #expect(difference["path"] as? String == "steps")
        #expect((difference["expected"] as? NSNumber)?.intValue == steps + 1)
        #expect((difference["actual"] as? NSNumber)?.intValue == steps)
    }

    @Test func usageErrors() throws {
        #expect(try CommandRunner.run(["check", "--tolerance-relative", "-1", fixture("runwalk")]).status == 64)
        #expect(try CommandRunner.run(["check", "--jobs", "0", fixture("runwalk")]).status == 64)
        #expect(try CommandRunner.run(["check"]).status == 64)
        // --record-errors says what --record writes: alone it is a mistake, not a plain check
        // (until 2026-11-26 it was silently accepted).
        let alone = try CommandRunner.run(["check", "--record-errors", fixture("runwalk")])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--record-errors needs --record"))
        #expect(alone.stdout.isEmpty)
        // A path that does not exist is a failure, with the reason.
        let missing = try CommandRunner.run(["check", "/nonexistent/walk.csv"])
        #expect(missing.status == 1)
        #expect(missing.stdout.hasPrefix("FAIL  /nonexistent/walk.csv\n      /nonexistent/walk.csv"))
    }
}
