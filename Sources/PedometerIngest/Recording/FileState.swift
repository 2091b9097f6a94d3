import Foundation

/// The size and modification time of a recording's file, or of each file in a recording
/// folder: taken before and after reading, a difference says the recording changed while it
/// was read (a logger still writing, a copy still running), and its summary is of a moment.
struct FileState: Equatable, Sendable {
    private var entries: [Entry]

    private struct Entry: Equatable, Sendable {
        var name: String
        var size: UInt64
        var modified: Date
    }

    /// The state of `path`, a file or a folder's files; `nil` when it cannot be looked up, or
    /// lies inside an archive being read (whose bytes are read once, from memory).
    init?(of path: String) {
        guard FileSystem.identity(of: path) != nil else { return nil }
        if FileSystem.isDirectory(path) {
            guard let names = FileSystem.contents(of: path) else { return nil }
            entries = names.compactMap { Self.entry(path + "/" + $0, name: $0) }
        } else {
            guard let entry = Self.entry(path, name: "") else { return nil }
            entries = [entry]
        }
    }

    /// The size and time of the file `path` names, links followed, relative ones too
    /// (`realpath`: a link's own size and time would not change as its file grows).
    private static func entry(_ path: String, name: String) -> Entry? {
        guard let resolved = realpath(path, nil) else { return nil }
        let target = String(cString: resolved)
        free(resolved)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.uint64Value,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return Entry(name: name, size: size, modified: modified)
    }

    /// What changed from `earlier` to this state, for a note: `size 1000000 → 2750000 bytes`,
    /// `Accelerometer.csv: size …`, `files added or removed`.
    func change(since earlier: FileState) -> String? {
        guard self != earlier else { return nil }
        guard entries.map(\.name) == earlier.entries.map(\.name) else { return "files added or removed" }
        for (now, then) in zip(entries, earlier.entries) where now != then {
            let what = now.size != then.size ? "size \(then.size) → \(now.size) bytes" : "modified"
            return now.name.isEmpty ? what : "\(now.name): \(what)"
        }
        return nil
    }
}
