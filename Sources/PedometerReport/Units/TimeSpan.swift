/// A length of time, stored in seconds.
public struct TimeSpan: Sendable, Hashable, Comparable, Codable {
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }

    /// `m:ss` below an hour, `h:mm:ss` from an hour on, rounded once to whole seconds
    /// (59.6 s is `1:00`, never `0:60`); "–" when not finite (or beyond any clock).
    public var clock: String {
        guard seconds.isFinite, seconds.magnitude < 9e15 else { return "–" }
        let total = Int64(seconds.magnitude.rounded())
        let sign = seconds < 0 && total > 0 ? "-" : ""
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let secs = total % 60
        if hours > 0 {
            return sign + "\(hours):" + NumberText.twoDigits(minutes) + ":" + NumberText.twoDigits(secs)
        }
        return sign + "\(minutes):" + NumberText.twoDigits(secs)
    }

    /// `h:mm:ss` always (the seed app's elapsed-time display).
    public var hoursMinutesSeconds: String {
        guard seconds.isFinite, seconds.magnitude < 9e15 else { return "–" }
        let total = Int64(seconds.magnitude.rounded())
        return "\(total / 3600):" + NumberText.twoDigits((total % 3600) / 60) + ":" + NumberText.twoDigits(total % 60)
    }

    /// Parses `45`, `1:23`, `1:23:45` (and fractional seconds, `55:00.5`): plain decimals only,
    /// never `1e3` or `0x10` (``NumberText/decimal(_:)``).
    public init?(parsing text: String) {
        let parts = text.trimming(" ").split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = NumberText.decimal(part) else { return nil }
            let isLast = index == parts.count - 1
            if index > 0 && (value >= 60 || (!isLast && value != value.rounded())) { return nil }
            if !isLast && value != value.rounded() { return nil }
            total = total * 60 + value
        }
        seconds = total
    }

    /// Parses a number with a unit, as a sampling interval is written: `250ms`, `0.5s`, `10 s`,
    /// `1m` or `1min` (minutes), `2h`, `1d` (a day of a long step log); a bare number is seconds, and clock forms (`1:30`) are
    /// accepted too. Negative or non-finite values are rejected.
    public init?(parsingAmount text: String) {
        let compact = text.lowercased().filter { $0 != " " }
        let units: [(String, Double)] = [
            ("ms", 0.001), ("sec", 1), ("s", 1), ("min", 60), ("m", 60), ("h", 3600), ("d", 86_400),
        ]
        for (suffix, factor) in units where compact.hasSuffix(suffix) {
            let number = compact.dropLast(suffix.count)
            guard let value = NumberText.decimal(number) else { return nil }
            self.init(seconds: value * factor)
            return
        }
        self.init(parsing: compact)
    }
}
