/// One GNSS fix.
public struct LocationSample: Sendable, Hashable {
    /// Seconds since the start of the recording.
    public var time: Double
    /// WGS84 latitude, degrees.
    public var latitude: Double
    /// WGS84 longitude, degrees.
    public var longitude: Double
    /// Horizontal accuracy radius in metres, when known.
    public var horizontalAccuracy: Double?
    /// Ground speed in m/s, when the device reported it.
    public var speed: Double?
    /// Altitude in metres, when known.
    public var altitude: Double?

    public init(
        time: Double, latitude: Double, longitude: Double, horizontalAccuracy: Double? = nil,
        speed: Double? = nil, altitude: Double? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.altitude = altitude
    }
}
