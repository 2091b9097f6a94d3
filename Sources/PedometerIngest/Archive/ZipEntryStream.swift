import Foundation
import ZIPFoundation

/// A zip entry decompressed on the fly for a ``CSVReader``: a thread inflates it
/// (ZIPFoundation hands over its bytes chunk by chunk) into a few buffers the reader takes
/// from, so that memory stays bounded whatever the entry's size, and nothing touches the disk.
///
/// Inflation stops, with an error naming the entry, when it exceeds what ``ZipLimits`` allows
/// for its compressed size (a zip bomb), and the entry's CRC-32 is checked at its end. A reader
/// that stops early (a preview of the first rows) cancels the rest.
final class ZipEntryStream: ByteStream, @unchecked Sendable {
    let declaredSize: Int
    private let displayName: String
    /// The chunks inflated and not yet read, and the producer's state, behind `condition`.
    private let condition = NSCondition()
    private var chunks: [Data] = []
    private var finished = false
    private var failure: IngestError?
    private var cancelled = false
    /// The chunk being read, and how much of it was.
    private var current = Data()
    private var offset = 0

    /// Chunks inflated ahead of the reader, at most (256 KiB each: smaller ones cost the
    /// inflating thread a fifth of its speed in hand-offs).
    private static let queuedChunks = 4
    private static let chunkBytes = 256 << 10

    /// `probe`: only the first bytes will be read (a header sniffed), and the size limits are
    /// left to the reading that follows, which reports them.
    init(archive files: ZipArchiveFiles, entry: ZipArchiveFiles.Entry, displayName: String, probe: Bool = false) throws(IngestError) {
        self.displayName = displayName
        declaredSize = Int(clamping: entry.uncompressedSize)
        let limit = probe ? Int.max / 2 : files.limits.maximumBytes(compressed: entry.compressedSize)
        let ratio = files.limits.maxRatio
        // An entry whose own header declares more than the limit is refused before inflating.
        if entry.uncompressedSize > UInt64(limit) {
            throw Self.bomb(displayName, inflated: entry.uncompressedSize, compressed: entry.compressedSize, ratio: ratio)
        }
        let archivePath = files.path
        let thread = Thread { [self] in
            self.produce(archivePath: archivePath, entryName: entry.name, limit: limit, compressed: entry.compressedSize, ratio: ratio)
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private static func bomb(_ name: String, inflated: UInt64, compressed: UInt64, ratio: Double) -> IngestError {
        IngestError(
            file: name,
            "looks like a zip bomb: \(inflated) bytes or more from \(compressed) compressed, beyond \(Int(ratio)):1 "
                + "(--zip-max-ratio raises the limit)")
    }

    /// Stops inflating: a thrown error ends ZIPFoundation's extraction.
    private struct Stop: Error {}

    /// Runs on the inflating thread.
    private func produce(archivePath: String, entryName: String, limit: Int, compressed: UInt64, ratio: Double) {
        var inflated = 0
        var outcome: IngestError?
        do {
            let archive = try Archive(url: URL(fileURLWithPath: archivePath), accessMode: .read)
            guard let entry = archive[entryName] else {
                throw IngestError(file: displayName, "cannot open: no such file in \(archivePath)")
            }
            let checksum = try archive.extract(entry, bufferSize: Self.chunkBytes, skipCRC32: false) { [self] data in
                inflated += data.count
                if inflated > limit {
                    outcome = Self.bomb(displayName, inflated: UInt64(inflated), compressed: compressed, ratio: ratio)
                    throw Stop()
                }
                condition.lock()
                defer { condition.unlock() }
                while chunks.count >= Self.queuedChunks && !cancelled { condition.wait() }
                if cancelled { throw Stop() }
                chunks.append(data)
                condition.broadcast()
            }
            if checksum != entry.checksum {
                let name = entryName.split(separator: "/").last.map(String.init) ?? entryName
                outcome = IngestError(file: archivePath, "corrupt zip archive: \(name) fails its CRC-32 check")
            }
        } catch let error as IngestError {
            outcome = error
        } catch is Stop {
            // outcome already set, or cancelled
        } catch {
            outcome = IngestError(file: displayName, "cannot inflate: \(error)")
        }
        condition.lock()
        failure = outcome
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(IngestError) -> Int {
        if offset == current.count {
            condition.lock()
            while chunks.isEmpty && !finished { condition.wait() }
            if chunks.isEmpty {
                let failure = self.failure
                condition.unlock()
                if let failure { throw failure }
                return 0
            }
            current = chunks.removeFirst()
            offset = 0
            condition.broadcast()
            condition.unlock()
        }
        let taken = min(count, current.count - offset)
        current.withUnsafeBytes { bytes in
            buffer.copyMemory(from: bytes.baseAddress! + offset, byteCount: taken)
        }
        offset += taken
        return taken
    }

    func cancel() {
        condition.lock()
        cancelled = true
        chunks.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
