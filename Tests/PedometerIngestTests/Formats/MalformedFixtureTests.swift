import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// The hand-written bad inputs in `Fixtures/malformed` (written by
/// `tools/make-format-fixtures`): each is refused, or its bad rows skipped, with the exact
/// `file:line:column: message` the reader gives. Never a crash.
@Suite struct MalformedFixtureTests {
    private static func path(_ name: String) -> String { Fixtures.path("malformed/" + name) }

    /// Files that cannot be read at all: the error, exactly.
    @Test(arguments: [
        ("empty.csv", "1:1: empty file: no header and no data"),
        ("header-only.csv", "2:1: header only: no data rows"),
        ("unknown-format.csv",
         "1:1: unknown format: header 'name,age,city' names no time and x/y/z acceleration columns (see --input-format and --columns)"),
        ("missing-column.csv",
         "1:1: unknown format: header 'time,x,y' names a time ('time') but no x/y/z acceleration and no step counts (see --input-format and --columns)"),
        ("wrong-delimiter.csv",
         "1:1: fields separated by '|': only commas, semicolons and tabs separate fields (--delimiter comma|semicolon|tab); replace them, e.g. tr '|' ',' < wrong-delimiter.csv > fixed.csv"),
        ("all-rows-bad.csv", "2:6: no usable rows: x acceleration is not a finite number: 'a' (and 1 more rows skipped)"),
        ("unterminated-quote.csv", "7:11: quoted field is never closed (unterminated quote)"),
        ("stray-quote.csv", "7:9: malformed quoted field: a quote inside an unquoted field, or text after a closing quote"),
        ("binary-garbage.csv", "2:1: binary data (control byte 0x1a), not a text CSV file"),
        ("utf16.csv", "1:1: file is UTF-16 encoded; save or export it as UTF-8 CSV"),
    ])
    func refused(name: String, message: String) {
        let path = Self.path(name)
        #expect(readError(path)?.description == "\(path):\(message)")
        // --strict: the first bad row itself is the error, not "no usable rows".
        let strict = message.replacingOccurrences(of: "no usable rows: ", with: "")
            .replacingOccurrences(of: #" \(and \d+ more rows skipped\)"#, with: "", options: .regularExpression)
        #expect(readError(path, IngestOptions(strict: true))?.description == "\(path):\(strict)")
    }

    /// Files with isolated bad rows: read, the rows counted as skips with their location, and
    /// `--strict` turns the first into the error.
    @Test(arguments: [
        ("short-row.csv", 6, ["7:11: expected 4 fields, found 3"]),
        ("non-numeric.csv", 5, ["7:11: y acceleration is not a finite number: 'abc'"]),
        ("nan-field.csv", 5, ["7:6: x acceleration is not a finite number: 'NaN'", "8:16: z acceleration is not a finite number: 'inf'"]),
        ("truncated-last-line.csv", 5, ["7:6: expected 4 fields, found 2"]),
    ])
    func skipped(name: String, samples: Int, messages: [String]) throws {
        let path = Self.path(name)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.format == .generic)
        #expect(sink.acceleration.count == samples)
        #expect(info.skipped.count == messages.count)
        #expect(info.skipped.examples.map(\.description) == messages.map { "\(path):\($0)" })
        #expect(readError(path, IngestOptions(strict: true))?.description == "\(path):\(messages[0])")
    }

    /// One 100 MB field (generated here, not bundled) is refused at its line with bounded
    /// memory; CSVReaderTests covers the same limit on small inputs with lowered limits.
    @Test func hundredMegabyteField() throws {
        let files = TemporaryFiles()
        let path = files.path("huge.csv")
        _ = FileManager.default.createFile(atPath: path, contents: Data("t,x,y,z\n0,1,2,9.8\n0.01,".utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: UInt8(ascii: "9"), count: 1 << 20)
        for _ in 0..<100 { handle.write(block) }
        handle.write(Data(",2,9.8\n".utf8))
        try handle.close()
        let error = readError(path)
        #expect(error?.location.file == path)
        #expect(error?.location.line == 3)
        #expect(error?.reason == "line longer than 4 MiB")
    }
}
