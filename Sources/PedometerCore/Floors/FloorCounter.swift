import RealModule

/// Counts floors climbed and descended from barometric altitude, like CMPedometer: about 3 m a
/// floor, with hysteresis, counting only the altitude gained or lost on foot.
///
/// Each reading's altitude is taken as the mean of the readings within ``smoothingSeconds`` of it
/// on either side (less at the recording's ends, as far as the readings reach on both): a
/// centred mean does not lag a steady climb, so a flight that ends where the walker stops is
/// judged at the altitude it reached, not at one a time constant behind.
///
/// Between two readings of which one was taken on foot the altitude's change counts towards a
/// floor (the reading after a walk's last step still holds its climb); between any others
/// (standing in a lift, resting on a landing, weather while still) the reference moves with
/// the altitude, so a climb broken by rests keeps what it had gained. Where the altitude
/// changes slower than any climb (``climbRate``, measured over ``rateSeconds`` around the
/// reading), the reference also follows it at up to ``weatherRate``: a barometer's altitude
/// drifts with the weather, and a walk on the level for hours, or a day of short walks each
/// adding its barometer's noise, would otherwise climb floors. So a reading is settled once the
/// readings `smoothingSeconds + rateSeconds / 2` after it have arrived, or at ``finish()``.
public struct FloorCounter: Sendable, Hashable {
    /// Metres per floor.
    public var floorHeight = 3.0
    /// Seconds on either side of a reading whose altitudes are averaged before comparing
    /// (barometer noise is ~0.1–0.3 m): the same span at a barometer's 1 Hz as at 25 Hz.
    public var smoothingSeconds = 2.0
    /// Metres per second of altitude change taken for weather, not climbing: about 1 hPa an
    /// hour near sea level (9 m an hour), a fast change of the weather. Stairs climb
    /// 0.1–0.4 m/s, a road of 2 % at walking speed 0.03 m/s.
    public var weatherRate = 0.0025
    /// The slowest change of altitude that is a climb, metres per second: a road of 1.5 % at
    /// walking speed. Stairs climb 0.1–0.4 m/s, a ramp of 8 % 0.1 m/s.
    public var climbRate = 0.02
    /// Seconds over which the rate of climbing is measured, centred on each reading: one flight
    /// of stairs in it is a climb (3 m in a minute), a barometer's noise is not (its means,
    /// ±0.3 m at worst, change by 0.01 m/s over a minute).
    public var rateSeconds = 60.0

    public private(set) var ascended = 0
    public private(set) var descended = 0
    /// Times at which each floor was counted: +1 up, -1 down.
    public private(set) var events: [FloorEvent] = []

    private struct Reading: Sendable, Hashable {
        var time: Double
        var altitude: Double
        var walking: Bool
    }

    /// Readings from the oldest that a reading still to be averaged needs, in time order.
    private var readings: [Reading] = []
    /// The time of the first reading.
    private var firstTime: Double?
    /// Index in `readings` of the first reading not averaged yet.
    private var unaveraged = 0
    /// The readings with their centred means as `altitude`, from the oldest that a reading still
    /// to be settled measures its rate from.
    private var means: [Reading] = []
    /// Index in `means` of the first mean whose change from the one before is not settled yet.
    private var unsettled = 1
    /// The altitude from which the next floor is measured.
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
        if firstTime == nil { firstTime = time }
        while unaveraged < readings.count && readings[unaveraged].time + smoothingSeconds <= time {
            means.append(average(unaveraged))
            unaveraged += 1
        }
        while unsettled < means.count && means[unsettled].time + rateSeconds / 2 <= means[means.count - 1].time {
            settle(unsettled)
            unsettled += 1
        }
        forgetWhatIsNoLongerNeeded()
    }

    /// Settles the readings still waiting for later ones: the end of the recording.
    public mutating func finish() {
        while unaveraged < readings.count {
            means.append(average(unaveraged))
            unaveraged += 1
        }
        while unsettled < means.count {
            settle(unsettled)
            unsettled += 1
        }
    }

    /// Reading `index` with the mean altitude of the readings around it.
    private func average(_ index: Int) -> Reading {
        let centre = readings[index]
        let reach = min(smoothingSeconds, centre.time - (firstTime ?? centre.time), readings[readings.count - 1].time - centre.time)
        var sum = 0.0
        var count = 0
        var before = index
        while before >= 0 && readings[before].time >= centre.time - reach {
            sum += readings[before].altitude
            count += 1
            before -= 1
        }
        var after = index + 1
        while after < readings.count && readings[after].time <= centre.time + reach {
            sum += readings[after].altitude
            count += 1
            after += 1
        }
        return Reading(time: centre.time, altitude: sum / Double(count), walking: centre.walking)
    }

    /// Counts the change from mean `index − 1` to mean `index` towards a floor, or moves the
    /// reference with it.
    private mutating func settle(_ index: Int) {
        let last = means[index - 1], current = means[index]
        var base = reference ?? last.altitude
        let onFoot = last.walking || current.walking
        if !onFoot { base += current.altitude - last.altitude }
        if abs(rate(around: index)) < climbRate {
            let drift = weatherRate * (current.time - last.time)
            base += min(max(current.altitude - base, -drift), drift)
        }
        while onFoot && current.altitude - base >= floorHeight {
            ascended += 1
            events.append(FloorEvent(time: current.time, change: 1))
            base += floorHeight
        }
        while onFoot && base - current.altitude >= floorHeight {
            descended += 1
            events.append(FloorEvent(time: current.time, change: -1))
            base -= floorHeight
        }
        reference = base
    }

    /// Metres per second from the mean ``rateSeconds`` / 2 before mean `index` (or the oldest
    /// kept) to the one as far after it (or the newest).
    private func rate(around index: Int) -> Double {
        let half = rateSeconds / 2
        var before = index - 1
        while before > 0 && means[before].time > means[index].time - half { before -= 1 }
        var after = index
        while after < means.count - 1 && means[after].time < means[index].time + half { after += 1 }
        let span = means[after].time - means[before].time
        return span > 0 ? (means[after].altitude - means[before].altitude) / span : 0
    }

    /// Forgets the readings and means older than any still to be averaged or settled needs, a
    /// block at a time.
    private mutating func forgetWhatIsNoLongerNeeded() {
        if unaveraged >= 256 {
            let oldest = readings[min(unaveraged, readings.count - 1)].time - smoothingSeconds
            var first = 0
            while first < unaveraged && readings[first].time < oldest { first += 1 }
            readings.removeFirst(first)
            unaveraged -= first
        }
        if unsettled >= 256 {
            let oldest = means[min(unsettled, means.count - 1)].time - rateSeconds / 2
            var first = 0
            while first < unsettled - 1 && means[first].time < oldest { first += 1 }
            means.removeFirst(first)
            unsettled -= first
        }
    }
}

/// A floor counted at a time: `change` is +1 for up, -1 for down.
public struct FloorEvent: Sendable, Hashable, Codable {
    public var time: Double
    public var change: Int
}
