/// The distance a run is split by: a kilometre, a mile, or any length a runner laps (`400m`
/// on a track, `5km`, `0.25mi`).
///
/// Its ``name`` is how it is written on the command line and in JSON (`km`, `mi`, `400m`,
/// `0.25mi`); it is encoded as that string, so a summary's `"unit": "km"` reads as before.
public struct SplitLength: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How many of ``unit`` one split is (1 for `km` and `mi`, 400 for `400m`).
    public let count: Double
    /// The unit the length is written in, and the splits' distances are shown in.
    public let unit: DistanceUnit

    /// Kilometre splits.
    public static let km = SplitLength(validCount: 1, unit: .kilometers)
    /// Mile splits.
    public static let mi = SplitLength(validCount: 1, unit: .miles)

    /// The shortest split: a shorter one is no lap anyone runs, and most likely a typing slip.
    public static let minimumMeters = 1.0

    private init(validCount count: Double, unit: DistanceUnit) {
        self.count = count
        self.unit = unit
    }

    /// `count` of `unit`; `nil` when that is not finite or under ``minimumMeters``.
    public init?(_ count: Double, _ unit: DistanceUnit) {
        self.init(validCount: count, unit: unit)
        guard count.isFinite, meters >= Self.minimumMeters else { return nil }
    }

    /// Parses `km`, `mi`, or a length with its unit as ``Distance/init(parsing:)`` reads it
    /// (`400m`, `400 metres`, `5km`, `5k`, `0.25mi`, `2 miles`; race names such as `half` are
    /// kilometres); `nil` for anything else, a bare number (metres or miles?) included.
    public init?(parsing text: String) {
        let compact = text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        switch compact {
        case "km": self = .km
        case "mi": self = .mi
        default:
            guard let distance = Distance(parsing: text) else { return nil }
            // The unit the length was written in: the word after its number (a race name is
            // kilometres).
            let word = compact.drop(while: { $0.isNumber || $0 == "." })
            let unit: DistanceUnit =
                switch word {
                case "m", "metre", "metres", "meter", "meters": .meters
                case "mi", "mile", "miles": .miles
                default: .kilometers
                }
            let count = switch unit {
            case .meters: distance.meters
            case .kilometers: distance.kilometers
            case .miles: distance.miles
            }
            self.init(count, unit)
        }
    }

    /// Metres in one split.
    public var meters: Double {
        switch unit {
        case .meters: count
        case .kilometers: count * 1000
        case .miles: count * Distance.metersPerMile
        }
    }

    /// `km`, `mi`, `400m`, `0.25mi`: the unit alone for one kilometre or mile.
    public var name: String {
        count == 1 && unit != .meters ? unit.rawValue : Self.number(count) + unit.rawValue
    }

    /// ``name``.
    public var description: String { name }

    /// How a table heads the splits: `km`, `mi`, `400 m`, `0.25 mi`.
    public var title: String {
        count == 1 && unit != .meters ? unit.rawValue : Self.number(count) + " " + unit.rawValue
    }

    /// The distance at the end of split `number` (1-based), as a chart labels it: `2 km`,
    /// `1200 m`, `0.75 mi`.
    public func label(ofSplit number: Int) -> String {
        Self.number(Double(number) * count) + " " + unit.rawValue
    }

    /// `value` with up to six decimals and no trailing zeros (`400`, `0.25`, `1.5`).
    private static func number(_ value: Double) -> String {
        var text = NumberText.fixed(value, digits: 6)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let length = SplitLength(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a split length (km, mi, 400m, 0.25mi...): \(text)")
        }
        self = length
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
