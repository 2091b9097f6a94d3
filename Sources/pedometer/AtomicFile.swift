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
    /// renames it to `path`. The temporary file is removed when anything fails.
    static func write(_ text: String, to path: String) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create \(directory): \(error.localizedDescription)")
        }
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary), options: [.withoutOverwriting])
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw WriteError(path: path, reason: error.localizedDescription)
        }
        // On disk before it takes the final name, so that a power cut cannot leave an empty file.
        let descriptor = open(temporary, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Removes the file at `path` when there is one (one `unlink`: a reader sees the whole file
    /// or none).
    static func remove(_ path: String) throws(WriteError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw WriteError(path: path, reason: "cannot remove: " + String(cString: strerror(errno)))
        }
    }

    /// Removes the temporary files in `directory` that a killed run left behind (their writer's
    /// process no longer exists); those of running writers are left alone.
    static func removeLeftovers(in directory: String) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]), UInt32(parts[parts.count - 2]) != nil else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? manager.removeItem(atPath: directory + "/" + name)
            }
        }
    }
}
