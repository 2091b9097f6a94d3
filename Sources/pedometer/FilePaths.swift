import Foundation

/// Questions about paths on disk that several commands ask.
enum FilePaths {
    /// Whether `path` is a folder, symbolic links followed (a link to a folder is one; a
    /// missing path or a broken link is not).
    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
