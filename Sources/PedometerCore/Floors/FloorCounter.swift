import RealModule

/// Counts floors climbed and descended from barometric altitude, like CMPedometer: about 3 m a
/// floor, with hysteresis, and only while walking (a lift or a weather change while standing
/// still moves the reference without counting).
public struct FloorCounter: Sendable, Hashable {
    /// Metres per floor.
    public var floorHeight = 3.0
    /// Seconds of altitude averaged before comparing (barometer noise is ~0.1–0.3 m): the time
    /// constant of a one-pole low-pass, the same at a barometer's 1 Hz as at 25 Hz.
    public var smoothingSeconds = 2.0

    public private(set) var ascended = 0
    public private(set) var descended = 0
    /// Times at which each floor was counted: +1 up, -1 down.
    public private(set) var events: [FloorEvent] = []

    private var reference: Double?
    private var smoothed: Double?
    private var lastTime: Double?

    public init() {}

    /// Altitude in metres from pressure in kPa (international barometric formula).
    public static func altitude(pressure: Double, seaLevel: Double = 101.325) -> Double {
        44_330 * (1 - Double.pow(pressure / seaLevel, 1 / 5.255))
    }

    /// Adds an altitude reading; `walking` says whether the person was walking at `time`.
    public mutating func add(time: Double, altitude: Double, walking: Bool) {
        if let previous = smoothed, let last = lastTime, time > last {
            let weight = OnePoleCoefficient.alpha(timeStep: time - last, timeConstant: smoothingSeconds)
            smoothed = previous + (altitude - previous) * weight
        } else {
            smoothed = altitude
        }
        lastTime = time
        let current = smoothed!
        guard walking, let base = reference else {
            reference = current
            return
        }
        if current - base >= floorHeight {
            ascended += 1
            events.append(FloorEvent(time: time, change: 1))
            reference = base + floorHeight
        } else if base - current >= floorHeight {
            descended += 1
            events.append(FloorEvent(time: time, change: -1))
            reference = base - floorHeight
        }
    }
}

/// A floor counted at a time: `change` is +1 for up, -1 for down.
public struct FloorEvent: Sendable, Hashable, Codable {
    public var time: Double
    public var change: Int
}
