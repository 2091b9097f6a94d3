import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Broken inputs made from the real fixtures (issue 7, "malformed-input suite"): truncated at
/// every byte, columns shuffled, renamed, missing and duplicated in every format, units and
/// time units mislabelled, NUL bytes, UTF-16, byte-order marks and CR/CRLF line endings,
/// folders and zips that are not exports, unreadable and endless files.
///
/// Every input is either read — with the right number of samples, and any oddity reported in
/// the notes, the skipped rows or the streams' sampling problems — or refused with an
/// ``IngestError`` naming the file (and, for what is wrong inside a CSV, the line and column
/// inside the file). Never a crash or a hang. `Fixtures/malformed` and
/// `MalformedFixtureTests` cover the hand-written cases (empty, header only, stray and
/// unterminated quotes, short rows, NaN, binary, UTF-16 LE, a 100 MB field); this suite does
/// not repeat them.
///
/// Gaps found are kept as tests inside `withKnownIssue`, so that they show in the test log and
/// start failing (as "known issue not recorded") once fixed.
@Suite struct MalformedInputTests {
    let files = TemporaryFiles()

    // MARK: Helpers

    private enum Outcome {
        case read(RecordingInfo, CollectingSink)
        case refused(IngestError)

        var info: RecordingInfo? {
            if case .read(let info, _) = self { return info }
            return nil
        }
        var sink: CollectingSink? {
            if case .read(_, let sink) = self { return sink }
            return nil
        }
        var error: IngestError? {
            if case .refused(let error) = self { return error }
            return nil
        }
    }

    private func outcome(_ path: String, _ options: IngestOptions = .init()) -> Outcome {
        var sink = CollectingSink()
        do {
            let info = try RecordingReader.read(path, options: options, into: &sink)
            return .read(info, sink)
        } catch {
            return .refused(error)
        }
    }

    private static func bytes(_ relative: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: Fixtures.path(relative))!)
    }

    /// The first `count` lines of a fixture (CR removed), each split at commas. The fixtures
    /// used here have no quoted commas, so this is exact.
    private static func table(_ relative: String, lines count: Int) -> [[String]] {
        let text = String(decoding: bytes(relative), as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        return text.split(separator: "\n", omittingEmptySubsequences: false).prefix(count).map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }

    private static func text(_ rows: [[String]]) -> String {
        rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// Rows with their columns taken in `order`.
    private static func columns(_ rows: [[String]], _ order: [Int]) -> [[String]] {
        rows.map { row in order.map { row[$0] } }
    }

    /// Whether a location is a real place in `bytes`: a line of the file and a column at most
    /// one past the end of that line.
    private static func isInside(_ location: PedometerIngest.SourceLocation, _ bytes: ArraySlice<UInt8>) -> Bool {
        guard let line = location.line, let column = location.column, line >= 1, column >= 1 else { return false }
        var lengths = [0]
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { lengths.append(0) } else { lengths[lengths.count - 1] += 1 }
        }
        return line <= lengths.count && column <= lengths[line - 1] + 1
    }

    // MARK: (a) Truncation at every byte

    /// A real log cut after every byte: read (the complete rows, plus perhaps the cut last row,
    /// whose last number is only shortened), or refused at a place inside what is left.
    ///
    /// Accepted: a file cut inside its header is "header only" at line 2, column 1 — where the
    /// data should start, one line past the end when the cut header has no line break; a first
    /// line cut to one number is a step log whose time unit "cannot be inferred" (no place: it
    /// is about the whole file). SensorLog is cut at every byte from byte 2000 on (its header is
    /// 2062 bytes long), every 16th byte before.
    @Test(arguments: [
        ("formats/generic/headerless-ns.csv", 0, 1500),
        ("formats/phyphox/Acceleration with g/Raw Data.csv", 0, 1500),
        ("formats/sensorlog/SensorLog_walk.csv", 2000, 3300),
    ])
    func truncatedAtEveryByte(relative: String, everyByteFrom: Int, length: Int) throws {
        let source = Self.bytes(relative).prefix(length)
        let cuts = Array(stride(from: 0, to: everyByteFrom, by: 16)) + Array(everyByteFrom...source.count)
        let path = files.path("truncated-" + FileSystem.lastComponent(relative))
        var outcomes: [String: Int] = [:]
        // Failures by kind, with the first cut that shows each: one issue per kind, not 1500.
        var failures: [String: (count: Int, example: String)] = [:]
        func fail(_ kind: String, _ example: String) {
            failures[kind, default: (0, example)].count += 1
        }
        for cut in cuts {
            let prefix = source.prefix(cut)
            _ = FileManager.default.createFile(atPath: path, contents: Data(prefix))
            let lines = prefix.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            switch outcome(path) {
            case .refused(let error):
                let kind = String(error.reason.prefix(24))
                outcomes[kind, default: 0] += 1
                var inside = Self.isInside(error.location, prefix)
                if error.reason == "header only: no data rows" && error.location.line == lines.count + 1 && error.location.column == 1 {
                    inside = true
                }
                if error.location.line == nil && error.reason.hasPrefix("cannot infer the time unit") {
                    inside = true
                }
                if error.location.file != path || !inside {
                    fail("refused without a place inside the file: \(kind)", "cut \(cut): \(error)")
                }
            case .read(let info, let sink):
                outcomes["read as \(info.format.rawValue)", default: 0] += 1
                for skipped in info.skipped.examples where skipped.location.file != path || !Self.isInside(skipped.location, prefix) {
                    fail("skip located outside the file", "cut \(cut): \(skipped)")
                }
                guard info.format != .steps else { continue }  // a first line cut to 1 or 2 numbers
                // Complete data lines, and the cut last one when it still parses.
                let header = relative.contains("headerless") ? 0 : 1
                let complete = max(lines.count - 1 - header, 0)
                // One acceleration sample per row. A SensorLog row can give its sample and then be
                // counted as skipped for a later bad field (a cut "-1" pedometer value), so only
                // the samples are counted there.
                let counted = sink.acceleration.count + (info.format == .sensorLog ? 0 : info.skipped.count)
                if !(complete...(complete + 1)).contains(counted) {
                    fail("wrong sample count", "cut \(cut): \(sink.acceleration.count) samples + \(info.skipped.count) skipped, \(complete) complete rows")
                }
            }
        }
        for (kind, failure) in failures.sorted(by: { $0.key < $1.key }) {
            let message = Comment(rawValue: "\(relative): \(kind) (\(failure.count) cuts), e.g. \(failure.example)")
            Issue.record(message)
        }
        #expect(outcomes.keys.contains { $0.hasPrefix("read as") }, "\(outcomes)")
    }

    // MARK: (b) Columns shuffled, renamed, missing, duplicated

    /// What a variant must give: samples (and the format detected), or an error at `line:column`
    /// whose reason starts with `reason`.
    private enum Expect {
        case samples(Int, RecordingFormat)
        case error(line: Int?, column: Int?, String)
    }

    private func check(_ name: String, _ text: String, _ expected: Expect, same reference: [AccelerationSample]? = nil) {
        let path = files.write(name, text)
        check(path: path, expected, same: reference)
    }

    private func check(path: String, _ expected: Expect, same reference: [AccelerationSample]? = nil) {
        let result = outcome(path)
        switch (expected, result) {
        case (.samples(let count, let format), .read(let info, let sink)):
            #expect(info.format == format, "\(path)")
            #expect(sink.acceleration.count == count, "\(path)")
            if let reference { #expect(sink.acceleration == reference, "\(path): samples differ from the original") }
        case (.error(let line, let column, let reason), .refused(let error)):
            #expect(error.location.file.hasPrefix(path), "\(error)")
            #expect(error.location.line == line, "\(error)")
            #expect(error.location.column == column, "\(error)")
            #expect(error.reason.hasPrefix(reason), "\(error)")
        case (_, .read(let info, let sink)):
            Issue.record("\(path): expected \(expected), read \(info.format) with \(sink.acceleration.count) samples")
        case (_, .refused(let error)):
            Issue.record("\(path): expected \(expected), refused: \(error)")
        }
    }

    @Test func genericColumns() throws {
        let rows = Self.table("formats/generic/timestamp-ms.csv", lines: 301)  // timestamp,accX,accY,accZ
        let original = files.write("generic.csv", Self.text(rows))
        let reference = try #require(outcome(original).sink?.acceleration)
        #expect(reference.count == 300)
        let unknown = "unknown format: header"
        check("generic-shuffled.csv", Self.text(Self.columns(rows, [2, 3, 0, 1])), .samples(300, .generic), same: reference)
        check("generic-reversed.csv", Self.text(Self.columns(rows, [3, 2, 1, 0])), .samples(300, .generic), same: reference)
        check("generic-duplicated.csv", Self.text(Self.columns(rows, [0, 1, 2, 3, 1, 2, 3])), .samples(300, .generic), same: reference)
        check("generic-time-twice.csv", Self.text(Self.columns(rows, [0, 0, 1, 2, 3])), .samples(300, .generic), same: reference)
        var plain = rows
        plain[0] = ["time", "x", "y", "z"]
        check("generic-plain-names.csv", Self.text(plain), .samples(300, .generic), same: reference)
        var renamed = rows
        renamed[0][0] = "foo"
        // Axes named but no time column: the error asks for the rate (or --columns).
        let untimed = "header names acceleration 'accX', 'accY', 'accZ' but no time column: give the sampling rate (--rate HZ"
        check("generic-renamed-time.csv", Self.text(renamed), .error(line: 1, column: 1, untimed))
        renamed = rows
        renamed[0] = ["timestamp", "a", "b", "c"]
        check("generic-renamed-axes.csv", Self.text(renamed), .error(line: 1, column: 1, unknown))
        for missing in 0..<4 {
            let order = (0..<4).filter { $0 != missing }
            check("generic-missing\(missing).csv", Self.text(Self.columns(rows, order)), .error(line: 1, column: 1, missing == 0 ? untimed : unknown))
        }
        // A data row with a column less than the header: skipped and located, not misread.
        var short = rows
        short[100].removeLast()
        let shortPath = files.write("generic-short-row.csv", Self.text(short))
        let info = try #require(outcome(shortPath).info)
        #expect(info.skipped.examples.map(\.description) == ["\(shortPath):101:22: expected 4 fields, found 3"])
    }

    @Test func phyphoxColumns() throws {
        // "Time (s)","Acceleration x (m/s^2)",…,"Absolute acceleration (m/s^2)"
        let rows = Self.table("formats/phyphox/Acceleration with g/Raw Data.csv", lines: 301)
        let reference = try #require(outcome(files.write("phyphox.csv", Self.text(rows))).sink?.acceleration)
        #expect(reference.count == 300)
        let unknown = "unknown format: header"
        check("phyphox-reversed.csv", Self.text(Self.columns(rows, [4, 3, 2, 1, 0])), .samples(300, .phyphox), same: reference)
        check("phyphox-duplicated.csv", Self.text(Self.columns(rows, [0, 1, 2, 3, 4, 0, 1, 2, 3])), .samples(300, .phyphox), same: reference)
        check("phyphox-no-absolute.csv", Self.text(Self.columns(rows, [0, 1, 2, 3])), .samples(300, .phyphox), same: reference)
        for missing in 0..<4 {
            let order = (0..<5).filter { $0 != missing }
            let untimed = "header names acceleration 'Acceleration x (m/s^2)', 'Acceleration y (m/s^2)', 'Acceleration z (m/s^2)' but no time column"
            check("phyphox-missing\(missing).csv", Self.text(Self.columns(rows, order)), .error(line: 1, column: 1, missing == 0 ? untimed : unknown))
        }
        // phyphox in another language names its columns in it: German's `Zeit (s)` is a time
        // (since 2026-11-27; before, refused for want of one) and its axes are known: read as a
        // generic table, every row.
        var german = rows
        german[0] = [
            "\"Zeit (s)\"", "\"Beschleunigung x (m/s^2)\"", "\"Beschleunigung y (m/s^2)\"", "\"Beschleunigung z (m/s^2)\"",
            "\"Absolute Beschleunigung (m/s^2)\"",
        ]
        check("phyphox-german.csv", Self.text(german), .samples(300, .generic), same: reference)
    }

    @Test func sensorLogColumns() throws {
        let rows = Self.table("formats/sensorlog/SensorLog_walk.csv", lines: 301)
        let header = rows[0]
        let reference = try #require(outcome(files.write("sensorlog.csv", Self.text(rows))).sink?.acceleration)
        #expect(reference.count == 300)
        func without(_ prefixes: [String]) -> [[String]] {
            Self.columns(rows, header.indices.filter { index in !prefixes.contains { header[index].hasPrefix($0) } })
        }
        var order = Array(header.indices)
        var generator = SplitMix64(seed: 7)
        order.shuffle(using: &generator)
        check("sensorlog-shuffled.csv", Self.text(Self.columns(rows, order)), .samples(300, .sensorLog), same: reference)
        let x = try #require(header.firstIndex { $0.hasPrefix("accelerometerAccelerationX") })
        check("sensorlog-duplicated.csv", Self.text(Self.columns(rows, Array(header.indices) + [x, 0])), .samples(300, .sensorLog), same: reference)
        // Without the accelerometer's clock: the loggingTime clock, the same samples within 1 ms.
        let loggingClock = try #require(outcome(files.write("sensorlog-no-clock.csv", Self.text(without(["accelerometerTimestamp"])))).sink)
        #expect(loggingClock.acceleration.count == 300)
        #expect(zip(loggingClock.acceleration, reference).allSatisfy { abs($0.time - $1.time) < 0.002 && $0.x == $1.x })
        // Without one accelerometer axis (or with them renamed): device motion instead, said in the notes.
        for (name, variant) in [
            ("sensorlog-missing-z.csv", without(["accelerometerAccelerationZ"])),
            ("sensorlog-renamed.csv", [header.map { $0.replacingOccurrences(of: "accelerometerAcceleration", with: "accelAccel") }] + rows.dropFirst()),
        ] {
            let path = files.write(name, Self.text(variant))
            check(path: path, .samples(300, .sensorLog))
            #expect(outcome(path).info?.notes.contains("no accelerometer columns: total acceleration = motionUserAcceleration + motionGravity") == true)
        }
    }

    /// A SensorLog file whose acceleration columns (or every clock) are all missing has 300 data
    /// rows; it is refused, but as "no data rows", without a place, and its pedometer columns are
    /// dropped too.
    @Test(arguments: [
        ["accelerometerAcceleration", "motionUserAcceleration"],
        ["accelerometerTimestamp", "motionTimestamp", "loggingTime"],
    ])
    func sensorLogWithoutAccelerationIsRefusedClearly(missing: [String]) throws {
        let rows = Self.table("formats/sensorlog/SensorLog_walk.csv", lines: 301)
        let header = rows[0]
        let kept = header.indices.filter { index in !missing.contains { header[index].hasPrefix($0) } }
        let path = files.write("sensorlog-without-\(missing[0]).csv", Self.text(Self.columns(rows, kept)))
        let error = try #require(outcome(path).error)
        #expect(error.location.file == path)
        #expect(error.location.line == 1, "\(error)")
        #expect(error.reason.hasPrefix("SensorLog header has no"), "\(error)")
    }

    @Test func sensorLoggerColumns() throws {
        // TotalAcceleration.csv on its own: time,seconds_elapsed,z,y,x
        let rows = Self.table("formats/sensor-logger/android/TotalAcceleration.csv", lines: 301)
        let reference = try #require(outcome(files.write("TotalAcceleration.csv", Self.text(rows))).sink?.acceleration)
        #expect(reference.count == 300)
        let expected = "expected columns time,…,z,y,x"
        check("sl-shuffled.csv", Self.text(Self.columns(rows, [0, 1, 4, 2, 3])), .samples(300, .sensorLogger), same: reference)
        check("sl-duplicated.csv", Self.text(Self.columns(rows, [0, 1, 2, 3, 4, 2, 3, 4])), .samples(300, .sensorLogger), same: reference)
        check("sl-no-elapsed.csv", Self.text(Self.columns(rows, [0, 2, 3, 4])), .samples(300, .sensorLogger), same: reference)
        // Time not first: no longer a Sensor Logger header, read as a generic CSV on seconds_elapsed.
        check("sl-reversed.csv", Self.text(Self.columns(rows, [4, 3, 2, 1, 0])), .samples(300, .generic))
        check("sl-no-time.csv", Self.text(Self.columns(rows, [1, 2, 3, 4])), .samples(300, .generic))
        for missing in 2..<5 {
            let order = (0..<5).filter { $0 != missing }
            check("sl-missing\(missing).csv", Self.text(Self.columns(rows, order)), .error(line: 1, column: 1, expected))
        }
        var renamed = rows
        renamed[0] = ["time", "seconds_elapsed", "accZ", "accY", "accX"]
        check("sl-renamed.csv", Self.text(renamed), .error(line: 1, column: 1, expected))

        // The same damage inside an export folder: the error names the file in the folder.
        let android = Fixtures.path("formats/sensor-logger/android")
        for (name, order, expect) in [
            ("shuffled", [0, 1, 4, 2, 3], Expect.samples(1999, .sensorLogger)),
            ("missing-y", [0, 1, 2, 4], Expect.error(line: 1, column: 1, expected)),
        ] {
            let folder = files.path("export-\(name)")
            try FileManager.default.copyItem(atPath: android, toPath: folder)
            let full = Self.table("formats/sensor-logger/android/TotalAcceleration.csv", lines: 2000)
            let total = folder + "/TotalAcceleration.csv"
            try FileManager.default.removeItem(atPath: total)
            _ = FileManager.default.createFile(atPath: total, contents: Data(Self.text(Self.columns(full, order)).utf8))
            check(path: folder, expect)
            if case .error = expect { #expect(outcome(folder).error?.location.file == total) }
        }
    }

    @Test func oxfordLogColumns() throws {
        // Headerless ns,x,y,z,stepsAlgorithm,stepsGroundTruth,stepsHardware: only the layout says what is what.
        let rows = Self.table("formats/oxford-log/Samsung_Jamie_Hard_InHand_1_hardware.csv", lines: 300)
        let reference = try #require(outcome(files.write("oxford-log.csv", Self.text(rows))).sink?.acceleration)
        #expect(reference.count == 300)
        let headerless = "unknown format: headerless with"
        check("ox-shuffled.csv", Self.text(Self.columns(rows, [1, 0, 2, 3, 4, 5, 6])), .error(line: 1, column: 1, headerless))
        check("ox-duplicated.csv", Self.text(Self.columns(rows, [0, 1, 2, 3, 4, 5, 6, 3])), .error(line: 1, column: 1, headerless))
        for missing in 0..<7 {
            let order = (0..<7).filter { $0 != missing }
            check("ox-missing\(missing).csv", Self.text(Self.columns(rows, order)), .error(line: 1, column: 1, headerless))
        }
        // Given names, it is a generic CSV (the step columns ignored).
        check("ox-named.csv", Self.text([["ns", "x", "y", "z", "a", "b", "c"]] + rows), .samples(300, .generic), same: reference)
    }

    @Test func oxfordFolderColumns() throws {
        // accelerometer.csv: ns,accuracy,x,y,z read by position.
        let source = Fixtures.path("oxford/Samsung_Jamie_Hard_InHand_1")
        let rows = Self.table("oxford/Samsung_Jamie_Hard_InHand_1/accelerometer.csv", lines: 300)
        func folder(_ name: String, _ variant: [[String]]) throws -> String {
            let folder = files.path(name)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source + "/stepcounter.csv", toPath: folder + "/stepcounter.csv")
            _ = FileManager.default.createFile(atPath: folder + "/accelerometer.csv", contents: Data(Self.text(variant).utf8))
            return folder
        }
        let reference = try #require(outcome(try folder("ox-original", rows)).sink?.acceleration)
        #expect(reference.count == 300)
        check(path: try folder("ox-duplicated", Self.columns(rows, [0, 1, 2, 3, 4, 4])), .samples(300, .oxford), same: reference)
        // A column missing: every row skipped and reported (the foot switches are still read).
        let missing = outcome(try folder("ox-missing", Self.columns(rows, [0, 2, 3, 4])))
        let info = try #require(missing.info)
        #expect(missing.sink?.acceleration.isEmpty == true)
        #expect(info.skipped.count == 300)
        #expect(info.skipped.byReason == ["expected 5 fields, found 4": 300])
        // Shuffled: read by position, so x is taken as the time and the timestamp as x; the
        // nonsense is not hidden: no row holds an acceleration a body-worn sensor could read,
        // each is skipped and located, and only the foot switches are left (it was read with
        // its samples going back in time dropped and reported until 2026-11-26).
        let shuffled = outcome(try folder("ox-shuffled", Self.columns(rows, [2, 1, 0, 3, 4])))
        let skipped = try #require(shuffled.info?.skipped)
        #expect(shuffled.sink?.acceleration.isEmpty == true)
        #expect(skipped.count == 300)
        #expect(skipped.reasonsByFrequency.first?.reason.contains("beyond any body-worn sensor's range") == true, "\(skipped.byReason)")
        #expect(skipped.examples.first?.location.column != nil)
    }

    // MARK: (c) Units and time units mislabelled, timestamps backwards or all equal

    /// Rows `time,x,y,z` of the generic fixture with a new header and values scaled.
    private func relabelled(_ name: String, header: String, timeScale: Double = 1, valueScale: Double = 1) -> String {
        let rows = Self.table("formats/generic/timestamp-ms.csv", lines: 2001).dropFirst().filter { $0.count == 4 }
        var text = header + "\n"
        for row in rows {
            let t = Double(row[0])! * timeScale
            text += "\(t),\(Double(row[1])! * valueScale),\(Double(row[2])! * valueScale),\(Double(row[3])! * valueScale)\n"
        }
        return files.write(name, text)
    }

    /// The median magnitude of the relabelled tables' source, read as its header says (m/s^2).
    private func sourceMedianMagnitude() throws -> Double {
        Self.medianMagnitude(try #require(outcome(Fixtures.path("formats/generic/timestamp-ms.csv")).sink?.acceleration))
    }

    private static func medianMagnitude(_ samples: [AccelerationSample]) -> Double {
        let sorted = samples.map { ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() }.sorted()
        return sorted[sorted.count / 2]
    }

    /// Values in g under a header that says m/s^2: gravity steady at 1 is no acceleration
    /// without gravity (its magnitude varies by a quarter or more), so the data's g is read, and
    /// said so. (Until 2026-11-25 read as gravity-free m/s^2, noted: the walk came out 0 steps.)
    @Test func gValuesLabelledMetersPerSecondSquared() throws {
        let path = relabelled("g-as-mps2.csv", header: "timestamp,accX (m/s^2),accY (m/s^2),accZ (m/s^2)", valueScale: 1 / standardGravity)
        let result = outcome(path)
        let info = try #require(result.info)
        let samples = try #require(result.sink?.acceleration)
        #expect(samples.count == 2000)
        #expect(result.sink?.accelerationKinds == [.total])
        #expect(abs(Self.medianMagnitude(samples) - (try sourceMedianMagnitude())) < 1e-3)
        #expect(info.notes.contains { $0.hasPrefix("acceleration headed in m/s^2 reads like gravity in g (median magnitude 0.99") })
    }

    /// m/s^2 values under a header that says g. A generic table's header gives way to the data
    /// (gravity steady at 9.8: m/s^2, noted). SensorLog's `(G)` is the app's own unit: read as
    /// written, about 9.8 g, a magnitude no phone shows for long, and reported as a problem.
    @Test func metersPerSecondSquaredLabelledG() throws {
        let generic = relabelled("mps2-as-g.csv", header: "timestamp,accX (g),accY (g),accZ (g)")
        let rows = Self.table("formats/sensorlog/SensorLog_walk.csv", lines: 601)
        let axes = rows[0].indices.filter { rows[0][$0].hasPrefix("accelerometerAcceleration") }
        var scaled = rows
        for row in 1..<scaled.count where scaled[row].count == rows[0].count {
            for axis in axes { scaled[row][axis] = String(Double(scaled[row][axis])! * standardGravity) }
        }
        let sensorLog = files.write("sensorlog-mps2-as-g.csv", Self.text(scaled))
        for path in [generic, sensorLog] {
            let result = outcome(path)
            let info = try #require(result.info)
            let samples = try #require(result.sink?.acceleration)
            #expect(samples.count == (path == generic ? 2000 : 600))
            let problems = info.stream("acceleration")?.problems ?? []
            if path == generic {
                #expect(abs(Self.medianMagnitude(samples) - (try sourceMedianMagnitude())) < 1e-3)
                #expect(info.notes.contains { $0.hasPrefix("acceleration headed in g reads like gravity in m/s^2") })
                #expect(!problems.contains { $0.contains("check the acceleration unit") }, "\(problems)")
            } else {
                // Read as written: g × 9.80665, so about 96 m/s^2 at rest.
                #expect(Self.medianMagnitude(samples) > 80)
                #expect(problems.contains { $0.hasPrefix("median magnitude") && $0.contains("check the acceleration unit") }, "\(path): \(problems)")
            }
        }
    }

    /// A time unit in the header that contradicts the data: the rate it gives (0.1 Hz, 100 kHz)
    /// is impossible for a phone accelerometer, while the data's own spacing fits another unit:
    /// that unit is read, and said; `--time-unit` keeps the header's, whose rate is reported as
    /// a problem. (Until 2026-11-25 the header's unit was kept and only the problem reported.)
    @Test(arguments: [
        ("ms-as-s.csv", "time (s),accX,accY,accZ", 1.0, "s", "ms", 0.1),  // ms values labelled s
        ("s-as-ms.csv", "time_ms,accX,accY,accZ", 0.001, "ms", "s", 100_000.0),  // s values labelled ms
    ])
    func timeUnitMislabelled(name: String, header: String, timeScale: Double, stated: String, read: String, statedRate: Double) throws {
        let path = relabelled(name, header: header, timeScale: timeScale)
        let info = try #require(outcome(path).info)
        let stream = try #require(info.stream("acceleration"))
        #expect(stream.sampleCount == 2000)
        #expect(abs(try #require(stream.rate) / 100 - 1) < 0.01)
        #expect(!stream.problems.contains { $0.hasPrefix("sampling rate") })
        #expect(info.notes.contains { $0.hasPrefix("time headed in \(stated) reads like \(read) (median spacing") && $0.hasSuffix("read as \(read) (--time-unit \(stated) to keep the header's unit)") }, "\(info.notes)")

        let kept = try #require(outcome(path, IngestOptions(timeUnit: TimeUnit(rawValue: stated))).info?.stream("acceleration"))
        #expect(abs(try #require(kept.rate) / statedRate - 1) < 0.01)
        #expect(kept.problems.contains { $0.hasPrefix("sampling rate") && $0.contains("check the time unit") }, "\(kept.problems)")
    }

    @Test func timestampsBackwardsOrAllEqual() throws {
        let rows = Self.table("formats/generic/timestamp-ms.csv", lines: 2001).dropFirst().filter { $0.count == 4 }
        // Every row going backwards, the unit stated: a table sorted newest first, refused (until
        // 2026-11-26 read as its one first sample, the 1999 others dropped with a warning: a walk
        // came out at 0 steps, exit 0).
        let backwards = files.write("backwards.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + rows.reversed()))
        #expect(outcome(backwards).error?.description == "\(backwards): 1999 of the 2000 acceleration samples go back in time: the rows are newest first, or in no time order? sort them by time, oldest first")
        let plain = try #require(outcome(files.write("plain.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + rows))).sink?.acceleration)
        // A few rows out of order, each in the hole its absence left: put back in place, the
        // samples those of the file in order (until 2026-11-28 dropped and reported).
        var shuffled = rows
        shuffled.swapAt(100, 101)
        shuffled.swapAt(900, 901)
        let swapped = outcome(files.write("few.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + shuffled)))
        #expect(swapped.sink?.acceleration == plain)
        let few = try #require(swapped.info?.stream("acceleration"))
        #expect(few.outOfOrder == 0 && few.sampleCount == 2000 && few.reorderedSamples == 2)
        #expect(few.problems == ["2 samples written after later ones (batches written late): put back in time order"])
        // A row stamped a millisecond before the one above it (a jittery clock, no hole to
        // fill) is dropped and reported, the rest read.
        var jittery = rows
        jittery[500][0] = String(Int(rows[499][0])! - 1)
        let dropped = try #require(outcome(files.write("jittery.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + jittery))).info?.stream("acceleration"))
        #expect(dropped.outOfOrder == 1 && dropped.sampleCount == 1999)
        #expect(dropped.problems == ["1 samples with timestamps going backwards (dropped)"])
        // One row's acceleration beyond any body-worn sensor's range (a corrupted value): the
        // row skipped and located, the rest read as without it (until 2026-11-26 read as a
        // sample, whose ringing through the filters lost 3 steps of a 35-step walk at 1000 m/s^2
        // and 17 at 10^6).
        for spike in ["1000", "1e6", "-2000"] {
            var corrupted = rows
            corrupted[500][1] = spike
            let read = outcome(files.write("spike.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + corrupted)))
            let info = try #require(read.info)
            #expect(info.skipped.count == 1)
            #expect(info.skipped.examples.first?.location.line == 502)
            #expect(info.skipped.examples.first?.reason.contains("beyond any body-worn sensor's range (100 g)") == true, "\(info.skipped.examples)")
            #expect(read.sink?.acceleration.count == rows.count - 1)
        }
        // Rows written twice (time and values repeated exactly): dropped and reported, the
        // samples those of the file without them (until 2026-11-26 taken for samples delivered
        // in a batch and spread over the time before them).
        let twice = rows.enumerated().flatMap { index, row in index % 7 == 0 ? [row, row] : [row] }
        let repeated = outcome(files.write("twice.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + twice)))
        #expect(repeated.sink?.acceleration == plain)
        let repeatedStream = try #require(repeated.info?.stream("acceleration"))
        #expect(repeatedStream.problems == ["286 rows repeating the row before them exactly, time and values (dropped)"])
        // A stretch sent again after later rows (a sync: rows 1000–1199 once more after 1199),
        // and half-second batches written in swapped pairs: the samples those of the file in
        // order (until 2026-11-28 each taken for a restarted clock: the stretch's steps counted
        // twice, and every swap moved the rest of the walk 10 s later).
        let resent = Array(rows[..<1200] + rows[1000..<1200] + rows[1200...])
        let again = outcome(files.write("again.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + resent)))
        #expect(again.sink?.acceleration == plain)
        #expect(try #require(again.info?.stream("acceleration")).problems == ["200 rows written again after later rows, time and values (a stretch sent twice: dropped)"])
        // (From the second second on: a first batch written late is put back before the first
        // row, which is time 0, so that it starts at -0.5 s.)
        var batches = Array(rows[..<100])
        for start in stride(from: 100, to: rows.count, by: 100) {
            batches += rows[(start + 50)..<(start + 100)]
            batches += rows[start..<(start + 50)]
        }
        let late = outcome(files.write("late.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + batches)))
        #expect(late.sink?.acceleration == plain)
        #expect(try #require(late.info?.stream("acceleration")).reorderedSamples == 950)
        // All equal: kept, reported.
        let equal = rows.map { [rows[0][0]] + $0.dropFirst() }
        let same = files.write("same-time.csv", Self.text([["time_ms", "accX", "accY", "accZ"]] + equal))
        let sameStream = try #require(outcome(same).info?.stream("acceleration"))
        #expect(sameStream.sampleCount == 2000)
        #expect(sameStream.duplicateTimestamps == 1999)
        #expect(sameStream.problems == ["1999 duplicate timestamps"])
        // The unit not stated: it cannot be inferred, and the message says what to do.
        let sameInferred = files.write("same-inferred.csv", Self.text([["timestamp", "accX", "accY", "accZ"]] + equal))
        #expect(try #require(outcome(sameInferred).error).description == "\(sameInferred): cannot infer the time unit: the first rows' times do not move forward; give --time-unit ns|us|ms|s, or time the rows by their rate: --rate HZ")
        let reversed = files.write("backwards-inferred.csv", Self.text([["timestamp", "accX", "accY", "accZ"]] + rows.reversed()))
        #expect(try #require(outcome(reversed).error).description == "\(reversed): cannot infer the time unit: the first rows' times go backwards: the rows are newest first? sort them oldest first")
        // Rows in no time order (a database's export without ORDER BY) are not said to be only
        // newest first (until 2026-11-28 they were), the unit stated or inferred.
        let noOrder = rows.indices.sorted { ($0 * 7919) % rows.count < ($1 * 7919) % rows.count }.map { rows[$0] }
        for (name, time) in [("shuffled.csv", "time_ms"), ("shuffled-inferred.csv", "timestamp")] {
            let path = files.write(name, Self.text([[time, "accX", "accY", "accZ"]] + noOrder))
            let error = try #require(outcome(path).error).description
            #expect(error.hasSuffix("acceleration samples go back in time: the rows are newest first, or in no time order? sort them by time, oldest first"), "\(error)")
        }
    }

    // MARK: (d) NUL bytes, UTF-16, byte-order marks, line endings

    /// A fixture's bytes rewritten: CR removed, then each line ended by `ending`, after `prefix`.
    private static func reencoded(_ bytes: [UInt8], ending: [UInt8], prefix: [UInt8] = []) -> [UInt8] {
        var result = prefix
        for byte in bytes where byte != UInt8(ascii: "\r") {
            if byte == UInt8(ascii: "\n") { result += ending } else { result.append(byte) }
        }
        return result
    }

    /// LF, CRLF, CR, a UTF-8 BOM and BOM + CRLF all give exactly the samples of the fixture.
    @Test(arguments: [
        "formats/generic/timestamp-ms.csv", "formats/generic/headerless-ns.csv", "formats/generic/semicolon-g.csv",
        "formats/phyphox/Acceleration with g/Raw Data.csv", "formats/sensorlog/SensorLog_walk.csv",
        "formats/oxford-log/Samsung_Jamie_Hard_InHand_1_hardware.csv", "formats/steps/cumulative.csv",
        "formats/sensor-logger/android", "oxford/Samsung_Jamie_Hard_InHand_1",
    ])
    func lineEndingsAndByteOrderMark(relative: String) throws {
        let source = Fixtures.path(relative)
        let isFolder = FileSystem.isDirectory(source)
        let names = isFolder ? try FileManager.default.contentsOfDirectory(atPath: source).sorted() : [""]
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        var reference: (RecordingInfo, CollectingSink)?
        for (variant, ending, prefix) in [("lf", [lf], [UInt8]()), ("crlf", [cr, lf], []), ("cr", [cr], []), ("bom", [lf], bom), ("bom-crlf", [cr, lf], bom)] {
            let target = files.path(variant + "/" + (isFolder ? FileSystem.lastComponent(source) : FileSystem.lastComponent(relative)))
            for name in names {
                let from = isFolder ? source + "/" + name : source
                let bytes = Array(FileManager.default.contents(atPath: from)!)
                let to = isFolder ? target + "/" + name : target
                try FileManager.default.createDirectory(atPath: FormatDetector.parentFolder(to), withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: to, contents: Data(Self.reencoded(bytes, ending: ending, prefix: prefix)))
            }
            switch outcome(target) {
            case .refused(let error):
                Issue.record("\(relative) with \(variant): \(error)")
            case .read(let info, let sink):
                guard let (referenceInfo, referenceSink) = reference else {
                    reference = (info, sink)
                    #expect(!sink.acceleration.isEmpty || !sink.steps.isEmpty)
                    continue
                }
                #expect(info.format == referenceInfo.format, "\(variant)")
                #expect(info.skipped.count == referenceInfo.skipped.count, "\(variant)")
                #expect(sink.acceleration.count == referenceSink.acceleration.count, "\(relative) with \(variant)")
                #expect(sink.acceleration == referenceSink.acceleration, "\(relative) with \(variant)")
                #expect(sink.steps == referenceSink.steps, "\(relative) with \(variant)")
                #expect(sink.locations == referenceSink.locations, "\(relative) with \(variant)")
                #expect(sink.pressures == referenceSink.pressures, "\(relative) with \(variant)")
                #expect(info.startDate == referenceInfo.startDate, "\(relative) with \(variant)")
                // (Oxford metadata.txt with CRLF once kept its "\r\n": "\r\n" is one Character.)
                #expect(info.device == referenceInfo.device, "\(relative) with \(variant)")
            }
        }
    }

    @Test func utf16IsRefusedAtTheStart() throws {
        let text = String(decoding: Self.bytes("formats/generic/timestamp-ms.csv"), as: UTF8.self)
        let littleEndian = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf16 = "file is UTF-16 encoded; save or export it as UTF-8 CSV"
        for (name, bytes, message) in [
            ("le-bom.csv", [0xFF, 0xFE] + littleEndian, "1:1: " + utf16),
            ("be-bom.csv", [0xFE, 0xFF] + bigEndian, "1:1: " + utf16),
            // Without a BOM the zero high bytes are NULs: binary, at the first one.
            ("le.csv", littleEndian, "1:2: binary data (NUL byte), not a text CSV file"),
            ("be.csv", bigEndian, "1:1: binary data (NUL byte), not a text CSV file"),
        ] {
            let path = files.write(name, bytes)
            #expect(outcome(path).error?.description == "\(path):\(message)")
        }
    }

    /// GENEActiv's PC software pads an empty free-text field of its header with NULs up to the
    /// line's end (`Subject Notes,\0\0…\r\n`, as in the real export `Fixtures/lower-back/
    /// geneactiv-gaitpy-demo.csv`): text, read as without them. NULs followed by anything but
    /// the line's end are still binary data, where the first one is.
    @Test func nulPaddedHeaderFields() throws {
        let good = Self.bytes("formats/geneactiv/raw.csv")
        func padding(_ field: String, with tail: [UInt8]) -> [UInt8] {
            let key = Array((field + ",\n").utf8)
            let start = try! #require((0...(good.count - key.count)).first { Array(good[$0..<($0 + key.count)]) == key })
            var padded = good
            padded.insert(contentsOf: tail, at: start + key.count - 1)
            return padded
        }
        let nuls = [UInt8](repeating: 0, count: 100)
        let reference = outcome(files.write("geneactiv.csv", good))
        let paddedPath = files.write("geneactiv-padded.csv", padding("Subject Notes", with: nuls))
        let padded = outcome(paddedPath)
        #expect(padded.error == nil)
        #expect(padded.sink?.acceleration.count == reference.sink?.acceleration.count)
        #expect(padded.sink?.acceleration.last == reference.sink?.acceleration.last)
        #expect(padded.info?.format == reference.info?.format)
        let crlfPath = files.write("geneactiv-padded-crlf.csv", padding("Study Centre", with: nuls + [0x0D]))
        #expect(outcome(crlfPath).sink?.acceleration.count == reference.sink?.acceleration.count)
        let brokenPath = files.write("geneactiv-broken.csv", padding("Study Centre", with: [0, 0, 0x41]))
        #expect(outcome(brokenPath).error?.description == "\(brokenPath):16:14: binary data (NUL byte), not a text CSV file")
    }

    @Test func nulBytes() throws {
        let good = Self.bytes("formats/generic/timestamp-ms.csv")  // 2000 rows, 35 bytes a row
        func lineStart(_ line: Int) -> Int {
            var seen = 1
            for (index, byte) in good.enumerated() where byte == UInt8(ascii: "\n") {
                seen += 1
                if seen == line { return index + 1 }
            }
            fatalError()
        }
        // In the first 4 KiB: the file is taken as binary, at the NUL.
        var early = good
        early.insert(0, at: lineStart(5) + 5)
        let earlyPath = files.write("nul-early.csv", early)
        #expect(outcome(earlyPath).error?.description == "\(earlyPath):5:6: binary data (NUL byte), not a text CSV file")
        // Later, inside a timestamp: that row is skipped and located, the rest read.
        var late = good
        late.insert(0, at: lineStart(1000) + 5)
        let latePath = files.write("nul-late.csv", late)
        let lateResult = outcome(latePath)
        let lateInfo = try #require(lateResult.info)
        #expect(lateResult.sink?.acceleration.count == 1999)
        #expect(lateInfo.skipped.count == 1)
        #expect(lateInfo.skipped.examples.first?.location == PedometerIngest.SourceLocation(file: latePath, line: 1000, column: 1))
        // A line of NULs later on: skipped as a short row.
        var line = good
        line.insert(contentsOf: [0, 0, 0, 0, UInt8(ascii: "\n")], at: lineStart(1500))
        let linePath = files.write("nul-line.csv", line)
        let lineResult = outcome(linePath)
        #expect(lineResult.sink?.acceleration.count == 2000)
        #expect(lineResult.info?.skipped.examples.map(\.description) == ["\(linePath):1500:1: expected 4 fields, found 1"])
        // A NUL at the end (a file padded by a crash while recording): the last row is skipped.
        let padded = files.write("nul-padded.csv", good + [UInt8](repeating: 0, count: 4096))
        let paddedResult = outcome(padded)
        #expect(paddedResult.sink?.acceleration.count == 2000)
        #expect(paddedResult.info?.skipped.count == 1)
        #expect(paddedResult.info?.skipped.examples.first?.location.line == 2002)
    }

    // MARK: (e) Folders and zips that are not exports, unreadable files

    @Test func foldersThatAreNotExports() throws {
        let empty = files.path("empty-folder")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let notes = files.path("photos")
        files.write("photos/readme.md", "holiday")
        files.write("photos/img.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        // A folder named like a CSV file.
        let named = files.path("walk.csv")
        try FileManager.default.createDirectory(atPath: named, withIntermediateDirectories: true)
        for folder in [empty, notes, named] {
            let error = try #require(outcome(folder).error)
            #expect(error.location == PedometerIngest.SourceLocation(file: folder))
            #expect(error.reason.hasPrefix("folder is not a recording: expected a Sensor Logger export"))
        }
        // Discovery finds nothing in them (the command line's behaviour with them is in BatchRobustnessTests).
        #expect(RecordingDiscovery.recordings(in: [empty]).isEmpty)
        #expect(RecordingDiscovery.recordings(in: [notes]).isEmpty)
    }

    @Test func zipsThatAreNotExports() throws {
        let android = Self.bytes("formats/sensor-logger/android.zip")
        let notZip = "not a readable zip archive: "
        for (name, bytes) in [
            ("empty.zip", [UInt8]()),
            ("text.zip", Array("time,x,y,z\n0,0,0,9.8\n".utf8)),
            ("head.zip", Array(android.prefix(3000))),
            ("tail-cut.zip", Array(android.dropLast(10))),
            ("random.zip", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }),
        ] {
            let path = files.write(name, bytes)
            let error = try #require(outcome(path).error, "\(name)")
            #expect(error.location == PedometerIngest.SourceLocation(file: path), "\(error)")
            #expect(error.reason.hasPrefix(notZip), "\(error)")
        }
        // A valid zip without an export or a data file in it.
        let noExport = files.write("no-export.zip", Self.storedZip(["notes/readme.md": Array("hello\n".utf8)]))
        #expect(outcome(noExport).error?.description
            == "\(noExport): zip archive holds no recording: no Sensor Logger or Oxford export (TotalAcceleration.csv, Accelerometer.csv …), nor a single data file (.csv, .tsv, .txt)")
        // Several data files of no one export, a zip of recordings: said so, with how to read
        // them (until 2026-11-28 said to hold no recording).
        let walk = Array("time,x,y,z\n0,0,0,9.8\n".utf8)
        let several = files.write("walks.zip", Self.storedZip(["b/run.csv": walk, "a/walk.csv": walk, "notes/readme.txt": Array("hello\n".utf8)]))
        #expect(outcome(several).error?.description
            == "\(several): zip archive holds 3 data files (a/walk.csv, b/run.csv, notes/readme.txt) of no one export: a zip is read as one recording; unzip it to read each file")
        // An export in a zip with a broken CSV: located inside the zip.
        let broken = Self.storedZip(["rec/TotalAcceleration.csv": Array("time,seconds_elapsed,z,y,x\n1,0,9.8,0,0\n2,\0,9.8,0,0\n".utf8)])
        let brokenPath = files.write("broken-export.zip", broken)
        #expect(outcome(brokenPath).error?.description == "\(brokenPath)/rec/TotalAcceleration.csv:3:3: binary data (NUL byte), not a text CSV file")
    }

    /// One bit flipped in the compressed TotalAcceleration.csv of a Sensor Logger zip: the
    /// entry fails its CRC-32, and reading says so (the damaged data was once read as if it
    /// were the recording: the checksum `extract` returns was ignored).
    @Test func zipEntryFailingItsChecksum() throws {
        var bytes = Self.bytes("formats/sensor-logger/android.zip")
        let name = Array("TotalAcceleration.csv".utf8)
        let nameAt = try #require((0...(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name })
        let header = nameAt - 30
        #expect(Array(bytes[header..<(header + 4)]) == [0x50, 0x4B, 0x03, 0x04])
        func le(_ offset: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 | Int(bytes[header + offset + $1]) << (8 * $1) } }
        let dataStart = header + 30 + le(26, 2) + le(28, 2)
        let compressed = le(18, 4)
        bytes[dataStart + compressed / 2] ^= 0x01
        let path = files.write("bit-flip.zip", bytes)
        let result = outcome(path)
        let error = try #require(result.error, "read: \(String(describing: result.info?.notes))")
        #expect(error.location.file == path)
        #expect(error.reason == "corrupt zip archive: TotalAcceleration.csv fails its CRC-32 check")
    }

    /// A minimal zip (stored, no compression) of the given files.
    private static func storedZip(_ entries: [String: [UInt8]]) -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        func crc32(_ data: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in data {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        var body: [UInt8] = []
        var central: [UInt8] = []
        for (name, data) in entries.sorted(by: { $0.key < $1.key }) {
            let nameBytes = Array(name.utf8)
            let crc = crc32(data)
            let offset = body.count
            let common = le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21) + le32(crc)
                + le32(UInt32(data.count)) + le32(UInt32(data.count)) + le16(nameBytes.count) + le16(0)
            body += [0x50, 0x4B, 0x03, 0x04] + common + nameBytes + data
            central += [0x50, 0x4B, 0x01, 0x02] + le16(20) + common + le16(0) + le16(0) + le16(0)
                + le32(0) + le32(UInt32(offset)) + nameBytes
        }
        let end: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
            + le32(UInt32(central.count)) + le32(UInt32(body.count)) + le16(0)
        return body + central + end
    }

    /// chmod 000: refused with the reason. Root reads it anyway, so the test is skipped there.
    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its permission bits"))
    func unreadableFile() throws {
        let path = files.write("locked.csv", Self.bytes("formats/generic/timestamp-ms.csv"))
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        #expect(outcome(path).error?.description == "\(path): cannot open: permission denied")
    }

    /// Files that cannot be opened even by root: a dangling symbolic link and a loop of them.
    @Test func filesThatCannotBeOpened() throws {
        let dangling = files.path("dangling.csv")
        #expect(symlink(files.path("missing.csv"), dangling) == 0)
        #expect(outcome(dangling).error?.description == "\(dangling): no such file or folder")
        let loop = files.path("loop.csv")
        #expect(symlink(loop, loop) == 0)
        #expect(outcome(loop).error?.description == "\(loop): cannot open: too many levels of symbolic links")
    }

    /// A named pipe with a recording's name (what `mkfifo walk.csv` leaves, or a FIFO met while
    /// searching a folder) is refused as not a regular file (a blocking `open(2)` once waited
    /// for a writer: a hang). Should it hang again, the test unblocks it itself after 2 s.
    @Test func namedPipeDoesNotHang() throws {
        let path = files.path("pipe.csv")
        #expect(mkfifo(path, 0o644) == 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: IngestError?
        Thread.detachNewThread {
            var sink = CollectingSink()
            do throws(IngestError) { _ = try RecordingReader.read(path, into: &sink) } catch { result = error }
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 2) == .success
        if !finished {
            // Open the write end and close it: the reader's open returns, and it sees an empty file.
            let writer = open(path, O_WRONLY)
            if writer >= 0 { close(writer) }
            done.wait()
        }
        #expect(finished)
        #expect(result?.location.file == path)
        #expect(result?.reason == "not a regular file (a pipe, socket or device)")
    }

    // MARK: (f) An endless line

    /// MalformedFixtureTests refuses one 100 MB field (line 3, after a header). Here: 20 MB with
    /// no line break at all, as the first line and after good rows, and 20 MB of empty fields
    /// (commas): refused, at the byte where the limit is reached, in bounded time.
    @Test(arguments: [
        ("first-line", "", UInt8(ascii: "7"), "1:4194305: line longer than 4 MiB"),
        ("after-rows", "t,x,y,z\n0,1,2,9.8\n0.01,1,2,9.8\n", UInt8(ascii: "7"), "4:4194305: line longer than 4 MiB"),
        ("commas", "t,x,y,z\n0,1,2,9.8\n0.01,1,2,9.8\n", UInt8(ascii: ","), "4:4194305: line longer than 4 MiB"),
    ])
    func twentyMegabyteLineWithoutNewline(name: String, head: String, filler: UInt8, message: String) throws {
        let path = files.path("long-\(name).csv")
        _ = FileManager.default.createFile(atPath: path, contents: Data(head.utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: filler, count: 1 << 20)
        for _ in 0..<20 { handle.write(block) }
        try handle.close()
        let clock = ContinuousClock()
        let start = clock.now
        let error = outcome(path).error
        let elapsed = clock.now - start
        #expect(error?.description == "\(path):\(message)")
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    /// A 1 GiB line after good rows, written sparse (8 MiB of digits, then a hole up to 1 GiB;
    /// the reader stops long before the hole): refused at the limit, only the limit read.
    @Test func oneGigabyteLine() throws {
        let path = files.path("gigabyte-line.csv")
        _ = FileManager.default.createFile(atPath: path, contents: Data("t,x,y,z\n0,1,2,9.8\n0.01,1,2,9.8\n0.02,".utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
        for _ in 0..<8 { handle.write(block) }
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = outcome(path).error
        #expect(error?.description == "\(path):4:4194305: line longer than 4 MiB")
    }

    /// Reasons that differ only in the value they quote are one, shown with its first value as
    /// an example (until 2026-11-27 each value was a reason: 1,582 rows of spreadsheet numbers
    /// made a 65,000-character warning); an apostrophe is no quote.
    @Test func skippedRowsAreCountedByReasonNotByValue() {
        var skipped = SkippedRows()
        for value in ["abc", "1.194,5", "abc", "x"] {
            skipped.record(IngestError(file: "f.csv", line: 2, column: 3, "z acceleration is not a finite number: '\(value)'"))
        }
        skipped.record(IngestError(file: "f.csv", line: 9, column: 1, "y acceleration is not a finite number: 'q'"))
        skipped.record(IngestError(file: "f.csv", line: 9, column: 1, "shorter than the header's 5 fields"))
        skipped.record(IngestError(file: "f.csv", line: 9, column: 1, "shorter than the header's 6 fields"))
        // A Swiss thousands mark inside a value is no closing quote (the review).
        for value in ["1'032.9", "1'120.0"] {
            skipped.record(IngestError(file: "f.csv", line: 9, column: 1, "x acceleration is not a finite number: '\(value)'"))
        }
        #expect(skipped.byReason["x acceleration is not a finite number: e.g. '1'032.9'"] == 2, "\(skipped.byReason)")
        #expect(skipped.count == 9)
        #expect(skipped.byReason["z acceleration is not a finite number: e.g. 'abc'"] == 4)
        #expect(skipped.byReason["y acceleration is not a finite number: 'q'"] == 1)
        #expect(skipped.byReason["shorter than the header's 5 fields"] == 1 && skipped.byReason["shorter than the header's 6 fields"] == 1)
    }
}
