#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's data split into stretches of whole lines of about ``stretchBytes`` each, which
/// separate readers can parse at the same time.
///
/// Stretch `k` holds the lines that start in `[dataStart + k·stretchBytes, dataStart + (k+1)·stretchBytes)`,
/// so each border is found from the bytes around it alone: it is the first line start at or
/// after the nominal offset. Lines are records only while no quoted field spans a line break,
/// so a stretch that holds a quote is not parsed on its own (see ``reader(_:)``).
struct LineStretches: Sendable {
    let path: String
    let displayName: String
    /// Offset of the first data line (after the header).
    let dataStart: Int
    let fileSize: Int
    let stretchBytes: Int
    let delimiter: UInt8
    let lineTerminator: UInt8
    let decimalComma: Bool
    let limits: CSVReader.Limits

    /// Splits the data of the file `reader` reads, from where its next record starts.
    init(after reader: CSVReader, path: String, stretchBytes: Int) {
        self.path = path
        displayName = reader.displayName
        dataStart = reader.nextRecordOffset
        fileSize = reader.fileSize
        self.stretchBytes = max(stretchBytes, 1)
        delimiter = reader.delimiter
        lineTerminator = reader.lineTerminator
        decimalComma = reader.decimalComma
        limits = CSVReader.Limits()
    }

    /// Number of stretches (the last one reads on to the end of the file).
    var count: Int { fileSize > dataStart ? (fileSize - dataStart - 1) / stretchBytes + 1 : 0 }

    /// A reader of stretch `index` alone (`reusing` a reader of another stretch when given),
    /// or `nil` when the stretch cannot be read on its own: a border lies in a line longer
    /// than the line limit, or the file cannot be read here.
    func reader(_ index: Int, reusing spare: CSVReader? = nil) -> CSVReader? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let start = index == 0 ? dataStart : lineStart(atOrAfter: dataStart + index * stretchBytes, descriptor) else {
            return nil
        }
        var end: Int?
        if index < count - 1 {
            guard let border = lineStart(atOrAfter: dataStart + (index + 1) * stretchBytes, descriptor) else { return nil }
            end = border
        }
        if let spare {
            return (try? spare.restart(from: start, to: end)) == nil ? nil : spare
        }
        return try? CSVReader(
            path: path, displayName: displayName, from: start, to: end, delimiter: delimiter,
            lineTerminator: lineTerminator, decimalComma: decimalComma, limits: limits)
    }

    /// The first offset at or after `offset` where a line starts (the end of the file when no
    /// line starts there), or `nil` when none is within the line limit.
    private func lineStart(atOrAfter offset: Int, _ descriptor: Int32) -> Int? {
        // Lines are short: one small read usually finds the border.
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { block -> Int? in
            let base = block.baseAddress!
            // A line starts at `offset` when the byte before it ends one.
            var position = offset - 1
            while position < offset + limits.maxLineBytes {
                let count = pread(descriptor, base, block.count, off_t(position))
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { return position }
                if let found = memchr(base, Int32(lineTerminator), count) {
                    return position + base.distance(to: found) + 1
                }
                position += count
            }
            return nil
        }
    }
}
