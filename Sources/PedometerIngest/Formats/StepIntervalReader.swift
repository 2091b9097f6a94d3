import PedometerCore

/// Step counts per interval, as activity trackers export them: Google Fit's daily activity
/// metrics (`Start time,End time,…,Distance (m),…,Step count,…`, one row per 15 minutes, times
/// of day with their zone such as `00:15:00.000+02:00`, the day in the file name
/// `2019-05-13.csv`), or one row per day (`Date,…,Step count`). Other columns are not read.
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
        /// A column naming the device that counted each row (`deviceuuid`).
        var device: Int?
    }

    static let startNames: Set<String> = ["starttime", "start", "from", "begin", "starttimestamp"]
    static let endNames: Set<String> = ["endtime", "end", "to", "until", "endtimestamp", "finish", "finishtime"]
    static let dayNames: Set<String> = ["date", "day", "activitydate", "activityday"]
    static let stepNames: Set<String> = ["stepcount", "steps", "numberofsteps", "count", "totalsteps", "steptotal"]
    static let distanceNames: Set<String> = ["distance", "distancem", "distancemeters"]

    /// The layout of a header with an interval (start and end, or a date) and a step count, and
    /// no acceleration; `nil` otherwise.
    static func layout(_ header: [String]) -> Layout? {
        let names = ColumnNames(header)
        guard HeaderRoles.find(names) == nil, let steps = names.index(where: stepNames.contains) else { return nil }
        let distance = names.index(where: distanceNames.contains)
        var layout: Layout
        if let start = names.index(where: startNames.contains), let end = names.index(where: endNames.contains) {
            layout = Layout(start: start, end: end, steps: steps, distance: distance, header: header)
        } else if let day = names.index(where: dayNames.contains) {
            layout = Layout(start: day, end: nil, steps: steps, distance: distance, header: header)
        } else {
            return nil
        }
        layout.utcOffset = names.index(of: "timeoffset")
        layout.device = names.index(of: "deviceuuid", "deviceid", "device")
        return layout
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let reader = try rows(path, displayName: displayName, layout: layout, options: options)
        guard try reader.next() else { throw IngestError(file: displayName, line: reader.line + 1, column: 1, "header only: no data rows") }
        guard let column = DateTimeColumn(sample: reader.string(layout.start)) else {
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
            .filter { $0.index != layout.device }
        var columns = "start '\(header[layout.start])'" + (layout.end.map { ", end '\(header[$0])'" } ?? "")
        columns += ", steps '\(header[layout.steps])'" + (layout.distance.map { ", distance '\(header[$0])'" } ?? "")
        emitter.beginStepCounts(kind: .device, file: displayName, columns: columns)
        info.notes.append(
            layout.end != nil ? "step counts per interval (\(column.description))"
                : length.map { "step counts per \(String(format3: $0)) s from each row's time (the rows' usual spacing)" } ?? "step counts per day")
        var steps = 0.0
        // Metres from the first interval on, when the file has a distance column.
        var distance: Double? = layout.distance.map { _ in 0 }
        var started = false
        // The devices that counted the rows, as written (at most a few kept).
        var devices: Set<String> = []
        repeat {
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
                let count = try reader.optionalNumber(layout.steps, "step count") ?? 0
                guard count >= 0 else { throw reader.error(atField: layout.steps, "negative step count") }
                let meters = try reader.optionalNumber(layout.distance, "distance")
                if !started {
                    emitter.stepCountBaseline(at: start, kind: .device, distance: distance.map { _ in 0 })
                    started = true
                }
                if let meters { distance = (distance ?? 0) + meters }
                steps += count
                emitter.stepCount(StepCountSample(time: end, steps: steps, distance: distance, intervalStart: start), kind: .device)
            } catch {
                try emitter.skip(error)
            }
        } while try reader.next()
        if devices.count > 1, let index = layout.device {
            info.notes.append(
                "rows of \(devices.count < 10 ? "\(devices.count)" : "10 or more") devices ('\(layout.header[index])'): their counts are added up, "
                    + "so a walk that a phone and a watch both counted is counted twice; keep one device's rows for its count")
        }
        info.startDate = clock.epochStart
        if clock.epochStart == nil, column.layout != .timeOfDay || day != nil { info.notes.append(DateTimeClock.localTimeNote) }
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
        while times.count < 1024, try reader.next() {
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
