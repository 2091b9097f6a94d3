import PedometerCore

/// Garmin FIT recordings turned into CSV by the FIT SDK's FitCSVTool: how a watch's raw
/// accelerometer log (`accelerometer_data` messages, each holding the samples of up to a
/// second) leaves a `.fit` file as text. Two layouts:
///
/// - the tool's default, one row per message, each field a name, a value and a unit:
///   ```
///   Type,Local Number,Message,Field 1,Value 1,Units 1,Field 2,Value 2,Units 2,…
///   Data,6,accelerometer_data,timestamp,"926695672",s,timestamp_ms,"123",ms,sample_time_offset,"0|40|…",ms,…
///   ```
/// - `--data accelerometer_data` (`NAME_data.csv`), one column per field and one row per
///   message: `accelerometer_data.timestamp[s],accelerometer_data.timestamp_ms[ms],…`.
///
/// A message's samples are its fields' arrays, joined with `|`: sample `i` is at `timestamp`
/// (seconds since 1989-12-31 00:00 UTC) + `timestamp_ms` + `sample_time_offset[i]`
/// milliseconds. The axes are `calibrated_accel_x/y/z`, gravity included (labelled g, which
/// watches logging through Connect IQ fill with milli-g: the unit is told by the magnitudes,
/// as any table's, ``UnitInference/acceleration(_:meanVector:)``); else
/// `compressed_calibrated_accel_x/y/z` in milli-g; else the raw `accel_x/y/z` counts, turned
/// into g by the file's `three_d_sensor_calibration` message for the accelerometer:
/// (counts − level_shift − offset_cal) × calibration_factor / calibration_divisor, rotated by
/// its orientation_matrix. Other messages (records, laps, the session) are not read.
enum FitCSVReader {
    /// Where a file's messages are.
    enum Layout: Sendable, Hashable {
        /// One row per message: `Type,Local Number,Message,Field 1,Value 1,Units 1,…`.
        case messages
        /// One column per field of `accelerometer_data`: each field's name (`timestamp`,
        /// `calibrated_accel_x` …) and its column.
        case fieldColumns([String: Int])
    }

    /// Seconds from 1970-01-01 to FIT's epoch, 1989-12-31 00:00 UTC.
    static let epochOffset = 631_065_600.0

    /// The message holding the samples.
    static let accelerationMessage = "accelerometer_data"
    /// The message holding the calibration of the raw counts.
    static let calibrationMessage = "three_d_sensor_calibration"

    /// The layout of a FitCSVTool header, `nil` when `header` is none.
    static func layout(header: [String]) -> Layout? {
        let names = header.map { String($0.trimmingSpaces) }
        if names.count >= 6, names[0] == "Type", names[1] == "Local Number", names[2] == "Message", names[3] == "Field 1" {
            return .messages
        }
        let prefix = accelerationMessage + "."
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where name.hasPrefix(prefix) {
            columns[String(name.dropFirst(prefix.count).prefix { $0 != "[" })] = index
        }
        return columns["timestamp"] == nil ? nil : .fieldColumns(columns)
    }

    /// The three fields holding the axes, and how their values turn into m/s^2.
    private enum Axes {
        /// `calibrated_accel_*` in the unit its magnitudes tell, or the one given.
        case calibrated(scale: Double)
        /// `compressed_calibrated_accel_*`, in milli-g.
        case compressed
        /// `accel_*` counts and the calibration turning them into g.
        case counts(Calibration)

        var fields: [String] {
            switch self {
            case .calibrated: ["calibrated_accel_x", "calibrated_accel_y", "calibrated_accel_z"]
            case .compressed: ["compressed_calibrated_accel_x", "compressed_calibrated_accel_y", "compressed_calibrated_accel_z"]
            case .counts: ["accel_x", "accel_y", "accel_z"]
            }
        }
    }

    /// A `three_d_sensor_calibration` message for the accelerometer (sensor_type 0).
    struct Calibration: Sendable, Hashable {
        var factor: Double
        var divisor: Double
        var levelShift: Double
        var offsets: [Double]
        /// Row by row; the identity when the message has none.
        var orientation: [Double]

        /// The calibration a message's fields state, `nil` when it is another sensor's or
        /// lacks a field the conversion needs.
        init?(_ fields: [String: (text: String, column: Int)]) {
            // `-e` writes enums by name: `accelerometer`.
            guard let sensor = fields["sensor_type"]?.text, sensor == "0" || sensor == "accelerometer" else { return nil }
            func number(_ names: String...) -> Double? {
                names.lazy.compactMap { fields[$0].flatMap { Double($0.text) } }.first
            }
            guard let factor = number("accel_cal_factor", "calibration_factor"), let divisor = number("calibration_divisor"),
                divisor != 0, let offsets = fields["offset_cal"].flatMap({ FitCSVReader.numbers($0.text) }), offsets.count == 3
            else { return nil }
            self.factor = factor
            self.divisor = divisor
            levelShift = number("level_shift") ?? 0
            self.offsets = offsets
            let matrix = fields["orientation_matrix"].flatMap { FitCSVReader.numbers($0.text) }
            orientation = matrix?.count == 9 ? matrix! : [1, 0, 0, 0, 1, 0, 0, 0, 1]
        }

        /// Counts on the three axes in g.
        func g(_ counts: (Double, Double, Double)) -> (Double, Double, Double) {
            let raw = [counts.0, counts.1, counts.2].enumerated().map { ($1 - levelShift - offsets[$0]) * factor / divisor }
            let m = orientation
            return (
                m[0] * raw[0] + m[1] * raw[1] + m[2] * raw[2], m[3] * raw[0] + m[4] * raw[1] + m[5] * raw[2],
                m[6] * raw[0] + m[7] * raw[1] + m[8] * raw[2]
            )
        }
    }

    /// The values of an array field (`0|40|80`), `nil` when one is no number.
    static func numbers(_ text: String) -> [Double]? {
        var values: [Double] = []
        for part in text.split(separator: "|", omittingEmptySubsequences: false) {
            guard let value = Double(String(part.trimmingSpaces)), value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }

    /// The reader's record as a message: its name and its fields by name (their text and
    /// column), or `nil` for a definition row or a row of no message.
    private static func message(_ reader: CSVReader, layout: Layout) -> (name: String, fields: [String: (text: String, column: Int)])? {
        switch layout {
        case .messages:
            guard reader.fieldCount >= 3, reader.string(0).trimmingSpaces == "Data" else { return nil }
            var fields: [String: (text: String, column: Int)] = [:]
            var index = 3
            while index + 1 < reader.fieldCount {
                let name = String(reader.string(index).trimmingSpaces)
                if !name.isEmpty { fields[name] = (reader.string(index + 1), index + 1) }
                index += 3
            }
            return (String(reader.string(2).trimmingSpaces), fields)
        case .fieldColumns(let columns):
            var fields: [String: (text: String, column: Int)] = [:]
            for (name, column) in columns where column < reader.fieldCount && !reader.isEmpty(column) {
                fields[name] = (reader.string(column), column)
            }
            return fields["timestamp"] == nil ? nil : (accelerationMessage, fields)
        }
    }

    /// Messages read to tell the axes' unit.
    static let unitSampleMessages = 40

    /// Which axes the file's first acceleration messages hold, the calibration of raw counts
    /// and the magnitudes of calibrated values, read from the start of the file.
    private static func survey(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions
    ) throws(IngestError) -> (axes: Axes, note: String, unitName: String)? {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        _ = try reader.next()
        var calibration: Calibration?
        var magnitudes: [Double] = []
        var vector = (0.0, 0.0, 0.0)
        var messages = 0
        var fieldSet: String?
        while messages < unitSampleMessages, try reader.next() {
            guard let (name, fields) = message(reader, layout: layout) else { continue }
            if name == calibrationMessage, calibration == nil { calibration = Calibration(fields) }
            guard name == accelerationMessage else { continue }
            messages += 1
            if fieldSet == nil {
                fieldSet = [Axes.calibrated(scale: 1), .compressed].first { axes in axes.fields.allSatisfy { fields[$0] != nil } }?.fields[0]
                    ?? (["accel_x", "accel_y", "accel_z"].allSatisfy { fields[$0] != nil } ? "accel_x" : nil)
            }
            guard fieldSet == "calibrated_accel_x", let x = fields["calibrated_accel_x"].flatMap({ numbers($0.text) }),
                let y = fields["calibrated_accel_y"].flatMap({ numbers($0.text) }),
                let z = fields["calibrated_accel_z"].flatMap({ numbers($0.text) })
            else { continue }
            for i in 0..<min(x.count, y.count, z.count) {
                magnitudes.append((x[i] * x[i] + y[i] * y[i] + z[i] * z[i]).squareRoot())
                vector = (vector.0 + x[i], vector.1 + y[i], vector.2 + z[i])
            }
        }
        switch fieldSet {
        case "calibrated_accel_x":
            if let unit = options.accelerationUnit {
                return (.calibrated(scale: unit.metersPerSecondSquared), "calibrated_accel_x/y/z in \(unit.symbol) (--accel-unit)", unit.symbol)
            }
            let count = Double(max(magnitudes.count, 1))
            let mean = ((vector.0 * vector.0 + vector.1 * vector.1 + vector.2 * vector.2).squareRoot()) / count
            let inferred = UnitInference.acceleration(magnitudes, meanVector: mean)
            return (.calibrated(scale: inferred.scale), "calibrated_accel_x/y/z: " + inferred.note, inferred.unitName)
        case "compressed_calibrated_accel_x":
            return (.compressed, "compressed_calibrated_accel_x/y/z in mg", "mg")
        case "accel_x":
            guard let calibration else {
                throw IngestError(
                    file: displayName,
                    "accelerometer_data holds raw counts (accel_x/y/z) only, and no three_d_sensor_calibration message for the "
                        + "accelerometer precedes them to turn them into g: convert the .fit file with it (FitCSVTool's default "
                        + "output keeps every message; --data accelerometer_data alone drops it)")
            }
            return (.counts(calibration), "accel_x/y/z counts in g by the file's three_d_sensor_calibration", "g")
        default:
            return nil
        }
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        guard let survey = try survey(path, displayName: displayName, layout: layout, options: options) else {
            throw IngestError(
                file: displayName,
                "no accelerometer_data messages with calibrated_accel_x/y/z, compressed_calibrated_accel_x/y/z or accel_x/y/z in the first "
                    + "\(unitSampleMessages) a FIT file converted by FitCSVTool holds: its activity's records hold no raw acceleration "
                    + "(log the accelerometer, e.g. with a Connect IQ sensor-logging app, and convert that file)")
        }
        let axes = survey.axes
        let fields = axes.fields
        info.notes.append("FIT accelerometer_data messages (FitCSVTool): \(survey.note)")
        emitter.beginAcceleration(
            kind: .total, unit: survey.unitName, file: displayName,
            columns: "\(accelerationMessage) timestamp + timestamp_ms + sample_time_offset, \(fields.joined(separator: ", "))")
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        _ = try reader.next()
        var origin: Double?
        while try reader.next() {
            guard let (name, message) = message(reader, layout: layout), name == accelerationMessage else { continue }
            do throws(IngestError) {
                func field(_ name: String) throws(IngestError) -> (values: [Double], column: Int) {
                    guard let field = message[name] else { throw reader.error(atField: 0, "accelerometer_data without \(name)") }
                    guard let values = numbers(field.text) else {
                        throw reader.error(atField: field.column, "\(name) '\(field.text.prefix(40))' is not a number or a list of numbers joined by |")
                    }
                    return (values, field.column)
                }
                let stamp = try field("timestamp")
                guard stamp.values.count == 1 else { throw reader.error(atField: stamp.column, "timestamp holds several values") }
                let milliseconds = try message["timestamp_ms"] == nil ? 0 : (field("timestamp_ms").values.first ?? 0)
                let offsets = try field("sample_time_offset")
                let (x, y, z) = (try field(fields[0]), try field(fields[1]), try field(fields[2]))
                for axis in [x, y, z] where axis.values.count != offsets.values.count {
                    throw reader.error(
                        atField: axis.column,
                        "\(axis.values.count) values where sample_time_offset has \(offsets.values.count): the samples do not pair up")
                }
                let start = stamp.values[0] + milliseconds / 1000
                if origin == nil { origin = start }
                for i in offsets.values.indices {
                    let time = start - origin! + offsets.values[i] / 1000
                    let value: (Double, Double, Double)
                    switch axes {
                    case .calibrated(let scale): value = (x.values[i] * scale, y.values[i] * scale, z.values[i] * scale)
                    case .compressed: value = (x.values[i] * standardGravity / 1000, y.values[i] * standardGravity / 1000, z.values[i] * standardGravity / 1000)
                    case .counts(let calibration):
                        let g = calibration.g((x.values[i], y.values[i], z.values[i]))
                        value = (g.0 * standardGravity, g.1 * standardGravity, g.2 * standardGravity)
                    }
                    if let (axis, far) = [(x, value.0), (y, value.1), (z, value.2)].first(where: { abs($0.1) > CSVReader.largestAcceleration }) {
                        throw reader.error(
                            atField: axis.column, "sample \(i + 1) reads \(String(format3: far)) m/s^2, beyond the 100 g any body-worn sensor records")
                    }
                    emitter.acceleration(AccelerationSample(time: time, x: value.0, y: value.1, z: value.2))
                }
            } catch {
                try emitter.skip(error)
            }
        }
        info.startDate = origin.map { $0 + epochOffset }
    }
}
