import PedometerCore

/// SensorLog (iOS): one wide CSV, a row per logging tick, every sensor's latest values side by
/// side. Column names carry units in parentheses (`accelerometerAccelerationX(G)`); older
/// versions leave them out. Acceleration is in g. Empty or -1 means "not available".
///
/// Times: `accelerometerTimestamp_sinceReboot(s)` (or `motionTimestamp_sinceReboot`) gives the
/// acceleration clock; `loggingTime(txt)` of the first row gives the absolute start; location
/// times are seconds since 1970 and pedometer dates ISO 8601, both placed on the same clock.
/// Pedometer, location and altimeter values repeat on every row until the device updates them,
/// so a sample is emitted only when they change. Pedometer counts are cumulative since
/// `pedometerStartDate`: when that date is inside the recording, a zero count is emitted at it.
enum SensorLogReader {
    /// The columns SensorLog can write that this reader uses, by normalised name.
    struct Columns {
        var loggingTime: Int?
        var accelerometerTime: Int?
        var acceleration: (Int, Int, Int)?
        var motionTime: Int?
        var userAcceleration: (Int, Int, Int)?
        var gravity: (Int, Int, Int)?
        var pedometerStart: Int?
        var pedometerEnd: Int?
        var steps: Int?
        var distance: Int?
        var currentPace: Int?
        var currentCadence: Int?
        var averageActivePace: Int?
        var floorsAscended: Int?
        var floorsDescended: Int?
        var locationTime: Int?
        var latitude: Int?
        var longitude: Int?
        var altitude: Int?
        var speed: Int?
        var horizontalAccuracy: Int?
        var altimeterTime: Int?
        var relativeAltitude: Int?
        var pressure: Int?

        /// Columns in the header.
        let count: Int

        init(_ names: ColumnNames, count: Int) {
            self.count = count
            func triple(_ prefix: String) -> (Int, Int, Int)? {
                guard let x = names.index(of: prefix + "x"), let y = names.index(of: prefix + "y"),
                    let z = names.index(of: prefix + "z")
                else { return nil }
                return (x, y, z)
            }
            loggingTime = names.index(of: "loggingtime")
            accelerometerTime = names.index(of: "accelerometertimestampsincereboot")
            acceleration = triple("accelerometeracceleration")
            motionTime = names.index(of: "motiontimestampsincereboot")
            userAcceleration = triple("motionuseracceleration")
            gravity = triple("motiongravity")
            pedometerStart = names.index(of: "pedometerstartdate")
            pedometerEnd = names.index(of: "pedometerenddate")
            steps = names.index(of: "pedometernumberofsteps")
            distance = names.index(of: "pedometerdistance")
            currentPace = names.index(of: "pedometercurrentpace")
            currentCadence = names.index(of: "pedometercurrentcadence")
            averageActivePace = names.index(of: "pedometeraverageactivepace")
            floorsAscended = names.index(of: "pedometerfloorascended", "pedometerfloorsascended")
            floorsDescended = names.index(of: "pedometerfloordescended", "pedometerfloorsdescended")
            locationTime = names.index(of: "locationtimestampsince1970")
            latitude = names.index(of: "locationlatitude")
            longitude = names.index(of: "locationlongitude")
            altitude = names.index(of: "locationaltitude")
            speed = names.index(of: "locationspeed")
            horizontalAccuracy = names.index(of: "locationhorizontalaccuracy")
            altimeterTime = names.index(of: "altimetertimestampsincereboot")
            relativeAltitude = names.index(of: "altimeterrelativealtitude")
            pressure = names.index(of: "altimeterpressure")
        }
    }

    static func matches(_ names: ColumnNames) -> Bool {
        !evidence(names).isEmpty
    }

    /// The SensorLog-specific names found, for the detection reason.
    static func evidence(_ names: ColumnNames) -> String {
        let signatures = [
            "loggingtime", "accelerometeraccelerationx", "motionuseraccelerationx", "pedometernumberofsteps",
            "locationtimestampsince1970",
        ]
        let found = signatures.compactMap { signature in names.index(of: signature).map { names.raw[$0] } }
        return found.prefix(2).joined(separator: ", ")
    }

    static func read<Sink>(
        _ path: String, displayName: String, header: [String], options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let columns = Columns(ColumnNames(header), count: header.count)
        // Acceleration: the raw accelerometer, else device motion's user acceleration + gravity.
        let accelerationTime: Int?
        let kind: AccelerationKind
        if columns.acceleration != nil {
            accelerationTime = columns.accelerometerTime ?? columns.loggingTime
            kind = .total
        } else if columns.userAcceleration != nil {
            accelerationTime = columns.motionTime ?? columns.loggingTime
            kind = columns.gravity == nil ? .user : .total
            info.notes.append(
                columns.gravity == nil
                    ? "no accelerometer columns: motion user acceleration only (gravity removed)"
                    : "no accelerometer columns: total acceleration = motionUserAcceleration + motionGravity")
        } else {
            throw IngestError(
                file: displayName, line: 1, column: 1,
                "SensorLog header has no acceleration: expected accelerometerAccelerationX/Y/Z or motionUserAccelerationX/Y/Z columns")
        }
        guard accelerationTime != nil else {
            throw IngestError(
                file: displayName, line: 1, column: 1,
                "SensorLog header has no clock for the acceleration: expected accelerometerTimestamp_sinceReboot, motionTimestamp_sinceReboot or loggingTime")
        }

        let reader = try CSVReader(path: path, delimiter: options.delimiter, displayName: displayName)
        _ = try reader.next()
        var state = RowState()
        emitter.beginAcceleration(kind: kind, unit: "g", file: displayName)
        if columns.steps != nil { emitter.beginStepCounts(kind: .device, file: displayName) }
        while try reader.next() {
            do throws(IngestError) {
                try readRow(reader, columns, accelerationTime: accelerationTime, state: &state, into: &emitter)
            } catch {
                try emitter.skip(error)
            }
        }
        info.startDate = state.startEpoch
        if state.startEpoch == nil && columns.locationTime != nil {
            info.notes.append("no loggingTime column: location fixes cannot be placed in time and were left out")
        }
    }

    /// What is carried from row to row.
    private struct RowState {
        /// The acceleration clock (seconds since reboot, or since 1970 with loggingTime) at time 0.
        var clockOrigin: Double?
        /// Seconds since 1970 at time 0, from the first row's loggingTime.
        var startEpoch: Double?
        var lastSteps: Double?
        var lastLocationTime: Double?
        var lastAltimeter: (Double?, Double?, Double?)?
    }

    private static func readRow<Sink>(
        _ reader: CSVReader, _ columns: Columns, accelerationTime: Int?, state: inout RowState,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        // Clock of this row.
        // A row shorter than the header (a cut last line) is skipped and reported, whichever of
        // its columns it lacks.
        try reader.requireFields(columns.count)
        var rowTime: Double?
        if let timeIndex = accelerationTime, !reader.isEmpty(timeIndex) {
            let clock: Double
            if timeIndex == columns.loggingTime {
                guard let epoch = DateParser.parseEpochSeconds(reader.string(timeIndex)) else {
                    throw reader.error(atField: timeIndex, "loggingTime is not an ISO 8601 date: '\(reader.string(timeIndex).prefix(40))'")
                }
                clock = epoch
            } else {
                clock = try reader.requireNumber(timeIndex, "timestamp")
            }
            if state.clockOrigin == nil {
                state.clockOrigin = clock
                if let logging = columns.loggingTime, logging < reader.fieldCount {
                    state.startEpoch = DateParser.parseEpochSeconds(reader.string(logging))
                }
            }
            rowTime = clock - state.clockOrigin!
        }
        guard let t = rowTime else { return }

        if let (x, y, z) = columns.acceleration ?? columns.userAcceleration, !reader.isEmpty(x) {
            var ax = try reader.requireNumber(x, "x acceleration")
            var ay = try reader.requireNumber(y, "y acceleration")
            var az = try reader.requireNumber(z, "z acceleration")
            if columns.acceleration == nil, let (gx, gy, gz) = columns.gravity {
                ax += try reader.requireNumber(gx, "gravity x")
                ay += try reader.requireNumber(gy, "gravity y")
                az += try reader.requireNumber(gz, "gravity z")
            }
            emitter.acceleration(
                AccelerationSample(time: t, x: ax * standardGravity, y: ay * standardGravity, z: az * standardGravity))
        }

        if let stepsIndex = columns.steps, let steps = try reader.optionalNumber(stepsIndex, "pedometer steps", unavailable: -1),
            steps != state.lastSteps
        {
            let endTime = date(reader, columns.pedometerEnd, state).map { max($0, 0) } ?? t
            if state.lastSteps == nil, let start = date(reader, columns.pedometerStart, state), start >= 0, start <= endTime {
                emitter.stepCount(StepCountSample(time: start, steps: 0), kind: .device)
            }
            state.lastSteps = steps
            emitter.stepCount(
                StepCountSample(
                    time: endTime, steps: steps,
                    distance: try reader.optionalNumber(columns.distance, "pedometer distance", unavailable: -1),
                    currentPace: try reader.optionalNumber(columns.currentPace, "current pace", unavailable: -1),
                    currentCadence: try reader.optionalNumber(columns.currentCadence, "current cadence", unavailable: -1),
                    averageActivePace: try reader.optionalNumber(columns.averageActivePace, "average active pace", unavailable: -1),
                    floorsAscended: try reader.optionalNumber(columns.floorsAscended, "floors ascended", unavailable: -1),
                    floorsDescended: try reader.optionalNumber(columns.floorsDescended, "floors descended", unavailable: -1)),
                kind: .device)
        }

        if let timeIndex = columns.locationTime, let startEpoch = state.startEpoch,
            let fixTime = try reader.optionalNumber(timeIndex, "location timestamp", unavailable: -1),
            fixTime != state.lastLocationTime,
            let latitude = try reader.optionalNumber(columns.latitude, "latitude"),
            let longitude = try reader.optionalNumber(columns.longitude, "longitude")
        {
            state.lastLocationTime = fixTime
            emitter.location(
                LocationSample(
                    time: fixTime - startEpoch, latitude: latitude, longitude: longitude,
                    horizontalAccuracy: try reader.optionalNumber(columns.horizontalAccuracy, "horizontal accuracy", unavailable: -1),
                    speed: try reader.optionalNumber(columns.speed, "speed", unavailable: -1),
                    altitude: try reader.optionalNumber(columns.altitude, "altitude")),
                file: reader.displayName)
        }

        if columns.pressure != nil || columns.relativeAltitude != nil {
            let pressure = try reader.optionalNumber(columns.pressure, "pressure", unavailable: -1)
            let relative = try reader.optionalNumber(columns.relativeAltitude, "relative altitude")
            let clock = try reader.optionalNumber(columns.altimeterTime, "altimeter timestamp", unavailable: -1)
            let current = (clock, pressure, relative)
            if (pressure != nil || relative != nil) && !(state.lastAltimeter.map { $0 == current } ?? false) {
                state.lastAltimeter = current
                let time = clock.flatMap { value in state.clockOrigin.map { value - $0 } } ?? t
                emitter.pressure(PressureSample(time: max(time, 0), pressure: pressure, relativeAltitude: relative), file: reader.displayName)
            }
        }
    }

    /// A date column (ISO 8601) as seconds since time 0, when the start is known.
    private static func date(_ reader: CSVReader, _ index: Int?, _ state: RowState) -> Double? {
        guard let index, index < reader.fieldCount, !reader.isEmpty(index), let start = state.startEpoch,
            let epoch = DateParser.parseEpochSeconds(reader.string(index))
        else { return nil }
        return epoch - start
    }
}
