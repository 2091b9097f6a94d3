/// A time column of date-time texts (`2013-10-21 10:00:08.000`, `13-May-2019 17:27:52.123`,
/// `5/7/2019 10:00:00.033`, `17:27:52:123` …), written in one ``DateParser/Layout``: how its
/// fields are read on the parsing threads.
///
/// Whether the texts state their zone is decided once, from the first: then every row must
/// (a zone is never guessed for one row from its neighbours). A field becomes a raw time in
/// nanoseconds: since 1970 UTC when zoned, else the clock reading that ``DateTimeClock``
/// places, in file order.
struct DateTimeColumn: Sendable, Hashable {
    let layout: DateParser.Layout
    /// Whether the texts state their zone.
    let zoned: Bool
    /// Whether the first text gives its time to the minute only (a step log's, not samples').
    let minutePrecision: Bool

    /// The column for texts like `sample` (a field of the first data row), or `nil` when it is
    /// no date-time.
    init?(sample: String, layout: DateParser.Layout? = nil) {
        guard let layout = layout ?? DateParser.layout(of: sample), let parsed = DateParser.parse(sample, layout) else {
            return nil
        }
        self.layout = layout
        zoned = parsed.offsetSeconds != nil
        minutePrecision = DateParser.isMinutePrecision(sample, layout)
    }

    /// The timestamp in field `index` as nanoseconds, or an error located at it.
    @inline(__always)
    func parse(_ reader: CSVReader, _ index: Int) throws(IngestError) -> TimeColumn.ParsedTime {
        guard index < reader.fieldCount else {
            throw reader.error(atField: reader.fieldCount, "missing timestamp")
        }
        return try nanoseconds(DateParser.parse(reader.field(index), layout), reader, index)
    }

    /// The date in field `date` and the time of day in field `time` of one row, read together
    /// as one text of this column's layout (Mi Fit's `2017-07-23` and `08:15`: `2017-07-23 08:15`),
    /// as nanoseconds, or an error located at the date. `clockDigits`: see ``joined(_:date:time:clockDigits:)``.
    func parse(_ reader: CSVReader, date: Int, time: Int, clockDigits: Bool = false) throws(IngestError) -> TimeColumn.ParsedTime {
        guard date < reader.fieldCount, time < reader.fieldCount else {
            throw reader.error(atField: reader.fieldCount, "missing timestamp")
        }
        guard !reader.isEmpty(time) else { throw reader.error(atField: time, "empty time of day") }
        let text = Self.joined(reader, date: date, time: time, clockDigits: clockDigits)
        return try nanoseconds(DateParser.parse(text, layout), reader, date, text: text)
    }

    /// A row's date and time of day as one text: `2017-07-23 08:15`. With `clockDigits`, a time
    /// written as a clock's digits alone, hours and minutes (`835`, `2355`: the Coursera
    /// activity data's `interval`), is written as one (`08:35`).
    static func joined(_ reader: CSVReader, date: Int, time: Int, clockDigits: Bool = false) -> String {
        let clock = String(reader.string(time).trimmingSpaces)
        return String(reader.string(date).trimmingSpaces) + " " + (clockDigits ? Self.clock(digits: clock) ?? clock : clock)
    }

    /// A clock's digits (`835`, `2355`: hours and minutes) as a time of day (`08:35`); `nil`
    /// when `text` is no such digits.
    static func clock(digits text: String) -> String? {
        guard (1...4).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Int(text),
            digits / 100 < 24, digits % 100 < 60
        else { return nil }
        return String(format: "%02d:%02d", digits / 100, digits % 100)
    }

    /// The parsed timestamp of field `index` (or of `text`, when the row's fields were joined)
    /// as nanoseconds, or an error located at it.
    private func nanoseconds(
        _ parsed: DateParser.DateTime?, _ reader: CSVReader, _ index: Int, text: String? = nil
    ) throws(IngestError) -> TimeColumn.ParsedTime {
        func written() -> Substring { (text ?? reader.string(index)).prefix(40) }
        guard let parsed else {
            throw reader.error(
                atField: index,
                reader.isEmpty(index) ? "empty timestamp" : "timestamp is not a date-time like the first rows': '\(written())'")
        }
        let nanoseconds: Int64
        if zoned {
            guard let epoch = parsed.epochNanoseconds else {
                throw reader.error(atField: index, "timestamp has no zone, unlike the first rows': '\(written())'")
            }
            nanoseconds = epoch
        } else {
            guard parsed.offsetSeconds == nil else {
                throw reader.error(atField: index, "timestamp has a zone, unlike the first rows': '\(written())'")
            }
            nanoseconds = parsed.wallNanoseconds
        }
        return TimeColumn.ParsedTime(integer: nanoseconds, value: Double(nanoseconds), isInteger: true)
    }

    /// What the column's texts say about the recording's clock, for the notes.
    var description: String {
        let form: String
        switch layout {
        case .iso: form = "ISO 8601 date-times"
        case .numeric(let order, let separator):
            let parts = order == .monthFirst ? ["M", "d", "yyyy"] : ["d", "M", "yyyy"]
            form = "date-times (\(parts.joined(separator: String(UnicodeScalar(separator)))))"
        case .yearFirst(let separator):
            form = "date-times (\(["yyyy", "M", "d"].joined(separator: String(UnicodeScalar(separator)))))"
        case .monthName: form = "date-times (dd-MMM-yyyy)"
        case .timeOfDay: form = "times of day"
        }
        return zoned ? form + " with their zone" : form + " without a zone"
    }
}
