import PedometerCore

/// The time and acceleration columns of a CSV header, found by their names, and why: the one
/// place that decides which columns a table of acceleration is read from.
///
/// The time column is named as one (`t`, `time`, `timestamp`, `seconds_elapsed`, `loggingTime`,
/// `epoch`, `date`, `time_ms`, `Time (s)` …). The acceleration is a triplet of columns whose
/// names differ only in a final `x`, `y`, `z` (or `X-axis` …) after the same stem: `accX`,
/// `acc_x`, `ax`, `gFx`, `m_accG_x`, `Acceleration x (m/s^2)`, `Accelerometer X`,
/// `accelerationIncludingGravity.x`, or `x` alone; or in one word inside the name (`X_IN_G`,
/// `Accel_LN_X_CAL`, `acc_x_g`). Triplets of other sensors (rotation,
/// gyroscope, magnetometer, orientation, gravity alone, position, speed …) are never taken.
/// Of the rest, one named as acceleration with gravity (`accG`, `IncludingGravity`, `Total…`,
/// `accelerometer`, `gF`, `raw`) is preferred, then one named as acceleration, then one named
/// as acceleration without gravity (`linear`, `user`, `free`), then any other; the first in
/// the header among equals, with a remark that `--columns` chooses another.
struct HeaderRoles: Sendable, Hashable {
    var time: Int
    var x: Int
    var y: Int
    var z: Int
    /// The time unit the time column's name or unit states (`time_ms`, `timestamp (ns)`,
    /// `seconds_elapsed`), if any.
    var timeUnit: TimeUnit?
    /// The unit the header states for the axes (`(g)`, `(m/s^2)`, `gFx`), if any.
    var accelerationUnit: AccelerationUnit?
    /// Gravity included (`.total`) or removed (`.user`) as the names say, `nil` when they do not.
    var kind: AccelerationKind?
    /// Which columns were chosen, and why (a remark for the user).
    var explanation: String
    /// Whether the header has other x/y/z triplets than the one chosen: then the choice is a
    /// warning, for the user to check.
    var hadAlternatives = false
    /// Gravity's own triplet, added to the chosen one when that is acceleration without gravity
    /// (CMDeviceMotion's `userAcceleration` + `gravity`, as Core Motion loggers and the
    /// MotionSense data set write them): total acceleration, as SensorLog's is recombined.
    var gravity: Triplet?
    /// Whether ``gravity`` is added only for being beside axes whose names say nothing of
    /// gravity (a watch's `accelerationX` … beside `gravityX` …): the reader then adds it only
    /// when the axes' rows are without gravity (their mean vector short beside gravity's).
    var gravityByPlace = false

    /// What a triplet's stem says it holds.
    enum Meaning: Hashable, Comparable {
        /// Another sensor's triplet (rotation, gyroscope …), never read as acceleration.
        case other(String)
        case unnamed
        case withoutGravity
        case acceleration
        case withGravity

        var rank: Int {
            switch self {
            case .other: -1
            case .unnamed: 0
            case .withoutGravity: 1
            case .acceleration: 2
            case .withGravity: 3
            }
        }

        static func < (lhs: Meaning, rhs: Meaning) -> Bool { lhs.rank < rhs.rank }

        var description: String {
            switch self {
            case .other(let sensor): sensor
            case .unnamed: "not named as acceleration"
            case .withoutGravity: "acceleration without gravity"
            case .acceleration: "acceleration"
            case .withGravity: "acceleration with gravity"
            }
        }
    }

    /// Three columns differing only in their axis, with what their stem says.
    struct Triplet: Hashable {
        var stem: String
        var x: Int
        var y: Int
        var z: Int
        var meaning: Meaning
    }

    /// The roles in `names`, or `nil` when it names no time column or no acceleration triplet.
    static func find(_ names: ColumnNames) -> HeaderRoles? {
        guard let time = timeColumn(names), let axes = acceleration(names, excluding: time) else { return nil }
        var roles = HeaderRoles(
            time: time, x: axes.triplet.x, y: axes.triplet.y, z: axes.triplet.z, timeUnit: timeUnit(names, time),
            accelerationUnit: axes.unit, kind: axes.kind, explanation: "")
        roles.explanation = explain(names, time: time, chosen: axes.triplet, others: axes.others, gravity: axes.gravity)
        roles.hadAlternatives = !axes.others.isEmpty
        roles.gravity = axes.gravity
        roles.gravityByPlace = axes.gravityByPlace
        return roles
    }

    /// The acceleration triplet of `names` (not using column `time`), with the unit and the
    /// kind its names state and the other triplets passed over; `nil` when there is none. A
    /// table timed by ``IngestOptions/sampleRate`` needs no time column.
    static func acceleration(
        _ names: ColumnNames, excluding time: Int?
    ) -> (
        triplet: Triplet, unit: AccelerationUnit?, kind: AccelerationKind?, others: [Triplet], gravity: Triplet?, gravityByPlace: Bool
    )? {
        let triplets = self.triplets(names).filter { triplet in time.map { ![triplet.x, triplet.y, triplet.z].contains($0) } ?? true }
        let candidates = triplets.filter { $0.meaning.rank >= 0 }
        guard let best = candidates.max(by: { $0.meaning < $1.meaning || ($0.meaning == $1.meaning && $0.x > $1.x) }) else {
            return nil
        }
        var (unit, kind) = stated(names, x: best.x)
        // Acceleration without gravity beside gravity alone: their sum is the total
        // acceleration, in the user acceleration's unit (Core Motion's `userAcceleration.x`
        // and `gravity.x` are both in g; other names leave it to be inferred from the sum).
        // Axes whose names say nothing of gravity beside it (Apple Watch loggers write
        // CMDeviceMotion's user acceleration as `accelerationX` …) likewise, if their rows
        // are without gravity (``gravityByPlace``). Not when the two state other units (`accX (g)`
        // beside `gravityX (m/s^2)`): rows are summed as written.
        var gravity: Triplet?
        if kind != .total, let alone = triplets.first(where: { $0.meaning == .other("gravity alone") }),
            [nil, unit].contains(stated(names, x: alone.x).unit) || unit == nil
        {
            gravity = alone
            kind = .total
        }
        let byPlace = gravity != nil && stated(names, x: best.x).kind == nil
        return (best, unit, kind, triplets.filter { $0 != best }, gravity, byPlace)
    }

    /// The unit and the kind (gravity included or removed) that the name of the acceleration
    /// axis in column `x` states, each `nil` when it does not: a unit in brackets or words
    /// (``accelerationUnit(_:_:)``), the stem's meaning (`accG`, `linear` …), and the
    /// properties of the APIs loggers name columns after. The W3C DeviceMotionEvent's
    /// `acceleration` is without gravity and `accelerationIncludingGravity` with it, both in
    /// m/s^2 (a walk's acceleration without gravity, about 1 m/s^2, would otherwise be read as
    /// total acceleration in g); Core Motion's `userAcceleration` (CMDeviceMotion) is without
    /// gravity, in g (0.1 g read as m/s^2 gave a walk no step).
    static func stated(_ names: ColumnNames, x: Int) -> (unit: AccelerationUnit?, kind: AccelerationKind?) {
        var unit = accelerationUnit(names, x)
        var kind: AccelerationKind?
        let stem = axisName(names.normalized[x])?.0 ?? axisWord(names.raw[x])?.stem
        switch stem.map(meaning(ofStem:)) {
        case .withGravity: kind = .total
        case .withoutGravity: kind = .user
        default: break
        }
        if let property = deviceMotionProperty(names.raw[x]) {
            kind = property == "acceleration" ? .user : .total
            unit = unit ?? .metersPerSecondSquared
        } else if propertyOfAxis(names.raw[x]) == "useracceleration" {
            unit = unit ?? .g
        } else if stem == "a", names.normalized.contains("at") || names.normalized.contains("atotal") {
            // Physics Toolbox's linear accelerometer: `ax,ay,az` and their magnitude `aT` (or
            // `atotal`), in m/s^2 without gravity (its g-force meter writes `gFx … TgF`); rows
            // steady at 1 g are read with gravity all the same (GenericReader).
            kind = kind ?? .user
            unit = unit ?? .metersPerSecondSquared
        }
        return (unit, kind)
    }

    /// `acceleration` or `accelerationincludinggravity` when `raw` names an axis of that
    /// DeviceMotionEvent property as a JavaScript path (`acceleration.x`,
    /// `event.accelerationIncludingGravity.x`), `nil` otherwise.
    static func deviceMotionProperty(_ raw: String) -> String? {
        propertyOfAxis(raw).flatMap { ["acceleration", "accelerationincludinggravity"].contains($0) ? $0 : nil }
    }

    /// The property, lower-cased, whose axis `raw` names as a path (`userAcceleration.x`,
    /// `motion.gravity.z`: `useracceleration`, `gravity`); `nil` for any other name.
    private static func propertyOfAxis(_ raw: String) -> String? {
        let parts = raw.lowercased().split(separator: ".")
        guard parts.count >= 2, let axis = parts.last, ["x", "y", "z"].contains(axis) else { return nil }
        return String(parts[parts.count - 2])
    }

    /// The x/y/z triplets of a header, in the order of their x columns.
    static func triplets(_ names: ColumnNames) -> [Triplet] {
        // Columns grouped by their name without its axis: the stem of a name ending in it, or
        // the words around an axis word inside it (`X_IN_G`, `Accel_LN_X_CAL`).
        var axes: [String: [Character: Int]] = [:]
        var stems: [String: String] = [:]
        var order: [String] = []
        for (index, name) in names.normalized.enumerated() {
            let key: String
            let axis: Character
            if let (stem, found) = axisName(name) {
                (key, axis) = (stem, found)
                stems[key] = stem
            } else if let word = axisWord(names.raw[index]) {
                (key, axis) = (" " + word.key, word.axis)
                stems[key] = word.stem
            } else {
                continue
            }
            // A name written again (`accX,accY,accZ,accX,accY,accZ`: two sets under the same
            // names) starts a triplet of its own, so that the choice between them is said.
            var group = key
            var copy = 1
            while axes[group]?[axis] != nil {
                copy += 1
                group = key + "#\(copy)"
            }
            if axes[group] == nil {
                axes[group] = [:]
                stems[group] = stems[key]
                order.append(group)
            }
            axes[group]![axis] = index
        }
        return order.compactMap { key in
            guard let x = axes[key]!["x"], let y = axes[key]!["y"], let z = axes[key]!["z"], let stem = stems[key] else {
                return nil
            }
            var meaning = meaning(ofStem: stem)
            if meaning.rank >= 0 {
                // What the names leave open, a unit or a fourth axis may settle: `X [dps]`,
                // `x-axis (T)` are a gyroscope's and a magnetometer's, and plain axes beside a
                // `w` of the same unit, one no acceleration has (MetaWear's `w (number),x
                // (number),…`), a quaternion's.
                let after = axisName(names.normalized[x]) == nil ? axisWord(names.raw[x])?.after ?? [] : []
                let unit = names.units[x]
                if let other = otherQuantity(ofUnit: unit) ?? after.last.flatMap(otherQuantity(ofUnit:)) {
                    meaning = .other(other)
                } else if stem.isEmpty, !unit.isEmpty, AccelerationUnit(written: unit) == nil,
                    [x - 1, z + 1].contains(where: { names.normalized.indices.contains($0) && names.normalized[$0] == "w" && names.units[$0] == unit })
                {
                    meaning = .other("a quaternion's w, x, y, z: orientation")
                }
            }
            return Triplet(stem: stem, x: x, y: y, z: z, meaning: meaning)
        }.sorted { $0.x < $1.x }
    }

    /// Whether the triplet whose x is column `x` is named by its axes alone (`x,y,z`,
    /// `x-axis (g)`, RealWorld's `attr_x`), saying nothing of what it measures: then a file's
    /// name may say it.
    static func axesAreUnnamed(_ names: ColumnNames, x: Int) -> Bool {
        guard let triplet = triplets(names).first(where: { $0.x == x }) else { return false }
        return triplet.meaning == .unnamed || (triplet.meaning == .acceleration && triplet.stem.isEmpty)
    }

    /// The quantity a unit written after an axis states when it is not acceleration: angular
    /// velocity (`dps`, `deg/s`, `°/s`, `rad/s`), a magnetic field (`µT`, `uT`, `T`, `gauss`),
    /// an angle (`deg`, `°`, `rad`), as the sensor it comes from; `nil` for an acceleration's
    /// unit and any other.
    static func otherQuantity(ofUnit written: String) -> String? {
        let unit = written.lowercased().filter { $0 != " " }
        let angles = ["deg", "degree", "degrees", "°", "rad", "radian", "radians"]
        // Per second once (`rad/s^2`, an angular acceleration, is no gyroscope's).
        let perSecond = ["/s", "s-1", "s^-1", "/sec"]
        if ["dps", "rps", "rpm"].contains(unit)
            || angles.contains(where: { angle in perSecond.contains { unit == angle + $0 } })
        {
            return "a gyroscope: angular velocity"
        }
        // `ʯt`: WitMotion's software writes its magnetometer's µT so.
        if ["t", "mt", "ut", "µt", "μt", "nt", "ʯt", "tesla", "microtesla", "microteslas", "gauss", "mgauss"].contains(unit) {
            return "a magnetometer: magnetic field"
        }
        if angles.contains(unit) { return "orientation angles" }
        return nil
    }

    /// The sensor a file's name says it holds when that is not acceleration, by its words
    /// (HHAR's `Phones_gyroscope.csv`, RealWorld's `Gyroscope_walking_chest.csv`, MATLAB Mobile's
    /// `AngularVelocity.csv`, Polar's `…_MAGN.txt`, `Orientation…`), as ``meaning(ofStem:)``
    /// reads column names; `nil` when a word says acceleration as well (`imu_accel_gyro.csv`,
    /// `linear…`) or none says another sensor. Only for axes named by their letters alone whose
    /// rows show no gravity (``GenericReader``): a name is a hint, the data decide.
    static func otherSensor(inFileName name: String) -> String? {
        var words: [String] = []
        var word = ""
        for character in name {
            // Words split at non-letters and at a lower-case letter before an upper-case one.
            if !character.isLetter || (character.isUppercase && word.last?.isLowercase == true) {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = character.isLetter ? String(character) : ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        guard !words.contains(where: { $0.hasPrefix("acc") || $0.hasPrefix("lin") }) else { return nil }
        for word in words {
            if word.hasPrefix("gyr") || word == "angular" || word == "rotation" { return "a gyroscope" }
            if ["mag", "magn", "compass"].contains(word) || word.hasPrefix("magnet") { return "a magnetometer" }
            if word.hasPrefix("quat") || word.hasPrefix("orient") || ["euler", "attitude"].contains(word) { return "orientation" }
        }
        return nil
    }

    /// A name holding its axis as a word before others (`X_IN_G`,
    /// `X_ACCELERATION_METERS_PER_SECOND_SQUARED`, Shimmer's `Accel_LN_X_CAL`, `acc_x_g`): the
    /// name with that word blanked (lower-cased, its words joined by spaces), the axis, the
    /// other words normalised (the stem) and the words after the axis (lower-cased); `nil`
    /// unless exactly one word is `x`, `y` or `z` and another follows it. A word ending in the
    /// axis before a last word naming a unit (`ax_g`, `accX_mg`: an ESP32 sketch's names) is
    /// read so too, the axis's letter blanked (`a* g`), the unit left out of the stem.
    static func axisWord(_ raw: String) -> (key: String, axis: Character, stem: String, after: [String])? {
        let words = raw.split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() }
        let positions = words.indices.filter { ["x", "y", "z"].contains(words[$0]) }
        if positions.isEmpty, words.count >= 2, let last = words.last, unit(named: [last]) != nil,
            let (stem, axis) = axisName(words[words.count - 2])
        {
            var key = words
            key[words.count - 2] = stem + "*"
            return (key.joined(separator: " "), axis, (words.dropLast(2) + [stem]).joined(), [last])
        }
        guard positions.count == 1, let position = positions.first, position < words.count - 1,
            let axis = words[position].first
        else { return nil }
        var key = words
        key[position] = "*"
        let others = words.indices.filter { $0 != position }.map { words[$0] }
        return (key.joined(separator: " "), axis, others.joined(), Array(words[(position + 1)...]))
    }

    /// The unit the last words after an axis name (`… in g`, `… mg`, `… meters per second
    /// squared`, `… mps2`), if any.
    static func unit(named words: [String]) -> AccelerationUnit? {
        if let last = words.last, let unit = AccelerationUnit(written: last), unit != .metersPerSecondSquared { return unit }
        if words.suffix(4) == ["meters", "per", "second", "squared"] || ["mps2", "ms2"].contains(words.last ?? "") {
            return .metersPerSecondSquared
        }
        return nil
    }

    /// The stem and axis of a normalised name ending in `x`, `y` or `z` (or `xaxis` …).
    static func axisName(_ name: String) -> (String, Character)? {
        var stem = Substring(name)
        if stem.hasSuffix("axis") { stem = stem.dropLast(4) }
        guard let last = stem.last, "xyz".contains(last) else { return nil }
        return (String(stem.dropLast()), last)
    }

    /// What a normalised stem (`maccg`, `accelerationincludinggravity`, `gyr`) names.
    static func meaning(ofStem stem: String) -> Meaning {
        let sensors: [(String, String)] = [
            ("gyr", "gyroscope"), ("rot", "rotation"), ("angular", "angular velocity"), ("omega", "angular velocity"),
            ("mag", "magnetometer"), ("compass", "magnetometer"), ("field", "magnetic field"),
            ("orient", "orientation"), ("quat", "orientation"), ("euler", "orientation"), ("attitude", "orientation"),
            ("heading", "heading"), ("tilt", "orientation"), ("angle", "orientation"),
            ("pos", "position"), ("location", "position"), ("gps", "position"), ("displacement", "position"),
            ("vel", "velocity"), ("speed", "speed"), ("bias", "calibration bias"), ("temp", "temperature"),
        ]
        if let (_, sensor) = sensors.first(where: { stem.contains($0.0) }) { return .other(sensor) }
        // Single letters other loggers use for other sensors: w (Physics Toolbox's gyroscope),
        // b (its magnetometer), g (gyroscope or gravity), m, q, o, r, v, p.
        let letters: [String: String] = [
            "w": "gyroscope", "b": "magnetometer", "g": "gyroscope or gravity", "m": "magnetometer",
            "q": "orientation", "o": "orientation", "r": "rotation", "v": "velocity", "p": "position",
        ]
        if let sensor = letters[stem] { return .other(sensor) }
        let withGravity = ["includinggravity", "withgravity", "withg", "accg", "total", "raw", "uncalibrated", "accelerometer"]
        if withGravity.contains(where: stem.contains) || stem == "gf" || stem.hasSuffix("gf") { return .withGravity }
        let withoutGravity = ["user", "linear", "free", "withoutgravity", "nogravity", "withoutg", "dynamic"]
        if withoutGravity.contains(where: stem.contains) || stem.hasPrefix("lin") { return .withoutGravity }
        if stem.contains("grav") { return .other("gravity alone") }
        if ["", "a"].contains(stem) || stem.contains("acc") { return .acceleration }
        return .unnamed
    }

    static let timeNames: Set<String> = [
        "t", "time", "timestamp", "seconds", "second", "sec", "secs", "s", "ms", "millis",
        "milliseconds", "us", "micros", "microseconds", "ns", "nanos", "nanoseconds", "epoch",
        "unixtime", "elapsed", "secondselapsed", "elapsedtime", "elapsedseconds", "datetime",
        "loggingtime", "timestamps", "utc", "utctime", "localtime", "clock",
        // Science Journal's, RealWorld HAR's (a name merely ending in "time", `cpu_time`, is
        // no clock of the samples).
        "relativetime", "attrtime",
        // Clocks of the samples named so (HHAR's Creation_Time is the sensor's, its
        // Arrival_Time when a batch reached the phone).
        "epochtime", "sensortime", "eventtime", "sampletime", "creationtime",
        // MbientLab MetaWear exports spell the Unix milliseconds `epoc (ms)`.
        "epoc",
        // Fitabase's minute and hour step counts (`ActivityMinute`, `ActivityHour`).
        "activityminute", "activityhour",
    ]

    /// The time column: the first named as one, else the first whose name starts with `time`
    /// or holds `timestamp`; one naming the sensor's clock (`sensor timestamp [ns]`) before one
    /// of the phone's (`Phone timestamp`, the moment a batch was delivered: Polar's logger).
    static func timeColumn(_ names: ColumnNames) -> Int? {
        timeColumns(names).first
    }

    /// A time in other languages (German, Dutch, Spanish, Polish, Japanese, Chinese, Korean,
    /// Russian): a time column after any named in English (`timestamp_unix` before `Zeit`);
    /// not an hour (`hora`, `heure`), nor words that are something else in English (`temps`,
    /// `tempo`).
    static let foreignTimeNames: Set<String> = [
        "zeit", "uhrzeit", "zeitstempel", "tijd", "tiempo", "czas", "時間", "時刻", "时间", "시간", "время",
    ]

    /// Words for time in other languages (French, Italian and Portuguese, Finnish, Swedish and
    /// Danish, Czech and Slovak, Turkish) that name a time only with a time unit in brackets
    /// beside them, as phyphox writes its exports in the phone's language (`Temps (s)`,
    /// `Tempo (s)`, `Aika (s)`): alone, `temps` or `tempo` may be a temperature or a cadence.
    static let foreignTimeNamesWithUnit: Set<String> = ["temps", "tempo", "aika", "tid", "čas", "zaman"]

    /// Units of time written in brackets after a name.
    static let timeUnitNames: Set<String> = ["s", "ms", "us", "µs", "ns", "sec", "secs", "seconds"]

    /// A date, in English and in other languages (German and Dutch, Spanish, Japanese, Chinese,
    /// Korean, Russian): a time column after any other, since a date may be written on every
    /// row beside the samples' time (`Date;Timestamp;…`, `fecha,timestamp_ms,…`, `Datum;Zeit;…`).
    static let dateNames: Set<String> = ["date", "datum", "fecha", "日付", "日期", "날짜", "дата"]

    /// Every column named as a time, in the order ``timeColumn(_:)`` prefers them.
    static func timeColumns(_ names: ColumnNames) -> [Int] {
        timeColumnsByRank(names).flatMap { $0 }
    }

    /// The columns named as a time, by rank: the sensor's clock, a clock named as one, a name
    /// starting with `time` or holding `timestamp`, a time in another language, such a name
    /// after a data set's label (``ColumnNames/unlabelled``: `Data Set 1:Time(s)`; not a unit
    /// after a colon, `dt:ms`, nor before a clock named plainly), a date.
    static func timeColumnsByRank(_ names: ColumnNames) -> [[Int]] {
        let stamped = { (name: String) in name.hasPrefix("time") || name.contains("timestamp") }
        let ranked: [(Int) -> Bool] = [
            { names.normalized[$0].contains("sensor") && stamped(names.normalized[$0]) }, { timeNames.contains(names.normalized[$0]) },
            { stamped(names.normalized[$0]) },
            { index in
                let name = names.normalized[index]
                return foreignTimeNames.contains(name) || (foreignTimeNamesWithUnit.contains(name) && timeUnitNames.contains(names.units[index]))
            },
            { names.unlabelled[$0] != names.normalized[$0] && stamped(names.unlabelled[$0]) },
            { dateNames.contains(names.normalized[$0]) },
        ]
        var seen: Set<Int> = []
        return ranked.map { matches in
            names.normalized.indices.filter { index in matches(index) && seen.insert(index).inserted }
        }
    }

    /// A time unit from the column's unit or its name (`time_ms`, `timestamp (ns)`, `seconds`,
    /// `seconds_elapsed`, or words ending `in ms`: AndroSensor's `Time since start in ms`).
    static func timeUnit(_ names: ColumnNames, _ index: Int) -> TimeUnit? {
        let words = names.raw[index].split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() }
        let unit = words.count >= 3 && words[words.count - 2] == "in" ? words[words.count - 1] : names.units[index]
        let name = names.normalized[index]
        let stated: [(TimeUnit, [String])] = [
            (.nanoseconds, ["ns", "nanos", "nanoseconds"]), (.microseconds, ["us", "µs", "micros", "microseconds"]),
            (.milliseconds, ["ms", "millis", "milliseconds"]),
            (.seconds, ["s", "sec", "secs", "seconds", "second", "secondselapsed", "elapsedseconds"]),
        ]
        for (timeUnit, words) in stated {
            if words.contains(unit) || words.contains(name) { return timeUnit }
            // time_ms, timestamp_ns, time_s …
            for word in words where name == "time" + word || name == "timestamp" + word { return timeUnit }
        }
        return nil
    }

    /// The unit the header states for the axis in column `x`: in brackets, as `gF`, or in words
    /// after the axis (`X_IN_G`).
    static func accelerationUnit(_ names: ColumnNames, _ x: Int) -> AccelerationUnit? {
        if let unit = AccelerationUnit(written: names.units[x]) { return unit }
        let stem = axisName(names.normalized[x])?.0 ?? ""
        if stem == "gf" || stem.hasSuffix("gf") { return .g }
        if axisName(names.normalized[x]) == nil, let word = axisWord(names.raw[x]) { return self.unit(named: word.after) }
        return nil
    }

    /// The remark naming the chosen columns and the triplets passed over.
    private static func explain(_ names: ColumnNames, time: Int, chosen: Triplet, others: [Triplet], gravity: Triplet?) -> String {
        // Names written more than once are told apart by their columns' numbers (from 1).
        func listed(_ triplet: Triplet) -> String {
            [triplet.x, triplet.y, triplet.z].map { index in
                names.raw.filter { $0 == names.raw[index] }.count > 1 ? "'\(names.raw[index])' (column \(index + 1))" : "'\(names.raw[index])'"
            }.joined(separator: ", ")
        }
        var text = "columns by name: time '\(names.raw[time])', acceleration \(listed(chosen))"
        switch chosen.meaning {
        case .unnamed where others.allSatisfy({ $0.meaning.rank < 0 }): text += " (the only x/y/z columns that are not another sensor's)"
        default: text += " (\(chosen.meaning.description))"
        }
        let equals = others.filter { $0.meaning == chosen.meaning }
        let lower = others.filter { $0.meaning.rank >= 0 && $0.meaning < chosen.meaning }
        // Gravity added to the acceleration is said by the reader's note, not passed over here.
        let sensors = others.filter { $0.meaning.rank < 0 && $0 != gravity }
        if let other = equals.first {
            // A file of several runs, each its time and axes (Vernier's and PASCO's exports):
            // the other axes with the time column before them.
            let times = timeColumns(names)
            let otherTime = times.count > 1 ? times.filter { $0 < other.x }.max() ?? time : time
            text += "; also \(chosen.meaning.description): " + equals.map(listed).joined(separator: "; ")
                + " (the first is used: choose with --columns, e.g. time=\(otherTime + 1),x=\(other.x + 1),y=\(other.y + 1),z=\(other.z + 1))"
        }
        if !lower.isEmpty {
            text += "; preferred over " + lower.map { "\(listed($0)) (\($0.meaning.description))" }.joined(separator: ", ")
        }
        if !sensors.isEmpty {
            text += "; not acceleration: " + sensors.map { "\(listed($0)) (\($0.meaning.description))" }.joined(separator: ", ")
        }
        return text
    }
}
