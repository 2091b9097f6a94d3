/// Sums over the recordings of a batch: the last block of `summarize`'s table.
public struct SummaryTotals: Sendable, Hashable {
    /// Recordings summarised.
    public var recordings = 0
    /// Recordings that could not be read.
    public var failed = 0
    /// Recordings whose summary is one already added to every figure, counted once: the same
    /// recording twice (a folder beside its own zip, a file beside its copy `walk (1).csv`),
    /// which summed counted its steps twice.
    public var repeated = 0
    /// What tells a recording's summary from another's: its start, steps, duration, active
    /// time and distance, to the last bit; only with a start, or steps counted from
    /// acceleration (whose distance and active time follow every step's time): two weeks of
    /// daily totals in local time, of one sum and length, have all the rest alike.
    private struct Identity: Hashable {
        var start: String?
        var steps: Int
        var duration: Double
        var active: Double?
        var distance: Double?
    }
    private var added: Set<Identity> = []
    public var steps = 0
    /// Metres, over the recordings with a distance.
    public var distanceMeters = 0.0
    /// Recordings that have a distance.
    public var recordingsWithDistance = 0
    public var durationSeconds = 0.0
    /// Active seconds, over the recordings whose active time is known.
    public var activeDurationSeconds = 0.0
    /// Recordings whose active time is known (not a log of totals per quarter hour or day).
    public var recordingsWithActiveTime = 0
    /// Recordings that have both a distance and an active time: those the average pace is over.
    public var recordingsWithPace = 0
    /// Active seconds of the recordings that have a distance and a known active time, and
    /// the metres their average paces are over (active time / pace: the distance of the steps
    /// whose intervals are in the active time, as each recording's average pace takes it).
    private var activeSecondsWithDistance = 0.0, distanceWithActiveTime = 0.0

    public init() {}

    /// Adds a recording.
    public mutating func add(_ summary: RecordingSummary) {
        recordings += 1
        if summary.startDate != nil || summary.steps > 0 && summary.stepsSource == "acceleration" {
            let identity = Identity(
                start: summary.startDate, steps: summary.steps, duration: summary.durationSeconds,
                active: summary.activeDurationSeconds, distance: summary.distanceMeters)
            guard added.insert(identity).inserted else {
                repeated += 1
                return
            }
        }
        steps += summary.steps
        durationSeconds += summary.durationSeconds
        if let active = summary.activeDurationSeconds {
            activeDurationSeconds += active
            recordingsWithActiveTime += 1
        }
        if let distance = summary.distanceMeters, distance.isFinite {
            distanceMeters += distance
            recordingsWithDistance += 1
            if let active = summary.activeDurationSeconds {
                activeSecondsWithDistance += active
                if let pace = summary.averageActivePaceSecondsPerMeter, pace > 0, active > 0 {
                    distanceWithActiveTime += active / pace
                } else {
                    distanceWithActiveTime += distance
                }
                recordingsWithPace += 1
            }
        }
    }

    /// Active time / distance over the recordings that have both, as each recording's
    /// `averageActivePace` (two copies of a recording total to its pace); `nil` without
    /// distance.
    public var averageActivePaceSecondsPerMeter: Double? {
        guard distanceWithActiveTime > 0, activeSecondsWithDistance > 0 else { return nil }
        return activeSecondsWithDistance / distanceWithActiveTime
    }
}
