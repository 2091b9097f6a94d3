/// Which units a human-readable report shows.
public enum UnitSystem: String, Sendable, Hashable, CaseIterable, Codable {
    case metric, imperial, both
}
