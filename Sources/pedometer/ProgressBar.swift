import Foundation

/// A one-line progress bar on standard error (files done/total, MB/s, ETA), redrawn at most
/// ten times a second. Safe to call from worker threads. Everything else written while it is
/// shown goes through ``printAbove(_:)`` and ``printError(_:)``, so that the bar never mixes
/// with other output.
final class ProgressBar: @unchecked Sendable {
    /// When the bar is shown.
    enum Mode: String, CaseIterable {
        /// When standard error is a terminal.
        case auto
        case always
        case never

        /// Whether to show a bar.
        var isOn: Bool {
            switch self {
            case .auto: return isatty(2) == 1
            case .always: return true
            case .never: return false
            }
        }
    }

    private let lock = NSLock()
    private let total: Int
    private let totalBytes: Int64
    private let start = Date()
    private var done = 0
    private var doneBytes: Int64 = 0
    private var lastDraw = Date.distantPast
    private var shown = false

    /// A bar over `sizes.count` files of `sizes` bytes. An interrupt (Ctrl-C, `SIGINT`) or
    /// `SIGTERM` clears the bar's line before the command ends as it would have.
    init(sizes: [Int64]) {
        total = sizes.count
        totalBytes = sizes.reduce(0, +)
        for number in [SIGINT, SIGTERM] { Self.clearsLineOnSignal(number) }
    }

    /// Makes signal `number` clear the bar's line before it ends the process, unless the
    /// process ignores it (a background job started with `trap '' INT`): then it stays ignored.
    private static func clearsLineOnSignal(_ number: Int32) {
        let previous = signal(number, clearLineAndEnd)
        if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            signal(number, SIG_IGN)
        }
    }

    /// One file of `bytes` is done.
    func advance(bytes: Int64) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        doneBytes += bytes
        if Date().timeIntervalSince(lastDraw) >= 0.1 || done == total { draw() }
    }

    /// Prints a line to standard output with the bar out of the way (drawn again at most ten
    /// times a second: a batch's results delivered at once do not redraw it for each).
    func printAbove(_ text: String, terminator: String = "\n") throws(StandardOutput.WriteError) {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        try StandardOutput.print(text, terminator: terminator)
        if Date().timeIntervalSince(lastDraw) >= 0.1 { draw() }
    }

    /// Prints a line to standard error with the bar out of the way.
    func printError(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        StandardError.print(text)
        if Date().timeIntervalSince(lastDraw) >= 0.1 { draw() }
    }

    /// Removes the bar for good.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        clearLine()
    }

    /// The bar's text: `[#####.....]  12/40 files  35.2 MB/s  ETA 0:42`.
    static func line(done: Int, total: Int, doneBytes: Int64, totalBytes: Int64, elapsed: Double) -> String {
        let width = 20
        let fraction: Double
        if totalBytes > 0 {
            fraction = Double(doneBytes) / Double(totalBytes)
        } else {
            fraction = total > 0 ? Double(done) / Double(total) : 1
        }
        let filled = min(width, max(0, Int((fraction * Double(width)).rounded(.down))))
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        text += "  \(done)/\(total) files"
        let megabytes = Double(doneBytes) / 1_000_000
        if elapsed > 0 { text += "  " + String(format: "%.1f", megabytes / elapsed) + " MB/s" }
        if done > 0 && done < total && elapsed > 0 && fraction > 0 {
            let remaining = elapsed * (1 - fraction) / fraction
            // Not TimeSpan.clock: a file grown since it was sized makes this negative, which that writes otherwise.
            let seconds = Int(remaining.rounded())
            text += "  ETA " + (seconds >= 3600 ? "\(seconds / 3600):" + String(format: "%02d:%02d", seconds % 3600 / 60, seconds % 60)
                : "\(seconds / 60):" + String(format: "%02d", seconds % 60))
        }
        return text
    }

    /// Must hold the lock.
    private func draw() {
        lastDraw = Date()
        let text = Self.line(
            done: done, total: total, doneBytes: doneBytes, totalBytes: totalBytes,
            elapsed: Date().timeIntervalSince(start))
        StandardError.write("\r\u{1B}[2K" + text)
        shown = true
    }

    /// Must hold the lock.
    private func clearLine() {
        guard shown else { return }
        StandardError.write("\r\u{1B}[2K")
        shown = false
    }

    /// Bytes of a recording: the file's size, or the sum of the files under a folder.
    static func size(of path: String) -> Int64 {
        let manager = FileManager.default
        // Not FilePaths.isDirectory: a missing path (a broken link too) must count 0 bytes, not be sized.
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return 0 }
        guard isDirectory.boolValue else {
            return ((try? manager.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        }
        var total: Int64 = 0
        if let enumerator = manager.enumerator(atPath: path) {
            while let name = enumerator.nextObject() as? String {
                let attributes = try? manager.attributesOfItem(atPath: path + "/" + name)
                if attributes?[.type] as? FileAttributeType == .typeRegular {
                    total += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
                }
            }
        }
        return total
    }
}

/// Clears the terminal's line (where the bar is), then ends the process by the signal it got,
/// as it would have ended without the bar (only async-signal-safe calls).
private func clearLineAndEnd(_ number: Int32) {
    let clear: [UInt8] = [13, 0x1B, 0x5B, 0x32, 0x4B]  // "\r\e[2K"
    _ = clear.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    signal(number, SIG_DFL)
    raise(number)
}
