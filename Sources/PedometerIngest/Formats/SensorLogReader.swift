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

        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        _ = try reader.next()
        var state = RowState()
        emitter.beginAcceleration(kind: kind, unit: "g", file: displayName)
        if columns.steps != nil { emitter.beginStepCounts(kind: .device, file: displayName) }
        // Rows are parsed in stretches on the parsing threads, then applied here in order.
        try StretchReader.read(
            after: reader, path: path, options: options,
            parse: { reader, maxRows, storage in
                SensorLogRows.read(
                    from: reader, columns, accelerationTime: accelerationTime, maxRows: maxRows,
                    reusing: storage.take() ?? [])
            },
            deliver: { (rows: SensorLogRows, firstLine) throws(IngestError) in
                for row in rows.rows {
                    do throws(IngestError) {
                        try apply(row, of: rows, columns, displayName: displayName, state: &state, into: &emitter)
                    } catch {
                        try emitter.skip(error.movingLines(by: firstLine - 1))
                    }
                }
                if let fatal = rows.fatal { throw fatal.movingLines(by: firstLine - 1) }
            })
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

    /// Applies one parsed row to what is carried from row to row, emitting its samples.
    private static func apply<Sink>(
        _ row: SensorLogRows.Row, of rows: SensorLogRows, _ columns: Columns, displayName: String,
        state: inout RowState, into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        /// The field's number, `nil` when absent, or the error reading it gave.
        func value(_ field: SensorLogRows.Field) throws(IngestError) -> Double? {
            switch field {
            case .absent: return nil
            case .number(let value): return value
            case .failed(let index): throw rows.errors[index]
            case .notRead: preconditionFailure("SensorLog field needed but not parsed")
            }
        }
        // A row shorter than the header (a cut last line) is skipped and reported, whichever of
        // its columns it lacks.
        _ = try value(row.length)
        // Clock of this row.
        guard let clock = try value(row.clock) else { return }
        if state.clockOrigin == nil {
            state.clockOrigin = clock
            state.startEpoch = row.loggingEpoch
        }
        let t = clock - state.clockOrigin!

        if try value(row.acceleration) != nil {
            emitter.acceleration(AccelerationSample(time: t, x: row.x, y: row.y, z: row.z))
        }

        if let steps = try value(row.steps), steps != state.lastSteps {
            let endTime = date(row.pedometerEnd, state).map { max($0, 0) } ?? t
            if state.lastSteps == nil, let start = date(row.pedometerStart, state), start >= 0, start <= endTime {
                emitter.stepCount(StepCountSample(time: start, steps: 0), kind: .device)
            }
            state.lastSteps = steps
            _ = try value(row.pedometerDetails)
            emitter.stepCount(
                StepCountSample(
                    time: endTime, steps: steps, distance: row.distance, currentPace: row.currentPace,
                    currentCadence: row.currentCadence, averageActivePace: row.averageActivePace,
                    floorsAscended: row.floorsAscended, floorsDescended: row.floorsDescended),
                kind: .device)
        }

        if let startEpoch = state.startEpoch, let fixTime = try value(row.locationTime), fixTime != state.lastLocationTime,
            let latitude = try value(row.latitude), let longitude = try value(row.longitude)
        {
            state.lastLocationTime = fixTime
            _ = try value(row.locationDetails)
            emitter.location(
                LocationSample(
                    time: fixTime - startEpoch, latitude: latitude, longitude: longitude,
                    horizontalAccuracy: row.horizontalAccuracy, speed: row.speed, altitude: row.altitude),
                file: displayName)
        }

        if columns.pressure != nil || columns.relativeAltitude != nil {
            let pressure = try value(row.pressure)
            let relative = try value(row.relativeAltitude)
            let clock = try value(row.altimeterClock)
            let current = (clock, pressure, relative)
            if (pressure != nil || relative != nil) && !(state.lastAltimeter.map { $0 == current } ?? false) {
                state.lastAltimeter = current
                let time = clock.flatMap { value in state.clockOrigin.map { value - $0 } } ?? t
                emitter.pressure(PressureSample(time: max(time, 0), pressure: pressure, relativeAltitude: relative), file: displayName)
            }
        }
    }

    /// A date (seconds since 1970) as seconds since time 0, when the start is known.
    private static func date(_ epoch: Double?, _ state: RowState) -> Double? {
        guard let epoch, let start = state.startEpoch else { return nil }
        return epoch - start
    }
}
