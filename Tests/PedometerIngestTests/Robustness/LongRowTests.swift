import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Rows with more fields than the header (an unquoted comma in a text field, a decimal comma
/// splitting a number, two exports joined): each is a bad row, located at its first field too
/// many and reported, in every format, never read with its values shifted. Until 2026-11-26
/// they were read silently, even with `--strict` (a walk's 100 such rows gave 19.6 m instead of
/// 17.6 m, a split `4,8299` was read as x = 0, y = 5).
@Suite struct LongRowTests {
    let files = TemporaryFiles()

    /// The lines of a fixture, without line breaks (LF or CRLF).
    private static func lines(_ relative: String) throws -> [String] {
        try String(contentsOfFile: Fixtures.path(relative), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
    }

    @discardableResult
    private func write(_ name: String, _ lines: [String]) -> String {
        files.write(name, lines.joined(separator: "\n") + "\n")
    }

    /// A field inserted after the time of 100 rows (`t,1,x,y,z`: a text field's comma), and one
    /// number split by a decimal comma (`0,5` for `0.5`): those rows are skipped and reported at
    /// their fifth field, the others read as before; `--strict` refuses the file at the first.
    @Test func aGenericRowWithAFieldTooManyIsABadRow() throws {
        var lines = try Self.lines("formats/generic/timestamp-ms.csv")  // timestamp,accX,accY,accZ
        let (_, reference) = try readRecording(Fixtures.path("formats/generic/timestamp-ms.csv"))
        for index in 801..<901 {
            lines[index] = lines[index].replacingOccurrences(of: ",", with: ",1,", options: [], range: lines[index].range(of: ","))
        }
        var fields = lines[1000].split(separator: ",").map(String.init)
        fields[1] = fields[1].replacingOccurrences(of: ".", with: ",")
        lines[1000] = fields.joined(separator: ",")
        let path = write("shifted.csv", lines)

        let (info, sink) = try readRecording(path)
        #expect(info.skipped.count == 101)
        #expect(info.skipped.byReason == ["expected 4 fields, found 5": 101])
        let column = lines[801].split(separator: ",").prefix(4).map(\.count).reduce(0, +) + 5
        #expect(info.skipped.examples.first?.description == "\(path):802:\(column): expected 4 fields, found 5")
        #expect(sink.acceleration.count == reference.acceleration.count - 101)
        let kept = Set(sink.acceleration.map(\.time))
        #expect(reference.acceleration.filter { kept.contains($0.time) } == sink.acceleration, "the other rows read as before")

        var strict = IngestOptions()
        strict.strict = true
        #expect(readError(path, strict)?.description == "\(path):802:\(column): expected 4 fields, found 5")
    }

    /// Empty fields after the last column (`t,x,y,z,` and `t,x,y,z,,`: a trailing delimiter)
    /// hold no value: the rows read as without them, nothing skipped.
    @Test(arguments: [",", ",,"])
    func emptyFieldsAfterTheLastColumnAreRead(trailing: String) throws {
        let lines = try Self.lines("formats/generic/timestamp-ms.csv")
        let (_, reference) = try readRecording(Fixtures.path("formats/generic/timestamp-ms.csv"))
        let path = write("trailing.csv", [lines[0]] + lines.dropFirst().map { $0 + trailing })
        let (info, sink) = try readRecording(path)
        #expect(info.skipped.count == 0)
        #expect(sink.acceleration == reference.acceleration)
    }

    /// A headerless `t,x,y,z` file's row of five numbers is a bad row (its width is the first
    /// row's).
    @Test func aHeaderlessRowWithAFieldTooManyIsABadRow() throws {
        var lines = try Self.lines("formats/generic/headerless-ns.csv")
        lines[299] += ",123"
        let path = write("headerless.csv", lines)
        let (info, sink) = try readRecording(path)
        #expect(info.skipped.examples.map(\.description) == ["\(path):300:\(lines[299].count - 2): expected 4 fields, found 5"])
        #expect(sink.acceleration.count == lines.count - 1)
    }

    /// Every row longer than the header (a column it does not name): refused at the first row,
    /// saying how to name the columns; with `--columns` giving a role to each, read.
    @Test func everyRowLongerThanTheHeaderIsRefusedWithAWayToReadIt() throws {
        let lines = try Self.lines("formats/generic/timestamp-ms.csv")
        let path = write("unnamed-column.csv", [lines[0]] + lines.dropFirst().map { $0 + ",99" })
        let error = try #require(readError(path))
        #expect(error.location.line == 2 && error.location.column == lines[1].count + 2, "\(error)")
        #expect(error.reason.hasPrefix("rows have more fields than the header (5, the header 4)"), "\(error)")
        #expect(error.reason.contains("--columns (e.g. t,x,y,z,_)"), "\(error)")

        var options = IngestOptions()
        options.columns = try ColumnRoles(parsing: "t,x,y,z,_")
        let (info, sink) = try readRecording(path, options)
        #expect(info.skipped.count == 0)
        #expect(sink.acceleration.count == lines.count - 1)
    }

    /// SensorLog: a comma inside the unquoted deviceID (`fix,ture`) shifts every later column of
    /// the row; the row is skipped at its 85th field, not caught (or not) by chance as an
    /// acceleration out of range.
    @Test func aSensorLogRowWithACommaInATextFieldIsABadRow() throws {
        var lines = try Self.lines("formats/sensorlog/SensorLog_walk.csv")
        let (_, reference) = try readRecording(Fixtures.path("formats/sensorlog/SensorLog_walk.csv"))
        let width = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
        lines[300] = lines[300].replacingOccurrences(of: ",fixture,", with: ",fix,ture,")
        let path = write("SensorLog_shifted.csv", lines)
        let (info, sink) = try readRecording(path)
        #expect(info.format == .sensorLog)
        #expect(info.skipped.byReason == ["expected \(width) fields, found \(width + 1)": 1])
        #expect(info.skipped.examples.first?.location.line == 301)
        #expect(sink.acceleration.count == reference.acceleration.count - 1)
    }

    /// Sensor Logger and Oxford files: a row with a value too many is skipped and located, in
    /// the files read as a table (TotalAcceleration.csv, accelerometer.csv), recombined
    /// (Accelerometer.csv + Gravity.csv) or row by row (stepcounter.csv).
    @Test(arguments: [
        ("formats/sensor-logger/android", "TotalAcceleration.csv", 5),
        ("formats/sensor-logger/user-gravity", "Accelerometer.csv", 5),
        ("formats/sensor-logger/user-gravity", "Gravity.csv", 5),
        ("oxford/Samsung_Jamie_Hard_InHand_1", "accelerometer.csv", 5),
        ("oxford/Samsung_Jamie_Hard_InHand_1", "stepcounter.csv", 3),
    ])
    func aFolderFilesRowWithAFieldTooManyIsABadRow(folder: String, file: String, width: Int) throws {
        var column = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder)) {
            var lines = try Self.lines(folder + "/" + name)
            if name == file {
                column = lines[20].count + 2
                lines[20] += ",7"
            }
            write("export/" + name, lines)
        }
        let export = files.path("export")
        let (info, _) = try readRecording(export)
        #expect(info.skipped.examples.map(\.description) == ["\(export)/\(file):21:\(column): expected \(width) fields, found \(width + 1)"])
    }
}
