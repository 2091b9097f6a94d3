/// Turns the raw timestamps that parsing threads read from rows into seconds since the
/// recording's time 0, in file order on the delivering thread: what is carried from row to
/// row (time 0, a day that rolled over, a zone's offset) lives here.
protocol RowClock {
    /// Seconds since time 0 of the next row's timestamp; the first sets time 0 unless given.
    mutating func seconds(_ time: TimeColumn.ParsedTime) -> Double
    /// Absolute time of time 0, seconds since 1970, when the timestamps give it.
    var epochStart: Double? { get }
}

extension TimeColumn: RowClock {}
