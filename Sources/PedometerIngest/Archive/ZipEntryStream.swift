import CLibZ
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip entry (or a gzip file, ``ZipDirectory/Entry/isGzipFile``) decompressed on the fly for
/// a ``CSVReader``: a thread reads the entry's bytes
/// from the archive and inflates them with zlib into a ring of a few fixed slots that the
/// reader copies from, so memory stays bounded whatever the entry's size, nothing touches the
/// disk, and inflating overlaps parsing.
///
/// The ring and the compressed-input buffer are mapped once per entry, outside the C heap:
/// recycling megabyte-sized heap blocks on two threads makes glibc's allocator keep memory
/// it no longer uses (its mmap threshold rises), and the zip would cost more than its folder.
///
/// Inflation stops, with an error naming the entry, when it exceeds what ``ZipLimits`` allows
/// for its compressed size (a zip bomb); the entry's size and CRC-32 are checked at its end.
/// A reader that stops early (a preview of the first rows) cancels the rest.
final class ZipEntryStream: ByteStream, @unchecked Sendable {
    let declaredSize: Int
    private let displayName: String
    private let isGzipFile: Bool

    /// Slots of inflated bytes (256 KiB each: smaller ones cost the inflating thread a fifth
    /// of its speed in hand-offs), then the compressed input, in one mapping.
    private static let slotCount = 4
    private static let slotBytes = 256 << 10
    private static let inputBytes = 256 << 10
    private static let mappedBytes = slotCount * slotBytes + inputBytes
    private let memory: UnsafeMutableRawPointer

    /// The ring's state, behind `condition`: slots are filled and read in turn; `published`
    /// and `released` count them, and a slot is the producer's again once released.
    private let condition = NSCondition()
    private var lengths = [Int](repeating: 0, count: slotCount)
    private var published = 0
    private var released = 0
    private var finished = false
    private var failure: IngestError?
    private var cancelled = false
    /// The reader's side: whether it holds slot `released % slotCount`, and its position in it.
    private var holding = false
    private var offset = 0
    private var length = 0

    /// `probe`: only the first bytes will be read (a header sniffed), and the size limits are
    /// left to the reading that follows, which reports them.
    init(archive files: ZipArchiveFiles, entry: ZipDirectory.Entry, displayName: String, probe: Bool = false) throws(IngestError) {
        self.displayName = displayName
        isGzipFile = entry.isGzipFile
        declaredSize = Int(clamping: entry.uncompressedSize)
        let limit = probe ? UInt64(Int.max / 2) : UInt64(files.limits.maximumBytes(compressed: entry.compressedSize))
        let ratio = files.limits.maxRatio
        // An entry whose own directory declares more than the limit is refused before inflating.
        if entry.uncompressedSize > limit {
            throw Self.bomb(displayName, inflated: entry.uncompressedSize, compressed: entry.compressedSize, ratio: ratio)
        }
        guard !entry.isEncrypted else { throw IngestError(file: displayName, "cannot read: the entry is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw IngestError(file: displayName, "cannot read: compression method \(entry.method) (only stored and deflated entries are read)")
        }
        guard let mapped = Self.map(Self.mappedBytes) else {
            throw IngestError(file: displayName, "cannot read: no memory for its buffers")
        }
        memory = mapped
        let archive = files.file
        let thread = Thread { [self] in
            let outcome: IngestError?
            do throws(IngestError) {
                try self.inflate(archive, entry, limit: limit, ratio: ratio)
                outcome = nil
            } catch {
                outcome = error
            }
            self.condition.lock()
            self.failure = outcome
            self.finished = true
            self.condition.broadcast()
            self.condition.unlock()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { munmap(memory, Self.mappedBytes) }

    private static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let pointer = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        return pointer == MAP_FAILED ? nil : pointer
    }

    private static func bomb(_ name: String, inflated: UInt64, compressed: UInt64, ratio: Double) -> IngestError {
        IngestError(
            file: name,
            "looks like a zip bomb: \(inflated) bytes or more from \(compressed) compressed, beyond \(Int(ratio)):1 "
                + "(--zip-max-ratio raises the limit)")
    }

    private func corrupt(_ reason: String) -> IngestError {
        IngestError(file: displayName, isGzipFile ? "corrupt gzip file: \(reason)" : "corrupt zip entry: \(reason)")
    }

    // MARK: The inflating thread

    /// Where the entry's data starts: after its local header, whose name and extra field
    /// may differ in length from the directory's.
    private func dataOffset(_ archive: ArchiveFile, _ entry: ZipDirectory.Entry) throws(IngestError) -> UInt64 {
        var header = ZipDirectory.Cursor(
            bytes: try archive.bytes(at: entry.localHeaderOffset, count: ZipDirectory.localHeaderSize, "the local header of \(entry.name)"))
        guard header.uint32() == ZipDirectory.localHeaderSignature else { throw corrupt("no local header where the directory says") }
        header.position = 26
        let nameLength = UInt64(header.uint16() ?? 0)
        let extraLength = UInt64(header.uint16() ?? 0)
        return entry.localHeaderOffset + UInt64(ZipDirectory.localHeaderSize) + nameLength + extraLength
    }

    /// Inflates the entry into the ring until its end, a limit, an error or a cancel.
    private func inflate(_ archive: ArchiveFile, _ entry: ZipDirectory.Entry, limit: UInt64, ratio: Double) throws(IngestError) {
        var position = entry.isGzipFile ? 0 : try dataOffset(archive, entry)
        guard position <= archive.size, entry.compressedSize <= archive.size - position else {
            throw corrupt("its data lies beyond the archive's end (truncated?)")
        }
        var remaining = entry.compressedSize
        let input = memory + Self.slotCount * Self.slotBytes
        let deflated = entry.method == 8
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            if deflated { inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        if deflated {
            // Raw deflate in a zip; a gzip file's header and trailer are zlib's to read and check.
            let windowBits = entry.isGzipFile ? 16 + MAX_WBITS : -MAX_WBITS
            guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw IngestError(file: displayName, "cannot read: zlib could not start")
            }
        }
        var checksum = crc32(0, nil, 0)
        var total: UInt64 = 0
        var ended = false
        while !ended {
            guard let slot = claimSlot() else { return }
            let output = memory + slot * Self.slotBytes
            var produced = 0
            if deflated {
                stream.pointee.next_out = output.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = UInt32(Self.slotBytes)
                while stream.pointee.avail_out > 0 {
                    if stream.pointee.avail_in == 0 && remaining > 0 {
                        let count = Int(min(UInt64(Self.inputBytes), remaining))
                        try archive.read(into: input, count: count, at: position, "the data of \(entry.name)")
                        position += UInt64(count)
                        remaining -= UInt64(count)
                        stream.pointee.next_in = input.assumingMemoryBound(to: Bytef.self)
                        stream.pointee.avail_in = UInt32(count)
                    }
                    let result = CLibZ.inflate(stream, Z_NO_FLUSH)
                    if result == Z_STREAM_END {
                        // A gzip file may hold several members, one after the other (`cat a.gz b.gz`).
                        if entry.isGzipFile && (stream.pointee.avail_in > 0 || remaining > 0) {
                            inflateReset(stream)
                            continue
                        }
                        ended = true
                        break
                    }
                    guard result == Z_OK || (result == Z_BUF_ERROR && (stream.pointee.avail_in > 0 || remaining > 0)) else {
                        throw corrupt(result == Z_BUF_ERROR ? "its deflated data ends early" : "its deflated data is damaged")
                    }
                }
                produced = Self.slotBytes - Int(stream.pointee.avail_out)
            } else {
                produced = Int(min(UInt64(Self.slotBytes), remaining))
                try archive.read(into: output, count: produced, at: position, "the data of \(entry.name)")
                position += UInt64(produced)
                remaining -= UInt64(produced)
                ended = remaining == 0
            }
            total += UInt64(produced)
            if total > limit {
                throw Self.bomb(displayName, inflated: total, compressed: entry.compressedSize, ratio: ratio)
            }
            checksum = crc32(checksum, output.assumingMemoryBound(to: Bytef.self), uInt(produced))
            if produced > 0 { publish(slot, produced) }
        }
        guard entry.isGzipFile || (total == entry.uncompressedSize && UInt32(truncatingIfNeeded: checksum) == entry.crc32) else {
            let name = entry.name.split(separator: "/").last.map(String.init) ?? entry.name
            throw IngestError(file: archive.path, "corrupt zip archive: \(name) fails its CRC-32 check")
        }
    }

    /// The next slot to fill once the reader has released it; nil when cancelled.
    private func claimSlot() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while published - released >= Self.slotCount && !cancelled { condition.wait() }
        return cancelled ? nil : published % Self.slotCount
    }

    private func publish(_ slot: Int, _ count: Int) {
        condition.lock()
        lengths[slot] = count
        published += 1
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The reader

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(IngestError) -> Int {
        while offset == length {
            condition.lock()
            if holding {
                released += 1
                holding = false
                condition.broadcast()
            }
            while released == published && !finished { condition.wait() }
            if released == published {
                let failure = self.failure
                condition.unlock()
                if let failure { throw failure }
                return 0
            }
            length = lengths[released % Self.slotCount]
            offset = 0
            holding = true
            condition.unlock()
        }
        let taken = min(count, length - offset)
        buffer.copyMemory(from: memory + (released % Self.slotCount) * Self.slotBytes + offset, byteCount: taken)
        offset += taken
        return taken
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
