import Foundation

/// The zone of a recording's local clock (`--time-zone`): what turns its zoneless date-times
/// (`2013-10-21 10:00:08.000`, an ActiGraph start time) into instants.
public enum TimeZoneRule: Sendable, Hashable, CustomStringConvertible {
    /// A fixed offset east of UTC, in seconds: `UTC`, `Z`, `+02:00`, `-0530`, `+01`.
    case offset(Int)
    /// A region of the time zone database, `Europe/London`: its offset changes with
    /// daylight-saving time.
    case region(String)

    /// Parses a fixed offset or a region the time zone database knows; `nil` otherwise.
    public init?(_ text: String) {
        let trimmed = String(text.trimmingSpaces)
        if ["utc", "gmt", "z"].contains(trimmed.lowercased()) {
            self = .offset(0)
            return
        }
        let offset = Array(("2000-01-01T00:00:00" + trimmed).utf8).withUnsafeBytes {
            DateParser.parse($0, .iso)?.offsetSeconds
        }
        if let offset, trimmed.first == "+" || trimmed.first == "-" {
            self = .offset(offset)
        } else if TimeZone(identifier: trimmed) != nil, trimmed.contains("/") {
            self = .region(trimmed)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .offset(let seconds):
            let sign = seconds < 0 ? "-" : "+"
            let minutes = abs(seconds) / 60
            return sign + Self.twoDigits(minutes / 60) + ":" + Self.twoDigits(minutes % 60)
        case .region(let name):
            return name
        }
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// Turns a recording's local clock readings, in file order, into instants.
///
/// Where the clock is set back (the end of daylight-saving time) an hour of readings occurs
/// twice: each is placed at the earlier of its two instants unless that would come before the
/// previous reading's, so a recording that runs through the change stays in order. Readings in
/// the hour skipped when the clock is set forward exist on no clock: they are read with the
/// offset before the change, as if the clock had not been set forward yet.
struct LocalClock {
    private let fixedOffset: Int?
    private let zone: TimeZone?
    private var lastEpoch: Int64?

    init(_ rule: TimeZoneRule) {
        switch rule {
        case .offset(let seconds):
            fixedOffset = seconds
            zone = nil
        case .region(let name):
            fixedOffset = nil
            zone = TimeZone(identifier: name)
        }
    }

    /// The instant (nanoseconds since 1970 UTC) of a clock reading (nanoseconds since
    /// 1970-01-01 00:00:00 of the clock).
    mutating func epochNanoseconds(wall: Int64) -> Int64 {
        let billion: Int64 = 1_000_000_000
        let seconds = wall >= 0 ? wall / billion : (wall - billion + 1) / billion
        let fraction = wall - seconds * billion
        let epochSeconds: Int64
        if let fixedOffset {
            epochSeconds = seconds - Int64(fixedOffset)
        } else if let zone {
            func offset(at instant: Int64) -> Int64 {
                Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
            }
            // The offsets a day either side (a zone changes at most once in two days): each
            // gives an instant, valid when the zone has that offset at it.
            let before = offset(at: seconds - 86_400)
            let after = offset(at: seconds + 86_400)
            let candidates = Set([before, after]).map { seconds - $0 }.filter { offset(at: $0) == seconds - $0 }.sorted()
            if candidates.isEmpty {
                epochSeconds = seconds - before  // in the skipped hour
            } else if let lastEpoch {
                epochSeconds = candidates.first { $0 * billion + fraction >= lastEpoch } ?? candidates.last!
            } else {
                epochSeconds = candidates[0]
            }
        } else {
            epochSeconds = seconds
        }
        let result = epochSeconds * billion + fraction
        lastEpoch = result
        return result
    }
}
