import ArgumentParser
import Foundation
import PedometerIngest
import PedometerReport

/// `--from` / `--to`: the part of a recording a command covers, as CMPedometer's
/// `queryPedometerData(from:to:)` does.
struct TimeWindowOptionGroup: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Start of the time covered: an offset from the recording's start (90, 90s, 5m, 1:30, 1:02:03) or a clock time (@17:30 or @17:30:05 on the recording's first day, in --time-zone or this machine's zone, @24:00 its end; or a date-time such as 2019-05-13T17:30:05+02:00).",
        valueName: "time"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("End of the time covered (as --from); the end of the recording when absent.", valueName: "time"))
    var to: String?

    /// A time given to `--from` or `--to`.
    enum Point: Equatable {
        /// Seconds after the recording's start.
        case offset(Double)
        /// A time of day, seconds after midnight, on the recording's first day (`@24:00`, 86,400,
        /// is its end, as a date-time's `24:00` is).
        case timeOfDay(Double)
        /// An instant, seconds since 1970.
        case instant(Double)

        init?(_ text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@") {
                guard let seconds = Self.secondsAfterMidnight(String(trimmed.dropFirst())) else { return nil }
                self = .timeOfDay(seconds)
            } else if trimmed.count >= 10, let layout = DateParser.layout(of: trimmed), let date = DateParser.parse(trimmed, layout),
                let epoch = date.epochNanoseconds
            {
                self = .instant(Double(epoch) / 1e9)
            } else if let span = TimeSpan(parsingAmount: trimmed), span.seconds.isFinite {
                self = .offset(span.seconds)
            } else {
                return nil
            }
        }

        /// Seconds after midnight of a clock's reading: hours and minutes (`17:30`), or with
        /// seconds (`17:30:05`, `17:30:05.5`); `24:00` is the day's end. Until 2026-11-27 two
        /// fields were read as minutes and seconds, so `@17:30` was 00:17:30.
        private static func secondsAfterMidnight(_ text: String) -> Double? {
            let fields = text.split(separator: ":", omittingEmptySubsequences: false).count
            guard (2...3).contains(fields), let span = TimeSpan(parsing: fields == 2 ? text + ":00" : text),
                span.seconds <= 86_400
            else { return nil }
            return span.seconds
        }
    }

    var isSet: Bool { from != nil || to != nil }

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            guard let value else { continue }
            guard Point(value) != nil else {
                throw ValidationError(
                    "\(name): cannot read '\(value)' as an offset (90s, 5m, 1:30) or a clock time (@17:30, @17:30:05, 2019-05-13T17:30:05+02:00)")
            }
        }
        // Two points of one kind are compared now (clock times and offsets only against a
        // recording's start): a window ending before it begins is a usage error.
        if let from, let to, let start = Point(from), let end = Point(to) {
            switch (start, end) {
            case (.offset(let a), .offset(let b)), (.timeOfDay(let a), .timeOfDay(let b)), (.instant(let a), .instant(let b)):
                guard b > a else { throw ValidationError("--from \(from) is not before --to \(to)") }
            default: break
            }
        }
        // An offset `--to` alone ends before the window's default start, the recording's.
        if from == nil, let to, case .offset(let end)? = Point(to), end <= 0 {
            throw ValidationError("--to \(to) is not after the recording's start (the window's start without --from)")
        }
    }

    /// The window in seconds since the recording's start, `nil` when neither option is given.
    /// Clock times need the recording's absolute start (`startDate`, seconds since 1970).
    /// A window that does not overlap the recording (`duration` seconds) is an error.
    func window(
        startDate: Double?, duration: Double, zone: TimeZoneRule?, recording: String
    ) throws(IngestError) -> (from: Double, to: Double)? {
        guard isSet else { return nil }
        func seconds(_ text: String?, default fallback: Double) throws(IngestError) -> Double {
            guard let text, let point = Point(text) else { return fallback }
            switch point {
            case .offset(let value):
                return value
            case .instant(let epoch):
                guard let startDate else { throw Self.noStart(recording) }
                return epoch - startDate
            case .timeOfDay(let seconds):
                guard let startDate else { throw Self.noStart(recording) }
                return Self.localMidnight(of: startDate, zone: zone) + seconds - startDate
            }
        }
        let start = try seconds(from, default: 0)
        let end = try seconds(to, default: .infinity)
        guard end > start else {
            throw IngestError(file: recording, "--from \(from ?? "0") is not before --to \(to ?? "the end")")
        }
        guard start < duration, end > 0 else {
            throw IngestError(
                file: recording,
                "--from/--to fall outside the recording (\(TimeSpan(seconds: duration).clock) long; the window is \(TimeSpan(seconds: start).clock) to \(end.isFinite ? TimeSpan(seconds: end).clock : "the end") from its start)")
        }
        return (start, end)
    }

    private static func noStart(_ recording: String) -> IngestError {
        IngestError(file: recording, "a clock time needs the recording's absolute start, which this export does not give: use offsets (--from 5m); or, if its times are a local clock's date-times without a zone, give it with --time-zone (e.g. --time-zone Europe/Berlin)")
    }

    /// Seconds since 1970 of midnight, on the local clock of `zone` (this machine's without
    /// one), of the day holding `instant`.
    static func localMidnight(of instant: Double, zone: TimeZoneRule?) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        switch zone {
        case .offset(let seconds)?: calendar.timeZone = TimeZone(secondsFromGMT: seconds) ?? .current
        case .region(let name)?: calendar.timeZone = TimeZone(identifier: name) ?? .current
        case nil: calendar.timeZone = .current
        }
        return calendar.startOfDay(for: Date(timeIntervalSince1970: instant)).timeIntervalSince1970
    }
}
