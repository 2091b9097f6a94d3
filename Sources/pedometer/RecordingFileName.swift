import Foundation

/// Names of the files written per recording (`summarize --output-dir`, `--chart`): stable
/// for a given path, distinct for recordings of the same name in different folders.
enum RecordingFileName {
    /// The file name, without extension, of what is written for a recording: the recording's name
    /// (last path component without its extension, characters other than letters, digits,
    /// `.`, `_` and `-` replaced by `_`) and 8 hex digits of a hash (FNV-1a) of the whole
    /// path made absolute and canonical (symbolic links and `..` steps resolved, as the file
    /// system does; lexically for a path that does not exist). The same recording always
    /// gives the same name however its path is written
    /// (`a/walk.csv` in its folder, `../x/a/walk.csv` elsewhere, or absolute: until 2026-11-28
    /// three names, and a resumed batch summarised it again); two recordings with the same
    /// name in different folders get different ones.
    static func stem(for source: String) -> String {
        let normalized = canonical(source)
        var stem = ""
        for scalar in displayName(normalized).unicodeScalars {
            let safe = scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "." || scalar == "_" || scalar == "-")
            stem.unicodeScalars.append(safe ? scalar : "_")
        }
        while stem.hasPrefix(".") { stem.removeFirst() }
        if stem.isEmpty { stem = "recording" }
        if stem.count > 80 { stem = String(stem.prefix(80)) }
        return stem + "-" + hex(fnv1a(normalized))
    }

    /// The last path component without its extension (`run.csv` → `run`, `walk.zip` → `walk`).
    static func displayName(_ source: String) -> String {
        let name = (normalize(source) as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    /// `path` absolute, its symbolic links and `..` steps resolved (`realpath`), or, when it
    /// does not exist, made absolute from the working folder and normalised lexically.
    static func canonical(_ path: String) -> String {
        // Not ExpectedSummaryFile.standardized: for a missing path that keeps a leading `/..` (URL drops it), and the hash must not change.
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// `./a//b/` → `a/b`, `/x/y/../z` → `/x/z` (lexically; symbolic links are left alone).
    private static func normalize(_ path: String) -> String {
        // Not TruthManifest.lexicallyNormalized: that drops a `..` above `/` and gives `.` for nothing left; names and hashes must not change.
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        if parts.isEmpty { return path.hasPrefix("/") ? "/" : path }
        let absolute = path.hasPrefix("/")
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let text = String(UInt32(truncatingIfNeeded: value ^ (value >> 32)), radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
