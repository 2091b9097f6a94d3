import PedometerCore

/// Step counts without acceleration: a cumulative series (`time,steps[,distance]`), counts per
/// interval stamped with the interval's start (a tracker's minute or hour steps,
/// `timestamp,steps`; of several devices, `timestamp,steps,data source`, Google's Fitbit
/// export), or one row per step (`time` alone, or `time,step`). Headerless files with one
/// column are step events, with two columns counts. Times are numbers in a unit or date-time
/// texts.
enum StepLogReader {
    static let stepNames: Set<String> = [
        "steps", "stepcount", "stepcounts", "cumulativesteps", "totalsteps", "numberofsteps", "count", "steptotal",
        // As health apps name them in other languages: Japanese, Chinese, Korean, German,
        // Spanish, Italian, Portuguese, French, Dutch, Polish, Russian.
        "歩数", "步数", "걸음수", "schritte", "pasos", "passi", "passos", "pas", "stappen", "kroki", "шаги",
    ]
    static let distanceNames: Set<String> = [
        "distance", "distancem", "distancekm", "distancemi", "dist", "cumulativedistance",
        "距離", "距离", "거리", "distanz", "strecke", "distancia", "distanza", "distância", "afstand", "dystans", "дистанция",
    ]
    /// Columns a log of step events may have beside its time (`time,step`, `time,event`).
    static let eventNames: Set<String> = ["step", "event", "type", "stepevent"]

    /// `Data`: a date in Italian, Portuguese and Polish, but in English the data, maybe sample
    /// indices: a date only beside steps named in one of those languages (`Data;Passi`,
    /// `Data,Calorias queimadas,Passos`, `Data;Kroki`).
    static func localisedDate(_ names: ColumnNames) -> Int? {
        guard names.normalized.contains(where: ["passi", "passos", "kroki"].contains) else { return nil }
        return names.index(of: "data")
    }

    /// A step log's time column: one named as a time (``HeaderRoles/timeColumn(_:)``), else a
    /// ``localisedDate(_:)``.
    static func timeColumn(_ names: ColumnNames) -> Int? {
        HeaderRoles.timeColumn(names) ?? localisedDate(names)
    }

    /// Whether a header describes a step log: a time column, no x/y/z axes.
    static func matches(_ names: ColumnNames) -> Bool {
        guard let time = timeColumn(names) else { return false }
        // Named as a time column (`time`, `timestamp_ms` …), not merely starting with "time":
        // `time|x|y|z` (an undetected delimiter) is one unknown column, not a step log.
        let name = names.normalized[time]
        guard HeaderRoles.timeNames.contains(name) || HeaderRoles.foreignTimeNames.contains(name) || HeaderRoles.dateNames.contains(name)
            || HeaderRoles.timeUnit(names, time) != nil || time == localisedDate(names)
        else { return false }
        guard HeaderRoles.find(names) == nil else { return false }
        return names.normalized.indices.allSatisfy { index in
            index == time || stepNames.contains(names.normalized[index]) || distanceNames.contains(names.normalized[index])
                || eventNames.contains(names.normalized[index])
                || SourceColumn.stepLogNames.contains(names.normalized[index])
                || StepIntervalReader.deviceNames.contains(names.normalized[index])
        }
    }

    static func read<Sink>(
        _ path: String, displayName: String, header: [String]?, fieldCount: Int, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        var columns = Columns(time: 0, steps: fieldCount >= 2 ? 1 : nil, distance: nil)
        var timeUnit = options.timeUnit
        if let header {
            let names = ColumnNames(header)
            columns.time = timeColumn(names) ?? 0
            columns.steps = names.index { stepNames.contains($0) }
            columns.distance = names.index { distanceNames.contains($0) }
            columns.device = names.index(where: StepIntervalReader.deviceNames.contains)
            timeUnit = timeUnit ?? HeaderRoles.timeUnit(names, columns.time)
        }
        func rows() throws(IngestError) -> CSVReader {
            let reader = try CSVReader(path: path, options: options, displayName: displayName)
            if header != nil { _ = try reader.next() }
            return reader
        }
        // Day first under a time or steps named in a language that writes dates so.
        let named = header.map { ColumnNames($0).normalized } ?? []
        let dayFirst = NumberStyle.dayFirstNamed([columns.time, columns.steps].compactMap { $0 }.filter(named.indices.contains).map { named[$0] })
        let clock = try clock(
            rows(), columns.time, steps: columns.steps, unit: timeUnit, zone: options.timeZone, slashesDayFirst: dayFirst,
            displayName: displayName, info: &info)
        guard let stepsIndex = columns.steps else {
            info.notes.append("one row per step event")
            try readEvents(rows(), columns.time, clock: clock, displayName: displayName, into: &emitter, info: &info)
            return
        }
        let style = try rows().numberStyle(counts: stepsIndex, names: header.map { ColumnNames($0).normalized } ?? [])
        // Metres per unit of the distance, as its name states it (`Distance (km)`) or the first
        // rows' steps measure it.
        var metresPerUnit = 1.0
        if let header, let index = columns.distance {
            metresPerUnit = try StepIntervalReader.metresPerUnit(ColumnNames(header), index, reading: rows(), steps: stepsIndex, style: style, info: &info)
        }
        if style.pointsGroupThousands { info.notes.append(NumberStyle.pointsGroupThousandsNote) }
        let shape = try Shape(rows(), columns, clock: clock, style: style)
        // Rows of several devices (a watch's minutes and the phone's copy of them) are each
        // device's counts per interval, counted once where they overlap; several devices'
        // running totals are no one count: refused below, at the first row of the second.
        let devices = shape.interval == nil ? nil : columns.device.flatMap { shape.devices.count > 1 ? $0 : nil }
        // The next row of a row's own device ends its interval.
        let nextRow = devices.map { "the next row's of its '\(header?[$0] ?? "")'" } ?? "the next row's"
        if let interval = shape.interval, !shape.steps.isPerInterval {
            info.notes.append(
                "step counts per day, each from its row's time to \(nextRow) (at most \(String(format3: interval)) s): the rows are "
                    + "a day apart and do not rise at every row, as a counter read once a day would")
        } else if let interval = shape.interval {
            info.notes.append(
                "step counts per interval, each from its row's time to \(nextRow) (at most \(String(format3: interval)) s, the "
                    + "rows' usual spacing): they go down \(shape.steps.decreases) times in "
                    + "\(shape.steps.pairs + shape.devices.count) rows, as no cumulative count does")
        } else {
            info.notes.append("cumulative step counts")
        }
        let reader = try rows()
        var clockAtRow = clock
        // One person's counts; of one device, unless they are counts per interval (a device's
        // running total is its own).
        let sources = try sourceColumns(header, rows(), names: SourceColumn.stepLogNames.union(StepIntervalReader.deviceNames))
            .filter { devices == nil || $0.index != columns.device }
        emitter.beginStepCounts(kind: .device, file: displayName)
        if let devices, let interval = shape.interval {
            try readDevices(
                reader, columns, steps: stepsIndex, devices: devices, interval: interval, clock: &clockAtRow, shape: shape,
                metresPerUnit: metresPerUnit, style: style, sources: sources, header: header ?? [], into: &emitter, info: &info)
            if case .dateTimes = clock, clockAtRow.epochStart == nil { info.notes.append(DateTimeClock.localTimeNote) }
            return
        }
        // Counts per interval: each row's interval ends at the next row (or after the usual
        // spacing, across a gap), so it is given out when the next row has been read.
        var pending: (start: Double, steps: Double, distance: Double?)?
        var total = 0.0, metres: Double? = columns.distance.map { _ in 0 }
        func emitPending(until next: Double?, _ interval: Double, into emitter: inout SampleEmitter<Sink>) {
            guard let row = pending else { return }
            let end = min(next ?? .infinity, row.start + interval)
            total += row.steps
            if let distance = row.distance { metres = shape.distancePerInterval ? (metres ?? 0) + distance : distance }
            emitter.stepCount(StepCountSample(time: end, steps: total, distance: metres, intervalStart: row.start), kind: .device)
            pending = nil
        }
        // Whether the rows being skipped went back an hour on a local clock.
        var hourBack = false
        while try reader.next() {
            // One person's counts (Fitabase's merged files hold many: refused where the next begins).
            for source in sources where !source.isSame(reader) { throw source.refusal(reader) }
            do throws(IngestError) {
                let t = try clockAtRow.seconds(reader, columns.time)
                let steps = try reader.requireCount(stepsIndex, "step count", style)
                let distance = try reader.optionalNumber(columns.distance, "distance", style).map { $0 * metresPerUnit }
                guard let interval = shape.interval else {
                    emitter.stepCount(StepCountSample(time: t, steps: steps, distance: distance), kind: .device)
                    continue
                }
                guard steps >= 0 else { throw reader.error(atField: stepsIndex, "negative step count") }
                if let previous = pending {
                    guard t > previous.start else {
                        // An hour back on a zoneless local clock: daylight saving time ending, the
                        // hour's rows written twice (a stranger's minute log lost that hour's steps,
                        // the message not saying why).
                        // At night, as the clocks go back (00:00–03:59 local: 01:00 in America,
                        // 02:00 in Europe); an hour written twice by day is no such change.
                        if case .dateTimes(let column, let dateTimes) = clockAtRow, dateTimes.epochStart == nil,
                            abs(previous.start + interval - 3600 - t) <= min(interval / 2, 60),
                            let wall = try? column.parse(reader, columns.time), (0..<4).contains(wall.integer / 3_600_000_000_000 % 24)
                        {
                            hourBack = true
                        }
                        throw reader.error(
                            atField: columns.time,
                            "interval starts before the previous row's"
                                + (hourBack
                                    ? " (the clock went back an hour: daylight saving time ending on a local clock? --time-zone ZONE "
                                        + "reads its times, e.g. --time-zone Europe/Berlin)" : ""))
                    }
                    emitPending(until: t, interval, into: &emitter)
                    hourBack = false
                } else {
                    emitter.stepCountBaseline(at: t, kind: .device, distance: metres)
                }
                pending = (t, steps, distance)
            } catch {
                try emitter.skip(error)
            }
        }
        if let interval = shape.interval { emitPending(until: nil, interval, into: &emitter) }
        info.startDate = clockAtRow.epochStart
        if case .dateTimes = clock, clockAtRow.epochStart == nil { info.notes.append(DateTimeClock.localTimeNote) }
    }

    /// Counts per interval of several devices (column `devices`: Google's Fitbit export, a
    /// watch's minutes and the phone's Health Connect writing them again some milliseconds
    /// later): each row from its time to its device's next row's (at most its device's usual
    /// spacing, else `interval`, the usual spacing of all devices' own rows; a copy takes the
    /// bounds of the row it copies), the same steps of several devices counted once,
    /// as Samsung's and Apple Health's are (``StepIntervalReader/Combination``); time 0 is the
    /// earliest row's time.
    private static func readDevices<Sink>(
        _ reader: CSVReader, _ columns: Columns, steps stepsIndex: Int, devices: Int, interval: Double, clock: inout Clock,
        shape: Shape, metresPerUnit: Double, style: NumberStyle, sources: [SourceColumn], header: [String],
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        // Several devices' running totals of distance are no distance of an interval.
        let distanceIndex = shape.distancePerInterval ? columns.distance : nil
        if let index = columns.distance, distanceIndex == nil, index < header.count {
            info.notes.append("distance '\(header[index])' not read: a running total, of several devices")
        }
        var pending: [String?: StepIntervalReader.Interval] = [:]
        var order: [String?] = []
        var intervals: [StepIntervalReader.Interval] = []
        while try reader.next() {
            for source in sources where !source.isSame(reader) { throw source.refusal(reader) }
            do throws(IngestError) {
                let t = try clock.seconds(reader, columns.time)
                let steps = try reader.requireCount(stepsIndex, "step count", style)
                guard steps >= 0 else { throw reader.error(atField: stepsIndex, "negative step count") }
                let distance = try reader.optionalNumber(distanceIndex, "distance", style).map { $0 * metresPerUnit }
                let device = StepIntervalReader.device(reader, devices)
                if var previous = pending[device] {
                    guard t > previous.start else {
                        throw reader.error(atField: columns.time, "interval starts before the previous row's of its device")
                    }
                    previous.end = min(t, previous.end)
                    intervals.append(previous)
                } else {
                    order.append(device)
                }
                pending[device] = StepIntervalReader.Interval(
                    start: t, end: t + (shape.deviceIntervals[device] ?? interval), steps: steps, metres: distance, device: device)
            } catch {
                try emitter.skip(error)
            }
        }
        intervals += order.compactMap { pending[$0] }
        intervals.sort { $0.end < $1.end }
        let combination = StepIntervalReader.Combination(intervals, estimatedEnds: true)
        let earliest = combination.intervals.map(\.start).min() ?? 0
        StepIntervalReader.emitCounts(combination.intervals, from: earliest, distances: distanceIndex != nil, into: &emitter)
        info.notes += combination.notes(device: devices < header.count ? header[devices] : nil, sourceType: nil)
        info.startDate = clock.epochStart.map { $0 + earliest }
    }

    /// The columns naming whose counts the rows are (of `names`, ``SourceColumn/stepLogNames``
    /// unless told), each with its first value among the first rows of `reader`.
    static func sourceColumns(
        _ header: [String]?, _ reader: CSVReader, names: Set<String> = SourceColumn.stepLogNames
    ) throws(IngestError) -> [SourceColumn] {
        guard let header else { return [] }
        var rows: [[String]] = []
        while rows.count < 16, try reader.next() { rows.append(reader.strings()) }
        return SourceColumn.find(header: header, in: rows, names: names)
    }

    /// Which column holds what.
    private struct Columns {
        var time: Int
        var steps: Int?
        var distance: Int?
        /// The device or app that counted each row (``StepIntervalReader/deviceNames``:
        /// `data source`, `device` …).
        var device: Int?
    }

    /// A step log's time column: numbers in a unit, or date-time texts.
    private enum Clock {
        case numbers(TimeColumn)
        case dateTimes(DateTimeColumn, DateTimeClock)

        mutating func seconds(_ reader: CSVReader, _ index: Int) throws(IngestError) -> Double {
            switch self {
            case .numbers(var column):
                let seconds = try column.seconds(reader, index)
                self = .numbers(column)
                return seconds
            case .dateTimes(let column, var clock):
                let seconds = clock.seconds(try column.parse(reader, index))
                self = .dateTimes(column, clock)
                return seconds
            }
        }

        var epochStart: Double? {
            switch self {
            case .numbers(let column): column.epochStart
            case .dateTimes(_, let clock): clock.epochStart
            }
        }
    }

    /// The clock of the time column: date-time texts when the first row's time is one (in the
    /// layout that fits the first 256 rows' dates: day or month first; day first with `/` too
    /// when `slashesDayFirst`), else numbers in the unit given or inferred from the first rows
    /// (and their `steps`: see ``spreadsheetDays(_:counts:)``).
    private static func clock(
        _ reader: CSVReader, _ time: Int, steps: Int?, unit: TimeUnit?, zone: TimeZoneRule?, slashesDayFirst: Bool,
        displayName: String, info: inout RecordingInfo
    ) throws(IngestError) -> Clock {
        var times: [Double] = []
        var texts: [String] = []
        var counts: [Double] = []
        while times.count < 256, texts.count < 256, try reader.next() {
            if time < reader.fieldCount, !reader.isEmpty(time) { texts.append(reader.string(time)) }
            if let t = reader.number(time) {
                times.append(t)
                if let steps, let count = reader.number(steps) { counts.append(count) }
            }
        }
        // The layout all the first rows' dates fit: `13/03/2022` below `01/03/2022` is day first.
        if times.isEmpty, let first = texts.first,
            let column = DateTimeColumn(
                sample: first,
                layout: DateParser.layout(of: texts, slashesDayFirst: slashesDayFirst) ?? DateParser.layout(of: first))
        {
            info.notes.append("time from \(column.description)")
            return .dateTimes(column, DateTimeClock(column: column, zone: zone))
        }
        if let unit { return .numbers(TimeColumn(unit: unit)) }
        guard let (unit, note) = UnitInference.timeUnit(times, eventStream: true) else {
            throw IngestError(file: displayName, "cannot infer the time unit of the step log; give --time-unit ns|us|ms|s|excel-days|datenum")
        }
        if unit == .seconds, let days = spreadsheetDays(times, counts: counts) {
            info.notes.append(days)
            return .numbers(TimeColumn(unit: .spreadsheetDays))
        }
        info.notes.append(note)
        return .numbers(TimeColumn(unit: unit))
    }

    /// The note for whole numbers a day apart that are spreadsheet dates (a date cell saved as a
    /// number: 45627, 45628 …), read as seconds by their spacing, when their counts say they
    /// are not seconds: as counts per row or as a running total, faster than anyone walks over
    /// a second (8,123 steps a second), but a day's. `nil` otherwise.
    static func spreadsheetDays(_ times: [Double], counts: [Double]) -> String? {
        guard times.count >= 2, counts.count == times.count, let first = times.first, let last = times.last,
            TimeUnit.spreadsheetDays.plausibleValues.contains(first), TimeUnit.spreadsheetDays.plausibleValues.contains(last),
            times.allSatisfy({ $0 == $0.rounded() }),
            let spacing = zip(times.dropFirst(), times).map({ $0 - $1 }).filter({ $0 > 0 }).median, spacing >= 1,
            let perRow = counts.median,
            let increase = zip(counts.dropFirst(), counts).map({ $0 - $1 }).filter({ $0 > 0 }).median ?? counts.last,
            !Pedometer.isWalkable(perRow, in: spacing), !Pedometer.isWalkable(increase, in: spacing)
        else { return nil }
        let apart = spacing == 1 ? "a day" : "\(String(format3: spacing)) days"
        return "time in excel-days (inferred: whole numbers \(String(format3: first))–\(String(format3: last)), \(apart) apart, are "
            + "spreadsheet dates: as seconds, \(String(format3: perRow)) steps a row would be taken in \(String(format3: spacing)) s; "
            + "a count of days states no zone: no absolute start)"
    }

    /// One row per step: a zero is placed at the first, so the total is the number of rows.
    private static func readEvents<Sink>(
        _ reader: CSVReader, _ time: Int, clock: Clock, displayName: String, into emitter: inout SampleEmitter<Sink>,
        info: inout RecordingInfo
    ) throws(IngestError) {
        var clock = clock
        emitter.beginStepCounts(kind: .device, file: displayName)
        var events = 0.0
        while try reader.next() {
            do throws(IngestError) {
                let t = try clock.seconds(reader, time)
                if events == 0 { emitter.stepCountBaseline(at: t, kind: .device) }
                events += 1
                emitter.stepCount(StepCountSample(time: t, steps: events), kind: .device)
            } catch {
                try emitter.skip(error)
            }
        }
        info.startDate = clock.epochStart
        if case .dateTimes = clock, clock.epochStart == nil { info.notes.append(DateTimeClock.localTimeNote) }
    }

    /// How often a column's values go up and down from one row to the next.
    struct CountChanges {
        var pairs = 0
        var increases = 0
        var decreases = 0
        /// Rows repeating the row before's count, not 0 (a counter while no step is taken).
        var heldCounts = 0
        private var last: Double?

        init() {}

        /// The changes of several devices' rows together, each device's among its own rows.
        init(summing parts: some Sequence<CountChanges>) {
            for part in parts {
                pairs += part.pairs
                increases += part.increases
                decreases += part.decreases
                heldCounts += part.heldCounts
            }
        }

        mutating func add(_ value: Double) {
            if let last {
                pairs += 1
                if value < last { decreases += 1 }
                if value > last { increases += 1 }
                if value == last && value != 0 { heldCounts += 1 }
            }
            last = value
        }

        /// Down at least twice, at least once for every four times up, and more often than
        /// it holds a count: a counter's resets are rare beside its rises (36 hourly rows
        /// of a counter reset twice go up 33 times) and it holds its count through every
        /// rest (a sedentary counter reset each midnight, up 10 times and down 4 in five
        /// days, holds 100 times), while an interval's count falls about as often as it
        /// rises and rests at 0.
        var isPerInterval: Bool { decreases >= 2 && decreases * 4 >= increases && heldCounts < decreases }

        /// Up at every row of at least five: a counter's reading.
        var risesAtEveryRow: Bool { increases >= 4 && decreases == 0 }
    }

    /// Whether a log's counts are cumulative or per interval, from the whole file: a cumulative
    /// count goes down only where the device's counter was reset (a restart, now and then),
    /// goes up whenever a step is taken and holds its value while none is, while counts per
    /// interval go down about as often as they go up (whenever an interval holds fewer steps
    /// than the one before) and rest at 0, seldom at the same count twice. Rows of several
    /// devices (``Columns/device``) are told by each device's own rows, which interleave.
    private struct Shape {
        var steps = CountChanges()
        var distance = CountChanges()
        /// The rows' usual spacing (of each device's own rows), seconds, when the counts are per
        /// interval; `nil` when cumulative.
        var interval: Double?
        /// The devices named (``Columns/device``; `nil` for rows naming none), in the order of
        /// their first rows.
        var devices: [String?] = []
        /// Each device's own usual spacing, where it has two spacings or more at another rate
        /// than the rows' common spacing (a phone's quarter hours beside a watch's minutes: the
        /// review found them squeezed into a minute each, counted faster than anyone walks).
        var deviceIntervals: [String?: Double] = [:]
        /// Whether the rows are a day apart and do not rise at every row, as a counter read
        /// once a day would: a day's counts, though too few rows to go down twice.
        var daily = false
        var distancePerInterval: Bool {
            interval != nil && (distance.pairs == 0 || distance.isPerInterval || (daily && !distance.risesAtEveryRow))
        }

        init(_ reader: CSVReader, _ columns: Columns, clock: Clock, style: NumberStyle) throws(IngestError) {
            var clock = clock
            var spacings: [Double] = []
            // Each device's changes and last time.
            var byDevice: [String?: (steps: CountChanges, distance: CountChanges, last: Double?)] = [:]
            var deviceSpacings: [String?: [Double]] = [:]
            while try reader.next() {
                guard let stepsIndex = columns.steps, let count = reader.count(stepsIndex, style),
                    let t = try? clock.seconds(reader, columns.time)
                else { continue }
                let device = StepIntervalReader.device(reader, columns.device)
                if byDevice[device] == nil { devices.append(device) }
                var own = byDevice[device] ?? (CountChanges(), CountChanges(), nil)
                own.steps.add(count)
                if let index = columns.distance, let metres = try? reader.optionalNumber(index, "distance", style) { own.distance.add(metres) }
                if let last = own.last, t > last {
                    if spacings.count < 1024 { spacings.append(t - last) }
                    if deviceSpacings[device, default: []].count < 1024 { deviceSpacings[device, default: []].append(t - last) }
                }
                own.last = t
                byDevice[device] = own
            }
            steps = CountChanges(summing: devices.compactMap { byDevice[$0]?.steps })
            distance = CountChanges(summing: devices.compactMap { byDevice[$0]?.distance })
            guard !spacings.isEmpty else { return }
            let spacing = spacings.sorted()[spacings.count / 2]
            // Rows a day apart are a day's counts (a health app's export), unless they rise at
            // every row of at least five, as only a counter read once a day does: too few rows
            // to go down twice are no sign of a cumulative count there.
            daily = spacing >= 72_000 && !steps.risesAtEveryRow
            guard steps.isPerInterval || daily else { return }
            interval = spacing
            // Only a device whose rows come at another rate (half as often or less): copies
            // stamped a little late keep the rows' common spacing.
            for (device, own) in deviceSpacings where own.count >= 2 {
                let median = own.sorted()[own.count / 2]
                if median >= 2 * spacing || median <= spacing / 2 { deviceIntervals[device] = median }
            }
        }
    }
}
