import PedometerCore

/// Garmin FIT recordings turned into CSV by the FIT SDK's FitCSVTool: how a watch's raw
/// accelerometer log leaves a `.fit` file as text. Two layouts:
///
/// - the tool's default, one row per message, each field a name, a value and a unit:
///   ```
///   Type,Local Number,Message,Field 1,Value 1,Units 1,Field 2,Value 2,Units 2,…
///   Data,6,accelerometer_data,timestamp,"926695672",s,timestamp_ms,"123",ms,sample_time_offset,"0|40|…",ms,…
///   ```
/// - `--data MESSAGE,…` (`NAME_data.csv`), one column per field (`accelerometer_data.timestamp[s]`,
///   `record.developer.0.SensorAccelerationX_HD[mgn]` …) and one row per message, each row
///   keeping the values of the previous one in the columns its message lacks.
///
/// The samples are in `|`-joined arrays of two messages:
/// - `accelerometer_data`: sample `i` at `timestamp` (seconds since 1989-12-31 00:00 UTC, or
///   an ISO 8601 time with `-iso8601`) + `timestamp_ms` + `sample_time_offset[i]` ms; the axes
///   `calibrated_accel_x/y/z`, gravity included (labelled g, which watches logging through
///   Connect IQ fill with milli-g: the unit is told by the magnitudes, as any table's,
///   ``UnitInference/acceleration(_:meanVector:)``), else `compressed_calibrated_accel_x/y/z`
///   in milli-g, else the raw `accel_x/y/z` counts through the file's
///   `three_d_sensor_calibration` for the accelerometer: (counts − level_shift − offset_cal) ×
///   calibration_factor / calibration_divisor, rotated by its orientation_matrix. Each message
///   is read from the first of these it holds.
/// - `record` (one a second) with a Connect IQ data field's developer fields of acceleration
///   (`SensorAccelerationX_HD` …, milli-g): its samples spread evenly over the second.
enum FitCSVReader {
    /// Where a file's messages are.
    enum Layout: Sendable, Hashable {
        /// One row per message: `Type,Local Number,Message,Field 1,Value 1,Units 1,…`.
        case messages
        /// One column per field of the messages holding samples: each message's fields by name
        /// (`timestamp`, `calibrated_accel_x`, a developer field's own name …) and column.
        case fieldColumns([String: [String: Int]])
    }

    /// Seconds from 1970-01-01 to FIT's epoch, 1989-12-31 00:00 UTC.
    static let epochOffset = 631_065_600.0

    /// The message of an accelerometer log.
    static let accelerationMessage = "accelerometer_data"
    /// The message of a recording's seconds, which a Connect IQ data field's acceleration joins.
    static let recordMessage = "record"
    /// The message holding the calibration of the raw counts.
    static let calibrationMessage = "three_d_sensor_calibration"

    /// The layout of a FitCSVTool header, `nil` when `header` is none.
    static func layout(header: [String]) -> Layout? {
        let names = header.map { String($0.trimmingSpaces) }
        if names.count >= 6, names[0] == "Type", names[1] == "Local Number", names[2] == "Message", names[3] == "Field 1" {
            return .messages
        }
        var messages: [String: [String: Int]] = [:]
        for (index, name) in names.enumerated() {
            for message in [accelerationMessage, recordMessage] where name.hasPrefix(message + ".") {
                var field = name.dropFirst(message.count + 1).prefix { $0 != "[" }
                // `developer.0.SensorAccelerationX_HD`: the developer field's own name.
                if field.hasPrefix("developer."), let dot = field.dropFirst("developer.".count).firstIndex(of: ".") {
                    field = field[field.index(after: dot)...]
                }
                messages[message, default: [:]][String(field)] = index
            }
        }
        if messages[recordMessage].map({ developerAxes(Set($0.keys)) == nil }) ?? false { messages[recordMessage] = nil }
        guard messages[accelerationMessage]?["timestamp"] != nil || messages[recordMessage]?["timestamp"] != nil else { return nil }
        return .fieldColumns(messages)
    }

    /// The names of a record's developer fields of acceleration (`SensorAccelerationX_HD`,
    /// `SensorAccelerationY_HD`, `SensorAccelerationZ_HD`), `nil` when it has none.
    static func developerAxes(_ names: Set<String>) -> [String]? {
        let axes = ["x", "y", "z"].map { axis in
            names.filter { name in
                let lower = name.lowercased()
                return lower.contains("acceleration" + axis) || lower.contains("accel" + axis) || lower.contains("acc" + axis)
            }.min()
        }
        guard let x = axes[0], let y = axes[1], let z = axes[2] else { return nil }
        return [x, y, z]
    }

    /// How a message's three fields of axes turn into m/s^2.
    private enum Axes {
        /// `calibrated_accel_*` or a developer field, in the unit the magnitudes tell.
        case calibrated([String])
        /// `compressed_calibrated_accel_*`, in milli-g.
        case compressed
        /// `accel_*` counts through the calibration.
        case counts

        var fields: [String] {
            switch self {
            case .calibrated(let fields): fields
            case .compressed: ["compressed_calibrated_accel_x", "compressed_calibrated_accel_y", "compressed_calibrated_accel_z"]
            case .counts: ["accel_x", "accel_y", "accel_z"]
            }
        }

        static let calibratedFields = ["calibrated_accel_x", "calibrated_accel_y", "calibrated_accel_z"]

        /// Of the sets the message holds, the first whose values are not all the row above's
        /// (in the --data layout, a set the message lacks shows the previous message's), else
        /// the first (a still device repeating its values).
        init?(_ message: Message) {
            var sets: [Axes] = []
            if message.name == FitCSVReader.recordMessage {
                if let fields = FitCSVReader.developerAxes(Set(message.fields.keys)) { sets.append(.calibrated(fields)) }
            } else {
                sets = [.calibrated(Self.calibratedFields), .compressed, .counts].filter { $0.fields.allSatisfy { message.fields[$0] != nil } }
            }
            guard let first = sets.first else { return nil }
            self = sets.first { !$0.fields.allSatisfy(message.repeated.contains) } ?? first
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
        /// lacks the factor and divisor (a missing level shift and offsets are 0).
        init?(_ fields: [String: (text: String, column: Int)]) {
            // `-e` writes enums by name: `accelerometer`.
            guard let sensor = fields["sensor_type"]?.text, sensor == "0" || sensor == "accelerometer" else { return nil }
            func number(_ names: String...) -> Double? {
                names.lazy.compactMap { fields[$0].flatMap { Double($0.text) } }.first
            }
            guard let factor = number("accel_cal_factor", "calibration_factor"), let divisor = number("calibration_divisor"),
                divisor != 0
            else { return nil }
            self.factor = factor
            self.divisor = divisor
            levelShift = number("level_shift") ?? 0
            let offsets = fields["offset_cal"].map { FitCSVReader.elements($0.text) }
            self.offsets = offsets?.count == 3 && offsets!.allSatisfy({ $0 != nil }) ? offsets!.map { $0! } : [0, 0, 0]
            let matrix = fields["orientation_matrix"].map { FitCSVReader.elements($0.text) }
            orientation = matrix?.count == 9 && matrix!.allSatisfy({ $0 != nil }) ? matrix!.map { $0! } : [1, 0, 0, 0, 1, 0, 0, 0, 1]
        }

        /// Counts on the three axes in g.
        func g(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double, Double) {
            let a = (x - levelShift - offsets[0]) * factor / divisor
            let b = (y - levelShift - offsets[1]) * factor / divisor
            let c = (z - levelShift - offsets[2]) * factor / divisor
            let m = orientation
            return (m[0] * a + m[1] * b + m[2] * c, m[3] * a + m[4] * b + m[5] * c, m[6] * a + m[7] * b + m[8] * c)
        }
    }

    /// The elements of an array field (`0|40|80`): each a finite number, or `nil` where it is
    /// invalid (empty, as older tools write an invalid element, or `NaN`).
    static func elements(_ text: String) -> [Double?] {
        text.split(separator: "|", omittingEmptySubsequences: false).map { part in
            Double(part.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// A message of a row: its name and its fields by name (their text and column).
    struct Message {
        var name: String
        var fields: [String: (text: String, column: Int)]
        /// The fields whose value repeats the row above's (the --data layout).
        var repeated: Set<String> = []
    }

    /// The messages of the reader's record that hold samples or their calibration: none for
    /// a definition row; in the --data layout, each message whose columns the row fills. That
    /// layout keeps the previous row's value in a column the row's message lacks (a record's
    /// row repeats the accelerometer's arrays): values equal to the row above's (`above`, by
    /// column) are marked, and a message all of whose values are is none.
    private static func messages(_ reader: CSVReader, layout: Layout, above: inout [Int: String]) -> [Message] {
        switch layout {
        case .messages:
            guard reader.fieldCount >= 3, reader.string(0).trimmingSpaces == "Data" else { return [] }
            var fields: [String: (text: String, column: Int)] = [:]
            var index = 3
            while index + 1 < reader.fieldCount {
                let name = String(reader.string(index).trimmingSpaces)
                if !name.isEmpty, !reader.isEmpty(index + 1) { fields[name] = (reader.string(index + 1), index + 1) }
                index += 3
            }
            return [Message(name: String(reader.string(2).trimmingSpaces), fields: fields)]
        case .fieldColumns(let columns):
            var found: [Message] = []
            for (name, columns) in columns.sorted(by: { $0.key < $1.key }) {
                var message = Message(name: name, fields: [:])
                for (field, column) in columns where column < reader.fieldCount && !reader.isEmpty(column) {
                    let text = reader.string(column)
                    if above[column] == text { message.repeated.insert(field) }
                    above[column] = text
                    message.fields[field] = (text, column)
                }
                // Another message's row: the same time and nothing new.
                let stamped = ["timestamp", "timestamp_ms"].allSatisfy { message.fields[$0] == nil || message.repeated.contains($0) }
                if message.fields["timestamp"] != nil, !(stamped && message.fields.keys.allSatisfy(message.repeated.contains)) {
                    found.append(message)
                }
            }
            return found
        }
    }

    /// Seconds since 1970 of a message's `timestamp` (+ `timestamp_ms`): FIT's seconds or an
    /// ISO 8601 time (`-iso8601`); `nil` when it is neither.
    private static func start(_ message: Message) -> Double? {
        guard let text = message.fields["timestamp"]?.text else { return nil }
        let seconds = Double(String(text.trimmingSpaces)).map { $0 + epochOffset } ?? DateParser.parseEpochSeconds(text)
        // 65535: FIT's invalid value of the field.
        let milliseconds = message.fields["timestamp_ms"].flatMap { Double($0.text) }.flatMap { (0..<1000).contains($0) ? $0 : nil } ?? 0
        return seconds.map { $0 + milliseconds / 1000 }
    }

    /// Messages read to tell the axes' unit and the earliest start.
    static let surveyMessages = 40

    /// What the first ``surveyMessages`` messages with samples tell: the scale of calibrated
    /// values (from their magnitudes, unless `--accel-unit` gives it) and its note, the
    /// calibration of raw counts, and the earliest start.
    private struct Survey {
        var scale: Double?
        var unitName = "g"
        var notes: [String] = []
        var calibration: Calibration?
        var origin: Double?
        var found = 0
        /// Whether the only messages with samples hold raw counts without a calibration.
        var countsOnly = false
    }

    private static func survey(_ path: String, displayName: String, layout: Layout, options: IngestOptions) throws(IngestError) -> Survey {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        _ = try reader.next()
        var survey = Survey()
        var preview = AccelerationPreview()
        var kinds = Set<String>()
        var above: [Int: String] = [:]
        // The start of messages of raw counts met before a calibration.
        var countsOrigin: Double?
        var lastStampWithoutMilliseconds: Double?
        while survey.found < surveyMessages, try reader.next() {
            for message in messages(reader, layout: layout, above: &above) {
                if message.name == calibrationMessage, survey.calibration == nil { survey.calibration = Calibration(message.fields) }
                guard let axes = Axes(message), let start = start(message) else { continue }
                if case .counts = axes, survey.calibration == nil {
                    countsOrigin = min(countsOrigin ?? start, start)
                    continue
                }
                if message.fields["timestamp_ms"] == nil, message.name == accelerationMessage {
                    if let last = lastStampWithoutMilliseconds, last == start {
                        throw reader.error(
                            atField: message.fields["timestamp"]!.column,
                            "accelerometer_data messages share the timestamp \(message.fields["timestamp"]!.text) without timestamp_ms: "
                                + "their samples cannot be placed within the second; convert the .fit file keeping timestamp_ms")
                    }
                    lastStampWithoutMilliseconds = start
                }
                survey.found += 1
                survey.origin = min(survey.origin ?? start, start)
                kinds.insert(axes.fields[0])
                guard case .calibrated(let fields) = axes else { continue }
                let values = fields.map { message.fields[$0].map { elements($0.text) } ?? [] }
                for i in 0..<values.map(\.count).min()! {
                    if let x = values[0][i], let y = values[1][i], let z = values[2][i] { preview.add(x, y, z) }
                }
            }
        }
        if let countsOrigin {
            if survey.calibration != nil {
                survey.origin = min(survey.origin ?? countsOrigin, countsOrigin)
                kinds.insert("accel_x")
            } else {
                survey.countsOnly = survey.origin == nil
            }
        }
        if let unit = options.accelerationUnit {
            (survey.scale, survey.unitName) = (unit.metersPerSecondSquared, unit.symbol)
            survey.notes.append("calibrated values in \(unit.symbol) (--accel-unit)")
        } else if !preview.magnitudes.isEmpty {
            let inferred = UnitInference.acceleration(preview.magnitudes, meanVector: preview.meanVector)
            (survey.scale, survey.unitName) = (inferred.scale, inferred.unitName)
            survey.notes.append("calibrated values: " + inferred.note)
        }
        if kinds.contains("accel_x") {
            survey.notes.append("accel_x/y/z counts in g by the file's three_d_sensor_calibration where a message holds no calibrated values")
        }
        if kinds.contains("compressed_calibrated_accel_x") { survey.notes.append("compressed_calibrated_accel_x/y/z in mg") }
        return survey
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let survey = try survey(path, displayName: displayName, layout: layout, options: options)
        guard let origin = survey.origin else {
            if survey.countsOnly {
                throw IngestError(
                    file: displayName, line: 1, column: 1,
                    "accelerometer_data holds raw counts (accel_x/y/z) only, and no three_d_sensor_calibration message for the "
                        + "accelerometer precedes them to turn them into g: convert the .fit file with it (FitCSVTool's default "
                        + "output keeps every message; --data accelerometer_data alone drops it)")
            }
            throw IngestError(
                file: displayName, line: 1, column: 1,
                "no accelerometer_data message with calibrated_accel_x/y/z, compressed_calibrated_accel_x/y/z or accel_x/y/z (nor "
                    + "records with developer fields of acceleration) and a timestamp: this FIT file's messages hold no raw "
                    + "acceleration (log the accelerometer, e.g. with a Connect IQ sensor-logging app, and convert that file)")
        }
        info.notes.append("FIT messages through FitCSVTool: " + survey.notes.joined(separator: "; "))
        info.startDate = origin
        emitter.beginAcceleration(
            kind: .total, unit: survey.unitName, file: displayName,
            columns: "timestamp + timestamp_ms + sample_time_offset, calibrated_accel_x/y/z (or compressed, counts, developer fields)")
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        _ = try reader.next()
        var above: [Int: String] = [:]
        while try reader.next() {
            for message in messages(reader, layout: layout, above: &above) {
                guard let axes = Axes(message) else { continue }
                do throws(IngestError) {
                    try read(message, axes: axes, survey: survey, origin: origin, reader: reader, into: &emitter)
                } catch {
                    try emitter.skip(error)
                }
            }
        }
    }

    /// Passes the samples of one message to `emitter`, or throws the error skipping it.
    private static func read<Sink>(
        _ message: Message, axes: Axes, survey: Survey, origin: Double, reader: CSVReader, into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        guard let stamp = message.fields["timestamp"], let start = start(message) else {
            let column = message.fields["timestamp"]?.column ?? 0
            throw reader.error(
                atField: column, "timestamp '\((message.fields["timestamp"]?.text ?? "").prefix(40))' is neither FIT's seconds nor an ISO 8601 time")
        }
        let fields = axes.fields.map { message.fields[$0]! }
        let values = fields.map { elements($0.text) }
        let offsets: [Double?]
        if let field = message.fields["sample_time_offset"] {
            offsets = elements(field.text)
        } else if message.name == recordMessage {
            // A data field's samples of the record's second, evenly spread.
            offsets = values[0].indices.map { Double($0) * 1000 / Double(values[0].count) }
        } else {
            throw reader.error(
                atField: stamp.column,
                "accelerometer_data without sample_time_offset: its samples' times within the message are unknown (FitCSVTool writes the field; convert the .fit file again)")
        }
        let count = offsets.count
        for (axis, field) in zip(values, zip(axes.fields, fields)) where axis.count != count {
            throw reader.error(
                atField: field.1.column, "\(field.0) has \(axis.count) values where \(message.fields["sample_time_offset"] == nil ? axes.fields[0] : "sample_time_offset") has \(count): the samples do not pair up")
        }
        // What turns a sample's values into m/s^2.
        let toMetres: (Double, Double, Double) -> (Double, Double, Double)
        switch axes {
        case .calibrated:
            guard let scale = survey.scale else {
                throw reader.error(
                    atField: fields[0].column,
                    "calibrated values first met after the \(surveyMessages) messages that tell their unit: give it, --accel-unit g|mg|mps2")
            }
            toMetres = { ($0 * scale, $1 * scale, $2 * scale) }
        case .compressed:
            toMetres = { ($0 * standardGravity / 1000, $1 * standardGravity / 1000, $2 * standardGravity / 1000) }
        case .counts:
            guard let calibration = survey.calibration else {
                throw reader.error(atField: fields[0].column, "accel_x/y/z counts without a three_d_sensor_calibration for the accelerometer before them")
            }
            toMetres = { x, y, z in
                let g = calibration.g(x, y, z)
                return (g.0 * standardGravity, g.1 * standardGravity, g.2 * standardGravity)
            }
        }
        var invalid: [Int] = []
        for i in 0..<count {
            guard let offset = offsets[i], let x = values[0][i], let y = values[1][i], let z = values[2][i] else {
                invalid.append(i + 1)
                continue
            }
            let value = toMetres(x, y, z)
            if max(abs(value.0), abs(value.1), abs(value.2)) > CSVReader.largestAcceleration,
                let (field, far) = zip(fields, [value.0, value.1, value.2]).first(where: { abs($0.1) > CSVReader.largestAcceleration })
            {
                throw reader.error(atField: field.column, "sample \(i + 1) reads \(String(format3: far)) m/s^2, beyond the 100 g any body-worn sensor records")
            }
            emitter.acceleration(AccelerationSample(time: start - origin + offset / 1000, x: value.0, y: value.1, z: value.2))
        }
        if !invalid.isEmpty {
            throw reader.error(
                atField: fields[0].column,
                "sample\(invalid.count == 1 ? "" : "s") \(invalid.map(String.init).joined(separator: ", ")) of \(count) of the message "
                    + "with an invalid element (empty or NaN) in sample_time_offset or an axis: skipped, the others read")
        }
    }
}
