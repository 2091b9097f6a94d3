/// Pace and speed: one quantity, stored as seconds per metre (CMPedometer's unit).
public struct Pace: Sendable, Hashable, Codable {
    public var secondsPerMeter: Double

    public init(secondsPerMeter: Double) { self.secondsPerMeter = secondsPerMeter }

    /// The pace of `speed` metres per second (`nil` for zero or negative speed).
    public init?(metersPerSecond speed: Double) {
        guard speed > 0, speed.isFinite else { return nil }
        secondsPerMeter = 1 / speed
    }

    /// The pace of covering `distance` in `time`.
    public init?(distance: Distance, time: TimeSpan) {
        guard distance.meters > 0, time.seconds >= 0 else { return nil }
        secondsPerMeter = time.seconds / distance.meters
    }

    public var metersPerSecond: Double { 1 / secondsPerMeter }
    public var kilometersPerHour: Double { 3.6 / secondsPerMeter }
    public var milesPerHour: Double { metersPerSecond * 3600 / Distance.metersPerMile }
    /// Seconds per kilometre.
    public var secondsPerKilometer: Double { secondsPerMeter * 1000 }
    /// Seconds per mile.
    public var secondsPerMile: Double { secondsPerMeter * Distance.metersPerMile }

    /// The pace in a unit: `2.50 m/s`, `10:44 min/mi`, `6:40 min/km`, `9.0 km/h`, `5.6 mph`;
    /// an hour or more per mile or kilometre reads `1:05:00 h/km`. A pace that is not a
    /// positive finite number gives "–".
    public func formatted(_ unit: PaceUnit) -> String {
        guard secondsPerMeter > 0, secondsPerMeter.isFinite else { return "–" }
        func clock(_ seconds: Double, per distance: String) -> String {
            let time = TimeSpan(seconds: seconds).clock
            return time + (time.count(where: { $0 == ":" }) > 1 ? " h/" : " min/") + distance
        }
        switch unit {
        case .metersPerSecond: return NumberText.fixed(metersPerSecond, digits: 2) + " m/s"
        case .minutesPerMile: return clock(secondsPerMile, per: "mi")
        case .minutesPerKilometer: return clock(secondsPerKilometer, per: "km")
        case .kilometersPerHour: return NumberText.fixed(kilometersPerHour, digits: 1) + " km/h"
        case .milesPerHour: return NumberText.fixed(milesPerHour, digits: 1) + " mph"
        }
    }

    /// Parses `8:30/mi`, `8:30 min/mi`, `5:15/km`, `6 min/km` or `8.5/mi` (minutes without a
    /// colon), `1:05:00 h/km`, `1:30 h/km` (h:mm), `1.5 h/km`, `12.5 km/h`, `7.5 mph`,
    /// `2.5 m/s`, `0.4 s/m`; numbers are plain decimals (``NumberText/decimal(_:)``).
    public init?(parsing text: String) {
        let compact = text.lowercased().filter { $0 != " " }
        let units: [(String, (Double) -> Double?)] = [
            ("min/mi", { $0 / Distance.metersPerMile }), ("h/mi", { $0 / Distance.metersPerMile }),
            ("/mi", { $0 / Distance.metersPerMile }),
            ("min/km", { $0 / 1000 }), ("h/km", { $0 / 1000 }), ("/km", { $0 / 1000 }),
            ("km/h", { $0 > 0 ? 3.6 / $0 : nil }), ("kph", { $0 > 0 ? 3.6 / $0 : nil }),
            ("mph", { $0 > 0 ? 3600 / (Distance.metersPerMile * $0) : nil }),
            ("m/s", { $0 > 0 ? 1 / $0 : nil }), ("s/m", { $0 }),
        ]
        for (suffix, convert) in units where compact.hasSuffix(suffix) {
            let number = String(compact.dropLast(suffix.count))
            let value: Double?
            if suffix.contains("/mi") || suffix.contains("/km") {
                // A pace per mile or kilometre is a clock time (m:ss, h:mm:ss) or, without a
                // colon, minutes (hours before "h/"): "6 min/km" is six minutes, not six seconds.
                // Before "h/" the clock starts at hours: "1:30 h/km" is h:mm, an hour and a half.
                let inHours = suffix.hasPrefix("h/")
                let unitSeconds = inHours ? 3600.0 : 60
                if number.contains(":") {
                    let fields = number.count(where: { $0 == ":" }) + 1
                    value = TimeSpan(parsing: number).map { inHours && fields == 2 ? $0.seconds * 60 : $0.seconds }
                } else {
                    value = NumberText.decimal(number).map { $0 * unitSeconds }
                }
            } else {
                value = NumberText.decimal(number)
            }
            guard let value, value.isFinite, value > 0, let secondsPerMeter = convert(value) else { return nil }
            self.secondsPerMeter = secondsPerMeter
            return
        }
        return nil
    }
}

/// Units a pace or speed can be shown in.
public enum PaceUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case metersPerSecond = "m/s"
    case minutesPerMile = "min/mi"
    case minutesPerKilometer = "min/km"
    case kilometersPerHour = "km/h"
    case milesPerHour = "mph"
}
