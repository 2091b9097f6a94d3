/// A recording's splits as the summary reports them (`--splits km`, `mi`, `400m`...): in its
/// JSON form every value carries its unit in its key, like the rest of ``RecordingSummary``, and
/// `unit` names the split length (``SplitLength/name``).
public struct SplitSummary: Sendable, Hashable, Codable {
    /// One split.
    public struct Item: Sendable, Hashable, Codable {
        /// 1-based.
        public var number: Int
        /// Seconds since the recording's time 0.
        public var startSeconds: Double
        public var endSeconds: Double
        public var durationSeconds: Double
        /// The split length's metres, except for a last, partial split.
        public var distanceMeters: Double
        /// `nil` for a split without distance.
        public var paceSecondsPerMeter: Double?
        /// Metres from the first step to the end of the split.
        public var cumulativeDistanceMeters: Double
        /// Seconds from the start of the first split to the end of this one.
        public var cumulativeSeconds: Double

        public init(
            number: Int, startSeconds: Double, endSeconds: Double, durationSeconds: Double, distanceMeters: Double,
            paceSecondsPerMeter: Double?, cumulativeDistanceMeters: Double, cumulativeSeconds: Double
        ) {
            self.number = number
            self.startSeconds = startSeconds
            self.endSeconds = endSeconds
            self.durationSeconds = durationSeconds
            self.distanceMeters = distanceMeters
            self.paceSecondsPerMeter = paceSecondsPerMeter
            self.cumulativeDistanceMeters = cumulativeDistanceMeters
            self.cumulativeSeconds = cumulativeSeconds
        }
    }

    /// The split length (the JSON key is `unit`, as when splits were only km or mi).
    public var length: SplitLength
    public var items: [Item]

    private enum CodingKeys: String, CodingKey {
        case length = "unit"
        case items
    }

    public init(length: SplitLength, items: [Item]) {
        self.length = length
        self.items = items
    }

    /// The report of `splits`, cumulative time counted from the first split's start.
    public init(length: SplitLength, splits: [Split]) {
        let origin = splits.first?.start ?? 0
        self.init(
            length: length,
            items: splits.map { split in
                Item(
                    number: split.number, startSeconds: split.start, endSeconds: split.end,
                    durationSeconds: split.duration, distanceMeters: split.distance,
                    paceSecondsPerMeter: split.pace, cumulativeDistanceMeters: split.cumulativeDistance,
                    cumulativeSeconds: split.end - origin)
            })
    }
}
