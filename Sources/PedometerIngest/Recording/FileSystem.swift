#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system questions ingestion asks, answered with POSIX calls.
enum FileSystem {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Why `path` cannot be looked up (missing, a loop of links, a folder that cannot be
    /// searched …), or `nil` when it can.
    static func lookupProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        return errno == ENOENT ? "no such file or folder" : "cannot open: \(CSVReader.describeErrno(errno))"
    }

    /// Names in a folder, sorted, without `.` and `..`; `nil` if it cannot be listed.
    static func contents(of directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The name of the entry in `directory` matching `name` case-insensitively.
    static func entry(_ name: String, in directory: String) -> String? {
        contents(of: directory)?.first { $0.lowercased() == name.lowercased() }
    }

    /// The first line of a small text file, trimmed.
    static func firstLine(of path: String) -> String? {
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
