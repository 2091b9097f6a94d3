/// The per-recording result the writers print: CMPedometer's values for the whole recording,
/// the device's own values beside them, and what the reader noticed.
///
/// Units: metres, seconds, seconds per metre (pace), steps per second (cadence). Its JSON form
/// (``SummaryWriter/json(_:)``) is the stable schema documented in the README.
public struct RecordingSummary: Sendable, Hashable, Codable {
    public var source: String
    public var format: String
    /// Absolute start, ISO 8601, when the export gives one.
    public var startDate: String?
    /// Absolute end (the start + the duration), ISO 8601, when the start is known.
    public var endDate: String?
    public var durationSeconds: Double
    public var activeDurationSeconds: Double?
    public var steps: Int
    /// `acceleration` (detected by us) or `device` (a step log without acceleration).
    public var stepsSource: String
    public var distanceMeters: Double?
    public var distanceMethod: String?
    public var averageActivePaceSecondsPerMeter: Double?
    public var averageCadenceStepsPerSecond: Double?
    public var maxCadenceStepsPerSecond: Double?
    /// `currentPace` at the end of the recording.
    public var currentPaceSecondsPerMeter: Double?
    /// `currentCadence` at the end of the recording.
    public var currentCadenceStepsPerSecond: Double?
    public var floorsAscended: Int?
    public var floorsDescended: Int?
    /// Steps the device logged over the same span (CMPedometer, Android step counter).
    public var referenceSteps: Int?
    public var referenceDistanceMeters: Double?
    /// Ground-truth steps over the same span (foot switches), when the recording has them.
    public var groundTruthSteps: Int?
    /// Data-quality remarks: skipped rows, sampling problems, inferred units.
    public var warnings: [String]
    /// The kilometre or mile splits, only when asked for (`--splits`).
    public var splits: SplitSummary?
    /// The run/walk intervals, only when asked for (`--intervals`).
    public var intervals: IntervalSummary?

    public init(
        source: String, format: String, startDate: String?, endDate: String? = nil, durationSeconds: Double,
        activeDurationSeconds: Double?, steps: Int, stepsSource: String, distanceMeters: Double?,
        distanceMethod: String?, averageActivePaceSecondsPerMeter: Double?,
        averageCadenceStepsPerSecond: Double?, maxCadenceStepsPerSecond: Double?,
        currentPaceSecondsPerMeter: Double?, currentCadenceStepsPerSecond: Double? = nil, floorsAscended: Int?, floorsDescended: Int?,
        referenceSteps: Int?, referenceDistanceMeters: Double?, groundTruthSteps: Int?, warnings: [String]
    ) {
        self.source = source
        self.format = format
        self.startDate = startDate
        self.endDate = endDate
        self.durationSeconds = durationSeconds
        self.activeDurationSeconds = activeDurationSeconds
        self.steps = steps
        self.stepsSource = stepsSource
        self.distanceMeters = distanceMeters
        self.distanceMethod = distanceMethod
        self.averageActivePaceSecondsPerMeter = averageActivePaceSecondsPerMeter
        self.averageCadenceStepsPerSecond = averageCadenceStepsPerSecond
        self.maxCadenceStepsPerSecond = maxCadenceStepsPerSecond
        self.currentPaceSecondsPerMeter = currentPaceSecondsPerMeter
        self.currentCadenceStepsPerSecond = currentCadenceStepsPerSecond
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
        self.referenceSteps = referenceSteps
        self.referenceDistanceMeters = referenceDistanceMeters
        self.groundTruthSteps = groundTruthSteps
        self.warnings = warnings
    }
}

extension RecordingSummary {
    enum CodingKeys: String, CodingKey {
        case source, format, startDate, endDate, durationSeconds, activeDurationSeconds, steps, stepsSource, distanceMeters
        case distanceMethod, averageActivePaceSecondsPerMeter, averageCadenceStepsPerSecond, maxCadenceStepsPerSecond
        case currentPaceSecondsPerMeter, currentCadenceStepsPerSecond, floorsAscended, floorsDescended, referenceSteps, referenceDistanceMeters
        case groundTruthSteps, warnings, splits, intervals
    }

    /// The schema's core keys are always written, `null` when the value cannot be known
    /// (`activeDurationSeconds`, `distanceMeters`, `distanceMethod`, `averageActivePaceSecondsPerMeter`,
    /// `averageCadenceStepsPerSecond`, `floorsAscended`, `floorsDescended`); the other optional
    /// keys only when present (`splits` and `intervals` only when asked for, so the default
    /// schema is unchanged).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(startDate, forKey: .startDate)
        try container.encodeIfPresent(endDate, forKey: .endDate)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(activeDurationSeconds, forKey: .activeDurationSeconds)
        try container.encode(steps, forKey: .steps)
        try container.encode(stepsSource, forKey: .stepsSource)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(distanceMethod, forKey: .distanceMethod)
        try container.encode(averageActivePaceSecondsPerMeter, forKey: .averageActivePaceSecondsPerMeter)
        try container.encode(averageCadenceStepsPerSecond, forKey: .averageCadenceStepsPerSecond)
        try container.encodeIfPresent(maxCadenceStepsPerSecond, forKey: .maxCadenceStepsPerSecond)
        try container.encodeIfPresent(currentPaceSecondsPerMeter, forKey: .currentPaceSecondsPerMeter)
        try container.encodeIfPresent(currentCadenceStepsPerSecond, forKey: .currentCadenceStepsPerSecond)
        try container.encode(floorsAscended, forKey: .floorsAscended)
        try container.encode(floorsDescended, forKey: .floorsDescended)
        try container.encodeIfPresent(referenceSteps, forKey: .referenceSteps)
        try container.encodeIfPresent(referenceDistanceMeters, forKey: .referenceDistanceMeters)
        try container.encodeIfPresent(groundTruthSteps, forKey: .groundTruthSteps)
        try container.encode(warnings, forKey: .warnings)
        try container.encodeIfPresent(splits, forKey: .splits)
        try container.encodeIfPresent(intervals, forKey: .intervals)
    }
}
