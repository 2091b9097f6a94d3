/// How a distance was obtained.
public enum DistanceMethod: String, Sendable, Hashable, Codable {
    /// Steps × a stride growing with cadence, scaled to the (default or given) height.
    case heightModel = "height-model"
    /// Steps × the user's walking stride (`--stride`), growing with cadence.
    case userStride = "user-stride"
    /// Steps × a stride whose scale was fitted to GPS distance on steady walking.
    case gpsCalibrated = "gps-calibrated"
    /// The device's own distance: used only when the log has no acceleration to count steps from.
    case device
}
