import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, where every command writes its results, each write checked: a full disk, a
/// closed descriptor or a failing device ends the command with ``failureStatus`` and a message
/// on standard error (``PedometerCommand/main()``), never a success with output missing.
///
/// Text is written with `write(2)` as it comes, unbuffered (``Buffer`` gathers many short lines
/// into large writes), so that nothing waits in a buffer whose error would surface only at exit.
/// A reader that stops early (`| head`) ends the command by `SIGPIPE`, as any Unix filter.
enum StandardOutput {
    /// The exit status of a command whose output could not be written (`EX_IOERR` of
    /// sysexits.h, as 64 is `EX_USAGE`).
    static let failureStatus: Int32 = 74

    /// Standard output could not be written.
    struct WriteError: Error, CustomStringConvertible {
        /// Why, as the system says it (`No space left on device`).
        var reason: String
        var description: String { "cannot write to standard output: \(reason)" }
    }

    /// Writes `text` followed by `terminator`.
    static func print(_ text: String, terminator: String = "\n") throws(WriteError) {
        try write(text + terminator)
    }

    /// Writes all of `text`, retrying after interruptions and short writes.
    static func write(_ text: String) throws(WriteError) {
        if let failure = writeAll(text, to: STDOUT_FILENO) { throw WriteError(reason: String(cString: strerror(failure))) }
    }

    /// Writes all of `text` to `descriptor`, retrying after interruptions and short writes;
    /// the `errno` of the write that failed, `nil` when all was written.
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        Array(text.utf8).withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Lines gathered into writes of about 64 KiB: a long series is millions of short lines.
    struct Buffer {
        private var text = ""

        /// Adds `line` and a newline, writing what is gathered once it reaches 64 KiB.
        mutating func append(_ line: String) throws(WriteError) {
            text += line
            text += "\n"
            if text.utf8.count >= 1 << 16 { try flush() }
        }

        /// Writes what is gathered.
        mutating func flush() throws(WriteError) {
            let pending = text
            text = ""
            try StandardOutput.write(pending)
        }
    }
}

/// `write(2)`, under a name that ``StandardOutput/write(_:)`` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
