/// A step count the device itself logged (CMPedometer, Android's step counter, a foot switch).
///
/// Counts are cumulative: the number of steps from the stream's own origin up to ``time``.
/// They are a *reference* to compare with, never a substitute for the steps we detect.
public struct StepCountSample: Sendable, Hashable {
    /// Seconds since the start of the recording.
    public var time: Double
    /// Cumulative steps since the stream's origin.
    public var steps: Double
    /// Cumulative distance in metres, when the device logged it.
    public var distance: Double?
    /// CMPedometer `currentPace`, seconds per metre.
    public var currentPace: Double?
    /// CMPedometer `currentCadence`, steps per second.
    public var currentCadence: Double?
    /// CMPedometer `averageActivePace`, seconds per metre.
    public var averageActivePace: Double?
    /// Cumulative floors climbed, when the device logged them.
    public var floorsAscended: Double?
    /// Cumulative floors descended, when the device logged them.
    public var floorsDescended: Double?
    /// The start of the interval the count grew over, when the log gives counts per interval
    /// (Google Fit's quarter hours, a day's total) stamped at its end: its steps fell inside
    /// it, not at its end. `nil` for a count of steps up to ``time`` (a counter read now and
    /// then, a log of step events).
    public var intervalStart: Double?

    public init(
        time: Double, steps: Double, distance: Double? = nil, currentPace: Double? = nil,
        currentCadence: Double? = nil, averageActivePace: Double? = nil,
        floorsAscended: Double? = nil, floorsDescended: Double? = nil, intervalStart: Double? = nil
    ) {
        self.intervalStart = intervalStart
        self.time = time
        self.steps = steps
        self.distance = distance
        self.currentPace = currentPace
        self.currentCadence = currentCadence
        self.averageActivePace = averageActivePace
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }
}

/// Where a reference step stream comes from.
public enum StepReferenceKind: String, Sendable, Hashable, Codable {
    /// The phone's own pedometer (CMPedometer, Android step counter).
    case device
    /// Ground truth (foot switches, a hand count).
    case groundTruth
    /// Another algorithm's output logged beside the data (e.g. the Oxford app's own count).
    case algorithm
}
