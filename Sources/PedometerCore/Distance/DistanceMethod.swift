/// How a distance was obtained.
public enum DistanceMethod: String, Sendable, Hashable, Codable {
    /// Steps × a stride growing with cadence, scaled to the (default or given) height.
    case heightModel = "height-model"
    /// Walking steps measured by how far the sensor rose and fell over each and the leg length
    /// (from the height), as an inverted pendulum; running steps and steps without a known rise
    /// as ``heightModel``.
    case invertedPendulum = "inverted-pendulum"
    /// Steps × the user's walking stride (`--stride`), growing with cadence.
    case userStride = "user-stride"
    /// Steps × a stride whose scale was fitted to GPS distance on steady walking.
    case gpsCalibrated = "gps-calibrated"
    /// The device's own distance: used only when the log has no acceleration to count steps from.
    case device
}
