import Foundation

/// Files written so that a reader, or a rerun after an interruption, sees the old content or
/// the new one, never a part.
enum AtomicFile {
    /// A file that could not be written (or removed).
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): cannot write: \(reason)" }
    }

    /// Writes `text` to a hidden temporary file in `path`'s folder (created when needed), then
    /// renames it to `path`. The temporary file is removed when anything fails. Failures say
    /// the system's reason (`No space left on device`).
    static func write(_ text: String, to path: String) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        do throws(WriteError) {
            try makeFolder(directory.isEmpty ? "." : directory)
        } catch {
            throw WriteError(path: path, reason: error.reason)
        }
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        // On disk before it takes the final name, so that a power cut cannot leave an empty file.
        var failure = StandardOutput.writeAll(text, to: descriptor)
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(failure)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Makes folder `path` and the folders above it that are missing (`mkdir -p`); the
    /// system's reason when one cannot be made (`Not a directory`: a file stands in the way).
    static func makeFolder(_ path: String) throws(WriteError) {
        if FilePaths.isDirectory(path) { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try makeFolder(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw WriteError(path: path, reason: "cannot create \(path): " + String(cString: strerror(errno)))
        }
        guard FilePaths.isDirectory(path) else {
            throw WriteError(path: path, reason: "cannot create \(path): it exists and is not a folder")
        }
    }

    /// Removes the file at `path` when there is one (one `unlink`: a reader sees the whole file
    /// or none).
    static func remove(_ path: String) throws(WriteError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw WriteError(path: path, reason: "cannot remove: " + String(cString: strerror(errno)))
        }
    }

    /// Removes the temporary files in `directory` that a killed run left behind writing files
    /// whose names end in `fileSuffix` (`.expected.json`; their writer's process no longer
    /// exists); those of running writers, and other programs' hidden files, are left alone.
    static func removeLeftovers(in directory: String, of fileSuffix: String) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]), UInt32(parts[parts.count - 2]) != nil,
                parts.dropFirst().dropLast(3).joined(separator: ".").hasSuffix(fileSuffix)
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? manager.removeItem(atPath: directory + "/" + name)
            }
        }
    }
}
