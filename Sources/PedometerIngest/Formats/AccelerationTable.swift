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

    var fieldCount: Int { max(time, x, y, z) + 1 }

    /// Most threads that parse one file: parsing is about 60 % of the work and the engine,
    /// on the consuming thread, the rest, so more would wait on it and only take memory.
    static let maxThreads = 4

    /// Streams every row of `path` to `emitter`, skipping (and reporting) rows that are unusable.
    /// `time` gives time 0; it is set by the first row when it has no origin.
    ///
    /// The data is parsed in stretches of whole lines (``IngestOptions/chunkBytes``) on
    /// ``IngestOptions/threads`` threads, and the rows reach `emitter` in file order on the
    /// calling thread: samples, skips and errors are the same whatever the thread count and
    /// stretch size. From the first stretch that holds a quote (a record may then span lines)
    /// or a line too long to split at, the rest of the file is read by one reader.
    func read<Sink>(
        _ path: String, displayName: String, options: IngestOptions, time: inout TimeColumn,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let reader = try CSVReader(path: path, delimiter: options.delimiter, displayName: displayName)
        if hasHeader { _ = try reader.next() }
        emitter.beginAcceleration(kind: kind, unit: unitName, file: displayName)
        let chunks = LineChunks(after: reader, path: path, chunkBytes: options.chunkBytes)
        // Where the next stretch starts: its file offset and line.
        var offset = chunks.dataStart
        var line = reader.nextLine
        var readsOnAlone = false
        let table = self
        let threads = min(max(options.threads, 1), Self.maxThreads)
        // Readers and row arrays go back and forth between the threads instead of being
        // allocated for every stretch.
        let spareReaders = SparePool<CSVReader>()
        let spareRows = SparePool<[AccelerationRows.Row]>()
        // The rows of the stretch delivered last: given back at the next delivery, when
        // nothing else holds them any more (a shared array would be copied, not reused).
        var deliveredRows: [AccelerationRows.Row] = []
        try OrderedBatch.run(
            Array(0..<chunks.count), jobs: threads, window: threads + 1,
            work: { index -> (rows: AccelerationRows, lines: Int, end: Int)? in
                guard let reader = chunks.reader(index, reusing: spareReaders.take()) else { return nil }
                defer { spareReaders.give(reader) }
                let rows = AccelerationRows.read(from: reader, table, reusing: spareRows.take() ?? [])
                guard rows.fatal == nil, !reader.sawQuote else { return nil }
                return (rows, reader.nextLine - 1, reader.nextRecordOffset)
            },
            deliver: { _, stretch throws(IngestError) -> Bool in
                guard let stretch else {
                    readsOnAlone = true
                    return false
                }
                var previous = stretch.rows.rows
                swap(&previous, &deliveredRows)
                spareRows.give(consume previous)
                try emitter.acceleration(stretch.rows, firstLine: line, time: &time)
                line += stretch.lines
                offset = stretch.end
                return true
            })
        guard readsOnAlone else { return }
        let rest = try CSVReader(
            path: path, displayName: displayName, from: offset, to: nil, delimiter: chunks.delimiter,
            lineTerminator: chunks.lineTerminator)
        var rows: AccelerationRows
        repeat {
            rows = AccelerationRows.read(from: rest, self, maxRows: 1 << 16)
            try emitter.acceleration(rows, firstLine: line, time: &time)
        } while !rows.reachedEnd
    }
}
