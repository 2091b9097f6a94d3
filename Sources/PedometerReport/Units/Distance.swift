/// A distance, stored in metres.
public struct Distance: Sendable, Hashable, Comparable, Codable {
    public var meters: Double

    /// Metres in one international mile.
    public static let metersPerMile = 1609.344

    public init(meters: Double) { self.meters = meters }
    public init(kilometers: Double) { meters = kilometers * 1000 }
    public init(miles: Double) { meters = miles * Self.metersPerMile }

    public var kilometers: Double { meters / 1000 }
    public var miles: Double { meters / Self.metersPerMile }

    public static func < (lhs: Distance, rhs: Distance) -> Bool { lhs.meters < rhs.meters }

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
