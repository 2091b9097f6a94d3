#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system questions ingestion asks, answered with POSIX calls, and for paths inside
/// a zip archive being read, by the archive (``ZipArchiveFiles``: the archive itself stays a file).
enum FileSystem {
    /// The archive and the path inside it when `path` lies inside a zip archive being read.
    private static func inArchive(_ path: String) -> (archive: ZipArchiveFiles, inner: String)? {
        guard let found = ZipArchiveFiles.resolve(path), !found.inner.isEmpty else { return nil }
        return found
    }

    /// Whether `path` is a folder: on disk, or in an archive being read, its root included
    /// (while a recording in it is read, the archive is the folder that holds it).
    static func isDirectory(_ path: String) -> Bool {
        if let (archive, inner) = ZipArchiveFiles.resolve(path) { return archive.isFolder(inner) }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        if let (archive, inner) = inArchive(path) { return archive.isFile(inner) }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What makes a file or folder itself, whatever path reaches it: its device and inode.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of what `path` names (links followed), `nil` when it cannot be looked up or
    /// lies inside a zip archive.
    static func identity(of path: String) -> Identity? {
        if ZipArchiveFiles.resolve(path) != nil { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Why `path` cannot be looked up (missing, a loop of links, a folder that cannot be
    /// searched …), or `nil` when it can.
    static func lookupProblem(_ path: String) -> String? {
        if let (archive, inner) = inArchive(path) {
            return archive.isFile(inner) || archive.isFolder(inner) ? nil : "no such file or folder"
        }
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        return errno == ENOENT ? "no such file or folder" : "cannot open: \(CSVReader.describeErrno(errno))"
    }

    /// `cannot open: permission denied` when `path` cannot be looked up for want of permission
    /// (an entry of a folder that can be listed but not searched), else `nil`.
    static func permissionProblem(_ path: String) -> String? {
        if ZipArchiveFiles.resolve(path) != nil { return nil }
        var info = stat()
        guard stat(path, &info) != 0, errno == EACCES else { return nil }
        return "cannot open: " + CSVReader.describeErrno(EACCES)
    }

    /// Names in a folder, sorted, without `.` and `..` and names that are not valid UTF-8
    /// (``listing(of:)``); `nil` if it cannot be listed.
    static func contents(of directory: String) -> [String]? {
        listing(of: directory)?.names
    }

    /// An entry of a folder whose name is not valid UTF-8: no path given as a `String` reaches
    /// it, so it can be reported but not read.
    struct UndecodableEntry: Sendable, Hashable {
        /// The name, each byte that is not part of valid UTF-8 written `\xFF`.
        var name: String
        var isDirectory: Bool
    }

    /// A folder's entries, sorted, without `.` and `..`: the names, and apart those that are not
    /// valid UTF-8 (a `String` would replace their bytes, and name another file); `nil` if the
    /// folder cannot be listed (``listed(_:)`` says why).
    static func listing(of directory: String) -> (names: [String], undecodable: [UndecodableEntry])? {
        try? listed(directory)
    }

    /// Why a folder cannot be listed: the system's reason (`permission denied`).
    struct ListingError: Error, Sendable, Hashable {
        var reason: String
    }

    /// A folder's entries (as ``listing(of:)``), or why it cannot be listed.
    static func listed(_ directory: String) throws(ListingError) -> (names: [String], undecodable: [UndecodableEntry]) {
        if let (archive, inner) = ZipArchiveFiles.resolve(directory) {
            guard let names = archive.contents(of: inner) else { throw ListingError(reason: "no such folder in \(archive.path)") }
            return (names, [])
        }
        guard let handle = opendir(directory) else { throw ListingError(reason: CSVReader.describeErrno(errno)) }
        defer { closedir(handle) }
        var names: [String] = []
        var undecodable: [UndecodableEntry] = []
        while let entry = readdir(handle) {
            let bytes = Self.name(of: entry)
            if let name = String(validating: bytes, as: UTF8.self) {
                if name != "." && name != ".." { names.append(name) }
            } else {
                var info = stat()
                let found = fstatat(dirfd(handle), bytes.map { CChar(bitPattern: $0) } + [0], &info, 0) == 0
                undecodable.append(UndecodableEntry(name: escaped(bytes), isDirectory: found && (info.st_mode & S_IFMT) == S_IFDIR))
            }
        }
        return (names.sorted(), undecodable.sorted { $0.name < $1.name })
    }

    /// The name's bytes of a directory entry `readdir` gave, read up to its NUL through a
    /// pointer to the field: copying `d_name` (256 bytes) read past a short entry's record,
    /// beyond the end of the system's buffer for the last one (AddressSanitizer: a
    /// heap-buffer-overflow, found by `tools/fuzz`'s corpus merge).
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
    }

    /// `bytes` as text, each byte that is not part of valid UTF-8 written `\xFF`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var text = ""
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    text += "\\x" + String(byte, radix: 16, uppercase: true)  // never below 0x80
                }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// The path, relative to `directory`, of its file `name` (any case, or exactly when not
    /// `anyCase`): the entry so named, or when there is none, the file in a gzip file `name.gz`
    /// beside it that is mounted (``ZipArchiveFiles/withGzippedMembers(of:wanted:limits:_:)``):
    /// `Gravity.csv.gz/Gravity.csv`. `names` are the folder's, when already listed.
    static func entry(_ name: String, in directory: String, anyCase: Bool = true, names: [String]? = nil) -> String? {
        guard let names = names ?? contents(of: directory) else { return nil }
        let matches: (String, String) -> Bool = anyCase ? { $0.lowercased() == $1.lowercased() } : { $0 == $1 }
        if let plain = names.first(where: { matches($0, name) }) { return plain }
        guard let gzipped = names.first(where: { matches($0, name + ".gz") }),
            ZipArchiveFiles.resolve(directory + "/" + gzipped)?.inner.isEmpty == true
        else { return nil }
        return gzipped + "/" + ZipArchiveFiles.gzipMember(of: gzipped)
    }

    /// The first line of a small text file, trimmed.
    static func firstLine(of path: String) -> String? {
        if inArchive(path) != nil {
            // A file inside an archive: the first chunk of its stream.
            guard isFile(path), let stream = try? ZipArchiveFiles.stream(path, displayName: path, probe: true) else { return nil }
            defer { stream.cancel() }
            var bytes = [UInt8](repeating: 0, count: 1024)
            let count = bytes.withUnsafeMutableBytes { (try? stream.read(into: $0.baseAddress!, count: $0.count)) ?? 0 }
            let line = String(decoding: bytes.prefix(count).prefix { $0 != 0x0A }, as: UTF8.self).trimmingSpaces
            return line.isEmpty ? nil : String(line)
        }
        guard isFile(path), let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = line.trimmingSpaces
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The file name at the end of a path.
    static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}
