// TEMPORARY stub until the real parser lands.
import Glibc
public enum DecimalParser {
    @inline(__always)
    public static func parseDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard bytes.count > 0, let base = bytes.baseAddress else { return nil }
        var endPointer: UnsafeMutablePointer<CChar>? = nil
        let start = base.assumingMemoryBound(to: CChar.self)
        let value = strtod(start, &endPointer)
        guard let endPointer, UnsafePointer(endPointer) - UnsafePointer(start) == bytes.count, value.isFinite else { return nil }
        return value
    }
    public static func parseInt64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let d = parseDouble(bytes) else { return nil }
        return Int64(exactly: d)
    }
}
public enum DateParser {
    public static func parseEpochSeconds(_ text: String) -> Double? { nil }
}
