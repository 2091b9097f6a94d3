/// Allocation-free parser for the ISO 8601 / RFC 3339 timestamps written by phone
/// logging apps (no Foundation, no locale).
public enum DateParser {
    /// Seconds since 1970-01-01T00:00:00Z of an ISO 8601 / RFC 3339 style timestamp.
    ///
    /// Accepted (after trimming ASCII spaces/tabs at both ends):
    /// `YYYY-MM-DD` + (`T` | `t` | one space) + `hh:mm:ss` + optional fraction
    /// (`.` or `,` then one or more digits) + optional single space + zone, where the
    /// zone is `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh` (at most 18 h). Examples:
    /// `2019-05-13 17:27:52.123 +0200`, `2019-05-13T17:27:52.123+02:00`,
    /// `2019-05-13T15:27:52Z`, `2019-05-13T17:27:52,5+0200`, `2019-05-13T17:27:52 +02`.
    ///
    /// Fields are range-checked (day against month length and leap years); second 60
    /// (a leap second) counts as :59 plus one second. A timestamp **without a zone
    /// returns `nil`**: local time is ambiguous. The integer seconds are computed
    /// exactly and the fraction (any length) is added last, so precision is limited
    /// only by `Double` (about 0.5 µs for present-day instants).
    public static func parseEpochSeconds(_ text: String) -> Double? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ parseEpochSeconds(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(text.utf8).withUnsafeBytes { parseEpochSeconds($0) }
    }

    /// Seconds since 1970-01-01T00:00:00Z of the UTF-8 bytes of one timestamp field;
    /// see the `String` overload for the accepted formats.
    public static func parseEpochSeconds(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let base = bytes.baseAddress else { return nil }
        var i = 0
        var end = bytes.count
        while i < end, isBlank(base.load(fromByteOffset: i, as: UInt8.self)) { i += 1 }
        while end > i, isBlank(base.load(fromByteOffset: end - 1, as: UInt8.self)) { end -= 1 }

        @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
        /// `count` decimal digits at `i`, advancing `i`; nil if any is missing.
        @inline(__always) func digits(_ count: Int) -> Int? {
            guard end - i >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = byte(i) &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                i += 1
            }
            return value
        }
        @inline(__always) func expect(_ character: UInt8) -> Bool {
            guard i < end, byte(i) == character else { return false }
            i += 1
            return true
        }

        // Date.
        guard let year = digits(4), expect(UInt8(ascii: "-")),
              let month = digits(2), expect(UInt8(ascii: "-")),
              let day = digits(2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }

        // Date/time separator.
        guard i < end else { return nil }
        let separator = byte(i)
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ") else { return nil }
        i += 1

        // Time.
        guard let hour = digits(2), expect(UInt8(ascii: ":")),
              let minute = digits(2), expect(UInt8(ascii: ":")),
              let second = digits(2) else { return nil }
        guard hour <= 23, minute <= 59, second <= 60 else { return nil }

        // Optional fraction: any number of digits; the first 19 are kept (far below Double precision).
        var fractionDigits: UInt64 = 0
        var fractionLength = 0
        if i < end, byte(i) == UInt8(ascii: ".") || byte(i) == UInt8(ascii: ",") {
            i += 1
            var any = false
            while i < end {
                let digit = byte(i) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                any = true
                if fractionLength < 19 {
                    fractionDigits = fractionDigits * 10 + UInt64(digit)
                    fractionLength += 1
                }
                i += 1
            }
            guard any else { return nil }
        }

        // Zone (required), optionally after one space.
        if i < end, byte(i) == UInt8(ascii: " ") { i += 1 }
        guard i < end else { return nil }  // no zone: ambiguous local time
        var offsetSeconds = 0
        let zone = byte(i)
        i += 1
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") {
            // UTC
        } else if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
            guard let offsetHours = digits(2) else { return nil }
            var offsetMinutes = 0
            if i < end {
                _ = expect(UInt8(ascii: ":"))
                guard let minutes = digits(2) else { return nil }
                offsetMinutes = minutes
            }
            guard offsetMinutes <= 59 else { return nil }
            offsetSeconds = offsetHours * 3600 + offsetMinutes * 60
            guard offsetSeconds <= 18 * 3600 else { return nil }
            if zone == UInt8(ascii: "-") { offsetSeconds = -offsetSeconds }
        } else {
            return nil
        }
        guard i == end else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        var result = Double(seconds)  // exact: |seconds| < 2^53
        if fractionDigits != 0 {
            // Correctly rounded for up to 15 digits; within an ulp or so beyond.
            result += Double(fractionDigits) / DecimalParser.exactPowerOfTen(fractionLength)
        }
        return result
    }

    // MARK: - Calendar

    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    @inline(__always)
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    @inline(__always)
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
    /// days-from-civil algorithm: eras of 400 years starting on March 1).
    @inline(__always)
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                     // 0...399
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
        return era * 146_097 + dayOfEra - 719_468
    }
}
