/// A stretch of one activity: a run or walk interval of a run/walk/run session.
public struct ActivityInterval: Sendable, Hashable, Codable {
    public var activity: Activity
    /// Seconds since the recording's time 0.
    public var start: Double
    public var end: Double
    public var steps: Int
    /// Metres.
    public var distance: Double?
    /// Metres of the step intervals inside it, a step whose interval it cuts (at the
    /// recording's start, `from` or `to`) in its share, as the average active pace counts
    /// them: what ``pace`` is over; `nil` where that is ``distance`` (a device's distance).
    public var paceDistance: Double?

    public init(activity: Activity, start: Double, end: Double, steps: Int, distance: Double?, paceDistance: Double? = nil) {
        self.activity = activity
        self.start = start
        self.end = end
        self.steps = steps
        self.distance = distance
        self.paceDistance = paceDistance
    }

    public var duration: Double { end - start }
    /// Seconds per metre, over ``paceDistance`` where there is one; `nil` without distance, or
    /// standing still (a device's distance spread over a pause is no pace of it).
    public var pace: Double? {
        guard activity.isActive, let distance = paceDistance ?? distance, distance > 0 else { return nil }
        return duration / distance
    }
    /// Steps per second.
    public var cadence: Double? { duration > 0 ? Double(steps) / duration : nil }
}
