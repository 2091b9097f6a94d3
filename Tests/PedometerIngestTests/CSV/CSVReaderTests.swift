import Testing
@testable import PedometerIngest
import TestSupport

/// Reads every record of a file as strings, with the line each starts on.
private func records(_ path: String, limits: CSVReader.Limits = .init()) throws -> [(line: Int, fields: [String])] {
    let reader = try CSVReader(path: path, limits: limits)
    var result: [(Int, [String])] = []
    while try reader.next() { result.append((reader.line, reader.strings())) }
    return result
}

private func ingestError(_ body: () throws -> Void) -> IngestError? {
    do {
        try body()
        return nil
    } catch let error as IngestError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

@Suite struct CSVReaderTests {
    let files = TemporaryFiles()

    @Test func readsFieldsAndNumbers() throws {
        let path = files.write("a.csv", "t,x,y,z\n0.01,-0.8885523,4.3062453,9.031619\n0.02,1e-2,-3,+4.5\n")
        let reader = try CSVReader(path: path)
        #expect(try reader.next())
        #expect(reader.strings() == ["t", "x", "y", "z"])
        #expect(try reader.next())
        #expect(reader.line == 2)
        #expect(reader.number(1) == -0.8885523)
        #expect(try reader.next())
        #expect(reader.number(1) == 0.01)
        #expect(reader.number(3) == 4.5)
        #expect(try reader.next() == false)
        #expect(try reader.next() == false)
    }

    /// Comma-separated rows ending with `;` (WISDM v1.1's raw data): the `;` is dropped and
    /// the last value is a number (until 2026-11-26: "z acceleration is not a finite number:
    /// '2.099914;'", every row skipped). Only one, only at a record's end, only with commas: a
    /// semicolon-separated row's ending `;` still ends an empty field.
    @Test func oneSemicolonEndingACommaSeparatedRecordIsDropped() throws {
        let wisdm = files.write("w.txt", "33,Jogging,49105962326000,-0.69,12.68,0.50;\n33,Jogging,49106062271000,5.01,11.26,2.099914;;\n1;2,3\n")
        #expect(try records(wisdm).map(\.fields) == [
            ["33", "Jogging", "49105962326000", "-0.69", "12.68", "0.50"], ["33", "Jogging", "49106062271000", "5.01", "11.26", "2.099914;"],
            ["1;2", "3"],
        ])
        let reader = try CSVReader(path: wisdm)
        #expect(try reader.next() && reader.number(5) == 0.5)
        let semicolons = files.write("s.csv", "t;x;y;z;\n0;1;2;3;\n0;1;2;3;\n")
        #expect(try records(semicolons).map(\.fields.count) == [5, 5, 5])
    }

    @Test func quotedFieldsSpanningLinesKeepLineNumbers() throws {
        let path = files.write("q.csv", "a,b\n\"multi\nline\",2\n\n3,\"x,y\"\n")
        let rows = try records(path)
        #expect(rows.map(\.line) == [1, 2, 5])
        #expect(rows[1].fields == ["multi\nline", "2"])
        #expect(rows[2].fields == ["3", "x,y"])
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let path = files.write("bom.csv", [0xEF, 0xBB, 0xBF] + Array("t,x\r\n1,2\r\n3,4\r\n".utf8))
        let reader = try CSVReader(path: path)
        #expect(reader.hadByteOrderMark)
        var rows: [[String]] = []
        while try reader.next() { rows.append(reader.strings()) }
        #expect(rows == [["t", "x"], ["1", "2"], ["3", "4"]])
    }

    @Test func oldMacLineEndings() throws {
        let rows = try records(files.write("cr.csv", "a,b\r1,2\r3,4\r"))
        #expect(rows.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"]])
        #expect(rows.map(\.line) == [1, 2, 3])
    }

    @Test(arguments: [(";", "a;b;c\n1,5;2;3\n"), ("\t", "a\tb\tc\n1\t2\t3\n"), (",", "a,b,c\n1,2,3\n")])
    func detectsDelimiter(expected: String, text: String) throws {
        let reader = try CSVReader(path: files.write("d.csv", text))
        #expect(reader.delimiter == UInt8(ascii: Unicode.Scalar(expected)!))
        #expect(try reader.next())
        #expect(reader.fieldCount == 3)
    }

    @Test func lastLineWithoutTerminator() throws {
        let rows = try records(files.write("t.csv", "a,b\n1,2\n3,4"))
        #expect(rows.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"]])
    }

    /// The same records whatever the chunk size, so chunk borders never split a record wrongly.
    @Test func chunkBordersDoNotMatter() throws {
        var text = "time,x,y,z\n"
        var generator = SplitMix64(seed: 7)
        for row in 0..<300 {
            let quoted = row % 17 == 0 ? "\"\(row),\nq\"" : "\(row)"
            text += "\(Double(row) * 0.01),\(quoted),\(Double.random(in: -20...20, using: &generator)),\n"
            if row % 23 == 0 { text += "\n" }
        }
        let path = files.write("c.csv", text)
        let expected = try records(path)
        #expect(expected.count == 301)
        for chunk in [1, 2, 3, 7, 64, 1000] {
            var limits = CSVReader.Limits()
            limits.chunkBytes = chunk
            let rows = try records(path, limits: limits)
            #expect(rows.map(\.fields) == expected.map(\.fields), "chunk \(chunk)")
            #expect(rows.map(\.line) == expected.map(\.line), "chunk \(chunk)")
        }
    }

    @Test func unterminatedQuoteIsLocatedAtTheOpeningQuote() throws {
        let path = files.write("u.csv", "a,b\n1,2\n3,\"never closed\n4,5\n")
        let error = ingestError { _ = try records(path) }
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 3)
        #expect(error?.reason.contains("unterminated quote") == true)
    }

    @Test func strayQuoteIsAParseErrorWithColumn() throws {
        let path = files.write("s.csv", "a,b\n1,2\n3,ab\"c\n")
        let error = ingestError { _ = try records(path) }
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 5)
        #expect(error?.reason.contains("malformed quoted field") == true)
    }

    @Test func fieldLocationsCountBytes() throws {
        let path = files.write("l.csv", "time,x,y\n0.1,abc,\"q\"\n")
        let reader = try CSVReader(path: path)
        _ = try reader.next()
        _ = try reader.next()
        #expect(reader.location(ofField: 0).column == 1)
        #expect(reader.location(ofField: 1).column == 5)
        #expect(reader.location(ofField: 2).column == 9)
        #expect(reader.error(atField: 1, "bad").description == "\(path):2:5: bad")
    }

    @Test func overlongLineIsRejectedWithBoundedMemory() throws {
        var limits = CSVReader.Limits()
        limits.chunkBytes = 4096
        limits.maxLineBytes = 64 << 10
        let path = files.write("long.csv", "a,b\n1," + String(repeating: "9", count: 200_000) + "\n")
        let error = ingestError { _ = try records(path, limits: limits) }
        #expect(error?.location.line == 2)
        #expect(error?.reason.contains("line longer than") == true)
    }

    @Test func endlessQuotedFieldIsRejected() throws {
        // A quoted field may hold line breaks, so only libcsv's field cap stops this one.
        let body = String(repeating: "0123456789abcde\n", count: 80_000)
        let path = files.write("q.csv", "a,b\n1,\"" + body + "\"\n")
        let error = ingestError { _ = try records(path) }
        #expect(error != nil)
        #expect(error?.location.line != nil)
    }

    @Test("fields of every length come back whole, before and after the field arena grows mid-record")
    func fieldsOfEveryLengthAcrossArenaGrowth() throws {
        // 0 to 40 bytes a field, numbers and text, 2,000 fields (about 40 KB, past the
        // arena's first 4 KiB block), then a short record in the grown arena.
        let wide = (0..<2_000).map { index -> String in
            let length = index % 41
            return index % 2 == 0
                ? String(repeating: "7", count: length) : String(repeating: "x", count: max(length - 1, 0)) + (length > 0 ? "." : "")
        }
        let path = files.write("lengths.csv", "a\n" + wide.joined(separator: ",") + "\n-0.025936,10.101487,5\n")
        let reader = try CSVReader(path: path)
        #expect(try reader.next())
        #expect(try reader.next())
        let read = reader.strings()
        #expect(read.count == wide.count)
        let firstWrong = zip(read, wide).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstWrong == nil, "field \(firstWrong?.offset ?? -1): \(firstWrong?.element.0.debugDescription ?? "")")
        for index in stride(from: 2, to: 34, by: 2) {  // up to 33 digits: the general parser's too
            #expect(reader.number(index) == Double(wide[index]), "field \(index)")
        }
        #expect(reader.number(1) == nil)
        #expect(try reader.next())
        #expect(reader.strings() == ["-0.025936", "10.101487", "5"])
        #expect([reader.number(0), reader.number(1), reader.number(2)] == [-0.025936, 10.101487, 5])
        #expect(try reader.next() == false)
    }

    @Test func tooManyFields() throws {
        var limits = CSVReader.Limits()
        limits.maxFields = 8
        let path = files.write("wide.csv", "a\n" + Array(repeating: "1", count: 20).joined(separator: ",") + "\n")
        let error = ingestError { _ = try records(path, limits: limits) }
        #expect(error?.reason.contains("more than 8 fields") == true)
    }

    @Test func utf16AndBinaryAreRefused() throws {
        let utf16 = files.write("u16.csv", [0xFF, 0xFE] + Array("t,x".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(ingestError { _ = try CSVReader(path: utf16) }?.reason.contains("UTF-16") == true)
        let binary = files.write("bin.csv", Array("t,x\n1,2\n".utf8) + [0, 1, 2, 3])
        let error = ingestError { _ = try CSVReader(path: binary) }
        #expect(error?.reason.contains("binary data") == true)
        #expect(error?.location.line == 3)
        #expect(error?.location.column == 1)
    }

    /// Each file (name, bytes) is refused at 1:1 with its reason.
    private func expectRefused(_ cases: [(String, [UInt8], String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (name, bytes, reason) in cases {
            let path = files.write(name, bytes)
            #expect(ingestError { _ = try CSVReader(path: path) }?.description == "\(path):1:1: \(reason)", sourceLocation: sourceLocation)
        }
    }

    /// Compressed data under a `.csv` name, and UTF-32, are refused saying what they are and how
    /// to read them. (Until 2026-11-26 a gzip file named `.csv` was "binary data (control byte
    /// 0x1f)", bzip2 and xz "binary data (NUL byte)" somewhere in their first line, and UTF-32
    /// "UTF-16 encoded".)
    @Test func compressedDataAndUTF32AreNamed() throws {
        let text = Array("timestamp,accX,accY,accZ\n1,2,3,4\n".utf8)
        let cases: [(String, [UInt8], String)] = [
            ("walk.csv", [0x1F, 0x8B, 0x08, 0x08, 0x31, 0xD0, 0x07, 0x6B, 0x00, 0x03] + text,
             "gzip data, not a text CSV file: name it walk.csv.gz, which is read in place, or decompress it (gunzip)"),
            ("zipped.csv", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00] + text,
             "a zip archive, not a text CSV file: name it .zip, which is read in place, or unzip it"),
            ("walk.bz2.csv", Array("BZh91AY&SY".utf8) + [0xDA, 0xE8, 0x29, 0xC7, 0x00],
             "bzip2 data, not a text CSV file: decompress it (bunzip2); gzip (.gz) and zip files are read in place"),
            ("walk.xz.csv", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04],
             "xz data, not a text CSV file: decompress it (unxz); gzip (.gz) and zip files are read in place"),
            ("u32le.csv", [0xFF, 0xFE, 0x00, 0x00] + text.flatMap { [$0, 0, 0, 0] }, "file is UTF-32 encoded; save or export it as UTF-8 CSV"),
            ("u32be.csv", [0x00, 0x00, 0xFE, 0xFF] + text.flatMap { [0, 0, 0, $0] }, "file is UTF-32 encoded; save or export it as UTF-8 CSV"),
        ]
        expectRefused(cases)
        // A text starting "BZh" is no bzip2 data.
        let text2 = files.write("bzh.csv", "BZh_x,BZh_y\n1,2\n")
        #expect(try records(text2).count == 2)
    }

    /// JSON (Sensor Logger's JSON export) and MATLAB's .mat files are refused saying what they
    /// are and what to export instead (until 2026-11-26 the JSON was "unknown format: header
    /// '[' names no time and x/y/z acceleration columns", the .mat "binary data (NUL byte)").
    @Test func jsonMatlabXMLAndFITFilesAreNamed() throws {
        let cases: [(String, [UInt8], String)] = [
            ("export.json", Array("[\n  {\n    \"sensor\": \"Accelerometer\", \"time\": \"1715613000000000000\"}]\n".utf8),
             "JSON data, not a CSV file: export the recording as CSV (in Sensor Logger, the CSV export, a zip of CSV files, which is read as it is)"),
            ("object.csv", Array("{\"accelerometer\": [1, 2, 3]}".utf8),
             "JSON data, not a CSV file: export the recording as CSV (in Sensor Logger, the CSV export, a zip of CSV files, which is read as it is)"),
            ("log.mat", Array("MATLAB 5.0 MAT-file, Platform: MACA64, Created on: Mon May 13 17:27:52 2024".utf8) + [0, 0, 0, 0],
             "a MATLAB .mat file, not a text CSV file: export the sensor data as CSV (MATLAB Mobile's logs: writetable of the acceleration timetable)"),
            // XML and FIT files were 'malformed quoted field' and 'binary data' until 2026-11-26.
            ("export.xml", Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n]>\n<HealthData locale=\"en_US\">\n".utf8),
             "Apple Health's export.xml (summaries and step samples of the Health app), not a CSV file: pedometer reads raw sensor logs and step logs as CSV (export the acceleration, or the step counts, as CSV; formats.md)"),
            ("run.tcx", Array("<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"x\">\n".utf8),
             "a Garmin TCX activity, not a CSV file: pedometer reads raw sensor logs and step logs as CSV (export the acceleration, or the step counts, as CSV; formats.md)"),
            ("track.gpx", Array("<gpx version=\"1.1\">\n".utf8),
             "a GPX track (positions, no steps), not a CSV file: pedometer reads raw sensor logs and step logs as CSV (export the acceleration, or the step counts, as CSV; formats.md)"),
            ("activity.fit", [14, 0x20, 0x5C, 0x08, 0x10, 0, 0, 0] + Array(".FIT".utf8) + [0, 0, 0x40, 0],
             "a FIT activity file (Garmin and other watches), binary, not a CSV file: convert it with the FIT SDK's FitCSVTool (java -jar FitCSVTool.jar -b walk.fit walk.csv) and read walk.csv, whose accelerometer_data pedometer reads"),
        ]
        expectRefused(cases)
        // A text whose first field is an 8-character name ending .FIT is no FIT file.
        let named = files.write("names.csv", "ABCDEFGH.FIT,x,y,z\n1,2,3,4\n")
        #expect(try records(named).count == 2)
        // A table whose first field opens with a bracket is no JSON.
        let bracketed = files.write("bracket.csv", "[t],x,y,z\n1,2,3,4\n")
        #expect(try records(bracketed).count == 2)
    }

    /// A number written with a decimal comma in a file read with a decimal point (quoted in a
    /// comma-separated file, which the sniffer does not take for decimal commas) is reported
    /// with the option that reads it.
    @Test func aDecimalCommaNumberNamesTheOption() throws {
        let path = files.write("quoted.csv", "t,x\n\"0,5\",\"1,25\"\n")
        let reader = try CSVReader(path: path)
        _ = try reader.next()
        _ = try reader.next()
        #expect(ingestError { _ = try reader.requireNumber(1, "x acceleration") }?.reason
            == "x acceleration is not a finite number: '1,25' (a decimal comma? --decimal comma reads it)")
        #expect(ingestError { _ = try TimeColumn.parse(reader, 0) }?.reason
            == "timestamp is not a finite number: '0,5' (a decimal comma? --decimal comma reads it)")
        // A date-time in a layout no reader knows is said to be one (it read "not a finite number").
        for text in ["2024-W10-2T12:00:00", "03/05/24 12:00:00", "2024-03-05 12:00:00 CET"] {
            let dated = try CSVReader(path: files.write("dated.csv", "t,x\n\"\(text)\",1\n"))
            _ = try dated.next()
            _ = try dated.next()
            #expect(ingestError { _ = try TimeColumn.parse(dated, 0) }?.reason.hasPrefix(
                "timestamp '\(text)' is neither a number nor a date-time in a layout pedometer reads") == true)
        }
        let words = files.write("words.csv", "t,x\n0.5,abc\n")
        let plain = try CSVReader(path: words)
        _ = try plain.next()
        _ = try plain.next()
        #expect(ingestError { _ = try plain.requireNumber(1, "x acceleration") }?.reason == "x acceleration is not a finite number: 'abc'")
    }

    @Test func missingFileAndFolder() throws {
        #expect(ingestError { _ = try CSVReader(path: files.path("nope.csv")) }?.reason == "cannot open: no such file")
        let error = ingestError { _ = try records(files.folder.path) }
        #expect(error?.reason == "cannot read: is a directory")
    }
}
