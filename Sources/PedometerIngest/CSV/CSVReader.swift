import CLibCSV

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams the records of a CSV file through libcsv, one record at a time, in bounded memory.
///
/// The file is read in fixed-size chunks and handed to libcsv one physical line at a time, so
/// every record knows the line it starts on, and every parse error becomes `file:line:column`.
/// Fields are copied into a reused arena: reading a record allocates nothing. Typical use:
///
/// ```swift
/// let reader = try CSVReader(path: "walk.csv")
/// while try reader.next() {
///     let t = reader.number(0)
/// }
/// ```
///
/// The bytes returned by ``field(_:)`` are valid until the next call to ``next()``.
/// libcsv runs in strict mode (`CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL`): a stray quote
/// or an unterminated quoted field is an error, not a silently different record.
public final class CSVReader {
    /// Limits that keep memory bounded whatever the input.
    public struct Limits: Sendable, Hashable {
        /// Bytes read from the file per `read(2)`.
        public var chunkBytes = 256 << 10
        /// Longest physical line (and longest record) accepted.
        public var maxLineBytes = 4 << 20
        /// Most fields a record may have.
        public var maxFields = 2048

        public init() {}
    }

    /// The name used in messages (a path, or `archive.zip/member.csv`).
    public let displayName: String
    /// The field delimiter in use (detected unless given). With a comma, one `;` ending a
    /// record is dropped (``FieldArena/dropsTrailingSemicolon``).
    public private(set) var delimiter = UInt8(ascii: ",") {
        didSet { fields.pointee.dropsTrailingSemicolon = delimiter == UInt8(ascii: ",") }
    }
    /// Line terminator: `\n`, or `\r` for files with old Mac line endings.
    public var lineTerminator: UInt8 { terminator }
    /// Whether numbers are written with a decimal comma (`0,123`; detected unless given).
    public var decimalComma: Bool { usesDecimalComma }
    /// Whether the file started with a UTF-8 byte-order mark (skipped).
    public private(set) var hadByteOrderMark = false
    /// 1-based line on which the current record starts.
    public var line: Int { recordLine }
    /// Bytes read from the file so far.
    public private(set) var bytesRead = 0
    /// Records returned so far (the header counts when there is one).
    public var recordCount: Int { recordsReturned }

    /// The file's size when it was opened (a stream's declared size).
    public let fileSize: Int
    /// Whether the bytes are a stream read once (a zip entry), not a file that can be reopened
    /// at any offset: then one reader parses it all.
    var isStream: Bool { stream != nil }
    /// Whether a quote character has been read so far (records may then span lines).
    private(set) var sawQuote = false

    private let fd: Int32
    /// Where the bytes come from when they are not a file (`fd` is then -1).
    private let stream: ByteStream?
    private let limits: Limits
    /// File offset of the first byte this reader reads.
    private var startOffset: Int
    /// Bytes this reader may read from `startOffset`.
    private var readLimit: Int
    /// Bytes asked of each `read(2)`: `limits.chunkBytes`, or less for a file smaller than
    /// that (batches of small files then do not each allocate a full chunk).
    private let chunkBytes: Int
    /// libcsv's state, behind a pointer: no exclusivity check on every call.
    private let parser: UnsafeMutablePointer<csv_parser>
    private let fields: UnsafeMutablePointer<FieldArena>

    // The read buffer holds [recordStart, end): the current record's raw bytes, then unparsed bytes.
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var end = 0
    private var recordStart = 0
    private var feedPosition = 0
    private var physicalLineStart = 0
    private var physicalLine = 1
    // The stored values behind the public read-only `lineTerminator`, `line` and `recordCount`:
    // private, so the compiler sees every access and checks exclusivity statically (a public
    // stored property of a class costs a runtime check on every record).
    private var terminator = UInt8(ascii: "\n")
    private var usesDecimalComma = false
    private var recordLine = 0
    private var recordsReturned = 0
    private var reachedEndOfFile = false
    private var finished = false
    private var recordReady = false

    /// Opens `path` and sniffs its first chunk (encoding, delimiter, line endings).
    ///
    /// - Parameters:
    ///   - delimiter: the field delimiter; `nil` detects comma, semicolon or tab.
    ///   - decimal: the decimal mark of numbers; `nil` detects a decimal comma (``CSVSniffer``).
    ///   - displayName: the name to use in messages; defaults to `path`.
    /// A path inside a zip archive being read (``ZipArchiveFiles``) is streamed from it.
    public convenience init(
        path: String, delimiter: UInt8? = nil, decimal: DecimalSeparator? = nil, displayName: String? = nil,
        limits: Limits = Limits()
    ) throws(IngestError) {
        let name = displayName ?? path
        if let stream = try ZipArchiveFiles.stream(path, displayName: name) {
            self.init(stream: stream, displayName: name, limits: limits)
        } else {
            let (descriptor, size) = try Self.openRegularFile(path, name)
            self.init(descriptor: descriptor, fileSize: size, displayName: name, limits: limits, from: 0, to: nil)
        }
        // Sniff at least 4 KiB (or the whole file) whatever the chunk size.
        repeat { try fillBuffer() } while end < 4096 && !reachedEndOfFile
        let sniff = try CSVSniffer.sniff(
            UnsafeRawBufferPointer(start: buffer, count: end), file: name, delimiter: delimiter)
        hadByteOrderMark = sniff.byteOrderMarkLength > 0
        recordStart = sniff.byteOrderMarkLength
        feedPosition = recordStart
        physicalLineStart = recordStart
        self.delimiter = sniff.delimiter
        terminator = sniff.lineTerminator
        usesDecimalComma = decimal.map { $0 == .comma } ?? sniff.decimalComma
        csv_set_delim(parser, self.delimiter)
    }

    /// Opens the bytes of `path` from offset `start` (a line start) up to `end` (the end of the
    /// file when `nil`), with a known delimiter, line terminator and decimal mark: one stretch
    /// of a file that another reader sniffed. Lines are numbered from 1 at `start`.
    convenience init(
        path: String, displayName: String, from start: Int, to end: Int?, delimiter: UInt8, lineTerminator: UInt8,
        decimalComma: Bool, limits: Limits = Limits()
    ) throws(IngestError) {
        let (descriptor, size) = try Self.openRegularFile(path, displayName)
        self.init(descriptor: descriptor, fileSize: size, displayName: displayName, limits: limits, from: start, to: end)
        self.delimiter = delimiter
        terminator = lineTerminator
        usesDecimalComma = decimalComma
        try restart(from: start, to: end)
    }

    /// Reads again, from offset `start` (a line start) of the same file up to `end`, as a
    /// reader made for that stretch would, but without allocating: for reading many
    /// stretches one after the other. Lines are numbered from 1 at `start`.
    func restart(from start: Int, to end: Int?) throws(IngestError) {
        guard lseek(fd, off_t(start), SEEK_SET) == off_t(start) else {
            throw IngestError(file: displayName, "cannot read: \(Self.describeErrno(errno))")
        }
        startOffset = start
        readLimit = end.map { max($0 - start, 0) } ?? Int.max
        csv_free(parser)
        Self.startParser(parser, delimiter: delimiter)
        fields.pointee.reset()
        self.end = 0
        recordStart = 0
        feedPosition = 0
        physicalLineStart = 0
        physicalLine = 1
        recordLine = 0
        bytesRead = 0
        recordsReturned = 0
        reachedEndOfFile = false
        finished = false
        recordReady = false
        sawQuote = false
    }

    /// Sets libcsv up: strict, fields NUL-terminated, field buffers capped by ``cappedRealloc``.
    private static func startParser(_ parser: UnsafeMutablePointer<csv_parser>, delimiter: UInt8) {
        csv_init(parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL))
        csv_set_realloc_func(parser, cappedRealloc)
        csv_set_blk_size(parser, 1024)
        csv_set_delim(parser, delimiter)
    }

    private convenience init(stream: ByteStream, displayName: String, limits: Limits) {
        self.init(descriptor: -1, fileSize: stream.declaredSize, displayName: displayName, limits: limits, from: 0, to: nil, stream: stream)
    }

    private init(
        descriptor: Int32, fileSize: Int, displayName: String, limits: Limits, from start: Int, to stop: Int?,
        stream: ByteStream? = nil
    ) {
        self.displayName = displayName
        self.limits = limits
        self.fileSize = fileSize
        self.stream = stream
        fd = descriptor
        startOffset = start
        readLimit = stop.map { max($0 - start, 0) } ?? Int.max
        let smallFileChunk = max(4096, min(fileSize - start, readLimit) + 1)
        chunkBytes = min(limits.chunkBytes, 1 << (Int.bitWidth - (smallFileChunk - 1).leadingZeroBitCount))
        capacity = chunkBytes
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        fields = .allocate(capacity: 1)
        fields.initialize(to: FieldArena(maxFields: limits.maxFields))
        parser = .allocate(capacity: 1)
        parser.initialize(to: csv_parser())
        Self.startParser(parser, delimiter: UInt8(ascii: ","))
    }

    /// Opens a regular file without blocking (a FIFO or a device cannot hang the open) and
    /// returns its descriptor and size.
    private static func openRegularFile(_ path: String, _ name: String) throws(IngestError) -> (Int32, Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw IngestError(file: name, "cannot open: \(Self.describeErrno(errno))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
            close(descriptor)
            throw IngestError(file: name, isDirectory ? "cannot read: is a directory" : "not a regular file (a pipe, socket or device)")
        }
        return (descriptor, Int(info.st_size))
    }

    deinit {
        csv_free(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        if let stream { stream.cancel() } else { close(fd) }
        buffer.deallocate()
        fields.pointee.deallocate()
        fields.deinitialize(count: 1)
        fields.deallocate()
    }

    // MARK: Reading records

    /// Advances to the next record. Returns `false` at the end of the file.
    public func next() throws(IngestError) -> Bool {
        if recordReady {
            recordReady = false
            recordStart = feedPosition
            fields.pointee.reset()
        }
        if finished { return false }
        while true {
            if feedPosition == end {
                if reachedEndOfFile { return try finishParsing() }
                try fillBuffer()
                continue
            }
            let remaining = end - feedPosition
            let found = memchr(buffer + feedPosition, Int32(terminator), remaining)
            if found == nil && !reachedEndOfFile {
                try fillBuffer()
                continue
            }
            let lineEnd = found.map { buffer.distance(to: $0) + 1 } ?? end
            if fields.pointee.fieldCount == 0 && parser.pointee.pstate == 0 {
                // Nothing of a record has begun: it starts on this line.
                recordStart = feedPosition
                recordLine = physicalLine
            }
            try parse(from: feedPosition, to: lineEnd)
            feedPosition = lineEnd
            if found != nil {
                physicalLine += 1
                physicalLineStart = lineEnd
            }
            if fields.pointee.recordsEnded > 0 {
                return deliverRecord()
            }
        }
    }

    /// Number of fields in the current record.
    public var fieldCount: Int { fields.pointee.fieldCount }

    /// The raw bytes of field `index` (without quotes), valid until the next ``next()``.
    public func field(_ index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < fields.pointee.fieldCount, "field index out of range")
        return fields.pointee.bytes(index)
    }

    /// Whether field `index` is missing from the record or empty.
    public func isEmpty(_ index: Int) -> Bool {
        index >= fields.pointee.fieldCount || fields.pointee.length(index) == 0
    }

    /// Field `index` as a string (allocates: for headers and rare text fields only).
    public func string(_ index: Int) -> String {
        String(decoding: field(index), as: UTF8.self)
    }

    /// All fields of the current record as strings (allocates: for headers).
    public func strings() -> [String] {
        (0..<fieldCount).map(string)
    }

    /// Field `index` as a number: `nil` when empty, missing, or not one finite decimal number
    /// (with a decimal comma in files that use one; a Unicode minus sign is read as `-`).
    @inline(__always)
    public func number(_ index: Int) -> Double? {
        guard index < fields.pointee.fieldCount else { return nil }
        let bytes = fields.pointee.bytes(index)
        if let value = DecimalParser.parseDouble(bytes, terminated: true) { return value }
        return localizedNumber(bytes)
    }

    /// Field `index` as the exact integer when it is one, else as a number (a timestamp);
    /// `nil` when empty, missing, or neither.
    @inline(__always)
    func integerOrNumber(_ index: Int) -> DecimalParser.IntegerOrDouble? {
        guard index < fields.pointee.fieldCount else { return nil }
        let bytes = fields.pointee.bytes(index)
        if let value = DecimalParser.parseIntegerOrDouble(bytes, terminated: true) { return value }
        return localizedIntegerOrNumber(bytes)
    }

    /// A number the plain parser refused, read with the file's decimal comma or a Unicode minus.
    @inline(never)
    private func localizedNumber(_ bytes: UnsafeRawBufferPointer) -> Double? {
        bytes.isEmpty ? nil : DecimalParser.parseLocalized(bytes, decimalComma: usesDecimalComma)
    }

    @inline(never)
    private func localizedIntegerOrNumber(_ bytes: UnsafeRawBufferPointer) -> DecimalParser.IntegerOrDouble? {
        bytes.isEmpty ? nil : DecimalParser.parseLocalizedIntegerOrDouble(bytes, decimalComma: usesDecimalComma)
    }

    /// Where field `index` of the current record starts: its line and 1-based byte column.
    public func location(ofField index: Int) -> SourceLocation {
        var currentLine = line
        var column = 1
        var fieldIndex = 0
        var inQuotes = false
        var position = recordStart
        let quote = UInt8(ascii: "\"")
        while position < feedPosition && fieldIndex < index {
            let byte = buffer.load(fromByteOffset: position, as: UInt8.self)
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes && byte == delimiter {
                fieldIndex += 1
            } else if byte == lineTerminator {
                currentLine += 1
                column = 0
            }
            column += 1
            position += 1
        }
        return SourceLocation(file: displayName, line: currentLine, column: column)
    }

    /// File offset where the record after the current one starts (before the first ``next()``:
    /// where the first record starts, after any byte-order mark).
    var nextRecordOffset: Int { startOffset + bytesRead - end + feedPosition }

    /// Line on which the record after the current one starts (or blank lines before it).
    var nextLine: Int { physicalLine }

    /// An error located at field `index` of the current record.
    public func error(atField index: Int, _ reason: String) -> IngestError {
        IngestError(location(ofField: min(index, max(fieldCount - 1, 0))), reason)
    }

    // MARK: Internals

    private func deliverRecord() -> Bool {
        recordReady = true
        recordsReturned += 1
        return true
    }

    private func finishParsing() throws(IngestError) -> Bool {
        finished = true
        let status = csv_fini(parser, fieldEnded, recordEnded, fields)
        try checkArena()
        if status != 0 {
            throw unterminatedQuoteError()
        }
        if fields.pointee.recordsEnded > 0 { return deliverRecord() }
        return false
    }

    private func parse(from start: Int, to stop: Int) throws(IngestError) {
        let count = stop - start
        let consumed = csv_parse(parser, buffer + start, count, fieldEnded, recordEnded, fields)
        try checkArena()
        guard consumed == count else {
            let column = start + consumed - physicalLineStart + 1
            let location = SourceLocation(file: displayName, line: physicalLine, column: column)
            switch csv_error(parser) {
            case CSV_EPARSE:
                throw IngestError(location, "malformed quoted field: a quote inside an unquoted field, or text after a closing quote")
            case CSV_ENOMEM, CSV_ETOOBIG:
                throw IngestError(location, "field longer than \(Self.byteText(maxFieldBytes))")
            default:
                throw IngestError(location, "CSV parse error: \(String(cString: csv_strerror(csv_error(parser))))")
            }
        }
        if fields.pointee.recordsEnded > 1 {
            throw IngestError(file: displayName, line: physicalLine, column: 1, "several records on one line")
        }
    }

    @inline(__always)
    private func checkArena() throws(IngestError) {
        if fields.pointee.overflow != .none { try throwOverflow() }
    }

    private func throwOverflow() throws(IngestError) {
        switch fields.pointee.overflow {
        case .none:
            return
        case .tooManyFields:
            throw IngestError(file: displayName, line: line, column: nil, "more than \(limits.maxFields) fields in one record")
        case .recordTooLong:
            throw IngestError(file: displayName, line: line, column: nil, "record longer than \(Self.byteText(limits.maxLineBytes))")
        }
    }

    /// Reads the next chunk, first moving the current record to the front of the buffer.
    private func fillBuffer() throws(IngestError) {
        if recordStart > 0 {
            let keep = end - recordStart
            if keep > 0 { buffer.copyMemory(from: buffer + recordStart, byteCount: keep) }
            feedPosition -= recordStart
            physicalLineStart -= recordStart
            end = keep
            recordStart = 0
        }
        if capacity - end < max(chunkBytes / 2, 1) {
            guard end < limits.maxLineBytes else {
                let column = end - physicalLineStart + 1
                throw IngestError(
                    file: displayName, line: physicalLine, column: column,
                    "line longer than \(Self.byteText(limits.maxLineBytes))")
            }
            let newCapacity = min(capacity * 2, limits.maxLineBytes + chunkBytes)
            let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            grown.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        while true {
            let wanted = min(capacity - end, readLimit - bytesRead)
            let count: Int
            if let stream {
                count = wanted == 0 ? 0 : try stream.read(into: buffer + end, count: wanted)
            } else {
                count = wanted == 0 ? 0 : read(fd, buffer + end, wanted)
            }
            if count > 0 {
                if !sawQuote && memchr(buffer + end, Int32(UInt8(ascii: "\"")), count) != nil { sawQuote = true }
                end += count
                bytesRead += count
                return
            }
            if count == 0 {
                reachedEndOfFile = true
                return
            }
            if errno == EINTR { continue }
            throw IngestError(file: displayName, "cannot read: \(Self.describeErrno(errno))")
        }
    }

    /// Locates the opening quote of the record libcsv found unterminated at the end of the file.
    private func unterminatedQuoteError() -> IngestError {
        var quoteLine = line
        var quoteColumn = 1
        var currentLine = line
        var column = 1
        var inQuotes = false
        let quote = UInt8(ascii: "\"")
        for position in recordStart..<end {
            let byte = buffer.load(fromByteOffset: position, as: UInt8.self)
            if byte == quote {
                if !inQuotes { quoteLine = currentLine; quoteColumn = column }
                inQuotes.toggle()
            }
            if byte == lineTerminator {
                currentLine += 1
                column = 1
            } else {
                column += 1
            }
        }
        return IngestError(
            file: displayName, line: quoteLine, column: quoteColumn,
            "quoted field is never closed (unterminated quote)")
    }

    static func describeErrno(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        default:
            let text = String(cString: strerror(code))  // "Too many levels of …": lower-cased like ours
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    static func byteText(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MiB" : "\(count >> 10) KiB"
    }
}

/// Longest field libcsv may buffer; its buffer grows through ``cappedRealloc``.
let maxFieldBytes = 1 << 20

/// libcsv's realloc: refuses to grow a field buffer past ``maxFieldBytes``, which makes
/// `csv_parse` stop with `CSV_ENOMEM` instead of buffering an endless field.
@c(pedometer_csv_realloc)
private func cappedRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    size > maxFieldBytes + 1024 ? nil : realloc(pointer, size)
}

/// libcsv's end-of-field callback: appends the field to the arena. A C function, so that
/// libcsv calls it with no thunk between.
@c(pedometer_csv_field_ended)
private func fieldEnded(_ bytes: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    context.unsafelyUnwrapped.assumingMemoryBound(to: FieldArena.self).pointee.append(bytes, length)
}

/// libcsv's end-of-record callback.
@c(pedometer_csv_record_ended)
private func recordEnded(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    context.unsafelyUnwrapped.assumingMemoryBound(to: FieldArena.self).pointee.endRecord()
}
