import PedometerCore

/// Where the time and the three axes are in a CSV of acceleration rows, and in what units:
/// the one reading loop behind every format that stores acceleration as `time, x, y, z` columns
/// in some order (generic files, phyphox, Oxford, Sensor Logger sensor files).
struct AccelerationTable: Sendable {
    var hasHeader: Bool
    var time: Int
    var x: Int
    var y: Int
    var z: Int
    var timeUnit: TimeUnit
    /// Multiplies the values to give m/s^2.
    var scale: Double
    var kind: AccelerationKind
    /// Unit as written in messages.
    var unitName: String
    /// Records before the header (a sensor software's preamble: rate, device, settings).
    var preambleRecords = 0

    var fieldCount: Int { max(time, x, y, z) + 1 }

    /// Streams every row of `path` to `emitter`, skipping (and reporting) rows that are unusable.
    /// `time` gives time 0; it is set by the first row when it has no origin.
    ///
    /// The rows are parsed in stretches on ``IngestOptions/threads`` threads
    /// (``StretchReader``) and reach `emitter` in file order on the calling thread.
    func read<Sink>(
        _ path: String, displayName: String, options: IngestOptions, time: inout TimeColumn,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let reader = try CSVReader(path: path, delimiter: options.delimiter, displayName: displayName)
        for _ in 0..<(preambleRecords + (hasHeader ? 1 : 0)) { _ = try reader.next() }
        emitter.beginAcceleration(kind: kind, unit: unitName, file: displayName)
        let table = self
        try StretchReader.read(
            after: reader, path: path, options: options,
            parse: { reader, maxRows, storage in
                AccelerationRows.read(from: reader, table, maxRows: maxRows, reusing: storage.take() ?? [])
            },
            deliver: { (rows: AccelerationRows, firstLine) throws(IngestError) in
                try emitter.acceleration(rows, firstLine: firstLine, time: &time)
            })
    }
}
