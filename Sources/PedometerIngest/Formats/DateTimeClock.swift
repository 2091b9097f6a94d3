/// Places the raw times of a ``DateTimeColumn`` on the recording's clock, in file order.
///
/// A time of day that goes back by more than 12 hours has passed midnight: a day is added
/// (and it falls on `day`, when the file says which). A clock reading without a zone becomes
/// an instant in the zone `--time-zone` names (``LocalClock``: daylight-saving changes
/// included); without one it stays a reading of the recording's own clock, which gives
/// durations but no absolute start (and shows a daylight-saving change as an hour's gap or
/// an hour going backwards).
struct DateTimeClock: RowClock {
    let column: DateTimeColumn
    /// Nanoseconds since 1970-01-01 00:00:00 of the midnight that times of day start on.
    let day: Int64?
    private var time = TimeColumn(unit: .nanoseconds)
    private var local: LocalClock?
    private var dayOffset: Int64 = 0
    private var lastTimeOfDay: Int64?
    /// Midnights passed by times of day.
    private(set) var midnights = 0

    private static let nanosecondsPerDay: Int64 = 86_400 * 1_000_000_000

    /// What a reader says when its date-times give no absolute start (no zone written, none
    /// given): as ActiGraph's start, they are the device's local clock.
    static let localTimeNote = "the start is the device's local time: give --time-zone to place it"

    init(column: DateTimeColumn, zone: TimeZoneRule?, day: Int64? = nil) {
        self.column = column
        self.day = day
        local = zone.map(LocalClock.init)
    }

    mutating func seconds(_ parsed: TimeColumn.ParsedTime) -> Double {
        var nanoseconds = parsed.integer
        if column.layout == .timeOfDay {
            if let lastTimeOfDay, nanoseconds + dayOffset < lastTimeOfDay - Self.nanosecondsPerDay / 2 {
                dayOffset += Self.nanosecondsPerDay
                midnights += 1
            }
            nanoseconds += dayOffset
            lastTimeOfDay = nanoseconds
            nanoseconds += day ?? 0
        }
        if !column.zoned, local != nil {
            nanoseconds = local!.epochNanoseconds(wall: nanoseconds)
        }
        return time.seconds(TimeColumn.ParsedTime(integer: nanoseconds, value: Double(nanoseconds), isInteger: true))
    }

    /// Whether the times are instants: zoned, or placed by `--time-zone`; times of day need
    /// their day too.
    var isAbsolute: Bool {
        (column.zoned || local != nil) && (column.layout != .timeOfDay || day != nil)
    }

    var epochStart: Double? {
        isAbsolute ? time.epochStart : nil
    }
}
