/// What the person was doing during a second.
public enum Activity: String, Sendable, Hashable, Codable, CaseIterable {
    case stationary
    case walking
    case running

    /// Walking or running.
    public var isActive: Bool { self != .stationary }
}
