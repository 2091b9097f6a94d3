import Foundation

/// A zip archive read in place: while a recording in it is read, paths inside it
/// (`export.zip/rec/TotalAcceleration.csv`) are listed by ``FileSystem`` and opened by
/// ``CSVReader`` as streams of the decompressed entry (``ZipEntryStream``). Nothing is written
/// to disk, and memory stays that of a file read in chunks. A gzip file (`walk.csv.gz`) is read
/// the same way, as an archive holding one file named without `.gz` (`walk.csv.gz/walk.csv`).
///
/// Opening an archive checks its limits (``ZipLimits``): the number of entries, and names that
/// would escape it (`../`, absolute); an entry inflating beyond its ratio is stopped while it
/// is read.
final class ZipArchiveFiles: @unchecked Sendable {
    /// The archive, read at offsets by each entry's stream.
    let file: ArchiveFile
    let limits: ZipLimits
    /// Files by their path inside the archive (`rec/TotalAcceleration.csv`).
    private let files: [String: ZipDirectory.Entry]
    /// Every folder inside the archive (`""` is its root), with the names it holds.
    private let folders: [String: [String]]

    /// The archive's path.
    var path: String { file.path }

    private init(file: ArchiveFile, limits: ZipLimits, files: [String: ZipDirectory.Entry], folders: [String: [String]]) {
        self.file = file
        self.limits = limits
        self.files = files
        self.folders = folders
    }

    // MARK: Mounting

    /// The archives mounted by the reading this code runs in (and the readings it started),
    /// by path: a reading of the same archive elsewhere, on another thread, sees none of them
    /// (a process-wide table let one reading see another's mount, skip its own entry limits,
    /// and lose the archive when the other ended).
    @TaskLocal private static var mounted: [String: ZipArchiveFiles] = [:]

    /// Runs `body` with the archive at `path` readable in place (its folders listed, its files
    /// opened as streams), after checking its entries against `limits`.
    static func withMounted<Value>(
        _ path: String, limits: ZipLimits, _ body: (ZipArchiveFiles) throws(IngestError) -> Value
    ) throws(IngestError) -> Value {
        let archive = try open(path, limits: limits)
        var mounts = mounted
        mounts[path] = archive
        return try withMounts(mounts) { () throws(IngestError) in try body(archive) }
    }

    /// Runs `body` with `mounts` as the mounted archives (the task-local value's typed-throws
    /// wrapper).
    private static func withMounts<Value>(
        _ mounts: [String: ZipArchiveFiles], _ body: () throws(IngestError) -> Value
    ) throws(IngestError) -> Value {
        let result: Result<Value, IngestError> = $mounted.withValue(mounts) {
            do throws(IngestError) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Runs `body` with the gzip files of `folder` (on disk, not in an archive) whose file is one
    /// `wanted` names (any case) and is not beside them itself mounted (`rec/Gravity.csv.gz`,
    /// read as `rec/Gravity.csv.gz/Gravity.csv`), so that a recording folder whose files are
    /// gzipped is read as the folder itself. A gzip file that cannot be opened is left out (not
    /// mounted: the folder is read as without that file) and its error given to `body`, to be
    /// said, as an unreadable plain file is.
    static func withGzippedMembers<Value>(
        of folder: String, wanted: Set<String>, limits: ZipLimits,
        _ body: (_ unreadable: [IngestError]) throws(IngestError) -> Value
    ) throws(IngestError) -> Value {
        guard resolve(folder) == nil, let names = FileSystem.contents(of: folder), names.contains(where: isGzip) else {
            return try body([])
        }
        var unreadable: [IngestError] = []
        let present = Set(names.map { $0.lowercased() })
        var mounts = mounted
        for name in names where isGzip(name) {
            let member = gzipMember(of: name).lowercased()
            let path = folder + "/" + name
            guard wanted.contains(member), !present.contains(member), FileSystem.isFile(path) else { continue }
            do throws(IngestError) {
                mounts[path] = try open(path, limits: limits)
            } catch {
                unreadable.append(error)
            }
        }
        return try withMounts(mounts) { () throws(IngestError) in try body(unreadable) }
    }

    /// The mounted archive holding `path`, and the path inside it (`""` for the archive itself).
    static func resolve(_ path: String) -> (archive: ZipArchiveFiles, inner: String)? {
        let mounts = mounted
        guard !mounts.isEmpty else { return nil }
        for (root, archive) in mounts {
            if path == root { return (archive, "") }
            if path.hasPrefix(root + "/") { return (archive, String(path.dropFirst(root.count + 1))) }
        }
        return nil
    }

    /// A stream of the file at `path` when it lies in a mounted archive, else `nil`.
    /// `probe`: only its first bytes are wanted (see ``ZipEntryStream``).
    static func stream(_ path: String, displayName: String, probe: Bool = false) throws(IngestError) -> ZipEntryStream? {
        guard let (archive, inner) = resolve(path) else { return nil }
        guard let entry = archive.files[inner] else {
            throw IngestError(file: displayName, "cannot open: no such file in \(archive.path)")
        }
        return try ZipEntryStream(archive: archive, entry: entry, displayName: displayName, probe: probe)
    }

    /// Whether `inner` is a folder of the archive.
    func isFolder(_ inner: String) -> Bool { folders[inner] != nil }

    /// Whether `inner` is a file of the archive.
    func isFile(_ inner: String) -> Bool { files[inner] != nil }

    /// The names in folder `inner`, sorted.
    func contents(of inner: String) -> [String]? { folders[inner] }

    /// Why the first file named one of `names` (any case, in any folder) cannot be read, when
    /// it cannot: an encrypted or damaged entry is reported as itself, not as missing.
    func unreadableFile(named names: [String]) -> IngestError? {
        let wanted = Set(names.map { $0.lowercased() })
        for (inner, entry) in files.sorted(by: { $0.key < $1.key })
        where wanted.contains((inner.split(separator: "/").last ?? "").lowercased()) {
            do throws(IngestError) {
                let stream = try ZipEntryStream(archive: self, entry: entry, displayName: path + "/" + inner, probe: true)
                defer { stream.cancel() }
                var byte: UInt8 = 0
                _ = try stream.read(into: &byte, count: 1)
            } catch {
                return error
            }
        }
        return nil
    }

    // MARK: Reading the directory

    /// Whether `path` names a gzip file (`.gz`), read as an archive of one file.
    static func isGzip(_ path: String) -> Bool { path.lowercased().hasSuffix(".gz") }

    /// The one file of the gzip file at `path`: its name without `.gz`.
    static func gzipMember(of path: String) -> String { String(FileSystem.lastComponent(path).dropLast(3)) }

    private static func open(_ path: String, limits: ZipLimits) throws(IngestError) -> ZipArchiveFiles {
        let file = try ArchiveFile(path)
        if isGzip(path) {
            guard file.size >= 18, try file.bytes(at: 0, count: 2, "the gzip header") == [0x1F, 0x8B] else {
                throw IngestError(file: path, "not a gzip file (no gzip header), though named .gz")
            }
            let name = gzipMember(of: path)
            let entry = ZipDirectory.Entry(
                name: name, method: 8, crc32: 0, compressedSize: file.size, uncompressedSize: 0, localHeaderOffset: 0,
                isEncrypted: false, isFile: true, isGzipFile: true)
            return ZipArchiveFiles(file: file, limits: limits, files: [name: entry], folders: ["": [name]])
        }
        let directory = try ZipDirectory(file, maxEntries: limits.maxEntries)
        var files: [String: ZipDirectory.Entry] = [:]
        var folders: [String: Set<String>] = ["": []]
        for entry in directory.entries {
            let name = entry.name
            let components = name.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard !name.hasPrefix("/"), !name.hasPrefix("\\"), !components.contains(".."), !name.contains("\\..") else {
                throw IngestError(file: path, "entry '\(name)' escapes the archive (an absolute path or '..'): refused")
            }
            let parts = components.filter { $0 != "." }
            guard !parts.isEmpty, !parts.contains(where: { $0.hasPrefix("__MACOSX") }) else { continue }
            // Every folder on the way, and the entry in its folder.
            var folder = ""
            for (index, part) in parts.enumerated() {
                let isLast = index == parts.count - 1
                folders[folder, default: []].insert(part)
                let child = folder.isEmpty ? part : folder + "/" + part
                if isLast && entry.isFile {
                    files[child] = entry
                } else {
                    folders[child, default: []].formUnion([])
                }
                folder = child
            }
        }
        return ZipArchiveFiles(file: file, limits: limits, files: files, folders: folders.mapValues { $0.sorted() })
    }
}

/// What a zip archive may hold before it is refused (`--zip-max-ratio`, `--zip-max-entries`).
public struct ZipLimits: Sendable, Hashable {
    /// Most bytes an entry may inflate to per compressed byte, beyond ``allowanceBytes``: a
    /// CSV compresses 3–20 times; a zip bomb, thousands.
    public var maxRatio: Double
    /// Bytes any entry may inflate to whatever its ratio (small entries compress very well).
    public var allowanceBytes: Int
    /// Most entries an archive may list (a recording export has a few dozen).
    public var maxEntries: Int

    public static let standard = ZipLimits(maxRatio: 1000, allowanceBytes: 16 << 20, maxEntries: 10_000)

    public init(maxRatio: Double, allowanceBytes: Int, maxEntries: Int) {
        self.maxRatio = maxRatio
        self.allowanceBytes = allowanceBytes
        self.maxEntries = maxEntries
    }

    /// Most bytes an entry of `compressed` bytes may inflate to.
    func maximumBytes(compressed: UInt64) -> Int {
        let byRatio = maxRatio * Double(compressed)
        return byRatio >= Double(Int.max / 2) ? Int.max / 2 : max(allowanceBytes, Int(byRatio))
    }
}
