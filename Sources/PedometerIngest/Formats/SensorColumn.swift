import PedometerCore

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
    /// or more, that changes between at least a third of the rows and the next (a flag or a
    /// label changes now and then), where
    /// - the values of the `axes` jump where the number changes: from one row to the next of
    ///   another number they move on average at least ``sensorJump`` times as far as from one
    ///   row to the previous of its own number, and move at all (another sensor's values,
    ///   gravity's, linear acceleration's, a gyroscope's, are elsewhere);
    /// - and, when the `time` column holds numbers, each number's rows follow one another at
    ///   its sensor's rate: the median time from a row to the previous of its own number is at
    ///   least 1.5 times the median from a row to the previous of another number (sensors'
    ///   rows between; a flag beside one sensor changes between rows as far apart as any).
    /// One sensor's rows beside a counter (`seq` modulo 8), a flag, an accuracy, a level or a
    /// heart rate fail one or the other. Its index and values; `nil` when no column is one.
    /// Which number is the accelerometer only the app says.
    static func numbered(
        in records: [[String]], excluding: Set<Int>, axes: [Int], time: Int?
    ) -> (index: Int, values: [Int])? {
        guard records.count >= 6, let width = records.map(\.count).max() else { return nil }
        func number(_ record: [String], _ index: Int) -> Double? {
            index < record.count ? record[index].numberWithEitherDecimalMark : nil
        }
        let vectors = records.map { record in axes.map { number(record, $0) } }
        let times = time.map { time in records.map { number($0, time) } }
        for index in 0..<width where !excluding.contains(index) {
            var numbers: [Int] = []
            for record in records {
                guard index < record.count, let value = Int(record[index].trimmingSpaces), (0...255).contains(value) else { break }
                numbers.append(value)
            }
            guard numbers.count == records.count else { continue }
            var counts: [Int: Int] = [:]
            for number in numbers { counts[number, default: 0] += 1 }
            let changes = zip(numbers, numbers.dropFirst()).filter { $0 != $1 }.count
            let frequent = counts.values.filter { $0 * 10 >= records.count }.count
            guard (2...16).contains(counts.count), frequent >= 2, changes * 3 >= records.count - 1 else { continue }
            // Mean distances between consecutive rows of different numbers, and between each
            // row and the previous one of its own number.
            var across = (sum: 0.0, count: 0), within = (sum: 0.0, count: 0)
            var timeAcross: [Double] = [], timeWithin: [Double] = []
            var lastOfNumber: [Int: Int] = [:]
            for row in records.indices {
                if row > 0, numbers[row] != numbers[row - 1] {
                    if let distance = distance(vectors[row], vectors[row - 1]) { across = (across.sum + distance, across.count + 1) }
                    if let times, let now = times[row], let before = times[row - 1] { timeAcross.append(now - before) }
                }
                if let previous = lastOfNumber[numbers[row]] {
                    if let distance = distance(vectors[row], vectors[previous]) { within = (within.sum + distance, within.count + 1) }
                    if let times, let now = times[row], let before = times[previous] { timeWithin.append(now - before) }
                }
                lastOfNumber[numbers[row]] = row
            }
            guard across.count > 0, within.count > 0, across.sum > 0,
                across.sum / Double(across.count) >= sensorJump * within.sum / Double(within.count)
            else { continue }
            if let times, times.allSatisfy({ $0 != nil }), let medianWithin = timeWithin.median,
                let medianAcross = timeAcross.median, medianWithin < 1.5 * medianAcross
            {
                continue
            }
            return (index, counts.keys.sorted())
        }
        return nil
    }

    /// How much further the axes' values move between rows of two sensors than between one
    /// sensor's consecutive rows, at least, for a number column to be a sensor's
    /// (``numbered(in:excluding:axes:time:)``): gravity beside the accelerometer's rows differs by
    /// the body's acceleration, several times a walk's change in one sample.
    static let sensorJump = 3.0

    /// The Euclidean distance between two rows' axes, `nil` when a value is missing.
    private static func distance(_ a: [Double?], _ b: [Double?]) -> Double? {
        var sum = 0.0
        for (u, v) in zip(a, b) {
            guard let u, let v else { return nil }
            sum += (u - v) * (u - v)
        }
        return sum.squareRoot()
    }

    /// Whether a sensor's name is a plain accelerometer's.
    static func isAccelerometerName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("acc") && !["linear", "lin_", "user", "uncal", "gyro", "magn"].contains { lower.contains($0) }
    }
}
