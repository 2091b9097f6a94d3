import PedometerCore

/// Sensor Logger (Android/iOS): a folder, or the zip the app exports, with one CSV per sensor.
///
/// Sensor files are `time,seconds_elapsed,z,y,x` (version 2: `time,z,y,x`), `time` in
/// nanoseconds since 1970, shared by every file. Acceleration comes from, in order of
/// preference, `TotalAcceleration.csv` (Android, gravity included),
/// `AccelerometerUncalibrated.csv` (iOS, gravity included), `Accelerometer.csv` +
/// `Gravity.csv` recombined sample by sample, or `Accelerometer.csv` alone (gravity removed,
/// reported), or, with none of those, the headphones' `Headphone.csv` (AirPods: the head moves
/// as the trunk does) or the watch app's `WristMotion.csv` (each its user acceleration plus its
/// gravity, row by row). `Pedometer.csv`, `Location.csv`, `Barometer.csv` and `Metadata.csv`
/// are read too.
///
/// Units, as the app documents them: `Accelerometer.csv` and `Gravity.csv` in m/s^2, on both
/// platforms, `Accelerometer.csv` always without gravity; the files with gravity in m/s^2, but
/// `AccelerometerUncalibrated.csv` in g on iOS unless its units are standardised, so theirs is
/// inferred from the magnitude (about 1 or about 9.8). A magnitude cannot tell user acceleration
/// in m/s^2 from total acceleration in g: a walk's user acceleration is about 1 m/s^2 too.
/// `WristMotion.csv` writes both its parts in g unless the units are standardised (m/s^2), told
/// by its gravity's magnitude; `Headphone.csv` its gravity in m/s^2 always and its user
/// acceleration in g unless `Metadata.csv` says the units were standardised (`standardisation`).
enum SensorLoggerReader {
    static let totalAcceleration = "TotalAcceleration.csv"
    static let uncalibrated = "AccelerometerUncalibrated.csv"
    static let userAcceleration = "Accelerometer.csv"
    static let gravity = "Gravity.csv"
    static let pedometer = "Pedometer.csv"
    static let location = "Location.csv"
    static let barometer = "Barometer.csv"
    static let metadata = "Metadata.csv"
    static let wristMotion = "WristMotion.csv"
    static let headphone = "Headphone.csv"
    /// Files that make a folder a Sensor Logger recording, best first.
    static let accelerationFiles = [totalAcceleration, uncalibrated, userAcceleration, pedometer, headphone, wristMotion]
    /// Every file of the export that is read.
    static let files = [
        totalAcceleration, uncalibrated, userAcceleration, gravity, pedometer, location, barometer, metadata, headphone, wristMotion,
    ]

    /// A header of a Sensor Logger sensor file: `time` in the first column and
    /// `seconds_elapsed`, or `time,z,y,x` exactly.
    static func matchesSensorFile(_ names: ColumnNames) -> Bool {
        guard names.normalized.first == "time" else { return false }
        return names.normalized.contains("secondselapsed") || names.normalized == ["time", "z", "y", "x"]
    }

    /// The header of the app's `Metadata.csv`: `version`, `device name` and `recording epoch
    /// time` among its names.
    static func matchesMetadata(_ names: ColumnNames) -> Bool {
        ["version", "devicename", "recordingepochtime"].allSatisfy(names.normalized.contains)
    }

    /// One sensor file of the export.
    struct Part {
        var path: String
        var displayName: String
        var header: [String]
        var names: ColumnNames { ColumnNames(header) }
    }

    /// Reads an export folder. A file that cannot be read (empty, UTF-16, an acceleration file
    /// with no data row) is passed over with a note, the acceleration then read from the next
    /// source in order of preference (TotalAcceleration.csv, AccelerometerUncalibrated.csv,
    /// Accelerometer.csv + Gravity.csv, Accelerometer.csv alone, Headphone.csv,
    /// WristMotion.csv); with no source left, the first such file's error refuses the export.
    static func readFolder<Sink>(
        _ folder: String, displayName: String, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        // Files that cannot be read, by what is wrong with them (an archive's error is the
        // whole export's, and refuses it).
        var unreadable: [IngestError] = []
        func part(_ name: String, needsRows: Bool = false) throws(IngestError) -> Part? {
            guard let entry = FileSystem.entry(name, in: folder) else { return nil }
            do throws(IngestError) {
                return try openPart(folder + "/" + entry, displayName: displayName + "/" + entry, options: options, needsRows: needsRows)
            } catch where error.location.file == displayName + "/" + entry {
                unreadable.append(error)
                return nil
            }
        }
        let parts = [
            try part(totalAcceleration, needsRows: true), try part(uncalibrated, needsRows: true),
            try part(userAcceleration, needsRows: true), try part(gravity, needsRows: true), try part(pedometer),
            try part(location), try part(barometer), try part(wristMotion, needsRows: true),
            try part(headphone, needsRows: true),
        ]
        let present = parts.compactMap { $0 }
        let described = try readMetadata(in: folder, displayName: displayName, options: options)
        var origin: TimeColumn.RawTime?
        for part in present {
            if let first = try TimeColumn.firstTimestamp(part.path, part.displayName, options, skipHeader: true) {
                origin = min(origin ?? first, first)
            }
        }
        let time = TimeColumn(unit: .nanoseconds, origin: origin)
        let source: String
        if let total = parts[0] ?? parts[1] {
            source = FileSystem.lastComponent(total.displayName)
            try readAcceleration(total, kind: .total, options: options, time: time, into: &emitter, info: &info)
        } else if let user = parts[2] {
            if let gravity = parts[3] {
                source = "\(userAcceleration) + \(self.gravity)"
                try readRecombined(user: user, gravity: gravity, options: options, time: time, into: &emitter, info: &info)
            } else {
                source = "\(userAcceleration) alone"
                try readAcceleration(user, kind: .user, options: options, time: time, into: &emitter, info: &info)
            }
        } else if let head = parts[8] {
            source = headphone
            let units = headphoneUnits(standardised: described.standardised)
            try readDeviceMotion(head, userUnit: units, options: options, time: time, into: &emitter, info: &info)
        } else if let wrist = parts[7] {
            source = wristMotion
            try readDeviceMotion(wrist, userUnit: .gravitysUnit, options: options, time: time, into: &emitter, info: &info)
        } else if let first = unreadable.first(where: { isAccelerationFile($0.location.file) }) {
            throw first  // no acceleration to read: the first file that should have held it says why
        } else {
            source = ""
        }
        for error in unreadable {
            let name = FileSystem.lastComponent(error.location.file)
            info.notes.append(
                "\(name) passed over (\(error.reason))" + (isAccelerationFile(name) ? ": the acceleration read from \(source)" : ""))
        }
        if let steps = parts[4] { try readPedometer(steps, options: options, time: time, into: &emitter) }
        if let fixes = parts[5] { try readLocation(fixes, options: options, time: time, into: &emitter) }
        if let pressure = parts[6] { try readBarometer(pressure, options: options, time: time, into: &emitter) }
        info.startDate = time.epochStart
        info.device = described.device
    }

    /// Whether `path` names a file the acceleration is read from (Gravity.csv among them).
    private static func isAccelerationFile(_ path: String) -> Bool {
        let name = FileSystem.lastComponent(path).lowercased()
        return [totalAcceleration, uncalibrated, userAcceleration, gravity, headphone, wristMotion].contains { $0.lowercased() == name }
    }

    /// A single Sensor Logger CSV given on its own, read by what its name or header says it holds.
    static func readFile<Sink>(
        _ path: String, displayName: String, header: [String], options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let part = Part(path: path, displayName: displayName, header: header)
        let origin = try TimeColumn.firstTimestamp(path, displayName, options, skipHeader: true)
        let time = TimeColumn(unit: .nanoseconds, origin: origin)
        let names = part.names
        if names.index(of: "steps") != nil {
            try readPedometer(part, options: options, time: time, into: &emitter)
        } else if names.index(of: "latitude") != nil {
            try readLocation(part, options: options, time: time, into: &emitter)
        } else if names.index(of: "pressure") != nil {
            try readBarometer(part, options: options, time: time, into: &emitter)
        } else if deviceMotionColumns(part) != nil {
            let units: DeviceMotionUnit =
                isHeadphone(part)
                ? headphoneUnits(
                    standardised: try readMetadata(
                        in: FormatDetector.parentFolder(path), displayName: FormatDetector.parentFolder(displayName), options: options
                    ).standardised)
                : .gravitysUnit
            try readDeviceMotion(part, userUnit: units, options: options, time: time, into: &emitter, info: &info)
        } else if let sensor = otherSensorFiles[canonicalName(displayName)] {
            // The app's other sensors write the same `time,seconds_elapsed,z,y,x`: a gyroscope's
            // rad/s swinging once a step read as acceleration was a walk (until 2026-11-27).
            throw IngestError(
                file: displayName, line: 1, column: 1,
                "Sensor Logger's \(FileSystem.lastComponent(displayName)) holds \(sensor), not acceleration: read the recording's "
                    + "folder or zip, or its \(totalAcceleration), \(uncalibrated) or \(userAcceleration)")
        } else {
            // The app's names say what a file holds; under another name the data do.
            let name = FileSystem.lastComponent(displayName).lowercased()
            let kind: AccelerationKind? = name == userAcceleration.lowercased()
                ? .user : [totalAcceleration, uncalibrated].map { $0.lowercased() }.contains(name) ? .total : nil
            try readAcceleration(part, kind: kind, options: options, time: time, into: &emitter, info: &info)
        }
        info.startDate = time.epochStart
    }

    /// A file of the export with its header; `needsRows`: an error unless a data row follows
    /// (an acceleration file, which the export is read without when it has none).
    private static func openPart(_ path: String, displayName: String, options: IngestOptions, needsRows: Bool = false) throws(IngestError) -> Part {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        guard try reader.next() else {
            throw IngestError(file: displayName, line: 1, column: 1, "empty file: no header and no data")
        }
        let header = reader.strings()
        if needsRows, try !reader.next() {
            throw IngestError(file: displayName, line: 2, column: 1, "header only: no data rows")
        }
        return Part(path: path, displayName: displayName, header: header)
    }

    private static func axes(_ part: Part) throws(IngestError) -> (time: Int, x: Int, y: Int, z: Int) {
        let names = part.names
        guard let time = names.index(of: "time"), let x = names.index(of: "x"), let y = names.index(of: "y"),
            let z = names.index(of: "z")
        else {
            throw IngestError(
                file: part.displayName, line: 1, column: 1,
                "expected columns time,…,z,y,x; found '\(part.header.joined(separator: ","))'")
        }
        return (time, x, y, z)
    }

    /// Reads one acceleration file of `kind` as its name says: `Accelerometer.csv` (`.user`) in
    /// m/s^2 without gravity, as the app writes it; `TotalAcceleration.csv` and
    /// `AccelerometerUncalibrated.csv` (`.total`) with gravity, in g or m/s^2 as their magnitude
    /// says; under another name (`nil`) unit and gravity inferred from the rows.
    private static func readAcceleration<Sink>(
        _ part: Part, kind: AccelerationKind?, options: IngestOptions, time: TimeColumn,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let columns = try axes(part)
        let inferred = kind == .user
            ? UnitInference.Acceleration(
                scale: 1, unitName: "m/s^2", kind: .user,
                note: "acceleration in m/s^2 without gravity (Sensor Logger's Accelerometer; no Gravity.csv to add it back)")
            : try previewMagnitudes(part, columns, knownTotal: kind == .total, options: options).inferred
        info.notes.append("\(FileSystem.lastComponent(part.displayName)): \(inferred.note)")
        let names = part.header
        let table = AccelerationTable(
            skipRecords: 1, time: .number(columns.time), x: columns.x, y: columns.y, z: columns.z,
            scale: inferred.scale, kind: inferred.kind, unitName: inferred.unitName, width: names.count,
            columns: "time '\(names[columns.time])', x '\(names[columns.x])', y '\(names[columns.y])', z '\(names[columns.z])'")
        var time = time
        try table.read(part.path, displayName: part.displayName, options: options, clock: &time, into: &emitter)
    }

    /// The magnitudes of the first 512 rows, and what they say of the unit and of gravity
    /// (``UnitInference/acceleration(_:meanVector:)``; of the unit only when the file's name
    /// says it holds gravity, `knownTotal`).
    private static func previewMagnitudes(
        _ part: Part, _ columns: (time: Int, x: Int, y: Int, z: Int), knownTotal: Bool = false, options: IngestOptions
    ) throws(IngestError) -> (magnitudes: [Double], inferred: UnitInference.Acceleration) {
        let reader = try CSVReader(path: part.path, options: options, displayName: part.displayName)
        _ = try reader.next()
        var rows = AccelerationPreview()
        while rows.magnitudes.count < 512, try reader.next() {
            if let x = reader.number(columns.x), let y = reader.number(columns.y), let z = reader.number(columns.z) {
                rows.add(x, y, z)
            }
        }
        return (rows.magnitudes, UnitInference.acceleration(rows.magnitudes, meanVector: knownTotal ? nil : rows.meanVector))
    }

    /// The time, user acceleration and gravity columns of Core Motion's split written row by
    /// row (the watch app's `WristMotion.csv`, the headphones' `Headphone.csv`:
    /// `accelerationX…`, `gravityX…`, beside rotation rates and a quaternion), `nil` when `part`
    /// lacks them.
    private static func deviceMotionColumns(_ part: Part) -> (time: Int, user: [Int], gravity: [Int])? {
        let names = part.names
        guard let time = names.index(of: "time") else { return nil }
        let user = ["accelerationx", "accelerationy", "accelerationz"].compactMap { names.index(of: $0) }
        let gravity = ["gravityx", "gravityy", "gravityz"].compactMap { names.index(of: $0) }
        guard user.count == 3, gravity.count == 3 else { return nil }
        return (time, user, gravity)
    }

    /// The app's files of other sensors than acceleration, by ``canonicalName(_:)``, with what
    /// they hold (the app's units reference).
    static let otherSensorFiles: [String: String] = [
        "gyroscope.csv": "its gyroscope (rad/s)", "gyroscopeuncalibrated.csv": "its gyroscope (rad/s)",
        "magnetometer.csv": "its magnetometer (µT)", "magnetometeruncalibrated.csv": "its magnetometer (µT)",
        "watchmagnetometer.csv": "the watch's magnetometer (µT)", "gravity.csv": "gravity alone (the phone's orientation, no steps)",
    ]

    /// A file's name lower-cased, without a browser's copy number (`Gyroscope (1).csv` →
    /// `gyroscope.csv`).
    static func canonicalName(_ path: String) -> String {
        var name = FileSystem.lastComponent(path).lowercased()
        if let open = name.lastIndex(of: "("), let close = name.lastIndex(of: ")"), open < close,
            name[name.index(after: open)..<close].allSatisfy(\.isNumber)
        {
            name.removeSubrange((name[..<open].last == " " ? name.index(before: open) : open)...close)
        }
        return name
    }

    /// The unit of a Core Motion file's user acceleration.
    enum DeviceMotionUnit: Hashable {
        /// Its gravity's (`WristMotion.csv`: both in g, or both in m/s^2 when standardised).
        case gravitysUnit
        /// g, `Headphone.csv`'s unless the units were standardised; `said` whether
        /// `Metadata.csv` says so (else it is the app's default).
        case g(said: Bool)
        /// m/s^2, `Headphone.csv`'s when `Metadata.csv` says the units were standardised.
        case metersPerSecondSquared
    }

    /// Whether `part` is the headphones' file: named so, or with the `devicelocation` (left or
    /// right) only its rows have.
    private static func isHeadphone(_ part: Part) -> Bool {
        canonicalName(part.displayName) == headphone.lowercased() || part.names.index(of: "devicelocation") != nil
    }

    /// The headphones' user acceleration unit, as `Metadata.csv` says (its `standardisation`);
    /// g, the app's default, when it does not.
    private static func headphoneUnits(standardised: Bool?) -> DeviceMotionUnit {
        guard let standardised else { return .g(said: false) }
        return standardised ? .metersPerSecondSquared : .g(said: true)
    }

    /// The total acceleration of a file of Core Motion's split (``deviceMotionColumns(_:)``):
    /// each row's user acceleration plus its gravity. Gravity's unit is told by its magnitude
    /// (g or m/s^2); the user acceleration's is `userUnit` (the headphones' g, as the app
    /// documents it: until 2026-11-27 a headphones' walk was read in gravity's m/s^2, its bounce
    /// 9.8 times too weak, and counted no step).
    private static func readDeviceMotion<Sink>(
        _ part: Part, userUnit: DeviceMotionUnit, options: IngestOptions, time: TimeColumn,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        guard let columns = deviceMotionColumns(part) else {
            throw IngestError(
                file: part.displayName, line: 1, column: 1,
                "expected columns accelerationX/Y/Z and gravityX/Y/Z; found '\(part.header.joined(separator: ","))'")
        }
        let gravityColumns = (time: columns.time, x: columns.gravity[0], y: columns.gravity[1], z: columns.gravity[2])
        let gravityUnit = UnitInference.acceleration(try previewMagnitudes(part, gravityColumns, options: options).magnitudes)
        let name = FileSystem.lastComponent(part.displayName)
        let userScale: Double
        switch userUnit {
        case .gravitysUnit:
            userScale = gravityUnit.scale
            info.notes.append("total acceleration = \(name) acceleration (gravity removed) + its gravity, row by row (\(gravityUnit.unitName))")
        case .g(let said):
            userScale = standardGravity
            info.notes.append(
                "total acceleration = \(name) acceleration (gravity removed, in g"
                    + (said ? ", as Metadata.csv says: units not standardised" : ", the app's default unless its units are standardised")
                    + ") + its gravity (\(gravityUnit.unitName)), row by row")
        case .metersPerSecondSquared:
            userScale = 1
            info.notes.append(
                "total acceleration = \(name) acceleration (gravity removed, in m/s^2: units standardised, as Metadata.csv says) "
                    + "+ its gravity (\(gravityUnit.unitName)), row by row")
        }
        let relativeScale = userScale / gravityUnit.scale
        let reader = try CSVReader(path: part.path, options: options, displayName: part.displayName)
        _ = try reader.next()
        var clock = time
        let needed = ([columns.time] + columns.user + columns.gravity).max()! + 1
        emitter.beginAcceleration(kind: .total, unit: "m/s^2", file: part.displayName)
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireFields(needed)
                try reader.requireNoFieldsBeyond(part.header.count)
                let t = try clock.seconds(reader, columns.time)
                func axis(_ index: Int) throws(IngestError) -> Double {
                    let user = try reader.requireNumber(columns.user[index], "acceleration")
                    try reader.checkAcceleration(user * userScale, columns.user[index], "acceleration")
                    // In gravity's unit, then scaled: a file of one unit sums as written.
                    return (user * relativeScale + (try reader.requireNumber(columns.gravity[index], "gravity"))) * gravityUnit.scale
                }
                emitter.acceleration(AccelerationSample(time: t, x: try axis(0), y: try axis(1), z: try axis(2)))
            } catch {
                try emitter.skip(error)
            }
        }
    }

    /// User acceleration plus gravity, matched by time: the gravity vector is interpolated
    /// between the Gravity.csv samples around each Accelerometer.csv sample (the app writes both
    /// at the same instants, so this is usually an exact match). Rows with no gravity sample
    /// within 0.1 s are skipped and reported.
    private static func readRecombined<Sink>(
        user: Part, gravity: Part, options: IngestOptions, time: TimeColumn,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let userColumns = try axes(user)
        let gravityColumns = try axes(gravity)
        let gravityMagnitudes = try previewMagnitudes(gravity, gravityColumns, options: options).magnitudes
        let gravityUnit = UnitInference.acceleration(gravityMagnitudes)
        let scale = gravityUnit.scale
        info.notes.append(
            "total acceleration = Accelerometer.csv (gravity removed) + Gravity.csv, matched by time (\(gravityUnit.unitName))")
        let userReader = try CSVReader(path: user.path, options: options, displayName: user.displayName)
        let gravityReader = try CSVReader(path: gravity.path, options: options, displayName: gravity.displayName)
        _ = try userReader.next()
        _ = try gravityReader.next()
        var userTime = time
        var gravityTime = time
        var before: AccelerationSample?
        var after: AccelerationSample?
        var gravityDone = false

        func nextGravity() throws(IngestError) -> AccelerationSample? {
            while try gravityReader.next() {
                do throws(IngestError) {
                    try gravityReader.requireFields(gravityColumns.z + 1)
                    try gravityReader.requireNoFieldsBeyond(gravity.header.count)
                    return AccelerationSample(
                        time: try gravityTime.seconds(gravityReader, gravityColumns.time),
                        x: try gravityReader.requireNumber(gravityColumns.x, "gravity x") * scale,
                        y: try gravityReader.requireNumber(gravityColumns.y, "gravity y") * scale,
                        z: try gravityReader.requireNumber(gravityColumns.z, "gravity z") * scale)
                } catch {
                    try emitter.skip(error)
                }
            }
            return nil
        }

        emitter.beginAcceleration(kind: .total, unit: "m/s^2", file: user.displayName)
        after = try nextGravity()
        while try userReader.next() {
            do throws(IngestError) {
                try userReader.requireFields(userColumns.z + 1)
                try userReader.requireNoFieldsBeyond(user.header.count)
                let t = try userTime.seconds(userReader, userColumns.time)
                let ux = try userReader.requireAcceleration(userColumns.x, "x acceleration", scale: scale)
                let uy = try userReader.requireAcceleration(userColumns.y, "y acceleration", scale: scale)
                let uz = try userReader.requireAcceleration(userColumns.z, "z acceleration", scale: scale)
                while !gravityDone, let next = after, next.time < t {
                    before = next
                    after = try nextGravity()
                    if after == nil { gravityDone = true }
                }
                guard let g = interpolate(before, after, at: t, within: 0.1) else {
                    throw userReader.error(atField: userColumns.time, "no Gravity.csv sample within 0.1 s of this time")
                }
                emitter.acceleration(AccelerationSample(time: t, x: ux + g.x, y: uy + g.y, z: uz + g.z))
            } catch {
                try emitter.skip(error)
            }
        }
    }

    /// The gravity vector at `t`, from the samples just before and after it.
    private static func interpolate(
        _ before: AccelerationSample?, _ after: AccelerationSample?, at t: Double, within limit: Double
    ) -> AccelerationSample? {
        switch (before, after) {
        case (let b?, let a?) where a.time - b.time > 0 && t - b.time <= limit && a.time - t <= limit:
            let w = (t - b.time) / (a.time - b.time)
            return AccelerationSample(
                time: t, x: b.x + (a.x - b.x) * w, y: b.y + (a.y - b.y) * w, z: b.z + (a.z - b.z) * w)
        case (_, let a?) where abs(a.time - t) <= limit:
            return a
        case (let b?, _) where abs(t - b.time) <= limit:
            return b
        default:
            return nil
        }
    }

    /// `Pedometer.csv`: `time,seconds_elapsed,steps`, cumulative since the recording began.
    private static func readPedometer<Sink>(
        _ part: Part, options: IngestOptions, time: TimeColumn, into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let names = part.names
        guard let timeIndex = names.index(of: "time"), let stepsIndex = names.index(of: "steps") else {
            throw IngestError(file: part.displayName, line: 1, column: 1, "expected columns time,…,steps")
        }
        let distanceIndex = names.index(of: "distance")
        let reader = try CSVReader(path: part.path, options: options, displayName: part.displayName)
        _ = try reader.next()
        var time = time
        emitter.beginStepCounts(kind: .device, file: part.displayName)
        var started = false
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireNoFieldsBeyond(part.header.count)
                let t = try time.seconds(reader, timeIndex)
                let steps = try reader.requireNumber(stepsIndex, "steps")
                let distance = try reader.optionalNumber(distanceIndex, "distance", unavailable: -1)
                if !started {
                    // The counts start at 0 when the recording starts, not at the first row: a
                    // baseline, no row of the file (a first row at time 0 is no duplicate of it).
                    emitter.stepCountBaseline(at: min(0, t), kind: .device, distance: distance == nil ? nil : 0)
                    started = true
                }
                emitter.stepCount(StepCountSample(time: t, steps: steps, distance: distance), kind: .device)
            } catch {
                try emitter.skip(error)
            }
        }
    }

    /// `Location.csv`; accuracy and speed of -1 mean "not available".
    private static func readLocation<Sink>(
        _ part: Part, options: IngestOptions, time: TimeColumn, into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let names = part.names
        guard let timeIndex = names.index(of: "time"), let latitude = names.index(of: "latitude"),
            let longitude = names.index(of: "longitude")
        else {
            throw IngestError(file: part.displayName, line: 1, column: 1, "expected columns time, latitude, longitude")
        }
        let accuracy = names.index(of: "horizontalaccuracy")
        let speed = names.index(of: "speed")
        let altitude = names.index(of: "altitude")
        let reader = try CSVReader(path: part.path, options: options, displayName: part.displayName)
        _ = try reader.next()
        var time = time
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireNoFieldsBeyond(part.header.count)
                let fix = LocationSample(
                    time: try time.seconds(reader, timeIndex),
                    latitude: try reader.requireNumber(latitude, "latitude"),
                    longitude: try reader.requireNumber(longitude, "longitude"),
                    horizontalAccuracy: try reader.optionalNumber(accuracy, "horizontal accuracy", unavailable: -1),
                    speed: try reader.optionalNumber(speed, "speed", unavailable: -1),
                    altitude: try reader.optionalNumber(altitude, "altitude"))
                emitter.location(fix, file: part.displayName)
            } catch {
                try emitter.skip(error)
            }
        }
    }

    /// `Barometer.csv`: `relativeAltitude` (m) and `pressure`, in hPa on both platforms
    /// (converted to kPa; values under 200 are taken as kPa already).
    private static func readBarometer<Sink>(
        _ part: Part, options: IngestOptions, time: TimeColumn,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let names = part.names
        guard let timeIndex = names.index(of: "time") else {
            throw IngestError(file: part.displayName, line: 1, column: 1, "expected a time column")
        }
        let pressure = names.index(of: "pressure")
        let altitude = names.index(of: "relativealtitude")
        let reader = try CSVReader(path: part.path, options: options, displayName: part.displayName)
        _ = try reader.next()
        var time = time
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireNoFieldsBeyond(part.header.count)
                let t = try time.seconds(reader, timeIndex)
                var kilopascals = try reader.optionalNumber(pressure, "pressure")
                if let value = kilopascals, value > 200 { kilopascals = value / 10 }
                let relative = try reader.optionalNumber(altitude, "relative altitude")
                emitter.pressure(PressureSample(time: t, pressure: kilopascals, relativeAltitude: relative), file: part.displayName)
            } catch {
                try emitter.skip(error)
            }
        }
    }

    /// What the `Metadata.csv` in `folder` (a header and one row) says: the device
    /// (`SM-G920F (android, Sensor Logger 1.31.2)`) and whether the app's units were
    /// standardised (`standardisation`), each `nil` when unsaid or without the file.
    private static func readMetadata(
        in folder: String, displayName: String, options: IngestOptions
    ) throws(IngestError) -> (device: String?, standardised: Bool?) {
        guard let entry = FileSystem.entry(metadata, in: folder) else { return (nil, nil) }
        let reader = try CSVReader(path: folder + "/" + entry, options: options, displayName: displayName + "/" + entry)
        guard try reader.next() else { return (nil, nil) }
        let names = ColumnNames(reader.strings())
        guard try reader.next() else { return (nil, nil) }
        func value(_ name: String) -> String? {
            guard let index = names.index(of: name), index < reader.fieldCount, !reader.isEmpty(index) else { return nil }
            return reader.string(index)
        }
        let standardised = value("standardisation").flatMap { ["true": true, "false": false][$0.lowercased()] }
        let details = [value("platform"), value("appversion").map { "Sensor Logger \($0)" }].compactMap { $0 }
        guard let device = value("devicename") ?? value("device") ?? value("model") else { return (nil, standardised) }
        return (details.isEmpty ? device : "\(device) (\(details.joined(separator: ", ")))", standardised)
    }
}
