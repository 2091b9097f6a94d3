/// Allocation-free parser for the date-time texts loggers write (no Foundation, no locale): the
/// one place where a date or a time of day becomes a number.
///
/// A file writes all its date-times one way, its ``Layout``: found once from its first values
/// (``layout(of:)``) or known from the format (ActiGraph's header names its date format), then
/// used for every row. Numbers (epoch seconds, milliseconds …) are not dates: ``DecimalParser``
/// reads them, and their unit is stated or inferred by the readers.
///
/// Every layout trims ASCII spaces and tabs at both ends, needs hours and minutes when it has
/// a time, and seconds in a time of day alone (a fraction of any length after `.`, `,` or, outside ISO dates, `:` is
/// optional; outside ISO dates, a 12-hour clock's `AM`/`PM` may follow), range-checks every field (days against the month's length in leap and common
/// years; second 60, a leap second, counts as :59 plus one second; `24:00`, a day's end, is the
/// next day's midnight) and rejects anything else.
/// A zone is `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh` (at most 18 h), optionally after one space;
/// after it, a region in brackets (`+0100 [Europe/London]`, as Java writes it) is allowed and
/// ignored, the offset saying all. Without a zone a date-time is a local clock reading:
/// ``DateTime/offsetSeconds`` is `nil` and the reader decides what it means (see
/// ``TimeZoneRule``).
public enum DateParser {
    /// How a file writes its date-times.
    public enum Layout: Sendable, Hashable {
        /// ISO 8601 / RFC 3339 style, year first: `2019-05-13 17:27:52.123 +0200`,
        /// `2019-05-13T15:27:52Z`, `2013-10-21 10:00:08.000` (no zone),
        /// `2014-05-07 13:29:50.430+0100 [Europe/London]`, or a date alone, `2019-05-13`
        /// (midnight). Two-digit month, day, hour, minute and second.
        case iso
        /// Numeric day and month of one or two digits and a four-digit year, in the given order,
        /// separated by `separator` (`/`, `.` or `-`), then optionally a time: `5/13/2019
        /// 17:27:52.123` (ActiGraph's `M/d/yyyy`), `13.05.2019 17:27:52`.
        case numeric(DayOrder, separator: UInt8)
        /// Year first, then month and day of one or two digits, separated by `separator` (`/` or
        /// `.`; with `-` it is ``iso``), then optionally a time after a space:
        /// `2019/05/13 17:27:52.123`, `2019.5.13 17:27:52`.
        case yearFirst(separator: UInt8)
        /// Day, English month abbreviation, year: `13-May-2019 17:27:52.123` (MATLAB's datetime
        /// text).
        case monthName
        /// A time of day without a date: `17:27:52.123`, `17:27:52:123` (Physics Toolbox),
        /// `17:15:00.000+02:00` (Google Fit).
        case timeOfDay
    }

    /// The order of day and month in a ``Layout/numeric(_:separator:)`` date.
    public enum DayOrder: Sendable, Hashable {
        case monthFirst
        case dayFirst
    }

    /// A date-time as written.
    public struct DateTime: Sendable, Hashable {
        /// Nanoseconds since 1970-01-01 00:00:00 of the clock reading as written (its fields
        /// read as if in UTC); for a ``Layout/timeOfDay``, nanoseconds since midnight.
        public var wallNanoseconds: Int64
        /// The zone offset written with it, in seconds east of UTC; `nil` when none is written.
        public var offsetSeconds: Int?

        /// Nanoseconds since 1970-01-01T00:00:00Z, when the zone is written.
        public var epochNanoseconds: Int64? {
            offsetSeconds.map { wallNanoseconds - Int64($0) * 1_000_000_000 }
        }
    }

    /// The date-time in `bytes` written in `layout`, or `nil` when it is not one. Instants must
    /// lie within the years 1678 to 2261 (nanoseconds in an `Int64`); fraction digits beyond
    /// the ninth are dropped.
    public static func parse(_ bytes: UnsafeRawBufferPointer, _ layout: Layout) -> DateTime? {
        guard let fields = Fields(bytes, layout) else { return nil }
        let (nanoseconds, overflow) = fields.wallSeconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, abs(fields.wallSeconds) < 9_000_000_000 else { return nil }
        var fraction = fields.fractionDigits
        var length = fields.fractionLength
        while length > 9 {
            fraction /= 10
            length -= 1
        }
        while length < 9 {
            fraction *= 10
            length += 1
        }
        return DateTime(wallNanoseconds: nanoseconds + Int64(fraction), offsetSeconds: fields.offsetSeconds)
    }

    /// ``parse(_:_:)`` of a `String`.
    public static func parse(_ text: String, _ layout: Layout) -> DateTime? {
        withBytes(text) { parse($0, layout) }
    }

    /// The layout `text` is written in, or `nil` when it is no date-time (a number is none).
    /// A numeric date whose day and month could be either (`5/7/2019`) is taken as month
    /// first with `/` and as day first with `.` or `-`; ``layout(of:)-(Sequence)`` decides from
    /// several values.
    public static func layout(of text: String) -> Layout? {
        layout(of: [text])
    }

    /// The layout every one of `samples` is written in (the first that fits them all), or `nil`.
    /// Numeric dates are day first when some first component is above 12, month first when
    /// some second one is, else as ``layout(of:)`` says, except that dates with `/` are day
    /// first too when `slashesDayFirst` (a table in a language that writes them so:
    /// `01/03/2020` under Portuguese names is 1 March).
    public static func layout<Texts: Sequence<String>>(of samples: Texts, slashesDayFirst: Bool = false) -> Layout? {
        let texts = Array(samples)
        guard !texts.isEmpty else { return nil }
        var candidates: [Layout] = [.iso, .yearFirst(separator: UInt8(ascii: "/")), .yearFirst(separator: UInt8(ascii: ".")), .monthName, .timeOfDay]
        for separator in [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-")] {
            let preferDayFirst = slashesDayFirst || separator != UInt8(ascii: "/")
            let orders: [DayOrder] = preferDayFirst ? [.dayFirst, .monthFirst] : [.monthFirst, .dayFirst]
            candidates += orders.map { Layout.numeric($0, separator: separator) }
        }
        return candidates.first { layout in texts.allSatisfy { parse($0, layout) != nil } }
    }

    /// Whether every one of `samples`, read in the numeric `layout`, fits its other order as
    /// well (`01/03/2024` … `12/03/2024`: 3 January or 1 March …): the order was a guess.
    public static func orderIsAmbiguous<Texts: Sequence<String>>(_ samples: Texts, _ layout: Layout) -> Bool {
        guard case .numeric(let order, let separator) = layout else { return false }
        let other = Layout.numeric(order == .dayFirst ? .monthFirst : .dayFirst, separator: separator)
        return samples.allSatisfy { parse($0, other) != nil }
    }

    /// Whether `text`, written in `layout`, gives a time only to the minute (`2019-05-13 14:00`):
    /// no time for samples many a second.
    public static func isMinutePrecision(_ text: String, _ layout: Layout) -> Bool {
        withBytes(text) { bytes in Fields(bytes, layout).map { $0.hasTime && !$0.hasSeconds } ?? false }
    }

    /// Seconds since 1970-01-01T00:00:00Z of an ISO 8601 / RFC 3339 timestamp that states its
    /// zone (``Layout/iso`` with a time and a zone): `2019-05-13 17:27:52.123 +0200`,
    /// `2019-05-13T17:27:52.123+02:00`, `2019-05-13T15:27:52Z`, `2019-05-13T17:27:52,5+0200`.
    /// A timestamp **without a zone returns `nil`**: local time is ambiguous. Any year from 1
    /// to 9999; the integer seconds are exact and the fraction (any length) is added last, so
    /// precision is limited only by `Double` (about 0.5 µs for present-day instants).
    public static func parseEpochSeconds(_ text: String) -> Double? {
        withBytes(text) { parseEpochSeconds($0) }
    }

    /// ``parseEpochSeconds(_:)-(String)`` of the UTF-8 bytes of one field.
    public static func parseEpochSeconds(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let fields = Fields(bytes, .iso), fields.hasTime, let offset = fields.offsetSeconds else { return nil }
        var result = Double(fields.wallSeconds - Int64(offset))  // exact: far below 2^53
        if fields.fractionDigits != 0 {
            // Correctly rounded for up to 15 digits; within an ulp or so beyond.
            result += Double(fields.fractionDigits) / DecimalParser.exactPowerOfTen(fields.fractionLength)
        }
        return result
    }

    private static func withBytes<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(text.utf8).withUnsafeBytes(body)
    }

    // MARK: - Scanning

    /// The fields of one date-time, checked.
    private struct Fields {
        /// Seconds since 1970-01-01 00:00:00 of the written clock reading (or since midnight).
        var wallSeconds: Int64 = 0
        /// The fraction's first digits (at most 19) and their count.
        var fractionDigits: UInt64 = 0
        var fractionLength = 0
        var offsetSeconds: Int?
        var hasTime = false
        /// Whether the time has its seconds (a date's time may stop at the minute).
        var hasSeconds = false

        init?(_ bytes: UnsafeRawBufferPointer, _ layout: Layout) {
            guard let base = bytes.baseAddress else { return nil }
            var scanner = Scanner(base: base, end: bytes.count)
            scanner.trimBlanks()
            var days = 0
            switch layout {
            case .iso:
                guard let year = scanner.digits(4), scanner.expect("-"), let month = scanner.digits(2),
                    scanner.expect("-"), let day = scanner.digits(2), let checked = Self.days(year, month, day)
                else { return nil }
                days = checked
            case .numeric(let order, let separator):
                guard let first = scanner.digits(1...2), scanner.expect(separator), let second = scanner.digits(1...2),
                    scanner.expect(separator), let year = scanner.digits(4)
                else { return nil }
                let (month, day) = order == .monthFirst ? (first, second) : (second, first)
                guard let checked = Self.days(year, month, day) else { return nil }
                days = checked
            case .yearFirst(let separator):
                guard let year = scanner.digits(4), scanner.expect(separator), let month = scanner.digits(1...2),
                    scanner.expect(separator), let day = scanner.digits(1...2), let checked = Self.days(year, month, day)
                else { return nil }
                days = checked
            case .monthName:
                guard let day = scanner.digits(1...2), scanner.expect("-"), let month = scanner.monthName(),
                    scanner.expect("-"), let year = scanner.digits(4), let checked = Self.days(year, month, day)
                else { return nil }
                days = checked
            case .timeOfDay:
                break
            }
            // Whether the time follows the date after a space (or stands alone), where a
            // fraction may follow a colon (`2013-03-27 10:12:09:000`, GENEActiv).
            var spaced = layout == .timeOfDay
            if layout != .timeOfDay {
                if scanner.atEnd {  // a date alone: midnight
                    wallSeconds = Int64(days) * 86_400
                    return
                }
                let separator = scanner.next()
                let isISO = layout == .iso
                guard separator == UInt8(ascii: " ") || (isISO && (separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")))
                else { return nil }
                spaced = separator == UInt8(ascii: " ")
            }
            // Time: hh:mm:ss, the hour of one digit too outside ISO dates; after a date the
            // seconds may be left out (`2019-05-13 14:00`, a spreadsheet's minutes), a time of
            // day alone keeps them (`14:00` could be minutes and seconds). `24:00` (ISO 8601's
            // end of a day, as Mi Fit writes a day's last interval) is the next day's midnight.
            let strict = layout == .iso
            guard let hour = strict ? scanner.digits(2) : scanner.digits(1...2), scanner.expect(":"),
                let minute = scanner.digits(2), hour <= 24, minute <= 59
            else { return nil }
            var second = 0
            let hasSeconds = layout == .timeOfDay || scanner.peek() == UInt8(ascii: ":")
            if hasSeconds {
                guard scanner.expect(":"), let seconds = scanner.digits(2), seconds <= 60 else { return nil }
                second = seconds
            }
            hasTime = true
            self.hasSeconds = hasSeconds
            // Fraction: any number of digits; the first 19 are kept.
            var fractionIsZero = true
            if hasSeconds, let mark = scanner.peek(),
                mark == UInt8(ascii: ".") || mark == UInt8(ascii: ",") || (spaced && mark == UInt8(ascii: ":"))
            {
                scanner.advance()
                var any = false
                while let digit = scanner.digit() {
                    any = true
                    fractionIsZero = fractionIsZero && digit == 0
                    if fractionLength < 19 {
                        fractionDigits = fractionDigits * 10 + UInt64(digit)
                        fractionLength += 1
                    }
                }
                guard any else { return nil }
            }
            guard hour < 24 || (minute == 0 && second == 0 && fractionIsZero) else { return nil }
            // A 12-hour clock's AM or PM (`4/12/2016 1:05:00 PM`, as US spreadsheets write it),
            // outside ISO dates: hours 1 to 12, 12 AM being midnight.
            var hourOfDay = hour
            if !strict, let afternoon = scanner.meridiem() {
                guard (1...12).contains(hour) else { return nil }
                hourOfDay = hour % 12 + (afternoon ? 12 : 0)
            }
            // Zone, optionally after one space, then optionally a bracketed region.
            if !scanner.atEnd {
                if scanner.peek() == UInt8(ascii: " ") { scanner.advance() }
                guard let offset = scanner.zone() else { return nil }
                offsetSeconds = offset
                if !scanner.atEnd {
                    if scanner.peek() == UInt8(ascii: " ") { scanner.advance() }
                    guard scanner.region() else { return nil }
                }
            }
            guard scanner.atEnd else { return nil }
            wallSeconds = Int64(days) * 86_400 + Int64(hourOfDay * 3600 + minute * 60 + second)
        }

        /// Days since 1970-01-01 of a checked date, `nil` when there is no such day.
        private static func days(_ year: Int, _ month: Int, _ day: Int) -> Int? {
            guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
            return daysFromCivil(year: year, month: month, day: day)
        }
    }

    /// Reads one field's bytes from the front.
    private struct Scanner {
        let base: UnsafeRawPointer
        var position = 0
        var end: Int

        init(base: UnsafeRawPointer, end: Int) {
            self.base = base
            self.end = end
        }

        var atEnd: Bool { position >= end }

        func peek() -> UInt8? {
            position < end ? base.load(fromByteOffset: position, as: UInt8.self) : nil
        }

        mutating func advance() { position += 1 }

        mutating func next() -> UInt8? {
            defer { position += 1 }
            return peek()
        }

        /// `AM` or `PM` (either case), after at most one space and before the end or a space:
        /// whether it is PM; `nil`, and nothing read, when neither is there.
        mutating func meridiem() -> Bool? {
            var copy = self
            if copy.peek() == UInt8(ascii: " ") { copy.advance() }
            guard let letter = copy.next().map({ $0 | 0x20 }), letter == UInt8(ascii: "a") || letter == UInt8(ascii: "p"),
                copy.next().map({ $0 | 0x20 }) == UInt8(ascii: "m"), copy.atEnd || copy.peek() == UInt8(ascii: " ")
            else { return nil }
            self = copy
            return letter == UInt8(ascii: "p")
        }

        mutating func trimBlanks() {
            while let byte = peek(), DateParser.isBlank(byte) { position += 1 }
            while end > position, DateParser.isBlank(base.load(fromByteOffset: end - 1, as: UInt8.self)) { end -= 1 }
        }

        mutating func expect(_ character: Unicode.Scalar) -> Bool {
            expect(UInt8(ascii: character))
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            position += 1
            return true
        }

        mutating func digit() -> Int? {
            guard let byte = peek(), byte &- UInt8(ascii: "0") < 10 else { return nil }
            position += 1
            return Int(byte &- UInt8(ascii: "0"))
        }

        /// Two digits, whatever follows them (`+0200`: the hours, then the minutes).
        mutating func twoDigits() -> Int? {
            guard let tens = digit(), let units = digit() else { return nil }
            return tens * 10 + units
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int? {
            digits(count...count)
        }

        /// As many digits as there are, if their count is in `counts`.
        mutating func digits(_ counts: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while count < counts.upperBound, let digit = digit() {
                value = value * 10 + digit
                count += 1
            }
            guard counts.contains(count), peek().map({ $0 &- UInt8(ascii: "0") >= 10 }) ?? true else { return nil }
            return value
        }

        /// An English month abbreviation (`Jan` … `Dec`, any case) as 1 … 12.
        mutating func monthName() -> Int? {
            guard end - position >= 3 else { return nil }
            var name = ""
            for offset in 0..<3 {
                name.append(Character(Unicode.Scalar(base.load(fromByteOffset: position + offset, as: UInt8.self) | 0x20)))
            }
            let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
            guard let index = names.firstIndex(of: name) else { return nil }
            position += 3
            return index + 1
        }

        /// `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh` (at most 18 h) as seconds east of UTC.
        mutating func zone() -> Int? {
            guard let sign = next() else { return nil }
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = twoDigits() else { return nil }
            var minutes = 0
            if let byte = peek(), byte != UInt8(ascii: " "), byte != UInt8(ascii: "[") {
                _ = expect(":")
                guard let written = twoDigits(), written <= 59 else { return nil }
                minutes = written
            }
            let seconds = hours * 3600 + minutes * 60
            guard seconds <= 18 * 3600 else { return nil }
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }

        /// A bracketed region name, `[Europe/London]`, ending the field.
        mutating func region() -> Bool {
            guard expect("["), end - position >= 2, base.load(fromByteOffset: end - 1, as: UInt8.self) == UInt8(ascii: "]")
            else { return false }
            for offset in position..<(end - 1) {
                let byte = base.load(fromByteOffset: offset, as: UInt8.self)
                let allowed = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
                    || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+")
                guard allowed else { return false }
            }
            position = end
            return true
        }
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
