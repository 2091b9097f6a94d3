import PedometerCore

/// ActiGraph's raw CSV export (ActiLife "Export raw data to CSV"): a 10-line header block that
/// states the rate, the start and the date format, then `Accelerometer X,Accelerometer Y,
/// Accelerometer Z` in g, with or without a `Timestamp` column first.
///
/// ```
/// ------------ Data File Created By ActiGraph GT3X+ ActiLife v6.13.3 Firmware v2.5.0 date format M/d/yyyy at 30 Hz  Filter Normal -----------
/// Serial Number: NEO1F18120387
/// Start Time 10:00:00
/// Start Date 5/7/2019
/// ...
/// --------------------------------------------------
/// Accelerometer X,Accelerometer Y,Accelerometer Z
/// 0.016,-0.996,0.012
/// ```
///
/// Without timestamps, sample `n` is `n / rate` seconds after the start. The start is a reading
/// of the device's local clock: an instant only with `--time-zone`.
enum ActiGraphReader {
    /// What the header block states, and where the columns are.
    struct Layout: Sendable, Hashable {
        /// Records before the column header.
        var preambleRecords: Int
        var rate: Double
        /// The start as written (`5/7/2019 10:00:00`), and its nanoseconds on the local clock.
        var start: String?
        var startWallNanoseconds: Int64?
        /// The `Timestamp` column, when there is one.
        var timestamp: Int?
        var x: Int
        var y: Int
        var z: Int
        var header: [String]
    }

    /// Whether the first record of a file is ActiGraph's header banner.
    static func opensHeader(_ record: [String]) -> Bool {
        let line = record.joined(separator: ",").lowercased()
        return line.hasPrefix("---") && line.contains("actigraph")
    }

    /// Reads the header block (the reader is on its first record) and the column header after
    /// it; throws when the block lacks what reading needs.
    static func layout(_ reader: CSVReader, file: String) throws(IngestError) -> Layout {
        let banner = reader.strings().joined(separator: ",")
        guard let rate = statedRate(banner) else {
            throw IngestError(file: file, line: 1, column: 1, "ActiGraph header states no rate ('... at 30 Hz ...')")
        }
        let dayFirst = banner.lowercased().contains("date format d/m")
        var startTime: String?
        var startDate: String?
        var preamble = 1
        while true {
            guard try reader.next() else {
                throw IngestError(file: file, line: preamble + 1, column: 1, "ActiGraph header block without a column header after it")
            }
            let line = reader.strings().joined(separator: ",")
            preamble += 1
            if line.hasPrefix("Start Time ") { startTime = String(line.dropFirst("Start Time ".count)).trimmingSpaces.description }
            if line.hasPrefix("Start Date ") { startDate = String(line.dropFirst("Start Date ".count)).trimmingSpaces.description }
            if line.hasPrefix("-----") { break }
        }
        guard try reader.next() else {
            throw IngestError(file: file, line: preamble + 1, column: 1, "ActiGraph header block without a column header after it")
        }
        let header = reader.strings()
        let names = ColumnNames(header)
        let axes = ["accelerometerx", "accelerometery", "accelerometerz"].map { names.index(of: $0) }
        guard let x = axes[0], let y = axes[1], let z = axes[2] else {
            throw IngestError(
                file: file, line: preamble + 1, column: 1,
                "ActiGraph columns '\(header.prefix(4).joined(separator: ","))' lack Accelerometer X/Y/Z")
        }
        var start: String?
        var wall: Int64?
        if let startDate, let startTime {
            start = startDate + " " + startTime
            let layout = DateParser.Layout.numeric(dayFirst ? .dayFirst : .monthFirst, separator: UInt8(ascii: "/"))
            wall = DateParser.parse(start!, layout)?.wallNanoseconds
        }
        return Layout(
            preambleRecords: preamble, rate: rate, start: start, startWallNanoseconds: wall,
            timestamp: names.index(of: "timestamp"), x: x, y: y, z: z, header: header)
    }

    /// The rate in the banner: `... at 30 Hz ...`.
    static func statedRate(_ banner: String) -> Double? {
        let words = banner.split(separator: " ")
        guard let hz = words.firstIndex(where: { $0.lowercased() == "hz" }), hz > 0,
            let rate = Double(words[hz - 1]), rate > 0, rate.isFinite
        else { return nil }
        return rate
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let header = layout.header
        var columns = "x '\(header[layout.x])', y '\(header[layout.y])', z '\(header[layout.z])'"
        var time = AccelerationTable.TimeField.none
        var dateTime: DateTimeColumn?
        if let index = layout.timestamp {
            let first = try firstValue(path, displayName: displayName, options: options, skip: layout.preambleRecords + 1, index: index)
            guard let column = first.flatMap({ DateTimeColumn(sample: $0) }) else {
                throw IngestError(
                    file: displayName, line: layout.preambleRecords + 2, column: 1,
                    "ActiGraph Timestamp is not a date-time: '\(first?.prefix(40) ?? "")'")
            }
            dateTime = column
            time = .dateTime(index, column)
            columns = "time '\(header[index])', " + columns
        }
        let table = AccelerationTable(
            skipRecords: layout.preambleRecords + 1, time: time, x: layout.x, y: layout.y, z: layout.z,
            scale: standardGravity, kind: .total, unitName: "g", width: header.count, columns: columns)
        info.notes.append(
            "ActiGraph: \(String(format3: layout.rate)) Hz, start \(layout.start ?? "not stated")"
                + (dateTime == nil ? ", sample times from the rate" : ", sample times from Timestamp"))
        if let dateTime {
            var clock = DateTimeClock(column: dateTime, zone: options.timeZone)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
            info.startDate = clock.epochStart
        } else {
            var start: Double?
            if let wall = layout.startWallNanoseconds, let zone = options.timeZone {
                var local = LocalClock(zone)
                start = Double(local.epochNanoseconds(wall: wall)) / 1e9
            }
            var clock = SampleRateClock(rate: layout.rate, epochStart: start)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
            info.startDate = clock.epochStart
        }
        if info.startDate == nil, layout.start != nil {
            info.notes.append(DateTimeClock.localTimeNote)
        }
    }

    /// Field `index` of the first data record, `nil` when there is none.
    private static func firstValue(
        _ path: String, displayName: String, options: IngestOptions, skip: Int, index: Int
    ) throws(IngestError) -> String? {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0..<skip { _ = try reader.next() }
        guard try reader.next(), index < reader.fieldCount else { return nil }
        return reader.string(index)
    }
}
