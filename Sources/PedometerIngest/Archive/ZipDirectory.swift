/// A zip archive's central directory: what each entry is and where its data lies, read from
/// the end-of-central-directory record (ZIP64 too) as PKWARE's APPNOTE describes it. Every
/// length and offset is checked against the archive, so a truncated or hostile archive is an
/// error naming it, never a trap.
struct ZipDirectory {
    /// One entry of the directory.
    struct Entry {
        /// The name as stored (`rec/TotalAcceleration.csv`; folders end with `/`).
        var name: String
        /// 0 stored, 8 deflated (the two a recording export uses).
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        /// Where the entry's local header starts.
        var localHeaderOffset: UInt64
        var isEncrypted: Bool
        /// A folder (its name ends with `/`) or a symbolic link: no data to read.
        var isFile: Bool
        /// The whole of a gzip file (`walk.csv.gz`) read as the one file of an archive
        /// (``ZipArchiveFiles``): its members inflated one after the other, each checked by zlib
        /// against its own CRC-32 and size; no local header, no size or CRC-32 known before.
        var isGzipFile = false
    }

    /// The entries in directory order.
    let entries: [Entry]

    /// Reads the directory of `file`, refusing more than `maxEntries` entries (checked before
    /// the directory is read: an archive cannot make it allocate more).
    init(_ file: ArchiveFile, maxEntries: Int) throws(IngestError) {
        let end = try Self.endRecord(file)
        guard end.count <= UInt64(maxEntries) else {
            throw IngestError(
                file: file.path, "more than \(maxEntries) entries: not a recording export (--zip-max-entries raises the limit)")
        }
        guard end.offset <= file.size, end.size <= file.size - end.offset, end.size <= UInt64(Int.max / 2) else {
            throw Self.unreadable(file, "its directory lies beyond its end (truncated?)")
        }
        var cursor = Cursor(bytes: try file.bytes(at: end.offset, count: Int(end.size), "the central directory"))
        var entries: [Entry] = []
        entries.reserveCapacity(Int(end.count))
        for _ in 0..<end.count {
            guard let entry = Self.entry(&cursor) else {
                throw Self.unreadable(file, "entry \(entries.count + 1) of its directory is malformed")
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    private static func unreadable(_ file: ArchiveFile, _ reason: String) -> IngestError {
        IngestError(file: file.path, "not a readable zip archive: \(reason)")
    }

    // MARK: Records

    private static let endSignature: UInt32 = 0x0605_4b50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    private static let zip64EndSignature: UInt32 = 0x0606_4b50
    private static let entrySignature: UInt32 = 0x0201_4b50
    /// The local header that precedes each entry's data.
    static let localHeaderSignature: UInt32 = 0x0403_4b50
    static let localHeaderSize = 30

    /// The directory's entry count, size and offset from the end record (the ZIP64 one when
    /// the classic record says so).
    private static func endRecord(_ file: ArchiveFile) throws(IngestError) -> (count: UInt64, size: UInt64, offset: UInt64) {
        // The end record is 22 bytes and a comment of at most 65,535: search the tail for it.
        let tailCount = Int(min(file.size, 22 + 0xFFFF))
        let tailStart = file.size - UInt64(tailCount)
        let tail = try file.bytes(at: tailStart, count: tailCount, "the end of the archive")
        var found: Int?
        var index = tailCount - 22
        while index >= 0 {
            var cursor = Cursor(bytes: tail, position: index)
            if cursor.uint32() == endSignature {
                cursor.position = index + 20
                if let comment = cursor.uint16(), index + 22 + Int(comment) <= tailCount {
                    found = index
                    break
                }
            }
            index -= 1
        }
        guard let found else { throw unreadable(file, "no end-of-directory record (not a zip, or truncated)") }
        var cursor = Cursor(bytes: tail, position: found + 10)
        guard let count16 = cursor.uint16(), let size32 = cursor.uint32(), let offset32 = cursor.uint32() else {
            throw unreadable(file, "its end record is cut short")
        }
        var record = (count: UInt64(count16), size: UInt64(size32), offset: UInt64(offset32))
        // A ZIP64 locator sits just before the end record.
        let recordOffset = tailStart + UInt64(found)
        if recordOffset >= 20 {
            var locator = Cursor(bytes: try file.bytes(at: recordOffset - 20, count: 20, "the ZIP64 locator"))
            if locator.uint32() == zip64LocatorSignature {
                locator.position = 8
                guard let zip64Offset = locator.uint64() else { throw unreadable(file, "its ZIP64 locator is cut short") }
                var zip64 = Cursor(bytes: try file.bytes(at: zip64Offset, count: 56, "the ZIP64 end record"))
                guard zip64.uint32() == zip64EndSignature else { throw unreadable(file, "its ZIP64 end record is missing") }
                zip64.position = 32
                guard let count = zip64.uint64(), let size = zip64.uint64(), let offset = zip64.uint64() else {
                    throw unreadable(file, "its ZIP64 end record is cut short")
                }
                record = (count, size, offset)
            }
        }
        return record
    }

    /// The directory entry at the cursor, or nil when it is malformed.
    private static func entry(_ cursor: inout Cursor) -> Entry? {
        guard cursor.uint32() == entrySignature,
              let madeBy = cursor.uint16(), cursor.skip(2),
              let flags = cursor.uint16(), let method = cursor.uint16(), cursor.skip(4),
              let crc32 = cursor.uint32(), let compressed32 = cursor.uint32(), let uncompressed32 = cursor.uint32(),
              let nameLength = cursor.uint16(), let extraLength = cursor.uint16(), let commentLength = cursor.uint16(),
              cursor.skip(4), let externalAttributes = cursor.uint32(), let offset32 = cursor.uint32(),
              let nameBytes = cursor.take(Int(nameLength)), let extra = cursor.take(Int(extraLength)),
              cursor.skip(Int(commentLength))
        else { return nil }
        var compressed = UInt64(compressed32)
        var uncompressed = UInt64(uncompressed32)
        var offset = UInt64(offset32)
        // ZIP64 extended information (tag 1) holds, in this order, the fields saturated above.
        var fields = Cursor(bytes: Array(extra))
        while let tag = fields.uint16(), let length = fields.uint16() {
            guard let body = fields.take(Int(length)) else { return nil }
            guard tag == 1 else { continue }
            var zip64 = Cursor(bytes: Array(body))
            if uncompressed32 == .max { guard let value = zip64.uint64() else { return nil }; uncompressed = value }
            if compressed32 == .max { guard let value = zip64.uint64() else { return nil }; compressed = value }
            if offset32 == .max { guard let value = zip64.uint64() else { return nil }; offset = value }
        }
        // Names are UTF-8 (flag bit 11) or, by the standard, code page 437: its ASCII half is
        // what recording exports use; other bytes are read as Latin-1 rather than refused.
        let name = String(validating: nameBytes, as: UTF8.self) ?? String(nameBytes.map { Character(Unicode.Scalar($0)) })
        let unixMode = (madeBy >> 8) == 3 ? (externalAttributes >> 16) & 0o170000 : 0
        return Entry(
            name: name, method: method, crc32: crc32, compressedSize: compressed, uncompressedSize: uncompressed,
            localHeaderOffset: offset, isEncrypted: flags & 1 != 0,
            isFile: !name.hasSuffix("/") && unixMode != 0o120000 && unixMode != 0o040000)
    }

    /// Little-endian fields read from bytes, nil past their end.
    struct Cursor {
        var bytes: [UInt8]
        var position = 0

        mutating func skip(_ count: Int) -> Bool {
            guard count <= bytes.count - position else { return false }
            position += count
            return true
        }

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count <= bytes.count - position else { return nil }
            defer { position += count }
            return bytes[position..<(position + count)]
        }

        private mutating func integer(_ width: Int) -> UInt64? {
            guard let field = take(width) else { return nil }
            return field.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        mutating func uint16() -> UInt16? { integer(2).map { UInt16($0) } }
        mutating func uint32() -> UInt32? { integer(4).map { UInt32($0) } }
        mutating func uint64() -> UInt64? { integer(8) }
    }
}
