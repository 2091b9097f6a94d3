import PedometerCore

/// SensorLog rows parsed from one stretch of a file by a parsing thread, before what is
/// carried from row to row (time 0, the last pedometer count and location fix) is known:
/// every value ``SensorLogReader`` may need, each with the error reading it gives, applied
/// to that state in file order on the reading thread.
///
/// Values the reader reads only when they change (a pedometer count's details, a location
/// fix) are parsed when they may have changed: always at the start of the stretch, then
/// whenever they differ from the last ones the reader would have taken.
struct SensorLogRows: StretchRows {
    /// A field as ``CSVReader/optionalNumber(_:_:unavailable:)`` or
    /// ``CSVReader/requireNumber(_:_:)`` reads it.
    enum Field: Sendable {
        /// Empty, missing, or "not available".
        case absent
        case number(Double)
        /// Index in ``SensorLogRows/errors``.
        case failed(Int)
        /// Not parsed: the reader cannot need it for this row.
        case notRead
    }

    struct Row: Sendable {
        /// `.failed` when the row is shorter than the header (nothing else is read).
        var length = Field.absent
        /// The acceleration clock (a number, or loggingTime's date).
        var clock = Field.absent
        /// loggingTime's date, read on the stretch's first row with a clock (the file's first
        /// such row sets time 0 and the absolute start).
        var loggingEpoch: Double?
        /// `.number(0)` with the values in ``x``, ``y``, ``z`` (m/s^2, gravity added when
        /// recombined), or the first axis error.
        var acceleration = Field.absent
        var x = 0.0
        var y = 0.0
        var z = 0.0
        var steps = Field.absent
        var pedometerStart: Double?
        var pedometerEnd: Double?
        /// `.number(0)` with the values below, or the first error among them.
        var pedometerDetails = Field.notRead
        var distance: Double?
        var currentPace: Double?
        var currentCadence: Double?
        var averageActivePace: Double?
        var floorsAscended: Double?
        var floorsDescended: Double?
        var locationTime = Field.absent
        var latitude = Field.notRead
        var longitude = Field.notRead
        /// `.number(0)` with the values below, or the first error among them.
        var locationDetails = Field.notRead
        var horizontalAccuracy: Double?
        var speed: Double?
        var altitude: Double?
        var pressure = Field.absent
        var relativeAltitude = Field.absent
        var altimeterClock = Field.absent
    }

    var rows: [Row] = []
    /// What the fields' `.failed` point to.
    var errors: [IngestError] = []
    var fatal: IngestError?
    var reachedEnd = false

    /// Reads up to `maxRows` rows from `reader`, into `storage`'s memory.
    static func read(
        from reader: CSVReader, _ columns: SensorLogReader.Columns, accelerationTime: Int?, maxRows: Int,
        reusing storage: consuming [Row]
    ) -> SensorLogRows {
        // What the reader holds after the rows so far, when it is known from them alone.
        var lastSteps: Double?
        var lastFixTime: Double?
        var clockSeen = false
        return read(from: reader, maxRows: maxRows, reusing: consume storage) { result in
            var row = Row()
            result.parse(&row, reader, columns, accelerationTime, &lastSteps, &lastFixTime, &clockSeen)
            return row
        }
    }

    private mutating func field(_ read: () throws(IngestError) -> Double?) -> Field {
        do throws(IngestError) {
            return try read().map(Field.number) ?? .absent
        } catch {
            errors.append(error)
            return .failed(errors.count - 1)
        }
    }

    private mutating func parse(
        _ row: inout Row, _ reader: CSVReader, _ columns: SensorLogReader.Columns, _ accelerationTime: Int?,
        _ lastSteps: inout Double?, _ lastFixTime: inout Double?, _ clockSeen: inout Bool
    ) {
        row.length = field { () throws(IngestError) in
            try reader.requireFields(columns.count)
            try reader.requireNoFieldsBeyond(columns.count)
            return nil
        }
        guard case .absent = row.length else { return }
        if let timeIndex = accelerationTime, !reader.isEmpty(timeIndex) {
            row.clock = field { () throws(IngestError) in
                guard timeIndex == columns.loggingTime else { return try reader.requireNumber(timeIndex, "timestamp") }
                guard let epoch = DateParser.parseEpochSeconds(reader.field(timeIndex)) else {
                    throw reader.error(atField: timeIndex, "loggingTime is not an ISO 8601 date: '\(reader.string(timeIndex).prefix(40))'")
                }
                return epoch
            }
            if case .number = row.clock, !clockSeen {
                clockSeen = true
                if let logging = columns.loggingTime {
                    row.loggingEpoch = DateParser.parseEpochSeconds(reader.field(logging))
                }
            }
        }
        // Rows without a clock end here; a row that fails before a stage never reaches it.
        guard case .number = row.clock else { return }

        if let (xIndex, yIndex, zIndex) = columns.acceleration ?? columns.userAcceleration, !reader.isEmpty(xIndex) {
            var x = 0.0, y = 0.0, z = 0.0
            row.acceleration = field { () throws(IngestError) in
                // In g: checked against the largest acceleration, kept as written.
                x = try reader.requireNumber(xIndex, "x acceleration")
                y = try reader.requireNumber(yIndex, "y acceleration")
                z = try reader.requireNumber(zIndex, "z acceleration")
                try reader.checkAcceleration(x * standardGravity, xIndex, "x acceleration")
                try reader.checkAcceleration(y * standardGravity, yIndex, "y acceleration")
                try reader.checkAcceleration(z * standardGravity, zIndex, "z acceleration")
                if columns.acceleration == nil, let (gx, gy, gz) = columns.gravity {
                    x += try reader.requireNumber(gx, "gravity x")
                    y += try reader.requireNumber(gy, "gravity y")
                    z += try reader.requireNumber(gz, "gravity z")
                }
                return 0
            }
            row.x = x * standardGravity
            row.y = y * standardGravity
            row.z = z * standardGravity
        }
        if case .failed = row.acceleration { return }

        // Whether the row surely gets past the pedometer stage (then the last count is known).
        var passesSteps = true
        if let stepsIndex = columns.steps {
            row.steps = field { () throws(IngestError) in try reader.optionalNumber(stepsIndex, "pedometer steps", unavailable: -1) }
            switch row.steps {
            case .failed:
                return
            case .number(let steps):
                if lastSteps == nil {
                    row.pedometerStart = date(reader, columns.pedometerStart)
                }
                if lastSteps == nil || steps != lastSteps {
                    row.pedometerEnd = date(reader, columns.pedometerEnd)
                    row.pedometerDetails = field { () throws(IngestError) in
                        row.distance = try reader.optionalNumber(columns.distance, "pedometer distance", unavailable: -1)
                        row.currentPace = try reader.optionalNumber(columns.currentPace, "current pace", unavailable: -1)
                        row.currentCadence = try reader.optionalNumber(columns.currentCadence, "current cadence", unavailable: -1)
                        row.averageActivePace = try reader.optionalNumber(columns.averageActivePace, "average active pace", unavailable: -1)
                        row.floorsAscended = try reader.optionalNumber(columns.floorsAscended, "floors ascended", unavailable: -1)
                        row.floorsDescended = try reader.optionalNumber(columns.floorsDescended, "floors descended", unavailable: -1)
                        return 0
                    }
                    // A failing detail stops the row only when the count changed, which is
                    // known once an earlier row of the stretch set the last count.
                    if case .failed = row.pedometerDetails { passesSteps = lastSteps != nil && steps == lastSteps }
                }
                // Whether or not it changed, the last count is now this one.
                lastSteps = steps
            case .absent, .notRead:
                break
            }
        }

        if let timeIndex = columns.locationTime {
            row.locationTime = field { () throws(IngestError) in try reader.optionalNumber(timeIndex, "location timestamp", unavailable: -1) }
            if case .number(let fixTime) = row.locationTime, lastFixTime == nil || fixTime != lastFixTime {
                row.latitude = field { () throws(IngestError) in try reader.optionalNumber(columns.latitude, "latitude") }
                row.longitude = field { () throws(IngestError) in try reader.optionalNumber(columns.longitude, "longitude") }
                row.locationDetails = field { () throws(IngestError) in
                    row.horizontalAccuracy = try reader.optionalNumber(columns.horizontalAccuracy, "horizontal accuracy", unavailable: -1)
                    row.speed = try reader.optionalNumber(columns.speed, "speed", unavailable: -1)
                    row.altitude = try reader.optionalNumber(columns.altitude, "altitude")
                    return 0
                }
            }
            // The last fix is this one after a row that reaches the location stage with a fix
            // that was the last one already, or with both coordinates; otherwise it is unsure.
            if passesSteps, case .number(let fixTime) = row.locationTime {
                switch (row.latitude, row.longitude) {
                case (.notRead, _): break  // the same fix as the last
                case (.number, .number): lastFixTime = fixTime
                default: lastFixTime = nil
                }
            } else if !passesSteps {
                lastFixTime = nil
            }
        }

        if columns.pressure != nil || columns.relativeAltitude != nil {
            row.pressure = field { () throws(IngestError) in try reader.optionalNumber(columns.pressure, "pressure", unavailable: -1) }
            row.relativeAltitude = field { () throws(IngestError) in try reader.optionalNumber(columns.relativeAltitude, "relative altitude") }
            row.altimeterClock = field { () throws(IngestError) in try reader.optionalNumber(columns.altimeterTime, "altimeter timestamp", unavailable: -1) }
        }
    }

    /// A date column (ISO 8601) as seconds since 1970.
    private func date(_ reader: CSVReader, _ index: Int?) -> Double? {
        guard let index, index < reader.fieldCount, !reader.isEmpty(index) else { return nil }
        return DateParser.parseEpochSeconds(reader.field(index))
    }
}
