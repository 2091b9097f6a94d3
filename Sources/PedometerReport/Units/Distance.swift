/// A distance, stored in metres.
public struct Distance: Sendable, Hashable, Comparable, Codable {
    public var meters: Double

    /// Metres in one international mile.
    public static let metersPerMile = 1609.344
    /// Metres in one international foot.
    public static let metersPerFoot = 0.3048

    public init(meters: Double) { self.meters = meters }
    public init(kilometers: Double) { meters = kilometers * 1000 }
    public init(miles: Double) { meters = miles * Self.metersPerMile }

    public var kilometers: Double { meters / 1000 }
    public var miles: Double { meters / Self.metersPerMile }

    public static func < (lhs: Distance, rhs: Distance) -> Bool { lhs.meters < rhs.meters }

    /// Race distances by name, as runners say them (`5k`, `half`, `marathon`).
    public static let races: [String: Distance] = [
        "5k": Distance(kilometers: 5), "8k": Distance(kilometers: 8), "10k": Distance(kilometers: 10),
        "15k": Distance(kilometers: 15), "half": Distance(kilometers: 21.0975),
        "halfmarathon": Distance(kilometers: 21.0975), "marathon": Distance(kilometers: 42.195),
    ]

    /// Parses a number with a unit, spaces and case ignored: `400m`, `10km`, `10 k`, `5 mi`,
    /// `26.2mi`, `3 miles`, `800 metres`, and the race names of ``races`` (`5K`,
    /// `half marathon`). A bare number is rejected (metres or miles?), as are negative or
    /// non-finite values.
    public init?(parsing text: String) {
        guard let written = Self.parse(text) else { return nil }
        self = written.distance
    }

    /// What ``init(parsing:)`` reads, with the unit it was written in (a race name's is
    /// kilometres): `0.25mi` is 0.25 of ``DistanceUnit/miles``.
    public static func parse(_ text: String) -> (distance: Distance, count: Double, unit: DistanceUnit)? {
        guard text.first(where: { $0 != " " }) != "-" else { return nil }
        let compact = text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        if let race = Self.races[compact] {
            return (race, race.kilometers, .kilometers)
        }
        let units: [(String, DistanceUnit)] = [
            ("kilometres", .kilometers), ("kilometers", .kilometers), ("kilometre", .kilometers),
            ("kilometer", .kilometers), ("km", .kilometers), ("k", .kilometers), ("miles", .miles), ("mile", .miles),
            ("mi", .miles), ("metres", .meters), ("meters", .meters), ("metre", .meters), ("meter", .meters),
            ("m", .meters),
        ]
        for (suffix, unit) in units where compact.hasSuffix(suffix) {
            let number = compact.dropLast(suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(number),
                value.isFinite
            else { return nil }
            let distance: Distance =
                switch unit {
                case .meters: Distance(meters: value)
                case .kilometers: Distance(kilometers: value)
                case .miles: Distance(miles: value)
                }
            return (distance, value, unit)
        }
        return nil
    }

    /// `1234 m`, `5.21 km`, `3.24 mi`.
    public func formatted(_ unit: DistanceUnit, digits: Int? = nil) -> String {
        switch unit {
        case .meters: return NumberText.fixed(meters, digits: digits ?? 0) + " m"
        case .kilometers: return NumberText.fixed(kilometers, digits: digits ?? 2) + " km"
        case .miles: return NumberText.fixed(miles, digits: digits ?? 2) + " mi"
        }
    }
}

/// Units a distance can be shown in.
public enum DistanceUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case meters = "m"
    case kilometers = "km"
    case miles = "mi"
}
