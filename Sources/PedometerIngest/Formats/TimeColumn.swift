/// Turns a timestamp field into seconds since the recording's start.
///
/// Integer timestamps (nanoseconds since boot or since 1970) are subtracted as integers before
/// conversion, so 19-digit values keep their precision.
struct TimeColumn {
    /// Seconds per unit of the column: a ``TimeUnit``'s, or a sample period for a column that
    /// counts samples.
    let secondsPerUnit: Double
    /// Units per second when that is a whole number (1000 for ms, 10^9 for ns, a sample
    /// counter's whole rate): dividing by it keeps whole seconds whole (29,700 × 10^9 ns times
    /// 10^-9 is 29,700.000000000004 s, which put a count logged at 08:15 after an 08:15 `--to`).
    private let unitsPerSecond: Double?
    /// The raw value of time 0, set by the first timestamp unless given.
    private(set) var integerOrigin: Int64?
    private(set) var origin: Double?
    /// Whether the column counts days (a spreadsheet's or MATLAB's clock, which states no
    /// zone: it gives durations, no absolute start).
    private var countsDays = false

    init(unit: TimeUnit, origin: RawTime? = nil) {
        self.init(secondsPerUnit: unit.seconds, origin: origin)
        countsDays = unit.countsDays
    }

    /// A column in units of `secondsPerUnit` seconds (`1 / rate` for a sample counter).
    init(secondsPerUnit: Double, origin: RawTime? = nil) {
        self.secondsPerUnit = secondsPerUnit
        let inverse = 1 / secondsPerUnit, whole = inverse.rounded()
        unitsPerSecond = secondsPerUnit < 1 && abs(inverse - whole) <= 1e-9 * whole ? whole : nil
        if let origin { setOrigin(origin) }
    }

    /// Seconds of `units` of the column.
    @inline(__always)
    private func inSeconds(_ units: Double) -> Double {
        if let unitsPerSecond { return units / unitsPerSecond }
        return units * secondsPerUnit
    }

    /// A timestamp as written in the file: an exact integer when it is one.
    typealias RawTime = DecimalParser.IntegerOrDouble

    private mutating func setOrigin(_ raw: RawTime) {
        switch raw {
        case .integer(let value):
            integerOrigin = value
            origin = Double(value)
        case .double(let value):
            origin = value
        }
    }

    /// A timestamp field read before time 0 is known: the exact integer when it is one.
    struct ParsedTime: Sendable {
        /// Valid when `isInteger`.
        var integer: Int64
        var value: Double
        var isInteger: Bool
    }

    /// The timestamp in field `index`, or an error located at it.
    @inline(__always)
    static func parse(_ reader: CSVReader, _ index: Int) throws(IngestError) -> ParsedTime {
        guard index < reader.fieldCount else {
            throw reader.error(atField: reader.fieldCount, "missing timestamp")
        }
        switch reader.integerOrNumber(index) {
        case .integer(let integer):
            return ParsedTime(integer: integer, value: Double(integer), isInteger: true)
        case .double(let value):
            return ParsedTime(integer: 0, value: value, isInteger: false)
        case nil:
            let text = reader.string(index)
            // A date or a clock written in a layout the date-time reader does not know (an ISO
            // week date, a two-digit year, a zone's abbreviation, `p.m.`) is said to be one.
            let characters = Array(text)
            let dashBetweenDigits = characters.indices.dropFirst().dropLast().contains {
                characters[$0] == "-" && characters[$0 - 1].isNumber && characters[$0 + 1].isNumber
            }
            let looksDated = text.count >= 5 && text.contains { $0.isNumber } && (text.contains { ":/".contains($0) } || dashBetweenDigits)
            throw reader.error(
                atField: index,
                reader.isEmpty(index)
                    ? "empty timestamp"
                    : looksDated
                        ? "timestamp '\(text.prefix(40))' is neither a number nor a date-time in a layout pedometer reads (ISO 8601 "
                            + "2024-03-05T12:00:00.5+01:00, 2024-03-05 12:00:00, 5/3/2024 12:00 PM, 05.03.2024 12:00; see formats.md, time)"
                        : "timestamp is not a finite number: '\(text.prefix(40))'\(reader.decimalCommaHint(index))")
        }
    }

    /// Seconds since time 0 of a parsed timestamp; the first one sets time 0 unless given.
    @inline(__always)
    mutating func seconds(_ time: ParsedTime) -> Double {
        if time.isInteger, let integerOrigin {
            let (difference, overflow) = time.integer.subtractingReportingOverflow(integerOrigin)
            if !overflow { return inSeconds(Double(difference)) }
        }
        if origin == nil { setOrigin(time.isInteger ? .integer(time.integer) : .double(time.value)) }
        return inSeconds(time.value - origin!)
    }

    /// Seconds since time 0 of the timestamp in field `index`.
    @inline(__always)
    mutating func seconds(_ reader: CSVReader, _ index: Int) throws(IngestError) -> Double {
        seconds(try Self.parse(reader, index))
    }

    /// Time 0 in seconds as written (the first time read), `nil` before any.
    var originSeconds: Double? { origin.map(inSeconds) }

    /// Absolute start (seconds since 1970) when time 0 looks like a Unix timestamp (2000–2100).
    var epochStart: Double? {
        guard let origin, !countsDays else { return nil }
        let seconds = inSeconds(origin)
        return UnitInference.unixTimes.contains(seconds) ? seconds : nil
    }

    /// The raw timestamp in column 0 of the first data record of a file, or `nil` if it has none.
    static func firstTimestamp(
        _ path: String, _ displayName: String, _ options: IngestOptions, skipHeader: Bool
    ) throws(IngestError) -> RawTime? {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        if skipHeader { _ = try reader.next() }
        while try reader.next() {
            if let raw = reader.integerOrNumber(0) { return raw }
        }
        return nil
    }
}

extension TimeColumn.RawTime: Comparable {
    /// The timestamp as a `Double`, in the file's unit.
    var value: Double {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        }
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): a < b
        default: lhs.value < rhs.value
        }
    }
}
