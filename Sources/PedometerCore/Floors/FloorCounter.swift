import RealModule

/// Counts floors climbed and descended from barometric altitude, like CMPedometer: about 3 m a
/// floor, with hysteresis, and only while walking (a lift or a weather change while standing
/// still moves the reference without counting).
///
/// Each reading's altitude is judged as the mean of the readings within ``smoothingSeconds`` of
/// it on either side, so a reading is judged once the readings that far after it have arrived
/// (or at ``finish()``). A centred mean does not lag a steady climb: a flight that ends where
/// the walker stops is judged at the altitude it reached, not at one a time constant behind.
public struct FloorCounter: Sendable, Hashable {
    /// Metres per floor.
    public var floorHeight = 3.0
    /// Seconds on either side of a reading whose altitudes are averaged before comparing
    /// (barometer noise is ~0.1–0.3 m): the same span at a barometer's 1 Hz as at 25 Hz.
    public var smoothingSeconds = 2.0

    public private(set) var ascended = 0
    public private(set) var descended = 0
    /// Times at which each floor was counted: +1 up, -1 down.
    public private(set) var events: [FloorEvent] = []

    private struct Reading: Sendable, Hashable {
        var time: Double
        var altitude: Double
        var walking: Bool
    }

    /// Readings from the oldest that a reading still to be judged averages over, in time order.
    private var readings: [Reading] = []
    /// Index in `readings` of the first reading not judged yet.
    private var unjudged = 0
    private var reference: Double?

    public init() {}

    /// Altitude in metres from pressure in kPa (international barometric formula).
    public static func altitude(pressure: Double, seaLevel: Double = 101.325) -> Double {
        44_330 * (1 - Double.pow(pressure / seaLevel, 1 / 5.255))
    }

    /// Adds an altitude reading; `walking` says whether the person was walking at `time`.
    /// Readings not later than the previous one are ignored.
    public mutating func add(time: Double, altitude: Double, walking: Bool) {
        guard time.isFinite, altitude.isFinite, readings.last.map({ time > $0.time }) ?? true else { return }
        readings.append(Reading(time: time, altitude: altitude, walking: walking))
        while unjudged < readings.count && readings[unjudged].time + smoothingSeconds <= time {
            judge(unjudged)
            unjudged += 1
        }
        dropReadingsNoLongerAveraged()
    }

    /// Judges the readings still waiting for later ones: the end of the recording.
    public mutating func finish() {
        while unjudged < readings.count {
            judge(unjudged)
            unjudged += 1
        }
    }

    private mutating func judge(_ index: Int) {
        let centre = readings[index]
        var sum = 0.0
        var count = 0
        var before = index
        while before >= 0 && readings[before].time >= centre.time - smoothingSeconds {
            sum += readings[before].altitude
            count += 1
            before -= 1
        }
        var after = index + 1
        while after < readings.count && readings[after].time <= centre.time + smoothingSeconds {
            sum += readings[after].altitude
            count += 1
            after += 1
        }
        let current = sum / Double(count)
        guard centre.walking, let base = reference else {
            reference = current
            return
        }
        if current - base >= floorHeight {
            ascended += 1
            events.append(FloorEvent(time: centre.time, change: 1))
            reference = base + floorHeight
        } else if base - current >= floorHeight {
            descended += 1
            events.append(FloorEvent(time: centre.time, change: -1))
            reference = base - floorHeight
        }
    }

    /// Forgets the readings older than any that a reading still to be judged averages over, a
    /// block at a time.
    private mutating func dropReadingsNoLongerAveraged() {
        guard unjudged >= 256 else { return }
        let oldestNeeded = readings[min(unjudged, readings.count - 1)].time - smoothingSeconds
        var first = 0
        while first < unjudged && readings[first].time < oldestNeeded { first += 1 }
        readings.removeFirst(first)
        unjudged -= first
    }
}

/// A floor counted at a time: `change` is +1 for up, -1 for down.
public struct FloorEvent: Sendable, Hashable, Codable {
    public var time: Double
    public var change: Int
}
