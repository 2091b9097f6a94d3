/// Reads the data of a CSV file in stretches of whole lines (``LineStretches``) parsed on
/// several threads, and hands the parsed rows over in file order on the calling thread:
/// what is delivered is the same whatever the thread count and stretch size.
///
/// From the first stretch that holds a quote (a record may then span lines) or whose border
/// lies in a line too long to split at, one reader reads the rest of the file.
enum StretchReader {
    /// Most threads that parse one file, the calling one included (it parses while the next
    /// stretch is not ready): parsing is about 60 % of the work and what is done with the rows,
    /// on the calling thread, the rest, so more would wait on it and only take memory.
    static let maxThreads = 4

    /// Reads the records after the one `reader` (the file's sniffing reader) returned last.
    ///
    /// - Parameters:
    ///   - parse: runs on a parsing thread: reads at most `maxRows` rows from a reader,
    ///     into the storage of earlier rows when given (take it: a shared array is copied).
    ///   - deliver: runs on the calling thread, in file order, with the file's line number
    ///     of the rows' first line.
    static func read<Rows: StretchRows>(
        after reader: CSVReader, path: String, options: IngestOptions,
        parse: @escaping @Sendable (_ reader: CSVReader, _ maxRows: Int, _ storage: inout [Rows.Row]?) -> Rows,
        deliver: (_ rows: Rows, _ firstLine: Int) throws(IngestError) -> Void
    ) throws(IngestError) {
        if reader.isStream {
            // A stream (a zip entry) is read once, in order, by this reader: no stretches. Its
            // lines are the file's own, so the rows' locations need no shift (first line 1).
            try readInOrder(reader, firstLine: 1, parse: parse, deliver: deliver)
            return
        }
        let stretches = LineStretches(after: reader, path: path, stretchBytes: options.stretchBytes)
        // Where the next stretch starts: its file offset and line.
        var offset = stretches.dataStart
        var line = reader.nextLine
        var readsOnAlone = false
        let threads = min(max(options.threads, 1), maxThreads)
        // Readers and storage go back and forth between the threads instead of being
        // allocated for every stretch.
        let spareReaders = SparePool<CSVReader>()
        let spareStorage = SparePool<[Rows.Row]>()
        // The storage of the stretch delivered last: given back at the next delivery, when
        // nothing else holds it any more (a shared array would be copied, not reused).
        var delivered: [Rows.Row]?
        // The window lets the workers parse ahead while the calling thread parses a stretch of
        // its own before delivering (with one stretch per thread they waited on it).
        try OrderedBatch.run(
            Array(0..<stretches.count), jobs: threads, window: 2 * threads + 1,
            work: { index -> (rows: Rows, lines: Int, end: Int)? in
                guard let reader = stretches.reader(index, reusing: spareReaders.take()) else { return nil }
                defer { spareReaders.give(reader) }
                var storage = spareStorage.take()
                let rows = parse(reader, .max, &storage)
                guard rows.fatal == nil, !reader.sawQuote else { return nil }
                return (rows, reader.nextLine - 1, reader.nextRecordOffset)
            },
            deliver: { _, stretch throws(IngestError) -> Bool in
                guard let stretch else {
                    readsOnAlone = true
                    return false
                }
                if delivered != nil { spareStorage.give(delivered.take()!) }
                delivered = stretch.rows.rows
                try deliver(stretch.rows, line)
                line += stretch.lines
                offset = stretch.end
                return true
            })
        guard readsOnAlone else { return }
        let rest = try CSVReader(
            path: path, displayName: reader.displayName, from: offset, to: nil, delimiter: stretches.delimiter,
            lineTerminator: stretches.lineTerminator, decimalComma: stretches.decimalComma)
        try readInOrder(rest, firstLine: line, parse: parse, deliver: deliver)
    }

    /// Rows read in order by one reader: about a stretch's worth at a time.
    private static let rowsInOrder = 1 << 14

    /// Reads the rest of `reader` on the calling thread (its line 1 is the file's `firstLine`),
    /// a batch at a time, each batch parsed into the storage of the one before: a fresh array
    /// for every batch would be grown and freed again and again, which makes the C allocator
    /// keep megabytes it no longer uses (a zipped export cost 9 MB more than its folder).
    private static func readInOrder<Rows: StretchRows>(
        _ reader: CSVReader, firstLine: Int,
        parse: (_ reader: CSVReader, _ maxRows: Int, _ storage: inout [Rows.Row]?) -> Rows,
        deliver: (_ rows: Rows, _ firstLine: Int) throws(IngestError) -> Void
    ) throws(IngestError) {
        var storage: [Rows.Row]?
        var reachedEnd = false
        while !reachedEnd {
            let rows = parse(reader, rowsInOrder, &storage)
            reachedEnd = rows.reachedEnd
            try deliver(rows, firstLine)
            storage = rows.rows
        }
    }
}
