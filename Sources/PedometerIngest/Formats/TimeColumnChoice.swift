/// Which column times the rows when the header or the layout leaves a choice, judged by the
/// first rows: a sample clock ticks with its rows.
///
/// A header may name a clock that ticks once a second beside one of milliseconds
/// (`Timestamp,Milliseconds,…`): taken by name alone, the first was read and each second's
/// samples were spread as if delivered in a batch. A headerless file of four columns is
/// `t,x,y,z`, unless its first column does not rise in most rows and its last counts up by
/// more than one at a time (`x, y, z, millis`: an Arduino's serial log, which was refused as
/// rows "newest first"). Other headerless layouts are refused with a guess at their roles.
enum TimeColumnChoice {
    /// The clock among `clocks` (columns named exactly as one: `Milliseconds`, `Zeit`, not
    /// `time_index`) that times `records` instead of `preferred`, when `preferred` is no sample
    /// clock: it keeps one value over 8 rows or more on average (a date, whole seconds at
    /// 10 Hz or more), while the other counts up (never back, as a millisecond within its
    /// second, a countdown timer or a temperature do), `nil` otherwise.
    static func sampleClock(instead preferred: Int, among clocks: [Int], in records: [[String]]) -> Int? {
        guard records.count >= 16, ticks(of: preferred, in: records) * 8 <= records.count else { return nil }
        return clocks.first { $0 != preferred && countsUp($0, in: records) }
    }

    /// Distinct non-empty values of `column` over `records`.
    static func ticks(of column: Int, in records: [[String]]) -> Int {
        Set(records.compactMap { column < $0.count ? $0[column].trimmingSpaces : nil }.filter { !$0.isEmpty }).count
    }

    /// Whether `column` counts up over `records`: a number in each, never decreasing from row
    /// to row, and increasing between a quarter of them or more (a clock that batches repeats).
    static func countsUp(_ column: Int, in records: [[String]]) -> Bool {
        var previous: Double?
        var rises = 0
        for record in records {
            guard column < record.count, let value = record[column].numberWithEitherDecimalMark else { return false }
            if let previous {
                guard value >= previous else { return false }
                if value > previous { rises += 1 }
            }
            previous = value
        }
        return records.count >= 2 && rises > 0 && rises * 4 >= records.count - 1
    }

    /// Whether `column` rises from row to row in 9 of 10 rows or more: a clock, even with a
    /// row out of order or a counter that wrapped (an axis rises about as often as it falls).
    static func mostlyRises(_ column: Int, in records: [[String]]) -> Bool {
        guard let values = numbers(column, in: records), values.count >= 2 else { return false }
        return zip(values, values.dropFirst()).filter { $1 > $0 }.count * 10 >= (values.count - 1) * 9
    }

    /// Whether `column` numbers the rows: whole numbers each one more than the one before (a
    /// sample counter, no clock whose unit could be told).
    static func countsRows(_ column: Int, in records: [[String]]) -> Bool {
        guard let values = numbers(column, in: records), values.count >= 2 else { return false }
        return zip(values, values.dropFirst()).allSatisfy { $1 - $0 == 1 && $0 == $0.rounded() }
    }

    /// `column`'s number in every one of `records`, or `nil` when one has none.
    private static func numbers(_ column: Int, in records: [[String]]) -> [Double]? {
        let values = records.compactMap { column < $0.count ? $0[column].numberWithEitherDecimalMark : nil }
        return values.count == records.count ? values : nil
    }

    /// A guess at `--columns` for headerless `records`, for a refusal to show: `t` at `time`
    /// (else at the first column that counts up), `x,y,z` at three columns after it that hold
    /// numbers (an empty heart rate, or an activity label, a sensor's number or an accuracy
    /// taking at most 3 whole values are none): the first three side by side whose magnitude
    /// is about 1 g or 9.81 m/s^2 on most rows (past a temperature or a counter beside them),
    /// else the first three that do not count up; `_` elsewhere. `nil` without three.
    static func suggestedRoles(for records: [[String]], time: Int? = nil) -> String? {
        guard let width = records.first?.count else { return nil }
        guard let time = time ?? (0..<width).first(where: { countsUp($0, in: records) }) else { return nil }
        let values = (0..<width).map { Self.numbers($0, in: records) ?? [] }
        let numbers = (0..<width).filter { column in
            guard column > time, !values[column].isEmpty, values[column].allSatisfy(\.isFinite) else { return false }
            return Set(values[column]).count > 3 || values[column].contains { $0 != $0.rounded() }
        }
        func aboutGravity(_ first: Int) -> Bool {
            guard numbers.contains(first + 1), numbers.contains(first + 2) else { return false }
            let near = records.indices.filter { row in
                let magnitude = (first...(first + 2)).map { values[$0][row] * values[$0][row] }.reduce(0, +).squareRoot()
                return (0.7...1.3).contains(magnitude) || (6.9...12.8).contains(magnitude)
            }
            return near.count * 2 > records.count
        }
        let axes: [Int]
        if let first = numbers.first(where: aboutGravity) {
            axes = [first, first + 1, first + 2]
        } else {
            axes = Array(numbers.filter { !countsUp($0, in: records) }.prefix(3))
        }
        guard axes.count == 3 else { return nil }
        let roles = (0..<width).map { column in
            column == time ? "t" : axes.firstIndex(of: column).map { ["x", "y", "z"][$0] } ?? "_"
        }
        return roles.joined(separator: ",")
    }
}
