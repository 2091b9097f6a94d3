/// What the first chunk of a file says about how to parse the rest.
struct CSVSniffer {
    /// Length of a UTF-8 byte-order mark at the start (0 or 3).
    var byteOrderMarkLength = 0
    var delimiter = UInt8(ascii: ",")
    var lineTerminator = UInt8(ascii: "\n")
    /// Whether the numbers are written with a decimal comma (`0,123`): only detected with a
    /// `;` or tab delimiter, where a comma cannot separate fields.
    var decimalComma = false

    /// What compressed data in the file `name` (which does not say so) is, told by its first
    /// bytes, and how to read it (a gzip file or a zip archive is read in place when named so);
    /// `nil` for anything else.
    static func compressedData(_ bytes: UnsafeRawBufferPointer, name: String) -> String? {
        if bytes.starts(with: [0x1F, 0x8B]) {
            return "gzip data, not a text CSV file: name it \(name).gz, which is read in place, or decompress it (gunzip)"
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return "a zip archive, not a text CSV file: name it .zip, which is read in place, or unzip it"
        }
        // "BZh", the block size '1'–'9', the first block's magic.
        if bytes.count >= 10, bytes.starts(with: Array("BZh".utf8)), (0x31...0x39).contains(bytes[3]),
            bytes[4..<10].elementsEqual(Array("1AY&SY".utf8))
        {
            return "bzip2 data, not a text CSV file: decompress it (bunzip2); gzip (.gz) and zip files are read in place"
        }
        if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            return "xz data, not a text CSV file: decompress it (unxz); gzip (.gz) and zip files are read in place"
        }
        return nil
    }

    /// What a file of another data format is, told by its first bytes, and what to export
    /// instead; `nil` for anything else.
    static func otherFormat(_ bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.starts(with: Array("MATLAB 5.0 MAT-file".utf8)) || bytes.starts(with: Array("MATLAB 7.3 MAT-file".utf8)) {
            return "a MATLAB .mat file, not a text CSV file: export the sensor data as CSV (MATLAB Mobile's logs: writetable of the acceleration timetable)"
        }
        // JSON: an array or object opening with an object, an array, a string or its end.
        let text = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if let first = text.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{"),
            let next = text.dropFirst().first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
            [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(next)
        {
            return "JSON data, not a CSV file: export the recording as CSV (in Sensor Logger, the CSV export, a zip of CSV files, which is read as it is)"
        }
        // XML: Apple Health's export.xml, Garmin's TCX, GPX tracks.
        if let first = text.first, first == UInt8(ascii: "<"),
            let next = text.dropFirst().first, next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || (0x41...0x7A).contains(next)
        {
            let head = String(decoding: text.prefix(1024), as: UTF8.self)
            let kind =
                head.contains("<HealthData") ? "Apple Health's export.xml (summaries and step samples of the Health app)"
                : head.contains("<TrainingCenterDatabase") ? "a Garmin TCX activity"
                : head.contains("<gpx") ? "a GPX track (positions, no steps)" : "XML data"
            return "\(kind), not a CSV file: pedometer reads raw sensor logs and step logs as CSV (export the acceleration, or the step counts, as CSV; formats.md)"
        }
        // A FIT file (Garmin and other watches): a header of 12 or 14 bytes, its size first,
        // naming ".FIT" at bytes 8-11.
        if bytes.count >= 12, bytes[0] == 12 || bytes[0] == 14, bytes[8..<12].elementsEqual(Array(".FIT".utf8)) {
            return "a FIT activity file (Garmin and other watches), binary, not a CSV file: convert it with the FIT SDK's FitCSVTool (java -jar FitCSVTool.jar -b walk.fit walk.csv) and read walk.csv, whose accelerometer_data pedometer reads"
        }
        return nil
    }

    /// Candidate delimiters, in order of preference on a tie.
    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]

    /// Checks the encoding and finds the delimiter, line terminator and decimal mark of a file's
    /// first chunk.
    ///
    /// The delimiter is the candidate that splits the first lines (outside quotes) into the same
    /// number of fields most consistently (`delimiter` when given); a file with none of them is
    /// read as one column. With a `;` or tab delimiter, the numbers use a decimal comma when some
    /// field of the first lines is a number written with one (`0,123`, `-1,5E-2`) and none is
    /// written with a point.
    static func sniff(_ chunk: UnsafeRawBufferPointer, file: String, delimiter: UInt8? = nil) throws(IngestError) -> CSVSniffer {
        var result = CSVSniffer()
        let bytes = chunk
        if let compressed = compressedData(bytes, name: FileSystem.lastComponent(file)) ?? otherFormat(bytes) {
            throw IngestError(file: file, line: 1, column: 1, compressed)
        }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw IngestError(
                file: file, line: 1, column: 1,
                "file is UTF-32 encoded; save or export it as UTF-8 CSV")
        }
        if bytes.count >= 2
            && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
        {
            throw IngestError(
                file: file, line: 1, column: 1,
                "file is UTF-16 encoded; save or export it as UTF-8 CSV")
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            result.byteOrderMarkLength = 3
        }
        // Binary data: a NUL or a control byte early in the file. NULs that run up to a line's
        // end are the padding of a fixed-width text field (GENEActiv's PC software writes an
        // empty header field so), not binary data.
        var line = 1
        var column = 1
        let scanned = min(bytes.count, 4096)
        for index in result.byteOrderMarkLength..<scanned {
            let byte = bytes[index]
            if byte == 0 && isLinePadding(bytes, from: index, before: scanned) {
                column += 1
                continue
            }
            if byte == 0 || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
                let what = byte == 0 ? "NUL byte" : "control byte 0x\(String(byte, radix: 16))"
                throw IngestError(
                    file: file, line: line, column: column,
                    "binary data (\(what)), not a text CSV file")
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        let body = UnsafeRawBufferPointer(rebasing: bytes[result.byteOrderMarkLength...])
        if !body.contains(0x0A) && body.contains(0x0D) {
            result.lineTerminator = 0x0D
        }
        result.delimiter = delimiter ?? detectDelimiter(body, terminator: result.lineTerminator)
        if result.delimiter != UInt8(ascii: ",") {
            result.decimalComma = detectDecimalComma(body, delimiter: result.delimiter, terminator: result.lineTerminator)
        }
        return result
    }

    /// Whether the NUL at `start` begins a run of NULs that a line terminator (CR or LF) ends
    /// before `end`.
    private static func isLinePadding(_ bytes: UnsafeRawBufferPointer, from start: Int, before end: Int) -> Bool {
        var index = start
        while index < end && bytes[index] == 0 { index += 1 }
        return index < end && (bytes[index] == 0x0A || bytes[index] == 0x0D)
    }

    /// Whether the fields of the first 50 lines hold numbers with a decimal comma and none with
    /// a decimal point.
    private static func detectDecimalComma(_ body: UnsafeRawBufferPointer, delimiter: UInt8, terminator: UInt8) -> Bool {
        var commaNumbers = 0
        var pointNumbers = 0
        var lines = 0
        var fieldStart = 0
        var index = 0
        while index <= body.count && lines < 50 {
            let byte = index < body.count ? body[index] : terminator
            if byte == delimiter || byte == terminator {
                switch numberMark(UnsafeRawBufferPointer(rebasing: body[fieldStart..<index])) {
                case UInt8(ascii: ","): commaNumbers += 1
                case UInt8(ascii: "."): pointNumbers += 1
                default: break
                }
                fieldStart = index + 1
                if byte == terminator { lines += 1 }
            }
            index += 1
        }
        return commaNumbers > 0 && pointNumbers == 0
    }

    /// The decimal mark of a field that is a number with digits on both sides of one (`,` or
    /// `.`, an exponent allowed after), or `nil` for anything else (integers, text, dates).
    private static func numberMark(_ field: UnsafeRawBufferPointer) -> UInt8? {
        var bytes = Array(field)
        while let last = bytes.last, last == 0x0D || last == 0x20 || last == 0x22 { bytes.removeLast() }
        while let first = bytes.first, first == 0x20 || first == 0x22 { bytes.removeFirst() }
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        } else if bytes.count >= 3, bytes[0] == 0xE2, bytes[1] == 0x88, bytes[2] == 0x92 {
            index = 3  // U+2212 MINUS SIGN
        }
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        guard digits() > 0, index < bytes.count else { return nil }
        let mark = bytes[index]
        guard mark == UInt8(ascii: ",") || mark == UInt8(ascii: ".") else { return nil }
        index += 1
        guard digits() > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return index == bytes.count ? mark : nil
    }

    /// First bytes of a comment line above a table: `/`, `#`, `@`, `%`.
    private static let commentStarts: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "%")]

    /// Field counts per line for each candidate; the most consistent candidate with more than one
    /// field wins, the header and the first data lines counting alike. Leading lines with none
    /// of the candidates, or comments, do not count: lines starting `/`, `#`, `@` or `%` (a sensor
    /// software's preamble, `# Device: Pixel 7, Android 14`), or `;` and a letter with no other
    /// `;` (a logger's `;SampleRate, 100,Hz`; pandas' header `;time;x;y;z` above an index counts).
    /// Those comments break a tie of the rows: a candidate one of them has as often as the
    /// first line counted is preferred (a header `#time;x;y;z`, even above another comment,
    /// tells `;` from the decimal commas of `0,02;9,81;…`, whose commas are more).
    private static func detectDelimiter(_ body: UnsafeRawBufferPointer, terminator: UInt8) -> UInt8 {
        var counts = [[Int]](repeating: [], count: delimiters.count)
        var current = [Int](repeating: 0, count: delimiters.count)
        var inQuotes = false
        var lines = 0
        var lineHasContent = false
        var lineStart = true
        var lineStartsComment = false
        var lineStartsSemicolon = false
        var semicolonComment = false  // `;` and a letter: a comment unless another `;` follows
        var comments: [[Int]] = []  // the candidates' counts in each leading comment line
        let semicolonCandidate = delimiters.firstIndex(of: UInt8(ascii: ";"))
        for byte in body {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if inQuotes { continue }
            if byte == terminator {
                let comment = lineStartsComment || (semicolonComment && semicolonCandidate.map { current[$0] } == 1)
                let preamble = lines == 0 && (current.allSatisfy { $0 == 0 } || comment)
                if lineHasContent && lines == 0 && comment { comments.append(current) }
                if lineHasContent && !preamble {
                    for candidate in delimiters.indices { counts[candidate].append(current[candidate]) }
                    lines += 1
                }
                current = [Int](repeating: 0, count: delimiters.count)
                lineHasContent = false
                lineStart = true
                lineStartsComment = false
                lineStartsSemicolon = false
                semicolonComment = false
                if lines == 20 { break }
                continue
            }
            if byte != 0x0D { lineHasContent = true }
            if lineStart && Self.commentStarts.contains(byte) { lineStartsComment = true }
            if lineStartsSemicolon && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
                semicolonComment = true
            }
            lineStartsSemicolon = lineStart && byte == UInt8(ascii: ";")
            lineStart = false
            if let candidate = delimiters.firstIndex(of: byte) { current[candidate] += 1 }
        }
        if lineHasContent {
            for candidate in delimiters.indices { counts[candidate].append(current[candidate]) }
        }
        var best = delimiters[0]
        var bestScore = 0
        for (candidate, perLine) in counts.enumerated() {
            guard let first = perLine.first, first > 0 else { continue }
            // Lines agreeing with the first line's count, weighted by how many fields it makes.
            let agreeing = perLine.filter { $0 == first }.count
            let named = comments.contains { $0[candidate] == first }
            let score = agreeing * 1000 + (named ? 500 : 0) + first
            if score > bestScore {
                bestScore = score
                best = delimiters[candidate]
            }
        }
        return best
    }
}
