import PedometerCore

/// Any CSV of time and x/y/z acceleration: columns found by their names in a header
/// (``HeaderRoles``), chosen with `--columns` (by name or position), or headerless `t,x,y,z`.
/// Times are numbers (their unit stated by the header or inferred) or date-time texts. Units that
/// the header does not state are inferred from the first rows and reported; rows that hold none
/// of the three axes (other sensors' rows of a log that interleaves them) are counted, not
/// reported one by one. phyphox exports are read here too, with the units their headers state.
enum GenericReader {
    /// The columns of a file: where the time and the axes are, what the header says of them,
    /// and how they were chosen.
    struct Columns {
        /// `nil` when the table is timed by ``IngestOptions/sampleRate`` alone.
        var time: Int?
        var x: Int
        var y: Int
        var z: Int
        var timeUnit: TimeUnit?
        var accelerationUnit: AccelerationUnit?
        var kind: AccelerationKind?
        /// Gravity's columns, to add to the axes' (``HeaderRoles/gravity``).
        var gravity: HeaderRoles.Triplet?
        /// Whether gravity is added only if the axes' rows are without it (``HeaderRoles/gravityByPlace``).
        var gravityByPlace = false
        /// Which columns, and why: a note when there was a choice to make (other x/y/z
        /// triplets in the header, or no header), `nil` when the header left none.
        var explanation: String?
        /// For `inspect`: the columns as named in the file.
        var description: String
    }

    /// The columns to read: `--columns` first, then the header's names, then `t,x,y,z` (`x,y,z`
    /// for three columns timed by ``IngestOptions/sampleRate``). With a rate, no time column
    /// is read.
    static func columns(header: [String]?, fieldCount: Int, options: IngestOptions, file: String) throws(IngestError) -> Columns {
        func name(_ index: Int) -> String {
            header.flatMap { index < $0.count ? "'\($0[index])'" : nil } ?? "\(index + 1)"
        }
        func describe(_ t: Int?, _ x: Int, _ y: Int, _ z: Int) -> String {
            let axes = "x \(name(x)), y \(name(y)), z \(name(z))"
            guard options.sampleRate == nil, let t else { return axes }
            return "time \(name(t)), " + axes
        }
        if let roles = options.columns {
            let (t, x, y, z) = try roles.indices(header: header, fieldCount: fieldCount, file: file)
            guard t != nil || options.sampleRate != nil else {
                throw IngestError(file: file, line: 1, column: 1, "--columns gives no time column: name one (t), or time the rows with --rate HZ")
            }
            var columns = Columns(time: t, x: x, y: y, z: z, explanation: nil, description: describe(t, x, y, z))
            if let header, x < header.count {
                let names = ColumnNames(header)
                if let t, t < header.count { columns.timeUnit = HeaderRoles.timeUnit(names, t) }
                (columns.accelerationUnit, columns.kind) = HeaderRoles.stated(names, x: x)
            }
            return columns
        }
        if let header, let roles = HeaderRoles.find(ColumnNames(header)) {
            return Columns(
                time: roles.time, x: roles.x, y: roles.y, z: roles.z, timeUnit: roles.timeUnit,
                accelerationUnit: roles.accelerationUnit, kind: roles.kind, gravity: roles.gravity,
                gravityByPlace: roles.gravityByPlace, explanation: roles.hadAlternatives ? roles.explanation : nil,
                description: describe(roles.time, roles.x, roles.y, roles.z))
        }
        // Timed by the rate: a header naming the axes needs no time column.
        if let header, options.sampleRate != nil, let axes = HeaderRoles.acceleration(ColumnNames(header), excluding: nil) {
            let (x, y, z) = (axes.triplet.x, axes.triplet.y, axes.triplet.z)
            return Columns(
                time: nil, x: x, y: y, z: z, accelerationUnit: axes.unit, kind: axes.kind, gravity: axes.gravity,
                gravityByPlace: axes.gravityByPlace,
                explanation: axes.others.isEmpty ? nil : "columns by name: acceleration \(name(x)), \(name(y)), \(name(z)) (choose another with --columns)",
                description: describe(nil, x, y, z))
        }
        if options.sampleRate != nil && fieldCount == 3 {
            return Columns(
                time: nil, x: 0, y: 1, z: 2, explanation: "headerless: columns taken as x,y,z (use --columns to change)",
                description: describe(nil, 0, 1, 2))
        }
        return Columns(
            time: 0, x: 1, y: 2, z: 3, explanation: "headerless: columns taken as t,x,y,z (use --columns to change)",
            description: describe(0, 1, 2, 3))
    }

    /// The time column the first rows tick with, where the header names several times or a
    /// headerless file's first column does not count up (``TimeColumnChoice``); said in the
    /// columns' explanation.
    private static func chooseTheSampleClock(_ columns: inout Columns, header: [String]?, firstRecords: [[String]]) {
        guard let time = columns.time else { return }
        if let header {
            let names = ColumnNames(header)
            var axes = [columns.x, columns.y, columns.z]
            if let gravity = columns.gravity { axes += [gravity.x, gravity.y, gravity.z] }
            // Clocks named as one: the sensor's, in English, in another language; not a name
            // merely starting with `time` (`time_index`), nor a date.
            let ranks = HeaderRoles.timeColumnsByRank(names)
            let clocks = (ranks[0] + ranks[1] + ranks[3]).filter { !axes.contains($0) }
            guard let clock = TimeColumnChoice.sampleClock(instead: time, among: clocks, in: firstRecords) else { return }
            let (rows, named, other) = (firstRecords.count, TimeColumnChoice.ticks(of: time, in: firstRecords), TimeColumnChoice.ticks(of: clock, in: firstRecords))
            columns.time = clock
            columns.timeUnit = HeaderRoles.timeUnit(names, clock)
            columns.description = columns.description.replacingOccurrences(of: "time '\(header[time])'", with: "time '\(header[clock])'")
            columns.explanation = [
                columns.explanation,
                "time from '\(header[clock])', not '\(header[time])': over the first \(rows) rows '\(header[time])' takes \(named) value(s), "
                    + "'\(header[clock])' \(other) (a sample clock ticks with its rows; choose with --columns)",
            ].compactMap { $0 }.joined(separator: "; ")
        } else if time == 0, firstRecords.first?.count == 4, !TimeColumnChoice.mostlyRises(0, in: firstRecords),
            TimeColumnChoice.countsUp(3, in: firstRecords), !TimeColumnChoice.countsRows(3, in: firstRecords)
        {
            (columns.time, columns.x, columns.y, columns.z) = (3, 0, 1, 2)
            columns.description = "time 4, x 1, y 2, z 3"
            columns.explanation = "headerless: the last column counts up and the first does not: columns taken as x,y,z,t (use --columns to change)"
        }
    }

    /// Whether rows without a time among `records` are samples of the batch stamped above them
    /// (``AccelerationTable/batchesStampedOnce``): they measure what the stamped rows do, the
    /// median magnitude of their axes within a quarter of the stamped rows', and their mean
    /// (gravity, over the first rows) within a quarter of gravity of the stamped rows'.
    /// Another sensor's rows without a time (a gyroscope, whose mean is no gravity, a
    /// magnetometer's µT beside acceleration) or rows of zeros padding a table do not, and stay
    /// skipped; nor does acceleration without gravity, which has no mean to compare.
    private static func batchesStampedOnce(_ records: [[String]], time: Int, axes: [Int]) -> Bool {
        var stamped: [(values: [Double], magnitude: Double)] = [], unstamped: [(values: [Double], magnitude: Double)] = []
        for record in records where axes.allSatisfy({ $0 < record.count }) && time < record.count {
            let values = axes.compactMap { record[$0].numberWithEitherDecimalMark }
            guard values.count == 3, values.allSatisfy(\.isFinite) else { continue }
            let magnitude = values.map { $0 * $0 }.reduce(0, +).squareRoot()
            if record[time].trimmingSpaces.isEmpty { unstamped.append((values, magnitude)) } else { stamped.append((values, magnitude)) }
        }
        guard !stamped.isEmpty, !unstamped.isEmpty else { return false }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func mean(_ rows: [[Double]]) -> [Double] { (0..<3).map { axis in rows.map { $0[axis] }.reduce(0, +) / Double(rows.count) } }
        let ratio = median(unstamped.map(\.magnitude)) / median(stamped.map(\.magnitude))
        let (above, below) = (mean(stamped.map(\.values)), mean(unstamped.map(\.values)))
        let apart = zip(above, below).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
        let gravity = above.map { $0 * $0 }.reduce(0, +).squareRoot()
        return ratio.isFinite && (0.8...1.25).contains(ratio) && apart < 0.25 * gravity
    }

    /// Reads a generic or phyphox file with the layout detection found: `header` (nil when the
    /// file has none) below `preambleRecords` lines that are no rows of the table, with a
    /// second row when `secondRow` says what it held (then in `header` too).
    static func read<Sink>(
        _ path: String, displayName: String, format: RecordingFormat, header: [String]?, preambleRecords: Int = 0,
        secondRow: FormatDetector.SecondHeaderRow? = nil, source: SourceColumn? = nil, options: IngestOptions, into emitter: inout SampleEmitter<Sink>,
        info: inout RecordingInfo
    ) throws(IngestError) {
        let skipRecords = preambleRecords + (header == nil ? 0 : 1) + (secondRow == nil ? 0 : 1)
        switch secondRow {
        case .units: info.notes.append("units from the row under the header")
        case .names: info.notes.append("column names from two header rows, a level over another, joined by '_'")
        case nil: break
        }
        if preambleRecords > 0 {
            info.notes.append("the lines above the \(header == nil ? "first row" : "header") passed over (no rows of the table)")
        }
        let firstRecords = try records(path, displayName: displayName, options: options, skip: skipRecords, count: 256)
        let first = firstRecords.first
        var columns = try columns(header: header, fieldCount: first?.count ?? header?.count ?? 4, options: options, file: displayName)
        if options.columns == nil, options.sampleRate == nil {
            chooseTheSampleClock(&columns, header: header, firstRecords: firstRecords)
        }
        // The detection named the header's first time column; the one read is said instead.
        if let header, let named = HeaderRoles.timeColumn(ColumnNames(header)), let time = columns.time, time != named,
            time < header.count
        {
            info.detectionReason = info.detectionReason.replacingOccurrences(
                of: "time column '\(header[named])'", with: "time column '\(header[time])'")
        }
        if let explanation = columns.explanation { info.notes.append(explanation) }
        // Rows timed by the rate given, or by a time column: numbers, or date-time texts told
        // from the first data row.
        let time = options.sampleRate == nil ? columns.time : nil
        var timeField = time.map { AccelerationTable.TimeField.number($0) } ?? .none
        var dateTime: DateTimeColumn?
        if let time, let sample = first.flatMap({ time < $0.count ? $0[time] : nil }),
            sample.numberWithEitherDecimalMark == nil, var column = DateTimeColumn(sample: sample) {
            // Day and month that fit either order: settled by the file's first change of date.
            if let (order, note) = try settledDayOrder(path, displayName: displayName, options: options, skip: skipRecords, time: time, column: column) {
                column = DateTimeColumn(sample: sample, layout: order) ?? column
                info.notes.append(note)
            }
            // Samples many a second need their times in seconds at least: refused when the first
            // rows all stop at the minute (one midnight written `T08:00` among seconds is fine).
            let minuteOnly = column.minutePrecision && firstRecords.prefix(8).allSatisfy { record in
                time < record.count && DateParser.isMinutePrecision(String(record[time]), column.layout)
            }
            guard !minuteOnly else {
                throw IngestError(
                    file: displayName, line: skipRecords + 1,
                    "times to the minute ('\(sample.trimmingSpaces)'): acceleration samples need their times in seconds; export them with seconds, or time the rows by their rate (--rate HZ)")
            }
            // A date-time that does not move over the first rows (a date alone) times nothing.
            if firstRecords.count >= 16, TimeColumnChoice.ticks(of: time, in: firstRecords) == 1 {
                let name = header.flatMap { time < $0.count ? "'\($0[time])'" : nil } ?? "column \(time + 1)"
                throw IngestError(
                    file: displayName, line: skipRecords + 1, column: time + 1,
                    "the time column \(name) holds one value over the first \(firstRecords.count) rows ('\(sample.trimmingSpaces)'): no clock of the "
                        + "samples; name the time column (--columns) or time the rows by their rate (--rate HZ)")
            }
            dateTime = column
            timeField = .dateTime(time, column)
            info.notes.append("time from \(column.description)")
        }
        if let rate = options.sampleRate {
            info.notes.append("times from --rate: \(String(format3: rate)) samples a second\(columns.time == nil ? "" : ", the time column not read")")
        }
        var table = AccelerationTable(
            skipRecords: skipRecords, time: timeField, x: columns.x, y: columns.y, z: columns.z,
            scale: 1, kind: .total, unitName: "m/s^2", width: header?.count ?? first?.count ?? 4,
            columns: columns.description, header: header)
        table.unitsFromRow = secondRow == .units
        table.batchesStampedOnce = time.map { batchesStampedOnce(firstRecords, time: $0, axes: [columns.x, columns.y, columns.z]) } ?? false
        if let gravity = columns.gravity { table.gravity = (gravity.x, gravity.y, gravity.z) }
        // Rows wider than a header that does not name every column: as wide as --columns says
        // (a role for each column, or a column number beyond the header).
        table.width = max(table.width, table.fieldCount)
        if case .positional(let roles) = options.columns { table.width = max(table.width, roles.count) }
        var timeUnit = options.timeUnit ?? columns.timeUnit
        var accelerationUnit = options.accelerationUnit ?? columns.accelerationUnit
        // Several sensors' rows in one table: the accelerometer's are read.
        var read: Set<Int> = [columns.x, columns.y, columns.z]
        if let gravity = columns.gravity { read.formUnion([gravity.x, gravity.y, gravity.z]) }
        if let time { read.insert(time) }
        if let sensor = SensorColumn.find(in: firstRecords, excluding: read) {
            table.sensor = sensor
            let column = header.flatMap { sensor.index < $0.count ? "'\($0[sensor.index])'" : nil } ?? "\(sensor.index + 1)"
            info.notes.append("rows of several sensors: the accelerometer's ('\(sensor.accelerometer)' in column \(column)) read")
        } else if let numbered = SensorColumn.numbered(
            in: firstRecords, excluding: read.union(header.map { SourceColumn.find(header: $0, in: firstRecords).map(\.index) } ?? []),
            axes: [columns.x, columns.y, columns.z], time: time)
        {
            // Read together, the sensors' rows made one stream at their summed rate, each
            // sensor's values in turn (a walk's 134 m read as 89 m).
            let delimiter = try CSVReader(path: path, options: options, displayName: displayName).delimiter
            let separator = delimiter == UInt8(ascii: "\t") ? "\\t" : String(UnicodeScalar(delimiter))
            let column = header.flatMap { numbered.index < $0.count ? "'\($0[numbered.index])'" : nil } ?? "\(numbered.index + 1)"
            // The lines above the rows kept: the header, and any preamble above it.
            let above = skipRecords == 0 ? "" : skipRecords == 1 ? "NR==1 || " : "NR<=\(skipRecords) || "
            throw IngestError(
                file: displayName, line: skipRecords + 1, column: numbered.index + 1,
                "rows of several sensors numbered in column \(column) (\(numbered.values.map(String.init).joined(separator: ", "))): "
                    + "keep the accelerometer's (its number is in the app's documentation, often the lowest) and read those, e.g. "
                    + "awk -F'\(separator)' '\(above)$\(numbered.index + 1)==\(numbered.values[0])' FILE > accelerometer.csv")
        }
        // Rows of one person or device (a table of several is refused where another begins),
        // as the accelerometer's rows name them.
        if let header {
            let rows = table.sensor.map { sensor in firstRecords.filter { sensor.index < $0.count && $0[sensor.index].trimmingSpaces == sensor.accelerometer } } ?? firstRecords
            table.sources = SourceColumn.find(header: header, in: rows).filter { !read.contains($0.index) && $0.index != table.sensor?.index }
        } else if let source {
            table.sources = [source]
        }

        // Infer what is not stated from the first rows.
        var preview = try previewRows(path, displayName: displayName, table: table, options: options)
        if let gravity = columns.gravity {
            let names = header.map { h in [gravity.x, gravity.y, gravity.z].map { $0 < h.count ? "'\(h[$0])'" : "\($0 + 1)" } } ?? []
            // Axes whose names say nothing of gravity hold it already when their rows average
            // to a vector as long as gravity's (a phone's total acceleration beside its gravity
            // sensor); without gravity they average out (Apple Watch's `accelerationX` …).
            if columns.gravityByPlace, preview.axes.meanVector >= preview.gravity.meanVector / 3 {
                info.notes.append(
                    "gravity \(names.joined(separator: ", ")) not added to the axes: their rows hold gravity already (mean vector "
                        + "\(String(format3: preview.axes.meanVector)), gravity's \(String(format3: preview.gravity.meanVector)))")
                table.gravity = nil
                columns.kind = nil
                preview = try previewRows(path, displayName: displayName, table: table, options: options)
            } else {
                table.columns += " + gravity " + names.joined(separator: ", ")
                info.notes.append("total acceleration = the axes (gravity removed) + gravity \(names.joined(separator: ", ")), row by row")
            }
        }
        // Most rows longer than the table (every one, or all but a first row whose fields
        // set its width: 1 sample read and 9000 rows skipped): refused, not read as a walk of
        // the few that fit.
        if preview.longRows > preview.times.count, let (location, fields) = preview.firstLongRow {
            throw IngestError(
                location,
                "rows have more fields than the header (\(fields), the header \(table.width)): a column it does not name, or the delimiter inside a text field; give each column its role with --columns (e.g. t,x,y,z\(String(repeating: ",_", count: max(fields - 4, 0)))), or quote the text fields")
        }
        if time == nil {
            timeUnit = nil  // timed by the rate
        } else if dateTime != nil {
            timeUnit = .nanoseconds
        } else if timeUnit == nil && preview.times.count < 2 {
            timeUnit = .seconds  // too few good rows to infer from: reading reports why
        } else if timeUnit == nil {
            if let (unit, note) = UnitInference.timeUnit(preview.times) {
                timeUnit = unit
                info.notes.append(note)
            } else {
                throw IngestError(file: displayName, line: nil, UnitInference.timeUnitFailure(preview.times, rateHint: true))
            }
        }
        // A header's time unit under which the first rows give no accelerometer's rate (a
        // "time (s)" column of milliseconds: 0.1 Hz) while another unit gives one is a
        // mislabelled export: the data's unit is read, and said.
        if time != nil, dateTime == nil, let stated = timeUnit, options.timeUnit == nil, let (spacing, how) = UnitInference.spacing(preview.times),
            !UnitInference.plausibleRates.contains(1 / (spacing * stated.seconds)),
            let (inferred, _) = UnitInference.timeUnit(preview.times), inferred != stated
        {
            timeUnit = inferred
            info.notes.append(
                "time headed in \(stated.rawValue) reads like \(inferred.rawValue) (\(how) \(String(format3: spacing)): "
                    + "\(String(format3: 1 / (spacing * stated.seconds))) Hz in \(stated.rawValue), "
                    + "\(String(format3: 1 / (spacing * inferred.seconds))) Hz in \(inferred.rawValue)): read as \(inferred.rawValue) "
                    + "(--time-unit \(stated.rawValue) to keep the header's unit)")
        }
        // Rows too far apart for steps (a logger at 2 Hz): refused, not read as a walk without
        // them, unless --time-unit says so (then its rate is reported as a sampling problem).
        if time != nil, dateTime == nil, options.timeUnit == nil, let unit = timeUnit, let (spacing, how) = UnitInference.spacing(preview.times),
            1 / (spacing * unit.seconds) < UnitInference.lowestStepRate
        {
            let seconds = spacing * unit.seconds
            throw IngestError(
                file: displayName, line: nil,
                "acceleration rows \(String(format3: seconds)) s apart in \(unit.rawValue) (\(how) \(String(format3: spacing)), "
                    + "\(String(format3: 1 / seconds)) Hz): too few samples to find steps in (a walk's come about 2 a second; at least "
                    + "\(String(format3: UnitInference.lowestStepRate)) Hz is needed): record at a higher rate, or give the time unit if it "
                    + "is not \(unit.rawValue) (--time-unit ns|us|ms|s)")
        }
        // Axes named by their letters alone, in a file named as another sensor's (HHAR's
        // `Phones_gyroscope.csv`, Polar's `…_MAGN.txt` in gauss), whose rows show no gravity:
        // that sensor's. Acceleration carried by a body averages to gravity, about 1 g in one of
        // its units; a gyroscope averages out, and the Earth's field is 0.25–0.65 gauss or 25–65
        // µT. The name alone decides nothing (`orientation_test_walk.csv` of a walk is read).
        // Until 2026-11-27 a gyroscope swinging once a step was read as a walk.
        if options.columns == nil, let header, columns.x < header.count, columns.y < header.count, columns.z < header.count,
            HeaderRoles.axesAreUnnamed(ColumnNames(header), x: columns.x), let sensor = HeaderRoles.otherSensor(inFileName: FileSystem.lastComponent(displayName)),
            !preview.rows.showsGravity
        {
            throw IngestError(
                file: displayName, line: 1, column: columns.x + 1,
                "the file's name says \(sensor), and its columns '\(header[columns.x])', '\(header[columns.y])', '\(header[columns.z])' "
                    + "are named by their axes alone, with rows that average to no gravity (median magnitude "
                    + "\(String(format3: preview.rows.medianMagnitude)), mean vector \(String(format3: preview.rows.meanVector))): not "
                    + "read as acceleration (if they are, say so: --columns \(columns.time.map { "t=\($0 + 1)," } ?? "")x=\(columns.x + 1),y=\(columns.y + 1),z=\(columns.z + 1))")
        }
        // Axes named as without gravity whose rows are gravity plainly, steady at 9.8 m/s^2, or
        // at 1 in a unit given as g (no movement without gravity is): gravity included, said
        // (the review: walks with gravity under Physics Toolbox's linear names measured 22 %
        // long). Steady at 1 in m/s^2 or no unit is a walk's linear acceleration as well.
        // Likewise rows averaging to half a g or more in their unit (m/s^2 when none is given):
        // acceleration without gravity averages out (the second review: a sprint so named, 102
        // steps of 204).
        let namedUnit = accelerationUnit ?? .metersPerSecondSquared
        if columns.kind == .user, columns.gravity == nil {
            if let gravity = UnitInference.gravityUnit(preview.rows.magnitudes),
                gravity == .metersPerSecondSquared && accelerationUnit != .g || gravity == .g && accelerationUnit == .g
            {
                columns.kind = nil
                info.notes.append(
                    "acceleration named as without gravity reads like gravity in \(gravity.symbol) (median magnitude "
                        + "\(String(format3: preview.rows.medianMagnitude)), steady): read with gravity")
            } else if preview.rows.meanVector * namedUnit.metersPerSecondSquared >= UnitInference.leastMedianWithGravity {
                columns.kind = nil
                info.notes.append(
                    "acceleration named as without gravity averages to gravity (mean vector \(String(format3: preview.rows.meanVector)) "
                        + "\(namedUnit.symbol), half a g or more): read with gravity")
            }
        }
        let user = columns.kind == .user
        var kind: AccelerationKind = user ? .user : .total
        // A header's unit that the data contradict (gravity steady at 1 under "m/s^2", at 9.8
        // under "g") is a mislabelled export: the data's unit is read, and said.
        if let stated = accelerationUnit, options.accelerationUnit == nil, !user,
            let gravity = UnitInference.gravityUnit(preview.rows.magnitudes), gravity != stated
        {
            accelerationUnit = gravity
            info.notes.append(
                "acceleration headed in \(stated.symbol) reads like gravity in \(gravity.symbol) (median magnitude "
                    + "\(String(format3: preview.rows.medianMagnitude)), steady): read as \(gravity.symbol) "
                    + "(--accel-unit \(stated.rawValue) to keep the header's unit)")
        }
        if let accelerationUnit {
            table.scale = accelerationUnit.metersPerSecondSquared
            table.unitName = accelerationUnit.symbol
            if !user, let remark = UnitInference.gravitySensorRemark(preview.rows.magnitudes, meanVector: preview.rows.meanVector) {
                info.notes.append("acceleration in \(accelerationUnit.symbol) as its header says, but " + remark)
            }
            let median = preview.rows.medianMagnitude * accelerationUnit.metersPerSecondSquared
            let meanVector = preview.rows.meanVector * accelerationUnit.metersPerSecondSquared
            if !user && median < UnitInference.leastMedianWithGravity && meanVector < UnitInference.leastMedianWithGravity {
                kind = .user
                info.notes.append(
                    "acceleration has no 1 g offset (median magnitude \(String(format3: preview.rows.medianMagnitude)) "
                        + "\(accelerationUnit.symbol), under half a g): read as gravity removed")
            }
        } else {
            // Gravity told from the data only where the header's names do not say (`accG`,
            // `TotalAcceleration` hold it, however they move).
            let inferred = UnitInference.acceleration(preview.rows.magnitudes, meanVector: columns.kind == .total ? nil : preview.rows.meanVector)
            (table.scale, table.unitName) = (inferred.scale, inferred.unitName)
            if !user { kind = inferred.kind }
            info.notes.append(
                user && inferred.kind != .user
                    ? "acceleration in \(inferred.unitName) (inferred: median magnitude \(String(format3: preview.rows.medianMagnitude))), "
                        + "without gravity as its names say"
                    : inferred.note)
        }
        table.kind = kind
        if kind == .user && format == .generic {
            info.notes.append("acceleration without gravity: step detection works on it, but total acceleration is better")
        }
        if let rate = options.sampleRate {
            var clock = SampleRateClock(rate: rate, epochStart: nil)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
        } else if let dateTime {
            var clock = DateTimeClock(column: dateTime, zone: options.timeZone)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
            info.startDate = clock.epochStart
            if clock.midnights > 0 { info.notes.append("times of day passed midnight \(clock.midnights) time(s)") }
            if clock.epochStart == nil, dateTime.layout != .timeOfDay { info.notes.append(DateTimeClock.localTimeNote) }
        } else if let time, let timeUnit {
            var clock = TimeColumn(unit: timeUnit)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
            info.startDate = clock.epochStart
            // phyphox's times count from its experiment's start; its meta/time.csv dates them
            // (also of an export in another language, read as a generic table).
            if info.startDate == nil, let origin = clock.originSeconds,
                let reference = PhyphoxTimeReference.beside(path, options: options)
            {
                info.startDate = reference.unixTime(ofExperimentTime: origin)
                info.notes.append("start date from meta/time.csv (the experiment's start, system time \(String(format3: reference.systemTime)))")
            }
            if let header, let steps = ColumnNames(header).index(where: { $0.contains("step") }),
                ![time, columns.x, columns.y, columns.z].contains(steps)
            {
                try readDeviceSteps(
                    path, displayName: displayName, options: options, table: table, time: time, steps: steps,
                    names: header, clock: &clock, into: &emitter, info: &info)
            }
        }
        if emitter.repeatedHeaders > 0 {
            info.notes.append("the header repeated on \(emitter.repeatedHeaders) line(s) below it (files joined?): passed over")
        }
        if emitter.rowsOfTheStampAbove > 0 {
            info.notes.append(
                "\(emitter.rowsOfTheStampAbove) rows without a time read as taken with the stamped row above them "
                    + "(batches stamped once, on their first row), spread over the batch's interval")
        }
        if emitter.rowsWithoutAxes > 0 {
            info.notes.append(
                "\(emitter.rowsWithoutAxes) rows without acceleration (other sensors' rows of an interleaved log) passed over")
        }
    }

    /// The device's own step counter, when the log has a column of it (a browser DeviceMotion
    /// log's `steps`: the phone's hardware count since the start, on rows of its own): a
    /// `device` stream beside our steps, on the acceleration's clock. Rows without a count are
    /// passed over; a count that is not a number is skipped and located.
    private static func readDeviceSteps<Sink>(
        _ path: String, displayName: String, options: IngestOptions, table: AccelerationTable, time: Int, steps: Int,
        names: [String], clock: inout TimeColumn, into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0..<table.skipRecords { _ = try reader.next() }
        var started = false
        while try reader.next() {
            guard steps < reader.fieldCount, !reader.isEmpty(steps) else { continue }
            do throws(IngestError) {
                let t = try clock.seconds(reader, time)
                let count = try reader.requireNumber(steps, "step count")
                if !started {
                    emitter.beginStepCounts(kind: .device, file: displayName, columns: "time '\(names[time])', steps '\(names[steps])'")
                    info.notes.append("device steps: the log's own counter in column '\(names[steps])'")
                    started = true
                }
                emitter.stepCount(StepCountSample(time: t, steps: count), kind: .device)
            } catch {
                try emitter.skip(error)
            }
        }
    }

    /// The day order of slashed dates whose day and month fit either (`05/03/2024`), when the
    /// file's first change of date settles it: the order in which the two dates are a day or
    /// two apart (`05/03` then `06/03`; month first they were a month apart, a recording of 30
    /// days), or the only one the new date fits (`12/03` then `13/03`, refused as no date-time
    /// month first: half of a walk across midnight was skipped). Read to that change, or to
    /// the end when the date never changes (then the order moves no duration). `nil` when
    /// nothing settles it, and the column's own order stands.
    private static func settledDayOrder(
        _ path: String, displayName: String, options: IngestOptions, skip: Int, time: Int, column: DateTimeColumn
    ) throws(IngestError) -> (DateParser.Layout, String)? {
        // Slashes only: dotted and dashed dates are day first wherever they are written.
        guard case .numeric(let order, let separator) = column.layout, separator == UInt8(ascii: "/") else { return nil }
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0..<skip { _ = try reader.next() }
        guard try reader.next(), time < reader.fieldCount else { return nil }
        let earlier = reader.string(time)
        guard DateParser.orderIsAmbiguous([earlier], column.layout) else { return nil }
        func date(_ text: String) -> Substring { text.trimmingSpaces.prefix { $0 != " " && $0 != "T" } }
        // The first row's field up to its date's end, as bytes: the rows of that date start so
        // (compared without building a text for each).
        let firstDate = date(earlier)
        let datePrefix = Array((earlier.prefix { $0 == " " } + firstDate).utf8)
        while try reader.next() {
            guard time < reader.fieldCount, !reader.isEmpty(time) else { continue }
            let field = reader.field(time)
            guard field.count < datePrefix.count || !field.prefix(datePrefix.count).elementsEqual(datePrefix) else { continue }
            let text = reader.string(time)
            guard date(text) != firstDate else { continue }
            let other = DateParser.Layout.numeric(order == .dayFirst ? .monthFirst : .dayFirst, separator: separator)
            func daysApart(_ layout: DateParser.Layout) -> Double? {
                guard let from = DateParser.parse(earlier, layout), let to = DateParser.parse(text, layout) else { return nil }
                return Double(to.wallNanoseconds - from.wallNanoseconds) / 86_400e9
            }
            let fits = { (days: Double?) in days.map { (0...2).contains($0) } ?? false }
            guard !fits(daysApart(column.layout)), fits(daysApart(other)) else { return nil }
            return (other, "day and month in the order that the first change of date ('\(firstDate)' to '\(date(text))') says")
        }
        return nil
    }

    /// The fields of the first `count` data records (fewer when the file has fewer).
    private static func records(
        _ path: String, displayName: String, options: IngestOptions, skip: Int, count: Int
    ) throws(IngestError) -> [[String]] {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0..<skip { _ = try reader.next() }
        var result: [[String]] = []
        while result.count < count, try reader.next() { result.append(reader.strings()) }
        return result
    }

    private struct Preview {
        var times: [Double] = []
        var rows = AccelerationPreview()
        /// With gravity's columns added to the axes (``AccelerationTable/gravity``): the axes
        /// alone, and gravity alone.
        var axes = AccelerationPreview()
        var gravity = AccelerationPreview()
        /// The first row with a value beyond the table's width (passed over), located at that
        /// value, and its field count.
        var firstLongRow: (SourceLocation, Int)?
        /// How many rows had a value beyond the table's width.
        var longRows = 0
    }

    /// Times and raw magnitudes of the first 512 rows that hold all three axes and no value
    /// beyond the table's width (or of those before the 512th row with such a value).
    private static func previewRows(
        _ path: String, displayName: String, table: AccelerationTable, options: IngestOptions
    ) throws(IngestError) -> Preview {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0..<table.skipRecords { _ = try reader.next() }
        var preview = Preview()
        while preview.times.count < 512, preview.longRows < 512, try reader.next() {
            guard table.sensor?.isAccelerometer(reader) ?? true else { continue }
            if let index = reader.fieldBeyond(table.width) {
                if preview.firstLongRow == nil { preview.firstLongRow = (reader.location(ofField: index), reader.fieldCount) }
                preview.longRows += 1
                continue
            }
            guard reader.fieldCount >= table.fieldCount,
                let x = reader.number(table.x), let y = reader.number(table.y),
                let z = reader.number(table.z)
            else { continue }
            var g = (x: 0.0, y: 0.0, z: 0.0)
            if let gravity = table.gravity {
                guard let gx = reader.number(gravity.x), let gy = reader.number(gravity.y), let gz = reader.number(gravity.z) else { continue }
                g = (gx, gy, gz)
            }
            switch table.time {
            case .number(let index):
                guard let t = reader.number(index) else { continue }
                preview.times.append(t)
            case .dateTime, .none:
                preview.times.append(Double(preview.times.count))
            }
            if table.gravity != nil {
                preview.axes.add(x, y, z)
                preview.gravity.add(g.x, g.y, g.z)
            }
            preview.rows.add(x + g.x, y + g.y, z + g.z)
        }
        return preview
    }
}
