import Foundation
import TestSupport

/// A folder of scratch files for one test, removed when the value is released.
final class TemporaryFiles {
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `bytes` to `name` (sub-folders created) and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let url = folder.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        write(name, Array(text.utf8))
    }

    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }
}

