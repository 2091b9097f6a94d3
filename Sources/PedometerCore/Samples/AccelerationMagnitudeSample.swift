/// The magnitude of total acceleration alone, in metres per second squared, from a device
/// that logs no axes (a watch storing |a|, an activity logger's vector magnitude).
///
/// It flows through the engine as a magnitude: no axes are invented for it. Steps are found
/// in the magnitude itself (``StepDetector/add(magnitude:)``), which needs no gravity direction.
public struct AccelerationMagnitudeSample: Sendable, Hashable {
    /// Seconds since the start of the recording.
    public var time: Double
    /// |a| with gravity included, m/s^2 (≈ 9.81 at rest).
    public var magnitude: Double

    public init(time: Double, magnitude: Double) {
        self.time = time
        self.magnitude = magnitude
    }
}
