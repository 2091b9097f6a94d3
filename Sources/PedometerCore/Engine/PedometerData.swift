/// What CMPedometerData reports for a span of a recording, with its units: metres, seconds,
/// seconds per metre for pace, steps per second for cadence. A value that cannot be known is
/// `nil`, never zero.
public struct PedometerData: Sendable, Hashable, Codable {
    /// Start of the span, seconds since the recording's time 0.
    public var startDate: Double
    /// End of the span, seconds since the recording's time 0.
    public var endDate: Double
    public var numberOfSteps: Int
    /// Metres, from the stride model (see ``Pedometer/distanceMethod``).
    public var distance: Double?
    public var floorsAscended: Int?
    public var floorsDescended: Int?
    /// Seconds per metre over the trailing window that ends at ``endDate``.
    public var currentPace: Double?
    /// Steps per second over the trailing window that ends at ``endDate``.
    public var currentCadence: Double?
    /// Seconds per metre over the span's active time (standing still excluded).
    public var averageActivePace: Double?
    /// Seconds of walking or running in the span; `nil` when the steps' times are not known
    /// (a log of 15-minute or daily totals: ``Pedometer/knowsStepTimes``).
    public var activeDuration: Double?

    public init(
        startDate: Double, endDate: Double, numberOfSteps: Int, distance: Double?, floorsAscended: Int?,
        floorsDescended: Int?, currentPace: Double?, currentCadence: Double?, averageActivePace: Double?,
        activeDuration: Double?
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.numberOfSteps = numberOfSteps
        self.distance = distance
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
        self.currentPace = currentPace
        self.currentCadence = currentCadence
        self.averageActivePace = averageActivePace
        self.activeDuration = activeDuration
    }

    /// Seconds from ``startDate`` to ``endDate``.
    public var duration: Double { endDate - startDate }
}
