import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Reading a file in stretches on several threads (acceleration tables, SensorLog exports)
/// gives exactly what one reader gives: the same samples in the same order, the same skipped
/// rows with the same locations, the same error, whatever the stretch size and thread count.
@Suite struct StretchReaderTests {
    /// Everything a read produces, for comparing two reads.
    private struct Outcome: Equatable, CustomStringConvertible {
        var info: RecordingInfo?
        var kinds: [AccelerationKind] = []
        var samples: [AccelerationSample] = []
        var steps: [StepReferenceKind: [StepCountSample]] = [:]
        var locations: [LocationSample] = []
        var pressures: [PressureSample] = []
        var error: String?

        var description: String {
            error ?? "\(samples.count) samples, \(info?.skipped.count ?? 0) skipped"
        }
    }

    private static func read(_ path: String, threads: Int, stretchBytes: Int, strict: Bool = false) -> Outcome {
        var options = IngestOptions(strict: strict, threads: threads)
        options.stretchBytes = stretchBytes
        var sink = CollectingSink()
        do {
            let info = try RecordingReader.read(path, options: options, into: &sink)
            return Outcome(
                info: info, kinds: sink.accelerationKinds, samples: sink.acceleration, steps: sink.steps,
                locations: sink.locations, pressures: sink.pressures)
        } catch {
            return Outcome(error: error.description)
        }
    }

    /// One stretch on one thread: the file read from start to end by one reader.
    private static func readWhole(_ path: String, strict: Bool = false) -> Outcome {
        read(path, threads: 1, stretchBytes: Int.max / 4, strict: strict)
    }

    private static func expectSameReads(
        _ path: String, stretchSizes: [Int], strict: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let whole = readWhole(path, strict: strict)
        for stretchBytes in stretchSizes {
            for threads in [1, 2, 3] {
                let outcome = read(path, threads: threads, stretchBytes: stretchBytes, strict: strict)
                #expect(outcome == whole, "\(path): \(stretchBytes)-byte stretches on \(threads) threads: \(outcome) instead of \(whole)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: [
        "formats/generic/headerless-accuracy.csv", "formats/generic/headerless-ns.csv",
        "formats/generic/semicolon-g.csv", "formats/generic/timestamp-ms.csv",
        "formats/oxford-log/Samsung_Jamie_Hard_InHand_1_hardware.csv",
        "formats/phyphox/Acceleration with g/Raw Data.csv", "formats/phyphox/Linear Acceleration/Raw Data.csv",
        "formats/sensor-logger/android", "formats/sensor-logger/ios", "formats/sensor-logger/android.zip",
        "formats/sensor-logger/v2", "oxford/Samsung_Jamie_Hard_InHand_1", "runwalk/runwalk.csv",
        "formats/sensorlog/SensorLog_walk.csv", "formats/sensorlog/SensorLog_v1_no_units.csv",
    ])
    func fixturesReadTheSameInStretches(relative: String) {
        Self.expectSameReads(Fixtures.path(relative), stretchSizes: [97, 4099, 65536])
    }

    @Test(arguments: try! FileManager.default.contentsOfDirectory(atPath: Fixtures.path("malformed")).sorted())
    func malformedFixturesFailOrSkipTheSameInStretches(name: String) {
        for strict in [false, true] {
            Self.expectSameReads(Fixtures.path("malformed/" + name), stretchSizes: [1, 7, 64], strict: strict)
        }
    }

    /// 400 rows at 100 Hz with `defects` replacing some rows (keyed by 0-based row).
    private static func table(header: String? = "t,x,y,z", newline: String = "\n", defects: [Int: String] = [:]) -> String {
        var lines: [String] = header.map { [$0] } ?? []
        for row in 0..<400 {
            lines.append(defects[row] ?? "\(Double(row) / 100),\(row % 7 - 3).25,0.5,9.\(row % 10)")
        }
        return lines.joined(separator: newline) + newline
    }

    @Test func badRowsAreReportedAtTheirLineWhateverTheStretches() throws {
        let files = TemporaryFiles()
        let path = files.write("bad.csv", Self.table(defects: [0: "zero,1,2,9.8", 57: "0.57,1", 233: "2.33,1,x,9.8", 399: ""]))
        Self.expectSameReads(path, stretchSizes: [1, 13, 100, 1000])
        let outcome = Self.read(path, threads: 2, stretchBytes: 50)
        let locations = outcome.info?.skipped.examples.map { "\($0.location.line!):\($0.location.column!)" }
        // Line 1 is the header; the first row (line 2) sets no time 0, so the next one does.
        // The short row is located after its last field, the bad value at its own column.
        #expect(locations == ["2:1", "59:6", "235:8"])
        #expect(outcome.samples.first?.time == 0)
        #expect(outcome.samples.count == 396)  // 3 rows skipped, 1 blank line
        let strict = Self.read(path, threads: 2, stretchBytes: 50, strict: true)
        #expect(strict.error == "\(path):2:1: timestamp is not a finite number: 'zero'")
    }

    @Test func aRowWithAGoodTimeAndABadValueStillSetsTimeZero() throws {
        let files = TemporaryFiles()
        let path = files.write("origin.csv", Self.table(defects: [0: "5,x,0,9.8"]))
        Self.expectSameReads(path, stretchSizes: [3, 64])
        // Time 0 is the skipped first row's 5 s: the second row (0.01 s) is at -4.99 s.
        #expect(Self.read(path, threads: 2, stretchBytes: 64).samples.first.map { abs($0.time + 4.99) < 1e-9 } == true)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func lineEndingsAndBlankLinesSplitTheSame(newline: String) throws {
        let files = TemporaryFiles()
        var text = Self.table(newline: newline, defects: [10: "", 11: "", 300: ""])
        text.removeLast(newline.count)  // no line break after the last row
        let path = files.write("endings.csv", text)
        Self.expectSameReads(path, stretchSizes: [1, 5, 31, 200])
        #expect(Self.readWhole(path).samples.count == 397)
    }

    @Test func aQuotedFieldAcrossLinesIsReadByOneReaderFromItsStretch() throws {
        let files = TemporaryFiles()
        // A quoted axis value spanning two lines: an error, at the line the record starts on,
        // however the file is split (a stretch border may fall inside the quotes).
        let path = files.write("quoted.csv", Self.table(defects: [200: "2.0,\"1\n.5\",0.5,9.8", 250: "\"2.5\",1,1,9.8"]))
        Self.expectSameReads(path, stretchSizes: [1, 16, 99, 4096])
        let whole = Self.readWhole(path)
        #expect(whole.info?.skipped.examples.map(\.location.line) == [202])
        #expect(whole.samples.count == 399)
    }

    @Test func anUnterminatedQuoteFailsTheSameInStretches() throws {
        let files = TemporaryFiles()
        let path = files.write("unterminated.csv", Self.table(defects: [300: "3.0,\"1,0.5,9.8"]))
        Self.expectSameReads(path, stretchSizes: [1, 64, 1000])
        #expect(Self.readWhole(path).error == "\(path):302:5: quoted field is never closed (unterminated quote)")
    }

    @Test func aLineOverTheLimitFailsTheSameInStretches() throws {
        let files = TemporaryFiles()
        let long = String(repeating: "7", count: 4 << 20 + 10)
        let path = files.write("long.csv", Self.table(defects: [5: long]))
        Self.expectSameReads(path, stretchSizes: [1000, 1 << 20, 3 << 20])
        #expect(Self.readWhole(path).error == "\(path):7:4194305: line longer than 4 MiB")
    }

    /// A SensorLog export with every kind of bad value, placed so that some fall on rows where
    /// the pedometer count or the location fix changes (read only then) and some on rows that
    /// fail before those stages, including rows that change the count but fail earlier.
    static func sensorLogWithDefects() -> String {
        var lines = [
            "loggingTime(txt),accelerometerTimestamp_sinceReboot(s),accelerometerAccelerationX(G),accelerometerAccelerationY(G),accelerometerAccelerationZ(G),pedometerStartDate(txt),pedometerEndDate(txt),pedometerNumberofSteps(N),pedometerDistance(m),locationTimestamp_since1970(s),locationLatitude(WGS84),locationLongitude(WGS84),locationHorizontalAccuracy(m),altimeterTimestamp_sinceReboot(s),altimeterRelativeAltitude(m),altimeterPressure(kPa)"
        ]
        for row in 0..<1500 {
            let seconds = row / 100, hundredths = row % 100
            let date = "2019-05-13 17:28:\(seconds < 10 ? "0" : "")\(seconds).\(hundredths < 10 ? "0" : "")\(hundredths)0 +0200"
            var clock = "\(400 + Double(row) / 100)"
            var x = "\(Double(row % 13) / 20 - 0.3)"
            let steps = 2 * (row / 10)
            var stepsText = "\(steps)"
            var distance = "\(Double(steps) * 0.7)"
            var end = date
            let fix = 1_557_761_272 + row / 20
            var latitude = "\(48 + Double(fix % 100) / 10_000)"
            var longitude = "11.5"
            var accuracy = "5"
            var pressure = "101.3"
            if row % 37 == 5 || row % 70 == 10 { x = "bad" }
            if row % 30 == 0 { distance = "oops" }
            if row % 53 == 0 { latitude = "" }
            if row % 59 == 3 { longitude = "zz" }
            if row % 67 == 11 { clock = "" }
            if row % 71 == 13 { stepsText = "x" }
            if row % 60 == 20 { accuracy = "?" }
            if row % 79 == 17 { pressure = "p" }
            if row % 83 == 19 { stepsText = "-1" }
            if row % 89 == 23 { end = "not a date" }
            lines.append([
                date, clock, x, "0.1", "-0.9", "2019-05-13 17:27:50.000 +0200", end, stepsText, distance, "\(fix)",
                latitude, longitude, accuracy, "\(400 + row / 100)", "\(Double(row / 300) / 2)", pressure,
            ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func sensorLogRowsCarryTheirStateAcrossStretches() throws {
        let files = TemporaryFiles()
        let path = files.write("SensorLog_defects.csv", Self.sensorLogWithDefects())
        for strict in [false, true] {
            Self.expectSameReads(path, stretchSizes: [7, 50, 333, 2000, 20_000], strict: strict)
        }
        let whole = Self.readWhole(path)
        #expect(whole.info?.format == .sensorLog)
        #expect(whole.samples.count > 1300)
        #expect(whole.steps[.device].map { $0.count > 100 } == true)
        #expect(whole.locations.count > 50)
        #expect(whole.pressures.count > 5)
        // Every kind of bad value that is read is reported.
        let reasons = Set(whole.info?.skipped.examples.map(\.reason) ?? [])
        #expect(whole.info?.skipped.count ?? 0 > 100, "\(reasons)")
    }
}
