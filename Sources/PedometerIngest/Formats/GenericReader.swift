import PedometerCore

/// Any CSV of `time, x, y, z` acceleration: named columns in a header (`timestamp`, `t`, `ms`,
/// `accX`, `acc_x`, `ax`, `gFx` …), or headerless with `--columns`. Units that the header does
/// not state are inferred from the first rows and reported. phyphox exports are read here too,
/// with the units their headers state.
enum GenericReader {
    /// The time and axis columns a header names, with the units it states.
    struct HeaderLayout {
        var time: Int
        var x: Int
        var y: Int
        var z: Int
        var timeUnit: TimeUnit?
        var accelerationUnit: AccelerationUnit?
        /// Set when the names say gravity is removed (`Linear Acceleration x`, `userAccX`).
        var userAcceleration: Bool
    }

    /// Finds the time and x/y/z columns in a header, or `nil` when it names no such columns.
    static func layout(_ names: ColumnNames) -> HeaderLayout? {
        guard let time = timeColumn(names) else { return nil }
        var axes: [Int] = []
        var user = false
        for axis in ["x", "y", "z"] {
            guard let index = names.normalized.indices.first(where: { $0 != time && axisName(names.normalized[$0]) == axis }) else {
                return nil
            }
            axes.append(index)
            let name = names.normalized[index]
            if name.hasPrefix("linear") || name.hasPrefix("user") { user = true }
        }
        let unitText = names.units[axes[0]]
        var accelerationUnit: AccelerationUnit?
        if unitText == "g" || names.normalized[axes[0]].hasPrefix("gf") {
            accelerationUnit = .g
        } else if unitText.hasPrefix("m/s") || unitText == "ms^-2" || unitText == "mps2" {
            accelerationUnit = .metersPerSecondSquared
        }
        return HeaderLayout(
            time: time, x: axes[0], y: axes[1], z: axes[2], timeUnit: timeUnit(names, time),
            accelerationUnit: accelerationUnit, userAcceleration: user)
    }

    static let timeNames: Set<String> = [
        "t", "time", "timestamp", "seconds", "second", "sec", "secs", "s", "ms", "millis",
        "milliseconds", "us", "micros", "microseconds", "ns", "nanos", "nanoseconds", "epoch",
        "unixtime", "elapsed", "secondselapsed", "elapsedtime", "date",
    ]

    static func timeColumn(_ names: ColumnNames) -> Int? {
        names.index { timeNames.contains($0) }
            ?? names.index { $0.hasPrefix("time") || $0.hasPrefix("timestamp") }
    }

    /// A time unit from the column's unit or its name (`time_ms`, `timestamp (ns)`, `seconds`).
    static func timeUnit(_ names: ColumnNames, _ index: Int) -> TimeUnit? {
        let unit = names.units[index]
        let name = names.normalized[index]
        let stated: [(TimeUnit, [String])] = [
            (.nanoseconds, ["ns", "nanos", "nanoseconds"]), (.microseconds, ["us", "µs", "micros", "microseconds"]),
            (.milliseconds, ["ms", "millis", "milliseconds"]), (.seconds, ["s", "sec", "secs", "seconds", "second"]),
        ]
        for (timeUnit, words) in stated {
            if words.contains(unit) || words.contains(name) { return timeUnit }
            // time_ms, timestamp_ns, time_s …
            for word in words where name == "time" + word || name == "timestamp" + word { return timeUnit }
        }
        return nil
    }

    /// `x`, `y` or `z` when the name is an axis of acceleration (`accX`, `acc_x`, `ax`, `gFx`,
    /// `accelerationx`, `linearaccelerationx`, `x`).
    static func axisName(_ name: String) -> String? {
        guard let last = name.last, "xyz".contains(last) else { return nil }
        let stem = String(name.dropLast())
        let prefixes: Set<String> = [
            "", "a", "acc", "accel", "acceleration", "accelerometer", "accelerometeracceleration",
            "linearacceleration", "linearacc", "useracceleration", "useracc", "total", "totalacceleration",
            "gf", "rawacc", "rawacceleration",
        ]
        return prefixes.contains(stem) ? String(last) : nil
    }

    /// Reads a generic or phyphox file with the layout detection found.
    static func read<Sink>(
        _ path: String, displayName: String, format: RecordingFormat, header: [String]?,
        options: IngestOptions, into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        var table: AccelerationTable
        var timeUnit: TimeUnit?
        var accelerationUnit: AccelerationUnit?
        var user = false
        if let header, let layout = layout(ColumnNames(header)) {
            table = AccelerationTable(
                hasHeader: true, time: layout.time, x: layout.x, y: layout.y, z: layout.z,
                timeUnit: .seconds, scale: 1, kind: .total, unitName: "m/s^2")
            timeUnit = layout.timeUnit
            accelerationUnit = layout.accelerationUnit
            user = layout.userAcceleration
        } else {
            let columns = options.columns ?? [.time, .x, .y, .z]
            if options.columns == nil {
                info.notes.append("headerless: columns taken as t,x,y,z (use --columns to change)")
            }
            table = AccelerationTable(
                hasHeader: header != nil, time: columns.firstIndex(of: .time)!, x: columns.firstIndex(of: .x)!,
                y: columns.firstIndex(of: .y)!, z: columns.firstIndex(of: .z)!, timeUnit: .seconds,
                scale: 1, kind: .total, unitName: "m/s^2")
        }
        timeUnit = options.timeUnit ?? timeUnit
        accelerationUnit = options.accelerationUnit ?? accelerationUnit

        // Infer what is not stated from the first rows.
        let preview = try previewRows(path, displayName: displayName, table: table, options: options)
        if timeUnit == nil && preview.times.count < 2 {
            timeUnit = .seconds  // too few good rows to infer from: reading reports why
        } else if timeUnit == nil {
            if let (unit, note) = UnitInference.timeUnit(preview.times) {
                timeUnit = unit
                info.notes.append(note)
            } else {
                throw IngestError(
                    file: displayName, line: nil,
                    "cannot infer the time unit (no regular sampling in the first rows); give --time-unit ns|us|ms|s")
            }
        }
        var kind: AccelerationKind = user ? .user : .total
        if accelerationUnit == nil {
            let (unit, inferredKind, note) = UnitInference.acceleration(preview.magnitudes)
            accelerationUnit = unit
            if !user { kind = inferredKind }
            info.notes.append(note)
        } else if !user && accelerationUnit == .metersPerSecondSquared && preview.medianMagnitude < 2.5 {
            kind = .user
            info.notes.append("acceleration has no 1 g offset (median magnitude \(String(format3: preview.medianMagnitude)) m/s^2): read as gravity removed")
        }
        table.timeUnit = timeUnit!
        table.scale = accelerationUnit == .g ? standardGravity : 1
        table.unitName = accelerationUnit == .g ? "g" : "m/s^2"
        table.kind = kind
        if kind == .user && format == .generic {
            info.notes.append("acceleration without gravity: step detection works on it, but total acceleration is better")
        }
        var time = TimeColumn(unit: table.timeUnit)
        try table.read(path, displayName: displayName, options: options, time: &time, into: &emitter)
        info.startDate = time.epochStart
    }

    private struct Preview {
        var times: [Double] = []
        var magnitudes: [Double] = []
        var medianMagnitude: Double {
            let sorted = magnitudes.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
    }

    /// Times and raw magnitudes of the first 512 well-formed rows.
    private static func previewRows(
        _ path: String, displayName: String, table: AccelerationTable, options: IngestOptions
    ) throws(IngestError) -> Preview {
        let reader = try CSVReader(path: path, delimiter: options.delimiter, displayName: displayName)
        if table.hasHeader { _ = try reader.next() }
        var preview = Preview()
        while preview.times.count < 512, try reader.next() {
            guard reader.fieldCount >= table.fieldCount, let t = reader.number(table.time),
                let x = reader.number(table.x), let y = reader.number(table.y), let z = reader.number(table.z)
            else { continue }
            preview.times.append(t)
            preview.magnitudes.append((x * x + y * y + z * z).squareRoot())
        }
        return preview
    }
}
