/// The seed calculator's solver: of distance, time and pace, two are given and the third is
/// solved for (distance = time / pace, time = pace × distance, pace = time / distance).
public enum PaceSolver {
    /// One of the three quantities.
    public enum Quantity: String, Sendable, Hashable, CaseIterable, Codable {
        case distance, time, pace
    }

    /// All three quantities, consistent with each other.
    public struct Solution: Sendable, Hashable, Codable {
        public var distance: Distance
        public var time: TimeSpan
        public var pace: Pace
        /// The quantity that was computed from the other two.
        public var solved: Quantity

        public init(distance: Distance, time: TimeSpan, pace: Pace, solved: Quantity) {
            self.distance = distance
            self.time = time
            self.pace = pace
            self.solved = solved
        }
    }

    /// Why the quantities given cannot be solved.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not exactly two quantities were given.
        case needsExactlyTwo(given: [Quantity])
        /// A given quantity is zero, negative or not finite.
        case notPositive(Quantity)

        public var description: String {
            switch self {
            case .needsExactlyTwo(let given):
                let names = given.map(\.rawValue).joined(separator: ", ")
                return "give exactly two of distance, time and pace (given: \(given.isEmpty ? "none" : names))"
            case .notPositive(let quantity):
                return "\(quantity.rawValue) must be a positive, finite value"
            }
        }
    }

    /// The missing one of `distance`, `time` and `pace`, exactly two of which must be given,
    /// each positive and finite.
    public static func solve(distance: Distance?, time: TimeSpan?, pace: Pace?) throws(Failure) -> Solution {
        var given: [Quantity] = []
        if let distance {
            guard distance.meters > 0, distance.meters.isFinite else { throw .notPositive(.distance) }
            given.append(.distance)
        }
        if let time {
            guard time.seconds > 0, time.seconds.isFinite else { throw .notPositive(.time) }
            given.append(.time)
        }
        if let pace {
            guard pace.secondsPerMeter > 0, pace.secondsPerMeter.isFinite else { throw .notPositive(.pace) }
            given.append(.pace)
        }
        switch (distance, time, pace) {
        case let (distance?, time?, nil):
            return Solution(
                distance: distance, time: time, pace: Pace(secondsPerMeter: time.seconds / distance.meters),
                solved: .pace)
        case let (distance?, nil, pace?):
            return Solution(
                distance: distance, time: TimeSpan(seconds: pace.secondsPerMeter * distance.meters), pace: pace,
                solved: .time)
        case let (nil, time?, pace?):
            return Solution(
                distance: Distance(meters: time.seconds / pace.secondsPerMeter), time: time, pace: pace,
                solved: .distance)
        default:
            throw .needsExactlyTwo(given: given)
        }
    }
}
