import PedometerCore

/// Where the time and the three axes are in a CSV of acceleration rows, and in what units:
/// the one reading loop behind every format that stores acceleration as `time, x, y, z` columns
/// in some order (generic files, phyphox, Physics Toolbox, MATLAB Mobile, ActiGraph, Oxford,
/// Sensor Logger sensor files).
struct AccelerationTable: Sendable {
    /// Records before the first data row: a header, and any preamble before it.
    var skipRecords: Int
    var time: TimeField
    var x: Int
    var y: Int
    var z: Int
    /// Multiplies the values to give m/s^2.
    var scale: Double
    var kind: AccelerationKind
    /// Unit as written in messages.
    var unitName: String
    /// Fields a row has: the header's, or a headerless file's first row's (a format's fixed
    /// count). A row with a non-empty field beyond them is a bad row (its columns are shifted).
    var width: Int
    /// The columns read, as named for the user (`time 'time', x 'accX' …`).
    var columns = ""
    /// The header's names, when the table has one: a row repeating them is passed over.
    var header: [String]? = nil
    /// The column naming each row's sensor, when the table interleaves several: the other
    /// sensors' rows are passed over as rows without acceleration.
    var sensor: SensorColumn? = nil

    /// How a row's timestamp is written.
    enum TimeField: Sendable, Hashable {
        /// A number in column `index` (its unit is the ``RowClock``'s).
        case number(Int)
        /// A date-time text in column `index`.
        case dateTime(Int, DateTimeColumn)
        /// No time column: the ``RowClock`` counts the rows.
        case none
    }

    var fieldCount: Int {
        var last = max(x, y, z)
        switch time {
        case .number(let index), .dateTime(let index, _): last = max(last, index)
        case .none: break
        }
        return last + 1
    }

    /// Whether the current record has all its fields but none of the three axes: a row of other
    /// sensors in a log that interleaves them (skipped and counted, never an error). A record
    /// cut short is an error, reported.
    @inline(__always)
    func lacksAxes(_ reader: CSVReader) -> Bool {
        reader.fieldCount >= fieldCount && reader.isEmpty(x) && reader.isEmpty(y) && reader.isEmpty(z)
    }

    /// Whether the current record repeats the header in the time and axis columns (the header
    /// of a second file joined to the first; a name may have its unit appended from a units
    /// row, ``FormatDetector/SecondHeaderRow/units``).
    func repeatsHeader(_ reader: CSVReader) -> Bool {
        guard let header else { return false }
        var columns = [x, y, z]
        if case .number(let index) = time { columns.append(index) }
        if case .dateTime(let index, _) = time { columns.append(index) }
        return columns.allSatisfy { index in
            guard index < header.count, index < reader.fieldCount else { return false }
            let field = String(reader.string(index).trimmingSpaces)
            return !field.isEmpty && (header[index] == field || header[index].hasPrefix(field + " ("))
        }
    }

    /// Streams every row of `path` to `emitter`, skipping (and reporting) rows that are unusable.
    /// `clock` turns the timestamps into seconds; time 0 is the first row's unless it has one.
    ///
    /// The rows are parsed in stretches on ``IngestOptions/threads`` threads
    /// (``StretchReader``) and reach `emitter` in file order on the calling thread.
    func read<Sink, Clock: RowClock>(
        _ path: String, displayName: String, options: IngestOptions, clock: inout Clock,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0..<skipRecords { _ = try reader.next() }
        emitter.beginAcceleration(kind: kind, unit: unitName, file: displayName, columns: columns)
        let table = self
        try StretchReader.read(
            after: reader, path: path, options: options,
            parse: { reader, maxRows, storage in
                AccelerationRows.read(from: reader, table, maxRows: maxRows, reusing: storage.take() ?? [])
            },
            deliver: { (rows: AccelerationRows, firstLine) throws(IngestError) in
                try emitter.acceleration(rows, firstLine: firstLine, clock: &clock)
            })
    }
}
