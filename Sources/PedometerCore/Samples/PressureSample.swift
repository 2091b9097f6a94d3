/// One barometer reading: pressure, relative altitude, or both.
public struct PressureSample: Sendable, Hashable {
    /// Seconds since the start of the recording.
    public var time: Double
    /// Air pressure in kilopascals, when logged.
    public var pressure: Double?
    /// Altitude change since the stream's origin in metres, when logged.
    public var relativeAltitude: Double?

    public init(time: Double, pressure: Double? = nil, relativeAltitude: Double? = nil) {
        self.time = time
        self.pressure = pressure
        self.relativeAltitude = relativeAltitude
    }
}
