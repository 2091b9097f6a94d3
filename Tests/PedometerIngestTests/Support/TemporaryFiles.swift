import Foundation

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

/// A small deterministic random generator (SplitMix64) for reproducible test data.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
