#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip archive's file opened for reading at offsets (`pread`), so that the directory reader
/// and each entry's inflating thread read it independently. Reads past its end are errors
/// that name the archive: a truncated or corrupt archive never traps.
final class ArchiveFile: @unchecked Sendable {
    let path: String
    /// The file's size in bytes.
    let size: UInt64
    private let descriptor: Int32

    init(_ path: String) throws(IngestError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw IngestError(file: path, "cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw IngestError(file: path, "not a readable zip archive: not a regular file")
        }
        size = UInt64(info.st_size)
    }

    deinit { close(descriptor) }

    /// Reads exactly `count` bytes at `offset` into `buffer`; `what` names them in the error
    /// when the archive ends first.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: UInt64, _ what: String) throws(IngestError) {
        guard offset <= size, UInt64(count) <= size - offset else {
            throw IngestError(file: path, "corrupt zip archive: \(what) lies beyond the archive's end (truncated?)")
        }
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer + done, count - done, off_t(offset) + off_t(done))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                let reason = got < 0 ? String(cString: strerror(errno)) : "unexpected end of file"
                throw IngestError(file: path, "cannot read \(what): \(reason)")
            }
            done += got
        }
    }

    /// `count` bytes at `offset` (directory records: small).
    func bytes(at offset: UInt64, count: Int, _ what: String) throws(IngestError) -> [UInt8] {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 8)
        defer { buffer.deallocate() }
        try read(into: buffer, count: count, at: offset, what)
        return Array(UnsafeRawBufferPointer(start: buffer, count: count))
    }
}
