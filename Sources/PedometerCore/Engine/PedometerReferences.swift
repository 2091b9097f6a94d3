/// What the recording itself logged beside the acceleration, over a span: the device's own
/// pedometer, a ground truth, another algorithm. Each is `nil` when the log does not have it.
///
/// Counts are cumulative in the logs, often from an origin before the recording (a step counter
/// since boot); over a span they are the change of the count, `value(end) − value(start)`, where
/// the value at a time is that of the last sample at or before it (the first sample's before
/// the stream begins). Over a whole recording that is the last minus the first value. A step
/// log without acceleration, whose steps are the device's, spreads them over each row's
/// interval as ``Pedometer`` does: over a span that cuts a row, the device's count and metres
/// are read spread the same way (``CumulativeSeries/spreadChange(from:to:)``).
public struct PedometerReferences: Sendable, Hashable, Codable {
    /// Steps counted by the phone's pedometer (CMPedometer, Android step counter).
    public var deviceSteps: Int?
    /// Ground-truth steps (foot switches, a hand count).
    public var groundTruthSteps: Int?
    /// Steps of another algorithm logged beside the data.
    public var algorithmSteps: Int?
    /// Metres the phone's pedometer reported.
    public var deviceDistance: Double?
    public var deviceFloorsAscended: Int?
    public var deviceFloorsDescended: Int?

    public init(
        deviceSteps: Int? = nil, groundTruthSteps: Int? = nil, algorithmSteps: Int? = nil,
        deviceDistance: Double? = nil, deviceFloorsAscended: Int? = nil, deviceFloorsDescended: Int? = nil
    ) {
        self.deviceSteps = deviceSteps
        self.groundTruthSteps = groundTruthSteps
        self.algorithmSteps = algorithmSteps
        self.deviceDistance = deviceDistance
        self.deviceFloorsAscended = deviceFloorsAscended
        self.deviceFloorsDescended = deviceFloorsDescended
    }
}
