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
        /// A column of times of day completing the date column: each row starts at its date's
        /// time (Mi Fit's minutes, `date,time,steps`: `2017-07-23,08:15,64`).
        var timeOfDay: Int?
        /// Whether ``timeOfDay`` writes hours and minutes as digits alone (`835` for 08:35: the
        /// Coursera activity data's `steps,date,interval`, a row per 5 minutes).
        var timeOfDayInClockDigits = false
        var steps: Int
        var distance: Int?
        var header: [String]
        /// Lines above the header that are no rows of the table (Samsung Health's line naming
        /// its data type).
        var preambleRecords = 0
        /// A column of each row's local offset (Samsung Health's `time_offset`, `UTC+0200`):
        /// the times themselves are then UTC.
        var utcOffset: Int?
        /// A column naming the device that counted each row (``deviceNames``: `deviceuuid`,
        /// `data source`; Apple Health's `sourceName`).
        var device: Int?
        /// Columns describing the device that counted each row beside ``device``, which may
        /// change from row to row without being another person's (Apple Health's `device`,
        /// whose text holds the software version).
        var deviceDetails: [Int] = []
        /// A column naming each row's quantity (Apple Health's `type`): only rows of step
        /// counts are read.
        var type: Int?
        /// How the starts are written as numbers, not date-time texts; `nil` when they are texts.
        var numericStarts: NumericStarts?
        /// A column saying which device's count each row is, where one value marks the counts
        /// of all devices merged (Samsung Health's `source_type`, `-2`): an interval's merged
        /// row is read in place of its devices' rows.
        var sourceType: Int?
    }

    /// Dates written as numbers in the start column.
    enum NumericStarts {
        /// Milliseconds since 1970 (Samsung Health's `day_time`, each day's midnight in UTC).
        case epochMilliseconds
        /// Seconds since 1970, of 2000–2100: instants.
        case epochSeconds
        /// A spreadsheet's serial dates, days since 1899-12-30 (a date cell saved as a number:
        /// `45627` for 2024-12-01), a clock reading without a zone.
        case spreadsheetDays
        /// ISO 8601's basic form of a date, `yyyyMMdd` (`20241201`), without a zone.
        case compactDates

        /// The start column's numbers, as the first row's `value` shows them (with `--time-unit
        /// excel-days`, `days`); `nil` when they are none of these.
        static func of(_ value: Double, days: Bool) -> NumericStarts? {
            if days || TimeUnit.spreadsheetDays.plausibleValues.contains(value) { return .spreadsheetDays }
            if compactDate(value) != nil { return .compactDates }
            if UnitInference.unixTimes.contains(value) { return .epochSeconds }
            return nil
        }

        /// The date of `value` written `yyyyMMdd` (1950–2100), as `yyyy-MM-dd`; `nil` when it is
        /// no such date.
        static func compactDate(_ value: Double) -> String? {
            guard value.rounded() == value, (19_500_101...21_001_231).contains(value) else { return nil }
            let digits = Int(value)
            let (year, month, day) = (digits / 10_000, digits / 100 % 100, digits % 100)
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            return String(format: "%04d-%02d-%02d", year, month, day)
        }

        /// What the note says of the column named `name`.
        func note(_ name: String) -> String? {
            switch self {
            case .epochMilliseconds: nil
            case .epochSeconds: "dates in '\(name)' are seconds since 1970"
            case .spreadsheetDays: "dates in '\(name)' are a spreadsheet's serial dates (days since 1899-12-30)"
            case .compactDates: "dates in '\(name)' are written yyyyMMdd"
            }
        }
    }

    /// A row's interval, seconds, and what was counted over it.
    struct Interval {
        var start: Double
        var end: Double
        var steps: Double
        var metres: Double?
        /// The device that counted the row, as written (``Layout/device``).
        var device: String?
        /// Whether the row is the count of all devices merged (``Layout/sourceType``).
        var merged = false
    }

    static let startNames: Set<String> = ["starttime", "start", "from", "begin", "starttimestamp"]
    static let endNames: Set<String> = ["endtime", "end", "to", "until", "endtimestamp", "finish", "finishtime"]
    static let dayNames: Set<String> = ["date", "day", "activitydate", "activityday"]
    static let stepNames: Set<String> = ["stepcount", "steps", "numberofsteps", "count", "totalsteps", "steptotal"]
    /// Names of a column naming the device or app that counted each row (Samsung Health's
    /// `deviceuuid`; Apple Health's `sourceName`; Google's Fitbit export, `data source`: a
    /// watch, and the phone's Health Connect writing the watch's minutes again), as
    /// ``ColumnNames`` normalizes them: rows of several devices over the same time are the same
    /// steps, counted once (``Combination``). Step logs of one time column read them so too.
    static let deviceNames: Set<String> = ["deviceuuid", "deviceid", "device", "datasource", "source", "sourcename"]
    /// Names of the device's distance over each interval: also Fitbit's (Fitabase's
    /// `TotalDistance`, the distance of the day's steps and logged activities, km, where no
    /// `TrackerDistance` gives the steps' own) and Apple
    /// Health's walking and running distance as exporters name it (Health Auto Export's
    /// `Walking + Running Distance (km)`, `distance_walking_running`).
    static let distanceNames: Set<String> = [
        "distance", "distancem", "distancemeters", "distancemetres", "distancekm", "distancekilometers", "distancekilometres",
        "distancemi", "distancemiles", "totaldistance", "walkingrunningdistance", "distancewalkingrunning",
    ]
    /// A time of day beside a date (English, Spanish and Portuguese, French, Italian), besides
    /// the times of ``HeaderRoles/foreignTimeNames`` (`Zeit`, `Uhrzeit`, `時刻` …).
    private static let timeOfDayNames: Set<String> = ["time", "hora", "heure", "ora"]
    /// The names above and those of localised exports (Fitbit's German `Datum`, `Schritte`,
    /// `Strecke`), as step logs know them: read here only in tables the step-log reader cannot
    /// take, which tells a running total from counts per interval (`Datum;Schritte` is its).
    private static let localisedDayNames = dayNames.union(HeaderRoles.dateNames)
    private static let localisedStepNames = stepNames.union(StepLogReader.stepNames.subtracting(["cumulativesteps"]))
    private static let localisedDistanceNames = distanceNames.union(StepLogReader.distanceNames.subtracting(["cumulativedistance"]))

    /// The layout of a header with an interval (start and end, or a date) and a step count, and
    /// no acceleration; `nil` otherwise. A `value` column is the step count when the file's
    /// name (`fileName`) ends with the word steps (Withings' `aggregates_steps.csv`, `date,value`).
    static func layout(_ header: [String], fileName: String = "") -> Layout? {
        let names = ColumnNames(header)
        guard HeaderRoles.find(names) == nil else { return nil }
        // Apple Health's records name their quantity in `type` and hold it in `value`.
        let type = names.index(of: "type")
        let healthRecord = type != nil && names.index(of: "sourcename") != nil
        let localised = !StepLogReader.matches(names)
        let named = names.index(where: (localised ? localisedStepNames : stepNames).contains)
        // `aggregates_steps.csv`, `daily_steps.csv`: the name's last word is the quantity
        // (not `steps_goal.csv`, `step_length.csv`, `stepcounter.csv`).
        let baseName = fileName.lowercased().split(separator: ".").first.map(String.init) ?? ""
        let stepsFile = baseName.hasSuffix("steps")
        guard let steps = named ?? (healthRecord || stepsFile ? names.index(of: "value") : nil) else { return nil }
        // Fitbit's distance of the tracker's steps before its total, which adds activities
        // logged by hand (a bike ride's 20 km beside a day's steps).
        let distance = names.index(of: "trackerdistance") ?? names.index(where: (localised ? localisedDistanceNames : distanceNames).contains)
        var layout: Layout
        if let start = names.index(where: startNames.contains) ?? (healthRecord ? names.index(of: "startdate") : nil),
            let end = names.index(where: endNames.contains) ?? (healthRecord ? names.index(of: "enddate") : nil)
        {
            layout = Layout(start: start, end: end, steps: steps, distance: distance, header: header)
        } else if let day = names.index(of: "daytime") {
            // Samsung Health's daily trend: each day's steps, merged over devices and per device.
            layout = Layout(start: day, end: nil, steps: steps, distance: distance, header: header, numericStarts: .epochMilliseconds)
            layout.sourceType = names.index(of: "sourcetype")
        } else if let day = names.index(where: dayNames.contains)
            ?? (localised ? names.index(where: localisedDayNames.contains) ?? StepLogReader.localisedDate(names) : nil)
        {
            layout = Layout(start: day, end: nil, steps: steps, distance: distance, header: header)
            layout.timeOfDay = names.index { timeOfDayNames.contains($0) || HeaderRoles.foreignTimeNames.contains($0) }
            if layout.timeOfDay == nil, let interval = names.index(of: "interval") {
                layout.timeOfDay = interval
                layout.timeOfDayInClockDigits = true
            }
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
            layout.device = names.index(where: deviceNames.contains)
        }
        return layout
    }

    /// The device named in column `index` of the reader's row, as written; `nil` when the row
    /// names none (or the file has no such column).
    static func device(_ reader: CSVReader, _ index: Int?) -> String? {
        guard let index, index < reader.fieldCount, !reader.isEmpty(index) else { return nil }
        return reader.string(index)
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
        var layout = layout
        // A `day_time` of date texts is a date column like any other.
        if layout.numericStarts == .epochMilliseconds, reader.number(layout.start) == nil { layout.numericStarts = nil }
        // A date column of numbers: a spreadsheet's serial dates, `yyyyMMdd` or Unix seconds (a
        // stranger's `date,steps` of 45627, 45628 … or of 20240501 was refused as no date-time).
        if layout.numericStarts == nil, layout.timeOfDay == nil, let first = reader.number(layout.start),
            let numeric = NumericStarts.of(first, days: options.timeUnit == .spreadsheetDays)
        {
            layout.numericStarts = numeric
            numeric.note(layout.header[layout.start]).map { info.notes.append($0) }
        }
        func table() throws(IngestError) -> CSVReader { try rows(path, displayName: displayName, layout: layout, options: options) }
        // The layout all the first rows' starts fit (`01-05-2019` above `13-05-2019`: day first).
        var preview = try Preview(table, layout)
        var start = column(layout, preview)
        var clockDigits = true
        if layout.timeOfDayInClockDigits { clockDigits = try clockDigitsHold(table(), layout) }
        if layout.timeOfDay != nil, start == nil || !preview.datesRepeat || !clockDigits {
            // The column named as a time beside the date holds no times of day, or each row has
            // a date of its own (a day's steps beside a sync time, a workout's duration): the
            // date alone.
            layout.timeOfDay = nil
            preview = try Preview(table, layout)
            start = column(layout, preview)
        }
        guard let column = start else {
            throw reader.error(atField: layout.start, "interval start is not a date-time: '\((startText(reader, layout) ?? "").prefix(40))'")
        }
        if ColumnNames(layout.header).normalized[layout.steps] == "value", layout.type == nil {
            info.notes.append("steps from '\(layout.header[layout.steps])', as the file's name says it holds steps")
        }
        if let time = layout.timeOfDay {
            info.notes.append("each row starts at its date '\(layout.header[layout.start])' and time of day '\(layout.header[time])'")
        }
        if preview.style.pointsGroupThousands { info.notes.append(NumberStyle.pointsGroupThousandsNote) }
        // Counts with three decimals (`12.345`) beside whole ones: read as written, and asked (a
        // stranger's days of 12,345 steps in an English-named file were read as 12 steps).
        if !preview.style.pointsGroupThousands, preview.style.countsMayGroupThousands {
            info.notes.append(
                "step counts written with three decimals ('\(layout.header[layout.steps])': read as fractions of a step); if their points "
                    + "group thousands (12.345 for 12,345 steps), give --decimal comma")
        }
        // Slashed dates that fit either order (`01/03/2024` … `12/03/2024`), read month first as
        // English writes them: said (a stranger's twelve days of March were read as the 3rd of
        // each month, unsaid). Dotted and dashed dates are day first wherever they are written.
        if column.layout == .numeric(.monthFirst, separator: UInt8(ascii: "/")), DateParser.orderIsAmbiguous(preview.starts, column.layout) {
            info.notes.append(
                "\(column.description): every date fits the other order of day and month as well; a header in a language that writes "
                    + "dates day first (Datum, Fecha, Data …) reads them day first")
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
        let perIntervalNote = layout.end != nil ? "step counts per interval (\(column.description))"
            : length.map { "step counts per \(String(format3: $0)) s from each row's time (the rows' usual spacing)" } ?? "step counts per day"
        // The counted rows' distance unit (not of Apple Health's other quantities, nor of single
        // devices beside merged rows).
        let mergedRows = preview.mergedRows
        let metresPerUnit = try layout.distance.map { (index: Int) throws(IngestError) -> Double in
            try Self.metresPerUnit(
                ColumnNames(header), index, reading: table(), steps: layout.steps, style: preview.style,
                included: { isStepCountRow($0, layout) && (!mergedRows || isMergedRow($0, layout)) },
                ends: { startsAnotherSection($0, layout) }, info: &info)
        } ?? 1
        // The rows' intervals, kept to be given out in order: a row per interval, a few per
        // hour at most.
        var intervals: [Interval] = []
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
            do throws(IngestError) {
                let start = clock.seconds(try Self.start(reader, layout, column))
                let end: Double
                if let index = layout.end {
                    end = clock.seconds(try Self.time(reader, at: index, layout, column))
                } else {
                    end = start + (length ?? 86_400)
                }
                guard end >= start else { throw reader.error(atField: layout.end ?? layout.start, "interval ends before it starts") }
                let count = try reader.optionalCount(layout.steps, "step count", preview.style) ?? 0
                guard count >= 0 else { throw reader.error(atField: layout.steps, "negative step count") }
                let meters = try reader.optionalNumber(layout.distance, "distance", preview.style).map { $0 * metresPerUnit }
                let device = Self.device(reader, layout.device)
                intervals.append(
                    Interval(start: start, end: end, steps: count, metres: meters, device: device, merged: preview.mergedRows && isMergedRow(reader, layout)))
            } catch {
                try emitter.skip(error)
            }
        } while try reader.next()
        // Rows within a day that never fall but where a counter was reset are a running total
        // (a counter read every minute), as the step logs of one time column tell them apart.
        var changes = StepLogReader.CountChanges()
        if layout.timeOfDay != nil { for interval in intervals { changes.add(interval.steps) } }
        let cumulative = layout.timeOfDay != nil && changes.increases >= 4 && !changes.isPerInterval
        // In the order they end (two devices' rows of one day interleave: Apple Health's; an
        // export may list the newest first), each count added at its interval's end to the
        // cumulative stream, from the earliest start on: time 0 is that start, wherever its row.
        if zip(intervals.dropFirst(), intervals).contains(where: { $0.end < $1.end }) { intervals.sort { $0.end < $1.end } }
        let combination = Combination(cumulative ? [] : intervals)
        // Time 0 and the start: the earliest counted row's start.
        let earliest = (cumulative ? intervals : combination.intervals).map(\.start).min() ?? 0
        if cumulative {
            info.notes.append("cumulative step counts (they go down \(changes.decreases) times in \(changes.pairs + 1) rows)")
            for interval in intervals.sorted(by: { $0.start < $1.start }) {
                emitter.stepCount(StepCountSample(time: interval.start - earliest, steps: interval.steps, distance: interval.metres), kind: .device)
            }
        } else {
            info.notes.append(perIntervalNote)
            emitCounts(combination.intervals, from: earliest, distances: layout.distance != nil, into: &emitter)
        }
        if let nextSection {
            info.notes.append("the rows from line \(nextSection.line) on ('\(nextSection.name.prefix(40))', another section of the export) not read")
        }
        if !otherTypes.isEmpty, let index = layout.type {
            // The most frequent first, ties in the types' order: alike from run to run.
            let byFrequency = otherTypes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let listed = byFrequency.prefix(3).map { "'\($0.key)'" }.joined(separator: ", ")
            info.notes.append(
                "\(otherTypes.values.reduce(0, +)) rows of other quantities than step counts passed over ('\(layout.header[index])': \(listed)\(otherTypes.count > 3 ? " …" : ""))")
        }
        info.notes += combination.notes(
            device: layout.device.map { layout.header[$0] }, sourceType: layout.sourceType.map { layout.header[$0] })
        info.startDate = clock.epochStart.map { $0 + earliest }
        if clock.epochStart == nil, column.layout != .timeOfDay || day != nil { info.notes.append(DateTimeClock.localTimeNote) }
    }

    /// The intervals to count. Where rows of all devices merged exist (``Layout/sourceType``),
    /// an interval's merged row is counted, its single devices' rows passed over, and a merged
    /// row written twice counts once, the larger (a later sync's beside a stale one).
    /// Otherwise each device's rows of an interval make its count: one row when they all are
    /// the same (a row written twice, a file's rows listed twice), else their sum (rows the
    /// file gives no finer time for: a day's 5-minute rows under a date whose times were not
    /// read). Several devices' counts over one stretch of time (a phone's and a watch's minute
    /// or day; a phone's 5-minute record over a watch's minutes) are the same steps, of which
    /// the health app shows one device's at a time: ``countOnce(_:)``. Rows of another device
    /// less than a second from an interval's bounds (and less than a tenth of its length) are
    /// rows of that interval: a phone's health app writing a watch's minute again stamps it a
    /// little later (Google's Fitbit export: `07:01:00.117Z` beside the watch's `07:01:00Z`).
    struct Combination {
        var intervals: [Interval] = []
        /// Single devices' rows of intervals with a merged row.
        var passedOver = 0
        /// Merged rows beyond the first of their interval.
        var repeated = 0
        /// Rows of several devices over overlapping intervals, and the steps counted twice
        /// among them, left out (``countOnce(_:)``).
        var overlappingRows = 0
        var doubleCounted = 0.0
        /// Rows repeating another of their interval and device exactly, passed over.
        var rewritten = 0
        /// The devices whose rows are added up, over stretches of time that no other device
        /// counted, as written (at most 10 kept).
        var devices: Set<String> = []
        /// Rows read as of another device's interval whose bounds are less than a second from
        /// theirs.
        var aligned = 0

        /// Whether two estimated lengths of rows are of one interval: within a factor of two (a
        /// watch's minute and its copy; not a phone's quarter hour stamped as the minute began).
        static func lastAlike(_ a: Double, _ b: Double) -> Bool {
            a > 0 && b > 0 && max(a, b) <= 2 * min(a, b)
        }

        /// Combines `rows`, in the order they end. With `estimatedEnds` (rows of a step log of
        /// one time column, each ending at its device's next row or after its device's usual
        /// spacing: an end the file does not state), a row is of another device's interval when
        /// its start is less than a second from that interval's and its length alike
        /// (``lastAlike(_:_:)``), and takes its bounds (a watch's minute before a minute it has
        /// no row for ends after the usual spacing, its copy at the copy's next row).
        init(_ rows: [Interval], estimatedEnds: Bool = false) {
            struct Bounds: Hashable {
                var start: Double
                var end: Double
            }
            var order: [Bounds] = []
            var byBounds: [Bounds: [Interval]] = [:]
            // The intervals by the whole second of their start, to find those a row's bounds
            // are less than a second from.
            var bySecond: [Double: [Bounds]] = [:]
            func near(_ row: Interval) -> Bounds? {
                let tolerance = min(1, (row.end - row.start) / 10)
                guard tolerance > 0 else { return nil }
                let second = row.start.rounded(.down)
                for key in [second - 1, second, second + 1] {
                    for bounds in bySecond[key] ?? []
                    where abs(bounds.start - row.start) < tolerance
                        && (estimatedEnds ? Self.lastAlike(bounds.end - bounds.start, row.end - row.start) : abs(bounds.end - row.end) < tolerance)
                        && !(byBounds[bounds] ?? []).contains(where: { $0.device == row.device })
                    {
                        return bounds
                    }
                }
                return nil
            }
            for var row in rows {
                var bounds = Bounds(start: row.start, end: row.end)
                if byBounds[bounds] == nil, let interval = near(row) {
                    bounds = interval
                    (row.start, row.end) = (interval.start, interval.end)
                    aligned += 1
                }
                if byBounds[bounds] == nil {
                    order.append(bounds)
                    bySecond[bounds.start.rounded(.down), default: []].append(bounds)
                }
                byBounds[bounds, default: []].append(row)
            }
            var counts: [Interval] = []
            for bounds in order {
                let rows = byBounds[bounds] ?? []
                let merged = rows.filter(\.merged)
                if let largest = merged.max(by: { $0.steps < $1.steps }) {
                    passedOver += rows.count - merged.count
                    repeated += merged.count - 1
                    counts.append(largest)
                    continue
                }
                // Each device's count of the interval (rows of no device named as one device's).
                var deviceOrder: [String?] = []
                var byDevice: [String?: [Interval]] = [:]
                for row in rows {
                    if byDevice[row.device] == nil { deviceOrder.append(row.device) }
                    byDevice[row.device, default: []].append(row)
                }
                for device in deviceOrder {
                    let own = byDevice[device] ?? []
                    guard var count = own.first else { continue }
                    if own.allSatisfy({ $0.steps == count.steps && $0.metres == count.metres }) {
                        rewritten += own.count - 1
                    } else {
                        for row in own.dropFirst() {
                            count.steps += row.steps
                            if let metres = row.metres { count.metres = (count.metres ?? 0) + metres }
                        }
                    }
                    counts.append(count)
                }
            }
            countOnce(counts)
        }

        /// What the combination did, for the recording's notes: `device` and `sourceType` are
        /// the names of the columns naming each row's device and marking merged rows.
        func notes(device: String?, sourceType: String?) -> [String] {
            var notes: [String] = []
            if passedOver > 0, let sourceType {
                notes.append(
                    "the rows of all devices merged read ('\(sourceType)' \(mergedSourceType)); \(passedOver) rows of single "
                        + "devices passed over, their steps being in those")
            }
            if overlappingRows > 0 {
                let alignedNote =
                    aligned == 0 ? "" : "; \(aligned) of them less than a second from another device's row, read as of its interval"
                notes.append(
                    "\(overlappingRows) rows of several devices over the same time: each moment counts the device that counted the "
                        + "most then (the same steps counted twice, as the app knows; \(String(format: "%.0f", doubleCounted)) steps left out"
                        + "\(alignedNote))")
            }
            if rewritten > 0 {
                notes.append(
                    "\(rewritten == 1 ? "1 row" : "\(rewritten) rows") repeating another of its interval and "
                        + "device exactly passed over (a row written twice)")
            }
            if repeated > 0 {
                notes.append(
                    repeated == 1 ? "1 interval's merged count written twice: the larger kept"
                        : "\(repeated) intervals' merged counts written twice: the larger of each kept")
            }
            if devices.count > 1, let device {
                notes.append(
                    "rows of \(devices.count < 10 ? "\(devices.count)" : "10 or more") devices ('\(device)'): their counts are added up "
                        + "where their intervals do not overlap (one device carried at a time)")
            }
            return notes
        }

        /// Counts steps that several devices counted over the same time once: each device
        /// undercounts (a watch off the wrist, a phone on a table), so each moment counts the
        /// device that counted the most then. Rows are joined into stretches chained by
        /// overlapping intervals (a row starting where another ends does not overlap it); in a
        /// stretch of several devices, as many of each row's steps as the other devices counted
        /// over its interval are spread as theirs are (the same steps: a phone's 5-minute row over
        /// the two minutes a watch counted), the rest over the time they counted nothing in, at
        /// most at the row's own rate, and what remains evenly; each piece of time between the
        /// rows' starts and ends then counts the device with the most steps in it (of a device's
        /// own rows over it, the largest), in whole steps. Every row keeps at least its own count
        /// over its interval (a row counted by one device alone is never lost). Rows of no length
        /// and rows faster than anyone walks or runs (a glitch, a day's total stamped with a
        /// second: no measure of when the steps were taken) are counted as they are, but of
        /// several devices' such rows of one interval only the largest; so are stretches of one
        /// device.
        private mutating func countOnce(_ counts: [Interval]) {
            guard Set(counts.map(\.device)).count > 1 else {
                intervals = counts
                return
            }
            let isTimed = { (row: Interval) in row.end > row.start && Pedometer.isWalkable(row.steps, in: row.end - row.start) }
            let byStart = counts.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            // Of the others, several devices' rows of one interval keep the largest.
            var result: [Interval] = []
            for row in byStart where !isTimed(row) {
                if let last = result.last, last.start == row.start, last.end == row.end, last.device != row.device {
                    if row.steps > last.steps { result[result.count - 1] = row }
                } else {
                    result.append(row)
                }
            }
            let timed = byStart.filter(isTimed)
            var first = 0
            while first < timed.count {
                var end = timed[first].end
                var next = first + 1
                while next < timed.count, timed[next].start < end {
                    end = max(end, timed[next].end)
                    next += 1
                }
                let stretch = Array(timed[first..<next])
                first = next
                if Set(stretch.map(\.device)).count > 1 {
                    result += countedOnce(stretch)
                } else {
                    result += stretch
                    if let device = stretch.first?.device, devices.count < 10 { devices.insert(device) }
                }
            }
            // In time order; of rows ending together, the one that started first first.
            intervals = result.sorted { ($0.end, $0.start) < ($1.end, $1.start) }
        }

        /// The pieces of a stretch that rows of several devices counted, each counted once
        /// (``countOnce(_:)``).
        private mutating func countedOnce(_ rows: [Interval]) -> [Interval] {
            let bounds = Array(Set(rows.flatMap { [$0.start, $0.end] })).sorted()
            let pieces = bounds.count - 1
            let length = (0..<pieces).map { bounds[$0 + 1] - bounds[$0] }
            let boundIndex = Dictionary(uniqueKeysWithValues: bounds.enumerated().map { ($0.element, $0.offset) })
            var deviceOrder: [String?] = []
            var deviceIndex: [String?: Int] = [:]
            for row in rows where deviceIndex[row.device] == nil {
                deviceIndex[row.device] = deviceOrder.count
                deviceOrder.append(row.device)
            }
            // The pieces a row covers, and its device's number.
            let covered = { (row: Interval) in (boundIndex[row.start] ?? 0)..<(boundIndex[row.end] ?? 0) }
            let device = { (row: Interval) in deviceIndex[row.device] ?? 0 }
            // Each device's steps a second over each piece, its rows spread evenly (of its rows
            // over a piece, the largest), and all devices' together.
            var evenRate = [[Double]](repeating: [Double](repeating: 0, count: pieces), count: deviceOrder.count)
            for row in rows {
                let rate = row.steps / (row.end - row.start)
                for piece in covered(row) { evenRate[device(row)][piece] = max(evenRate[device(row)][piece], rate) }
            }
            let allRates = (0..<pieces).map { piece in evenRate.reduce(0) { $0 + $1[piece] } }
            var steps = evenRate.map { $0.map { _ in 0.0 } }
            var metres = steps
            var measured = steps.map { $0.map { _ in false } }
            for row in rows {
                let own = device(row)
                let range = covered(row)
                // The other devices' steps over each piece of the row: as many of its own are
                // spread as theirs are (the same steps).
                let others = range.map { length[$0] * max(0, allRates[$0] - evenRate[own][$0]) }
                let othersTotal = others.reduce(0, +)
                let shared = min(row.steps, othersTotal)
                // The rest over the pieces no other device counted, at most at the row's own
                // rate there, and what remains evenly over the whole row.
                let span = row.end - row.start
                let uncounted = zip(range, others).map { $1 > 0 ? 0 : length[$0] }
                let uncountedLength = uncounted.reduce(0, +)
                let intoUncounted = min(row.steps - shared, row.steps * uncountedLength / span)
                let evenly = row.steps - shared - intoUncounted
                for ((piece, other), uncountedPart) in zip(zip(range, others), uncounted) {
                    var share = evenly * length[piece] / span
                    if othersTotal > 0 { share += shared * other / othersTotal }
                    if uncountedLength > 0 { share += intoUncounted * uncountedPart / uncountedLength }
                    guard share >= steps[own][piece] else { continue }
                    steps[own][piece] = share
                    metres[own][piece] = row.steps > 0 ? (row.metres ?? 0) * share / row.steps : 0
                    measured[own][piece] = row.metres != nil
                }
            }
            // Each piece's largest device, in whole steps (rounded as they add up); its distance,
            // or, when it measured none, the steps at the metres a step of a device that did.
            var counted: [Interval] = []
            var total = 0.0
            for piece in 0..<pieces {
                var most = 0
                for candidate in deviceOrder.indices.dropFirst() where steps[candidate][piece] > steps[most][piece] { most = candidate }
                let count = (total + steps[most][piece]).rounded() - total.rounded()
                total += steps[most][piece]
                guard count > 0 else { continue }
                var pieceMetres: Double?
                if measured[most][piece] {
                    pieceMetres = metres[most][piece] * count / steps[most][piece]
                } else if let measuring = deviceOrder.indices.first(where: { measured[$0][piece] && steps[$0][piece] > 0 }) {
                    pieceMetres = metres[measuring][piece] / steps[measuring][piece] * count
                }
                counted.append(Interval(start: bounds[piece], end: bounds[piece + 1], steps: count, metres: pieceMetres, device: deviceOrder[most]))
            }
            if counted.isEmpty, let start = bounds.first, let end = bounds.last {
                counted.append(Interval(start: start, end: end, steps: 0, metres: nil, device: rows[0].device))
            }
            overlappingRows += rows.count
            doubleCounted += rows.reduce(0) { $0 + $1.steps } - counted.reduce(0) { $0 + $1.steps }
            return counted
        }
    }

    /// Gives out the intervals counted (``Combination/intervals``, in the order they end) as the
    /// device's cumulative step stream, time 0 at `earliest`: 0 as the first begins (and its
    /// distance 0, when the rows have `distances`), then each count added at its interval's end.
    static func emitCounts<Sink>(_ intervals: [Interval], from earliest: Double, distances: Bool, into emitter: inout SampleEmitter<Sink>) {
        guard !intervals.isEmpty else { return }
        emitter.stepCountBaseline(at: 0, kind: .device, distance: distances ? 0 : nil)
        var steps = 0.0
        var distance: Double? = distances ? 0 : nil
        for interval in intervals {
            if let metres = interval.metres { distance = (distance ?? 0) + metres }
            steps += interval.steps
            emitter.stepCount(
                StepCountSample(time: interval.end - earliest, steps: steps, distance: distance, intervalStart: interval.start - earliest),
                kind: .device)
        }
    }

    /// The column of interval starts that the first rows' starts (date and time of day joined,
    /// when the layout has both) fit, day first when the date, time or steps are named in a
    /// language that writes dates so;
    /// `nil` when they are no date-times. A date with dashes
    /// joined to a time of one-digit hours or on a 12-hour clock (`2017-07-23 8:15 AM`), which
    /// ISO 8601 is not, is read year first. Starts in milliseconds since 1970 are instants, as
    /// zoned texts are.
    private static func column(_ layout: Layout, _ preview: Preview) -> DateTimeColumn? {
        switch layout.numericStarts {
        case .epochMilliseconds, .epochSeconds: return DateTimeColumn(sample: "1970-01-01T00:00:00Z")
        case .spreadsheetDays, .compactDates: return DateTimeColumn(sample: "1970-01-01T00:00:00")
        case nil: break
        }
        guard let first = preview.starts.first else { return nil }
        let dashed = DateParser.Layout.yearFirst(separator: UInt8(ascii: "-"))
        let joinedYearFirst = layout.timeOfDay != nil && preview.starts.allSatisfy { DateParser.parse($0, dashed) != nil }
        let named = ColumnNames(layout.header).normalized
        let dayFirst = NumberStyle.dayFirstNamed([layout.start, layout.timeOfDay, layout.steps].compactMap { $0 }.map { named[$0] })
        return DateTimeColumn(
            sample: first, layout: DateParser.layout(of: preview.starts, slashesDayFirst: dayFirst) ?? (joinedYearFirst ? dashed : nil))
    }

    /// A row's interval start as written: its start field, or its date and time of day joined.
    private static func startText(_ reader: CSVReader, _ layout: Layout) -> String? {
        guard layout.start < reader.fieldCount, !reader.isEmpty(layout.start) else { return nil }
        guard let time = layout.timeOfDay else { return reader.string(layout.start) }
        guard time < reader.fieldCount, !reader.isEmpty(time) else { return nil }
        return DateTimeColumn.joined(reader, date: layout.start, time: time, clockDigits: layout.timeOfDayInClockDigits)
    }

    /// A row's interval start, nanoseconds as ``DateTimeColumn`` gives them.
    private static func start(_ reader: CSVReader, _ layout: Layout, _ column: DateTimeColumn) throws(IngestError) -> TimeColumn.ParsedTime {
        try time(reader, at: layout.start, layout, column)
    }

    /// The time in field `index` (the start's, or the end's written as the start is),
    /// nanoseconds as ``DateTimeColumn`` gives them.
    private static func time(_ reader: CSVReader, at index: Int, _ layout: Layout, _ column: DateTimeColumn) throws(IngestError) -> TimeColumn.ParsedTime {
        switch layout.numericStarts {
        case .epochMilliseconds:
            // From 1973 (10^11 ms; fewer are seconds or days, no Samsung export's) to 2286
            // (10^13 ms), in whole milliseconds: a day's midnight.
            guard let milliseconds = try reader.optionalNumber(index, "day (milliseconds since 1970)"),
                milliseconds.rounded() == milliseconds, (1e11..<1e13).contains(milliseconds)
            else { throw reader.error(atField: index, "day is no whole number of milliseconds since 1970 after 1973") }
            let nanoseconds = Int64(milliseconds) * 1_000_000
            return TimeColumn.ParsedTime(integer: nanoseconds, value: Double(nanoseconds), isInteger: true)
        case .epochSeconds:
            guard let seconds = try reader.optionalNumber(index, "date (seconds since 1970)"), UnitInference.unixTimes.contains(seconds)
            else { throw reader.error(atField: index, "date is no number of seconds since 1970 from 2000 to 2100") }
            let nanoseconds = Int64((seconds * 1000).rounded()) * 1_000_000
            return TimeColumn.ParsedTime(integer: nanoseconds, value: Double(nanoseconds), isInteger: true)
        case .compactDates:
            guard let value = try reader.optionalNumber(index, "date (yyyyMMdd)"), let date = NumericStarts.compactDate(value),
                let parsed = DateParser.parse(date, .iso)
            else { throw reader.error(atField: index, "date is no yyyyMMdd date from 1950 to 2100") }
            return TimeColumn.ParsedTime(integer: parsed.wallNanoseconds, value: Double(parsed.wallNanoseconds), isInteger: true)
        case .spreadsheetDays:
            // To the second: a fraction of a day written with five decimals is 0.864 s.
            guard let days = try reader.optionalNumber(index, "date (a spreadsheet's serial date)"),
                TimeUnit.spreadsheetDays.plausibleValues.contains(days)
            else { throw reader.error(atField: index, "date is no spreadsheet serial date from 1950 to 2100") }
            let nanoseconds = Int64(((days - Self.spreadsheetEpochDay) * 86_400).rounded()) * 1_000_000_000
            return TimeColumn.ParsedTime(integer: nanoseconds, value: Double(nanoseconds), isInteger: true)
        case nil: break
        }
        guard index == layout.start, let time = layout.timeOfDay else { return try column.parse(reader, index) }
        return try column.parse(reader, date: index, time: time, clockDigits: layout.timeOfDayInClockDigits)
    }

    /// 1970-01-01 as a spreadsheet's serial date.
    private static let spreadsheetEpochDay = 25_569.0

    /// Whether the reader's record names another section of the export below the rows (Fitbit's
    /// `Sleep` below its `Activities`): a line of one name, where the table ends.
    private static func startsAnotherSection(_ reader: CSVReader, _ layout: Layout) -> Bool {
        layout.header.count > 2 && reader.fieldCount == 1 && !reader.isEmpty(0) && reader.number(0) == nil
    }

    /// The first 256 rows: their interval starts as written, how their counts are written, and
    /// the steps and distance of those that hold both.
    private struct Preview {
        var starts: [String] = []
        var style = NumberStyle.plain
        /// Whether some rows are the counts of all devices merged (``Layout/sourceType``).
        var mergedRows = false
        /// Whether two rows have one date (the start column's text): rows within a day.
        var datesRepeat = false

        /// Reads the first rows of two readers of the table (`rows` makes one): the starts,
        /// then the style of the counts.
        init(_ rows: () throws(IngestError) -> CSVReader, _ layout: Layout) throws(IngestError) {
            var dates: Set<String> = []
            let reader = try rows()
            while starts.count < 256, try reader.next(), !startsAnotherSection(reader, layout) {
                if let start = startText(reader, layout) { starts.append(start) }
                if layout.start < reader.fieldCount, !dates.insert(reader.string(layout.start)).inserted { datesRepeat = true }
                if isMergedRow(reader, layout) { mergedRows = true }
            }
            style = try rows().numberStyle(
                counts: layout.steps, names: ColumnNames(layout.header).normalized, included: { isStepCountRow($0, layout) },
                ends: { startsAnotherSection($0, layout) })
        }
    }

    /// Whether every row's time of day written as a clock's digits (``Layout/timeOfDayInClockDigits``)
    /// is one, and one at least is past 1 o'clock: `835`, not a slot's number (`87` of 288, or
    /// `0` … `47` of half hours, which the digits of a clock's first hour could be), a number
    /// of seconds or a duration in minutes.
    private static func clockDigitsHold(_ reader: CSVReader, _ layout: Layout) throws(IngestError) -> Bool {
        guard let time = layout.timeOfDay else { return false }
        var pastOne = false
        while try reader.next(), !startsAnotherSection(reader, layout) {
            guard time < reader.fieldCount, !reader.isEmpty(time) else { continue }
            let text = String(reader.string(time).trimmingSpaces)
            guard DateTimeColumn.clock(digits: text) != nil else { return false }
            if !pastOne, let digits = Int(text), digits >= 100 { pastOne = true }
        }
        return pastOne
    }

    /// Whether the reader's row counts steps (not another of Apple Health's quantities).
    private static func isStepCountRow(_ reader: CSVReader, _ layout: Layout) -> Bool {
        layout.type.map { $0 < reader.fieldCount && isStepCountType(reader.string($0)) } ?? true
    }

    /// Samsung Health's `source_type` of the rows that merge all devices' counts.
    private static let mergedSourceType = "-2"

    /// Whether the reader's row is the count of all devices merged (``Layout/sourceType``).
    private static func isMergedRow(_ reader: CSVReader, _ layout: Layout) -> Bool {
        guard let index = layout.sourceType, index < reader.fieldCount else { return false }
        return reader.string(index).trimmingSpaces == mergedSourceType
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

    /// Metres per unit of distance column `index`: as its name states it (`Distance (m)`,
    /// `Distance (km)`, `distance_mi`), else as the steps of the first 256 rows of `reader`
    /// (those `included`, up to one that `ends` the table) that hold both a count (column
    /// `steps`) and a distance, written in `style`, measure it. A step is 0.3 to 1.6 m long: a
    /// distance under a tenth of a metre a step is in kilometres or miles, whichever makes a
    /// step nearer 0.7 m, a daily walk's (Fitbit's export writes `Distance` in the account's
    /// unit, 5.91 for 8,123 steps; a German `Strecke` 3,08 for 4,271), when that step is 0.3
    /// to 1.6 m long, and a note says which; metres otherwise.
    static func metresPerUnit(
        _ names: ColumnNames, _ index: Int, reading reader: CSVReader, steps column: Int, style: NumberStyle,
        included: (CSVReader) -> Bool = { _ in true }, ends: (CSVReader) -> Bool = { _ in false }, info: inout RecordingInfo
    ) throws(IngestError) -> Double {
        if let stated = statedMetres(names, index) { return stated }
        var steps = 0.0, distance = 0.0
        var rows = 0
        while rows < 256, try reader.next(), !ends(reader) {
            rows += 1
            guard included(reader), let count = reader.count(column, style), count > 0,
                let metres = try? reader.optionalNumber(index, "distance", style), metres > 0
            else { continue }
            steps += count
            distance += metres
        }
        guard steps > 0, distance > 0, distance / steps < 0.1 else { return 1 }
        let kilometre = distance / steps * 1000
        let (unit, metres) = kilometre * kilometre * metresPerMile / 1000 > 0.7 * 0.7 ? ("km", 1000.0) : ("mi", metresPerMile)
        guard (0.3...1.6).contains(distance / steps * metres) else { return 1 }
        info.notes.append(
            "distance '\(names.raw[index])' in \(unit) (inferred: \(String(format: "%.2f", distance / steps * metres)) m a step; "
                + "in metres \(String(format: "%.4f", distance / steps)))")
        return metres
    }

    /// A reader of `path` on its header (past any preamble): its next record is the first row.
    private static func rows(_ path: String, displayName: String, layout: Layout, options: IngestOptions) throws(IngestError) -> CSVReader {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0...layout.preambleRecords { _ = try reader.next() }
        return reader
    }

    /// The length of each row's interval in a file of one date column whose first rows hold
    /// times of day other than midnight: the median spacing of those rows (of each device's
    /// rows, when a column names the device), seconds; `nil` when they are dates alone (a day
    /// each).
    private static func rowLength(
        _ path: String, displayName: String, layout: Layout, column: DateTimeColumn, options: IngestOptions
    ) throws(IngestError) -> Double? {
        guard layout.numericStarts != .epochMilliseconds else { return nil }
        let reader = try rows(path, displayName: displayName, layout: layout, options: options)
        let nanosecondsPerDay: Int64 = 86_400 * 1_000_000_000
        // Each device's starts (two devices' rows interleave: each device's spacing is theirs).
        var timesByDevice: [String?: [Int64]] = [:]
        var count = 0
        var timesOfDay = false
        while count < 1024, try reader.next(), !startsAnotherSection(reader, layout) {
            guard let parsed = try? start(reader, layout, column), let text = startText(reader, layout) else { continue }
            let device = Self.device(reader, layout.device)
            timesByDevice[device, default: []].append(parsed.integer)
            count += 1
            // Midnight as written (a zoned date's instant is not midnight in UTC).
            let wall = layout.numericStarts == nil ? DateParser.parse(text, column.layout)?.wallNanoseconds : parsed.integer
            if let wall, wall % nanosecondsPerDay != 0 {
                timesOfDay = true
            }
        }
        let spacings = timesByDevice.values.flatMap { times in
            let sorted = times.sorted()  // rows newest first, or in no order
            return zip(sorted.dropFirst(), sorted).map { $0 - $1 }.filter { $0 > 0 }
        }.sorted()
        guard timesOfDay, !spacings.isEmpty else { return nil }
        return Double(spacings[spacings.count / 2]) / 1e9
    }
}
