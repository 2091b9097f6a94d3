/// What the first chunk of a file says about how to parse the rest.
struct CSVSniffer {
    /// Length of a UTF-8 byte-order mark at the start (0 or 3).
    var byteOrderMarkLength = 0
    var delimiter = UInt8(ascii: ",")
    var lineTerminator = UInt8(ascii: "\n")

    /// Candidate delimiters, in order of preference on a tie.
    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]

    /// Checks the encoding and finds the delimiter and line terminator of a file's first chunk.
    ///
    /// The delimiter is the candidate that splits the first lines (outside quotes) into the same
    /// number of fields most consistently; a file with none of them is read as one column.
    static func sniff(_ chunk: UnsafeRawBufferPointer, file: String) throws(IngestError) -> CSVSniffer {
        var result = CSVSniffer()
        let bytes = chunk
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
        // Binary data: a NUL or many control bytes early in the file.
        var line = 1
        var column = 1
        for index in result.byteOrderMarkLength..<min(bytes.count, 4096) {
            let byte = bytes[index]
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
        result.delimiter = detectDelimiter(body, terminator: result.lineTerminator)
        return result
    }

    /// Field counts per line for each candidate; the most consistent candidate with more than one
    /// field wins, the header and the first data lines counting alike. Leading lines with none
    /// of the candidates or starting `//` (a sensor software's preamble) do not count.
    private static func detectDelimiter(_ body: UnsafeRawBufferPointer, terminator: UInt8) -> UInt8 {
        var counts = [[Int]](repeating: [], count: delimiters.count)
        var current = [Int](repeating: 0, count: delimiters.count)
        var inQuotes = false
        var lines = 0
        var lineHasContent = false
        var lineStart = true
        var lineStartsComment = false
        for byte in body {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if inQuotes { continue }
            if byte == terminator {
                let preamble = lines == 0 && (current.allSatisfy { $0 == 0 } || lineStartsComment)
                if lineHasContent && !preamble {
                    for candidate in delimiters.indices { counts[candidate].append(current[candidate]) }
                    lines += 1
                }
                current = [Int](repeating: 0, count: delimiters.count)
                lineHasContent = false
                lineStart = true
                lineStartsComment = false
                if lines == 20 { break }
                continue
            }
            if byte != 0x0D { lineHasContent = true }
            if lineStart && byte == UInt8(ascii: "/") { lineStartsComment = true }
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
            let score = agreeing * 1000 + first
            if score > bestScore {
                bestScore = score
                best = delimiters[candidate]
            }
        }
        return best
    }
}
