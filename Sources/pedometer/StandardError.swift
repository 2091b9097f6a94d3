#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error, where messages go: what could not be read, notes, the progress bar.
///
/// A message that cannot be written (stderr closed, on a full device) is lost, and the command
/// goes on: its results on standard output and its exit status still say what happened
/// (`FileHandle.standardError.write` trapped on such a failure: a whole batch's results lost to
/// the first message, status 132).
enum StandardError {
    /// Writes `text` and a newline.
    static func print(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` as it is (a progress bar's redrawn line).
    static func write(_ text: String) {
        _ = StandardOutput.writeAll(text, to: STDERR_FILENO)
    }
}
