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
    /// The header's names, when the table has one: a row repeating them is passed over, a row
    /// of other names refuses the file (``headerChange(_:)``).
    var header: [String]? = nil
    /// Whether the header's units came from a row of units under its names
    /// (``FormatDetector/SecondHeaderRow/units``): its names row alone is then a repeat.
    var unitsFromRow = false
    /// The column naming each row's sensor, when the table interleaves several: the other
    /// sensors' rows are passed over as rows without acceleration.
    var sensor: SensorColumn? = nil
    /// The columns naming whose rows they are (a user, a device), when the header has them: a
    /// row of another value refuses the file (``SourceColumn``).
    var sources: [SourceColumn] = []
    /// Gravity's columns, added axis by axis to the acceleration's (without gravity), when the
    /// table has them apart (``HeaderRoles/gravity``).
    var gravity: (x: Int, y: Int, z: Int)? = nil

    /// Whether a row with an empty time field was taken with the stamped row above it: a
    /// logger that stamps each batch of samples once, on its first row (Movesense's CSV export:
    /// `599025762,0.31,-0.31,9.93` then `,0.28,-0.32,9.95` for the rest of the batch). Such rows
    /// take that stamp and are spread over the batch's interval as other samples sharing a stamp
    /// are (``SharedStampSpreader``); without a stamped row above them they are skipped.
    var batchesStampedOnce = false

    /// How a row's timestamp is written.
    enum TimeField: Sendable, Hashable {
        /// A number in column `index` (its unit is the ``RowClock``'s).
        case number(Int)
        /// A date-time text in column `index`.
        case dateTime(Int, DateTimeColumn)
        /// No time column: the ``RowClock`` counts the rows.
        case none
    }

    /// The column of the time, when the rows have one.
    var timeIndex: Int? {
        switch time {
        case .number(let index), .dateTime(let index, _): index
        case .none: nil
        }
    }

    var fieldCount: Int {
        var last = max(x, y, z)
        if let gravity { last = max(last, gravity.x, gravity.y, gravity.z) }
        if let timeIndex { last = max(last, timeIndex) }
        return last + 1
    }

    /// Whether the current record has all its fields but none of the three axes: a row of other
    /// sensors in a log that interleaves them (skipped and counted, never an error). A record
    /// cut short is an error, reported.
    @inline(__always)
    func lacksAxes(_ reader: CSVReader) -> Bool {
        reader.fieldCount >= fieldCount && reader.isEmpty(x) && reader.isEmpty(y) && reader.isEmpty(z)
    }

    /// Whether the current record repeats the header (the header of a second file joined to
    /// the first): the same names in the same columns with the same units, whatever their case
    /// or spacing, or a byte-order mark that `cat` carried in (names compared as ``ColumnNames``
    /// reads them); under a header whose units came from a row of units, its names row alone.
    func repeatsHeader(_ reader: CSVReader) -> Bool {
        guard let header else { return false }
        let row = Self.names(reader.strings())
        let names = Self.names(header)
        guard row.raw.count == names.raw.count else { return false }
        return row.raw.indices.allSatisfy { index in
            row.normalized[index] == names.normalized[index]
                && (row.units[index] == names.units[index] || (unitsFromRow && row.units[index].isEmpty))
        }
    }

    /// When the current record is a header other than the table's, the error that refuses the
    /// file there: files with other columns, another order or other units joined into one,
    /// whose rows below it the first header does not describe. A header is a record without a
    /// number that is no repeat of the table's (``repeatsHeader(_:)``) and names a time column
    /// and x/y/z acceleration (``HeaderRoles``), or a column of the table's (`timestamp,gyroX,…`
    /// under `timestamp,accX,…`). `nil` otherwise.
    func headerChange(_ reader: CSVReader) -> IngestError? {
        guard let header else { return nil }
        let fields = reader.strings().map { String($0.trimmingSpaces) }
        guard fields.filter({ !$0.isEmpty }).count >= 2,
            fields.indices.allSatisfy({ reader.number($0) == nil && Double(fields[$0]) == nil }),
            !repeatsHeader(reader)
        else { return nil }
        let row = Self.names(fields)
        let names = Self.names(header)
        guard HeaderRoles.find(row) != nil || row.normalized.contains(where: { !$0.isEmpty && names.normalized.contains($0) }) else {
            return nil
        }
        func text(_ names: [String]) -> String {
            let joined = names.joined(separator: ",")
            return joined.count > 60 ? joined.prefix(60) + "…" : joined
        }
        return reader.error(
            atField: 0,
            "the header changes: '\(text(row.raw))' below '\(text(names.raw))' (files joined with other columns or units): "
                + "its rows cannot be read as the first header's; split the file at this line and read each part")
    }

    /// A header's names without the empty ones at its end (a trailing delimiter) nor a
    /// byte-order mark before the first.
    private static func names(_ fields: [String]) -> ColumnNames {
        var names = fields
        while names.last.map({ $0.trimmingSpaces.isEmpty }) == true { names.removeLast() }
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        return ColumnNames(names)
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
