/// A column naming each row's sensor in a log that interleaves several sensors in one table
/// (`time,sensor,x,y,z` with `accelerometer`, `gyroscope`, `magnetometer` rows, or Android's
/// `TYPE_ACCELEROMETER`, `TYPE_GYROSCOPE`): only the accelerometer's rows are acceleration.
struct SensorColumn: Sendable, Hashable {
    /// The column's index.
    var index: Int
    /// The accelerometer's name as the column writes it.
    var accelerometer: String
    private var bytes: [UInt8]

    init(index: Int, accelerometer: String) {
        self.index = index
        self.accelerometer = accelerometer
        bytes = Array(accelerometer.utf8)
    }

    /// Whether the current record is the accelerometer's (its sensor field, spaces around it
    /// aside, is the accelerometer's name).
    @inline(__always)
    func isAccelerometer(_ reader: CSVReader) -> Bool {
        reader.field(index, trimmedEquals: bytes)
    }

    /// The sensor column of a table, when its first `records` show one: a column (none of
    /// `excluding`, the time and the axes) of texts naming at least two sensors, one of them an
    /// accelerometer (a name holding "acc", not a linear, user or uncalibrated one, which are
    /// other sensors' outputs). `nil` for a table of one sensor.
    static func find(in records: [[String]], excluding: Set<Int>) -> SensorColumn? {
        guard let width = records.map(\.count).max() else { return nil }
        for index in 0..<width where !excluding.contains(index) {
            var names: Set<String> = []
            for record in records where index < record.count {
                let value = String(record[index].trimmingSpaces)
                guard !value.isEmpty else { continue }
                // Numbers are no sensor's name: not this column.
                if Double(value.replacingOccurrences(of: ",", with: ".")) != nil { names.removeAll(); break }
                names.insert(value)
            }
            guard names.count >= 2 else { continue }
            let accelerometers = names.filter(isAccelerometerName).sorted()
            if let name = accelerometers.first, accelerometers.count == 1 {
                return SensorColumn(index: index, accelerometer: name)
            }
        }
        return nil
    }

    /// A column numbering each row's sensor in a log that interleaves several sensors by number
    /// (SensorRecorder's `relms;id;values`: 0 the accelerometer, 1 gravity, 2 linear
    /// acceleration), when the first `records` show one: a column (none of `excluding`) of
    /// integers 0–255 taking 2 to 16 values, at least two of them each in a tenth of the rows
    /// or more, that changes between at least a third of the rows and the next (interleaved
    /// sensors change it at almost every row; a flag or a label, which it also resembles,
    /// changes now and then). Its index and values; `nil` when no column is one. Which number
    /// is the accelerometer only the app says.
    static func numbered(in records: [[String]], excluding: Set<Int>) -> (index: Int, values: [Int])? {
        guard records.count >= 6, let width = records.map(\.count).max() else { return nil }
        for index in 0..<width where !excluding.contains(index) {
            var counts: [Int: Int] = [:]
            var changes = 0
            var previous: Int?
            for record in records {
                guard index < record.count, let value = Int(record[index].trimmingSpaces), (0...255).contains(value) else {
                    counts.removeAll()
                    break
                }
                counts[value, default: 0] += 1
                if let previous, previous != value { changes += 1 }
                previous = value
            }
            let frequent = counts.values.filter { $0 * 10 >= records.count }.count
            if (2...16).contains(counts.count), frequent >= 2, changes * 3 >= records.count - 1 {
                return (index, counts.keys.sorted())
            }
        }
        return nil
    }

    /// Whether a sensor's name is a plain accelerometer's.
    static func isAccelerometerName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("acc") && !["linear", "lin_", "user", "uncal", "gyro", "magn"].contains { lower.contains($0) }
    }
}
