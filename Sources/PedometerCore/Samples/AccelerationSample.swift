/// One accelerometer reading in metres per second squared.
///
/// Whether gravity is included is a property of the whole stream
/// (see ``AccelerationKind``), not of a single sample.
public struct AccelerationSample: Sendable, Hashable {
    /// Seconds since the start of the recording.
    public var time: Double
    public var x: Double
    public var y: Double
    public var z: Double

    public init(time: Double, x: Double, y: Double, z: Double) {
        self.time = time
        self.x = x
        self.y = y
        self.z = z
    }

    /// Euclidean norm of the vector, in m/s^2.
    @inlinable
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}

/// What an acceleration stream measures.
public enum AccelerationKind: String, Sendable, Hashable, Codable {
    /// Total acceleration as the sensor feels it, gravity included (|a| ≈ 9.81 m/s^2 at rest).
    case total
    /// User acceleration with gravity removed by the device (|a| ≈ 0 at rest).
    case user
}

/// Standard gravity, m/s^2: the factor between g and m/s^2.
public let standardGravity = 9.80665
