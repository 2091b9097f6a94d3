/// The distance a run is split by: a kilometre, a mile, or any length a runner laps (`400m`
/// on a track, `5km`, `0.25mi`).
///
/// Its ``name`` is how it is written on the command line and in JSON (`km`, `mi`, `400m`,
/// `0.25mi`); it is encoded as that string, so a summary's `"unit": "km"` reads as before, and
/// the name reads back as the same length. Two lengths are equal when written alike (`400m`
/// and `0.4km` are the same distance, shown in different units).
public struct SplitLength: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How many of ``unit`` one split is (1 for `km` and `mi`, 400 for `400m`), to a millionth.
    public let count: Double
    /// The unit the length is written in, and the splits' distances are shown in.
    public let unit: DistanceUnit

    /// Kilometre splits.
    public static let km = SplitLength(validCount: 1, unit: .kilometers)
    /// Mile splits.
    public static let mi = SplitLength(validCount: 1, unit: .miles)

    /// The shortest split: a shorter one is a few steps, whose lengths a pedometer estimates
    /// rather than measures (and `1.000m` is more likely a thousand metres than one).
    public static let minimumMeters = 10.0
    /// The longest split: longer than any recording, so that its name is written plainly.
    public static let maximumMeters = 1e8
    /// Decimals a length keeps: its name reads back as the same length.
    private static let decimals = 6

    private init(validCount count: Double, unit: DistanceUnit) {
        self.count = count
        self.unit = unit
    }

    /// `count` of `unit`, rounded to a millionth; `nil` outside ``minimumMeters`` ...
    /// ``maximumMeters`` (or not finite).
    public init?(_ count: Double, _ unit: DistanceUnit) {
        guard let length = try? SplitLength(validating: count, unit) else { return nil }
        self = length
    }

    private init(validating count: Double, _ unit: DistanceUnit) throws(Invalid) {
        let rounded = (count * 1e6).rounded() / 1e6
        self.init(validCount: rounded, unit: unit)
        guard rounded.isFinite, meters <= Self.maximumMeters else { throw .tooLong }
        guard meters >= Self.minimumMeters else { throw .tooShort }
    }

    /// Why a text is no split length.
    public enum Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// A bare number, with the lengths it could mean (those that are valid).
        case noUnit([String])
        case tooShort
        case tooLong
        /// Digits with a separator between them (`5-10km`, `1 000m`): a range or a thousands
        /// separator, not one length.
        case separatedDigits
        case notALength

        public var description: String {
            switch self {
            case .noUnit(let meanings) where !meanings.isEmpty:
                "a length needs its unit: " + meanings.dropLast().joined(separator: ", ") + " or " + meanings.last!
            case .noUnit:
                "a length needs its unit (m, km or mi), and a split must be at least \(Int(SplitLength.minimumMeters)) m long"
            case .tooShort:
                "a split must be at least \(Int(SplitLength.minimumMeters)) m long"
            case .tooLong:
                "a split must be at most \(Int(SplitLength.maximumMeters / 1000)) km long"
            case .separatedDigits:
                "one length, without separators in its number (400m, 1000m, 5km)"
            case .notALength:
                "not a length: km, mi, or a number with m, km or mi (400m, 5km, 0.25mi)"
            }
        }
    }

    /// Parses `km`, `mi`, or a length with its unit as ``Distance/parse(_:)`` reads it
    /// (`400m`, `400 metres`, `5km`, `5k`, `0.25mi`, `2 miles`; race names such as `half` are
    /// kilometres), throwing why it is none (a bare number, too short or long...).
    public init(validating text: String) throws(Invalid) {
        let compact = text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        if compact == "km" || compact == "mi" {
            self = compact == "km" ? .km : .mi
            return
        }
        let characters = Array(text)
        for index in characters.indices.dropFirst().dropLast()
        where [" ", "-", "_"].contains(characters[index]) {
            let before = characters[..<index].last { $0 != characters[index] }
            let after = characters[(index + 1)...].first { $0 != characters[index] }
            if let before, let after, before.isNumber || before == ".", after.isNumber || after == "." {
                throw .separatedDigits
            }
        }
        guard let written = Distance.parse(text) else {
            if !compact.isEmpty, compact.allSatisfy({ $0.isNumber || $0 == "." }), Double(compact) != nil {
                throw .noUnit(["m", "km", "mi"].map { compact + $0 }.filter { SplitLength(parsing: $0) != nil })
            }
            throw .notALength
        }
        try self.init(validating: written.count, written.unit)
    }

    /// ``init(validating:)``, `nil` for what it refuses.
    public init?(parsing text: String) {
        guard let length = try? SplitLength(validating: text) else { return nil }
        self = length
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

    /// The decimals of the length's own number (2 for `0.25mi`, 0 for `400m`).
    public var countDecimals: Int {
        let text = Self.number(count)
        return text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
    }

    /// The distance at the end of split `number` (1-based), as a chart labels it: `2 km`,
    /// `1200 m`, `0.75 mi`.
    public func label(ofSplit number: Int) -> String {
        Self.number(Double(number) * count) + " " + unit.rawValue
    }

    /// `value` with up to six decimals and no trailing zeros (`400`, `0.25`, `1.5`).
    private static func number(_ value: Double) -> String {
        var text = NumberText.fixed(value, digits: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try SplitLength(validating: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text): \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
