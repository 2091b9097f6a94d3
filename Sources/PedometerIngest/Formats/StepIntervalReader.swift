import PedometerCore

/// Step counts per interval, as activity trackers export them: Google Fit's daily activity
/// metrics (`Start time,End time,…,Distance (m),…,Step count,…`, one row per 15 minutes, times
/// of day with their zone such as `00:15:00.000+02:00`, the day in the file name
/// `2019-05-13.csv`), or one row per day (`Date,…,Step count`); Apple Health's step records
/// as the converters of its `export.xml` write them (`sourceName,…,type,unit,creationDate,
/// startDate,endDate,value`: the `value` of the rows whose `type` is a step count). Other
/// columns are not read.
///
/// The counts become the device's cumulative step stream: 0 at the first interval's start,
/// then each interval's count added at its end (and its distance, when given).
enum StepIntervalReader {
    /// Where the interval's bounds and counts are.
    struct Layout: Sendable, Hashable {
        /// The start column, or the date column of one-row-per-day files.
        var start: Int
        /// The end column; `nil` when each row is one day.
        var end: Int?
        var steps: Int
        var distance: Int?
        var header: [String]
        /// Lines above the header that are no rows of the table (Samsung Health's line naming
        /// its data type).
        var preambleRecords = 0
        /// A column of each row's local offset (Samsung Health's `time_offset`, `UTC+0200`):
        /// the times themselves are then UTC.
        var utcOffset: Int?
        /// A column naming the device that counted each row (`deviceuuid`; Apple Health's
        /// `sourceName`).
        var device: Int?
        /// Columns describing the device that counted each row beside ``device``, which may
        /// change from row to row without being another person's (Apple Health's `device`,
        /// whose text holds the software version).
        var deviceDetails: [Int] = []
        /// A column naming each row's quantity (Apple Health's `type`): only rows of step
        /// counts are read.
        var type: Int?
    }

    /// A row's interval, seconds, and what was counted over it.
    private struct Interval {
        var start: Double
        var end: Double
        var steps: Double
        var metres: Double?
    }

    static let startNames: Set<String> = ["starttime", "start", "from", "begin", "starttimestamp"]
    static let endNames: Set<String> = ["endtime", "end", "to", "until", "endtimestamp", "finish", "finishtime"]
    static let dayNames: Set<String> = ["date", "day", "activitydate", "activityday"]
    static let stepNames: Set<String> = ["stepcount", "steps", "numberofsteps", "count", "totalsteps", "steptotal"]
    static let distanceNames: Set<String> = [
        "distance", "distancem", "distancemeters", "distancemetres", "distancekm", "distancekilometers", "distancekilometres",
        "distancemi", "distancemiles",
    ]

    /// The layout of a header with an interval (start and end, or a date) and a step count, and
    /// no acceleration; `nil` otherwise.
    static func layout(_ header: [String]) -> Layout? {
        let names = ColumnNames(header)
        guard HeaderRoles.find(names) == nil else { return nil }
        // Apple Health's records name their quantity in `type` and hold it in `value`.
        let type = names.index(of: "type")
        let healthRecord = type != nil && names.index(of: "sourcename") != nil
        let named = names.index(where: stepNames.contains)
        guard let steps = named ?? (healthRecord ? names.index(of: "value") : nil) else { return nil }
        let distance = names.index(where: distanceNames.contains)
        var layout: Layout
        if let start = names.index(where: startNames.contains) ?? (healthRecord ? names.index(of: "startdate") : nil),
            let end = names.index(where: endNames.contains) ?? (healthRecord ? names.index(of: "enddate") : nil)
        {
            layout = Layout(start: start, end: end, steps: steps, distance: distance, header: header)
        } else if let day = names.index(where: dayNames.contains) {
            layout = Layout(start: day, end: nil, steps: steps, distance: distance, header: header)
        } else {
            return nil
        }
        layout.utcOffset = names.index(of: "timeoffset")
        if healthRecord {
            // The quantity's rows among others, when the count is the record's `value`.
            layout.type = named == nil ? type : nil
            layout.device = names.index(of: "sourcename")
            layout.deviceDetails = names.normalized.indices.filter { ["device", "sourceversion", "producttype"].contains(names.normalized[$0]) }
        } else {
            layout.device = names.index(of: "deviceuuid", "deviceid", "device")
        }
        return layout
    }

    /// Whether a record's `type` is a step count (`HKQuantityTypeIdentifierStepCount`, or
    /// `StepCount` as converters shorten it).
    static func isStepCountType(_ type: String) -> Bool {
        type.lowercased().hasSuffix("stepcount")
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let reader = try rows(path, displayName: displayName, layout: layout, options: options)
        guard try reader.next() else { throw IngestError(file: displayName, line: reader.line + 1, column: 1, "header only: no data rows") }
        // The layout all the first rows' starts fit (`01-05-2019` above `13-05-2019`: day first).
        let preview = try Preview(rows(path, displayName: displayName, layout: layout, options: options), layout)
        guard let column = DateTimeColumn(sample: reader.string(layout.start), layout: DateParser.layout(of: preview.starts)) else {
            throw reader.error(atField: layout.start, "interval start is not a date-time: '\(reader.string(layout.start).prefix(40))'")
        }
        // Times of day take their day from a file name like 2019-05-13.csv (Google Fit).
        var day: Int64?
        if column.layout == .timeOfDay, let date = DateParser.parse(String(FileSystem.lastComponent(path).prefix(10)), .iso) {
            day = date.wallNanoseconds
            info.notes.append("day \(FileSystem.lastComponent(path).prefix(10)) from the file name")
        }
        // Zoneless times beside a column of local offsets are UTC (Samsung Health's), whatever
        // --time-zone says of other files.
        var zone = options.timeZone
        if !column.zoned, let offset = layout.utcOffset {
            zone = TimeZoneRule("+00:00")
            info.notes.append(
                "times in UTC (the column '\(layout.header[offset])' gives each row's local offset)"
                    + (options.timeZone == nil ? "" : "; --time-zone not used for them"))
        }
        var clock = DateTimeClock(column: column, zone: zone, day: day)
        // Rows of one date column: a day each, or, when they hold times of day (a health
        // app's hourly rows under `Date`), the rows' usual spacing.
        let length = layout.end == nil ? try rowLength(path, displayName: displayName, layout: layout, column: column, options: options) : nil
        let header = layout.header
        // One person's counts (Fitabase's merged daily files hold many: refused where the next
        // begins); a device column is noted instead (Samsung Health's phone and watch).
        let sources = try StepLogReader.sourceColumns(header, rows(path, displayName: displayName, layout: layout, options: options))
            .filter { $0.index != layout.device && !layout.deviceDetails.contains($0.index) }
        var columns = "start '\(header[layout.start])'" + (layout.end.map { ", end '\(header[$0])'" } ?? "")
        columns += ", steps '\(header[layout.steps])'" + (layout.distance.map { ", distance '\(header[$0])'" } ?? "")
        emitter.beginStepCounts(kind: .device, file: displayName, columns: columns)
        info.notes.append(
            layout.end != nil ? "step counts per interval (\(column.description))"
                : length.map { "step counts per \(String(format3: $0)) s from each row's time (the rows' usual spacing)" } ?? "step counts per day")
        let metresPerUnit = distanceUnit(layout, preview, info: &info)
        var steps = 0.0
        // Metres from the first interval on, when the file has a distance column.
        var distance: Double? = layout.distance.map { _ in 0 }
        // The rows' intervals, kept to be given out in order: a row per interval, a few per
        // hour at most.
        var intervals: [Interval] = []
        // The devices that counted the rows, as written (at most a few kept).
        var devices: Set<String> = []
        // Rows of other quantities (Apple Health's heart rate, distance …), by type.
        var otherTypes: [String: Int] = [:]
        var nextSection: (name: String, line: Int)?
        repeat {
            if startsAnotherSection(reader, layout) {
                nextSection = (reader.string(0), reader.line)
                break
            }
            if let index = layout.type, index < reader.fieldCount, !isStepCountType(reader.string(index)) {
                if otherTypes.count < 10 || otherTypes[reader.string(index)] != nil { otherTypes[reader.string(index), default: 0] += 1 }
                continue
            }
            for source in sources where !source.isSame(reader) { throw source.refusal(reader) }
            if let index = layout.device, index < reader.fieldCount, !reader.isEmpty(index), devices.count < 10 {
                devices.insert(reader.string(index))
            }
            do throws(IngestError) {
                let start = clock.seconds(try column.parse(reader, layout.start))
                let end: Double
                if let index = layout.end {
                    end = clock.seconds(try column.parse(reader, index))
                } else {
                    end = start + (length ?? 86_400)
                }
                guard end >= start else { throw reader.error(atField: layout.end ?? layout.start, "interval ends before it starts") }
                let count = try reader.optionalCount(layout.steps, "step count") ?? 0
                guard count >= 0 else { throw reader.error(atField: layout.steps, "negative step count") }
                let meters = try reader.optionalNumber(layout.distance, "distance").map { $0 * metresPerUnit }
                intervals.append(Interval(start: start, end: end, steps: count, metres: meters))
            } catch {
                try emitter.skip(error)
            }
        } while try reader.next()
        // In the order they end (two devices' rows of one day interleave: Apple Health's; an
        // export may list the newest first), each count added at its interval's end to the
        // cumulative stream, from the earliest start on: time 0 is that start, wherever its row.
        if zip(intervals.dropFirst(), intervals).contains(where: { $0.end < $1.end }) { intervals.sort { $0.end < $1.end } }
        let earliest = intervals.map(\.start).min() ?? 0
        if !intervals.isEmpty { emitter.stepCountBaseline(at: 0, kind: .device, distance: distance.map { _ in 0 }) }
        for interval in intervals {
            if let metres = interval.metres { distance = (distance ?? 0) + metres }
            steps += interval.steps
            emitter.stepCount(
                StepCountSample(time: interval.end - earliest, steps: steps, distance: distance, intervalStart: interval.start - earliest),
                kind: .device)
        }
        if let nextSection {
            info.notes.append("the rows from line \(nextSection.line) on ('\(nextSection.name.prefix(40))', another section of the export) not read")
        }
        if !otherTypes.isEmpty, let index = layout.type {
            let listed = otherTypes.sorted { $0.value > $1.value }.prefix(3).map { "'\($0.key)'" }.joined(separator: ", ")
            info.notes.append(
                "\(otherTypes.values.reduce(0, +)) rows of other quantities than step counts passed over ('\(layout.header[index])': \(listed)\(otherTypes.count > 3 ? " …" : ""))")
        }
        if devices.count > 1, let index = layout.device {
            info.notes.append(
                "rows of \(devices.count < 10 ? "\(devices.count)" : "10 or more") devices ('\(layout.header[index])'): their counts are added up, "
                    + "so a walk that a phone and a watch both counted is counted twice; keep one device's rows for its count")
        }
        info.startDate = clock.epochStart.map { $0 + earliest }
        if clock.epochStart == nil, column.layout != .timeOfDay || day != nil { info.notes.append(DateTimeClock.localTimeNote) }
    }

    /// Whether the reader's record names another section of the export below the rows (Fitbit's
    /// `Sleep` below its `Activities`): a line of one name, where the table ends.
    private static func startsAnotherSection(_ reader: CSVReader, _ layout: Layout) -> Bool {
        layout.header.count > 2 && reader.fieldCount == 1 && !reader.isEmpty(0) && reader.number(0) == nil
    }

    /// The first 256 rows: their interval starts as written, and the steps and distance
    /// (as written) of those that hold both.
    private struct Preview {
        var starts: [String] = []
        var steps = 0.0
        var distance = 0.0

        init(_ reader: CSVReader, _ layout: Layout) throws(IngestError) {
            while starts.count < 256, try reader.next(), !startsAnotherSection(reader, layout) {
                if layout.start < reader.fieldCount, !reader.isEmpty(layout.start) { starts.append(reader.string(layout.start)) }
                if let index = layout.distance, let metres = reader.number(index), metres > 0, let count = reader.count(layout.steps), count > 0,
                    layout.type.map({ $0 < reader.fieldCount && isStepCountType(reader.string($0)) }) ?? true
                {
                    steps += count
                    distance += metres
                }
            }
        }
    }

    /// The international mile (the ingest's own: Report's units are downstream of it).
    private static let metresPerMile = 1609.344

    /// Metres per unit of a distance column whose name states its unit (`Distance (km)`,
    /// `distance_mi`, `Distance (m)`); `nil` when it states none.
    static func statedMetres(_ names: ColumnNames, _ index: Int) -> Double? {
        let stated: [(String, Double)] = [
            ("m", 1), ("meters", 1), ("metres", 1), ("km", 1000), ("kilometers", 1000), ("kilometres", 1000),
            ("mi", metresPerMile), ("miles", metresPerMile),
        ]
        return stated.first { unit, _ in names.units[index] == unit || names.normalized[index] == "distance" + unit }?.1
    }

    /// Metres per unit of the distance column: as its name states it (`Distance (m)`,
    /// `Distance (km)`, `distance_mi`), else as the first rows' steps measure it (those with
    /// both a distance and steps). A step is 0.3 to 1.6 m long: a distance under a tenth of a
    /// metre a step is in kilometres or miles, whichever makes a step nearer 0.7 m, a daily
    /// walk's (Fitbit's export writes `Distance` in the account's unit, 5.91 for 8,123 steps),
    /// when that step is 0.3 to 1.6 m long, and a note says which; metres otherwise.
    private static func distanceUnit(_ layout: Layout, _ preview: Preview, info: inout RecordingInfo) -> Double {
        guard let index = layout.distance else { return 1 }
        if let stated = statedMetres(ColumnNames(layout.header), index) { return stated }
        guard preview.steps > 0, preview.distance > 0, preview.distance / preview.steps < 0.1 else { return 1 }
        let kilometre = preview.distance / preview.steps * 1000
        let (unit, metres) = kilometre * kilometre * metresPerMile / 1000 > 0.7 * 0.7 ? ("km", 1000.0) : ("mi", metresPerMile)
        guard (0.3...1.6).contains(preview.distance / preview.steps * metres) else { return 1 }
        info.notes.append(
            "distance '\(layout.header[index])' in \(unit) (inferred: \(String(format: "%.2f", preview.distance / preview.steps * metres)) m a step; "
                + "in metres \(String(format: "%.4f", preview.distance / preview.steps)))")
        return metres
    }

    /// A reader of `path` on its header (past any preamble): its next record is the first row.
    private static func rows(_ path: String, displayName: String, layout: Layout, options: IngestOptions) throws(IngestError) -> CSVReader {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0...layout.preambleRecords { _ = try reader.next() }
        return reader
    }

    /// The length of each row's interval in a file of one date column whose first rows hold
    /// times of day other than midnight: the median spacing of those rows, seconds; `nil` when
    /// they are dates alone (a day each).
    private static func rowLength(
        _ path: String, displayName: String, layout: Layout, column: DateTimeColumn, options: IngestOptions
    ) throws(IngestError) -> Double? {
        let reader = try rows(path, displayName: displayName, layout: layout, options: options)
        let nanosecondsPerDay: Int64 = 86_400 * 1_000_000_000
        var times: [Int64] = []
        var timesOfDay = false
        while times.count < 1024, try reader.next(), !startsAnotherSection(reader, layout) {
            guard let parsed = try? column.parse(reader, layout.start) else { continue }
            times.append(parsed.integer)
            // Midnight as written (a zoned date's instant is not midnight in UTC).
            if let wall = DateParser.parse(reader.field(layout.start), column.layout)?.wallNanoseconds, wall % nanosecondsPerDay != 0 {
                timesOfDay = true
            }
        }
        let spacings = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard timesOfDay, !spacings.isEmpty else { return nil }
        return Double(spacings[spacings.count / 2]) / 1e9
    }
}
