import PedometerCore

/// A recording's run/walk intervals as the seed's interval calculator shows them
/// (`--intervals`): each interval with its pace, the totals over all of them and the average
/// pace they make, and the same totals per kind.
public struct IntervalSummary: Sendable, Hashable, Codable {
    /// One interval.
    public struct Item: Sendable, Hashable, Codable {
        /// `stationary`, `walking` or `running`.
        public var kind: String
        /// Seconds since the recording's time 0.
        public var startSeconds: Double
        public var durationSeconds: Double
        public var steps: Int
        public var distanceMeters: Double?
        /// Duration / distance; `nil` without distance.
        public var paceSecondsPerMeter: Double?

        public init(
            kind: String, startSeconds: Double, durationSeconds: Double, steps: Int, distanceMeters: Double?,
            paceSecondsPerMeter: Double?
        ) {
            self.kind = kind
            self.startSeconds = startSeconds
            self.durationSeconds = durationSeconds
            self.steps = steps
            self.distanceMeters = distanceMeters
            self.paceSecondsPerMeter = paceSecondsPerMeter
        }
    }

    /// Sums over a set of intervals.
    public struct Totals: Sendable, Hashable, Codable {
        /// `nil` for the totals over every interval, else the kind summed.
        public var kind: String?
        public var count: Int
        public var durationSeconds: Double
        public var steps: Int
        /// `nil` when no interval has a distance.
        public var distanceMeters: Double?
        /// Total duration / total distance, each interval's distance that its pace is over (a
        /// step its ends cut in its share): the calculator's average pace (none for the
        /// stationary intervals' totals).
        public var averagePaceSecondsPerMeter: Double?

        public init(kind: String?, items: [Item]) {
            self.kind = kind
            count = items.count
            durationSeconds = items.reduce(0) { $0 + $1.durationSeconds }
            steps = items.reduce(0) { $0 + $1.steps }
            let distances = items.compactMap(\.distanceMeters)
            distanceMeters = distances.isEmpty ? nil : distances.reduce(0, +)
            let pacedMeters = items.reduce(0.0) { sum, item in
                sum + (item.paceSecondsPerMeter.map { $0 > 0 ? item.durationSeconds / $0 : 0 } ?? item.distanceMeters ?? 0)
            }
            if distanceMeters != nil, pacedMeters > 0, kind != Activity.stationary.rawValue {
                averagePaceSecondsPerMeter = durationSeconds / pacedMeters
            }
        }
    }

    public var items: [Item]
    /// Over every interval.
    public var totals: Totals
    /// Per kind present, in the order stationary, walking, running.
    public var byKind: [Totals]

    public init(items: [Item]) {
        self.items = items
        totals = Totals(kind: nil, items: items)
        byKind = Activity.allCases.map(\.rawValue).compactMap { kind in
            let matching = items.filter { $0.kind == kind }
            return matching.isEmpty ? nil : Totals(kind: kind, items: matching)
        }
    }

    /// The summary of the engine's ``Pedometer/intervals``.
    public init(_ intervals: [ActivityInterval]) {
        self.init(
            items: intervals.map { interval in
                Item(
                    kind: interval.activity.rawValue, startSeconds: interval.start, durationSeconds: interval.duration,
                    steps: interval.steps, distanceMeters: interval.distance.flatMap { $0.isFinite ? $0 : nil },
                    paceSecondsPerMeter: interval.pace.flatMap { $0.isFinite ? $0 : nil })
            })
    }
}
