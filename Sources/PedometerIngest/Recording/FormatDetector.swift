/// Decides which format a path holds, and says why.
enum FormatDetector {
    /// A second header row under the names.
    enum SecondHeaderRow {
        /// Each column's unit (`ms`, `m/(s^2)`: Shimmer's export), put in brackets after the
        /// names (``FormatDetector/unitsRow(below:_:)``).
        case units
        /// A second level of names (pandas writes a table with two levels of column names so:
        /// `left_sensor` over `acc_x`), joined to the first (``FormatDetector/namesOfTwoRows(_:options:)``).
        case names
    }

    /// The detected format, its layout, and the evidence.
    struct Detection {
        var format: RecordingFormat
        var layout: Layout
        var reason: String
        /// The roles of a headerless table's columns when the detection found them itself
        /// (WISDM's labelled rows, ``labelledSampleRows(_:options:)``), read as `--columns`
        /// would give them; `nil` otherwise.
        var columns: ColumnRoles? = nil
        /// The column of a headerless table naming whose rows they are (WISDM's user): a row of
        /// another value refuses the file.
        var source: SourceColumn? = nil
    }

    enum Layout {
        case oxfordFolder(String)
        case oxfordLog
        case sensorLoggerFolder(String)
        /// A zip archive: the recording inside it is found and detected when it is read.
        case zip
        /// One Sensor Logger CSV (`TotalAcceleration.csv`, `Pedometer.csv` …) on its own.
        case sensorLoggerFile(header: [String])
        case sensorLog(header: [String])
        /// Generic or phyphox acceleration; `header` is nil for headerless files, and follows
        /// `preambleRecords` lines that are no rows of the table (an app's banner, the device);
        /// `secondRow` tells what the header's second row held, if it had one (`header` holds
        /// both rows' words).
        case table(header: [String]?, preambleRecords: Int = 0, secondRow: SecondHeaderRow? = nil)
        case steps(header: [String]?, fieldCount: Int)
        case xsens(XsensReader.Layout)
        case magnitude(MagnitudeReader.Layout)
        case actigraph(ActiGraphReader.Layout)
        case empatica(EmpaticaReader.Layout)
        case fitCSV(FitCSVReader.Layout)
        case stepIntervals(StepIntervalReader.Layout)

        /// Whether most of the bytes are parsed in stretches on ``IngestOptions/threads``
        /// threads (acceleration tables, SensorLog exports); step logs are read by one reader.
        var readsInStretches: Bool {
            switch self {
            case .oxfordFolder, .oxfordLog, .sensorLoggerFolder, .zip, .sensorLoggerFile, .sensorLog, .table,
                .xsens, .actigraph, .empatica:
                true
            case .steps, .magnitude, .stepIntervals, .fitCSV: false
            }
        }
    }

    /// Spreadsheet workbooks' extensions: refused with a way to a CSV.
    static let spreadsheetExtensions = [".xlsx", ".xls", ".ods", ".numbers"]

    static func detect(_ path: String, options: IngestOptions) throws(IngestError) -> Detection {
        if FileSystem.isDirectory(path) {
            if let detection = detectFolder(path) { return detection }
            do throws(FileSystem.ListingError) {
                _ = try FileSystem.listed(path)
            } catch {
                throw IngestError(file: path, "cannot list: " + error.reason)
            }
            // Asked for one recording (series), given a folder of them.
            let inside = RecordingDiscovery.recordings(in: [path])
            if inside.count == 1 {
                throw IngestError(file: path, "a folder, not a recording: give the file in it, \(inside[0])")
            } else if inside.count > 1 {
                throw IngestError(
                    file: path, "a folder, not a recording: give one of its \(inside.count) files to read (pedometer list \(path) names them)")
            }
            throw IngestError(
                file: path,
                "folder is not a recording: expected a Sensor Logger export (TotalAcceleration.csv, Accelerometer.csv …), an Oxford folder (accelerometer.csv + stepcounter.csv), or a folder holding .csv, .tsv, .txt or .zip recordings")
        }
        if let problem = FileSystem.lookupProblem(path) { throw IngestError(file: path, problem) }
        guard FileSystem.isFile(path) else { throw IngestError(file: path, "not a regular file (a pipe, socket or device)") }
        if path.lowercased().hasSuffix(".zip") {
            return Detection(format: .sensorLogger, layout: .zip, reason: "zip archive")
        }
        if let spreadsheet = spreadsheetExtensions.first(where: { path.lowercased().hasSuffix($0) }) {
            // phyphox exports Excel by default; a workbook is no text table.
            throw IngestError(
                file: path, "a spreadsheet (\(spreadsheet)), not a CSV: export the data as CSV (phyphox: 'CSV (Comma, decimal point)'), or save the sheet as CSV")
        }
        return try detectFile(path, options: options)
    }

    /// The files recording folders are read from (Sensor Logger's, Oxford's), lower-cased:
    /// gzipped (`Gravity.csv.gz`), each is read through its gzip file
    /// (``withGzippedMembers(of:limits:_:)``).
    static let folderFiles = Set(
        (SensorLoggerReader.files + [OxfordReader.accelerometerFile, OxfordReader.footSwitchFile, OxfordReader.metadataFile])
            .map { $0.lowercased() })

    /// Runs `body` with the gzipped files of a recording folder (`TotalAcceleration.csv.gz`,
    /// `accelerometer.csv.gz` …) mounted, so that it reads them as the files themselves; those
    /// that cannot be opened are left out, their errors given to `body`.
    static func withGzippedMembers<Value>(
        of folder: String, limits: ZipLimits, _ body: (_ unreadable: [IngestError]) throws(IngestError) -> Value
    ) throws(IngestError) -> Value {
        try ZipArchiveFiles.withGzippedMembers(of: folder, wanted: folderFiles, limits: limits, body)
    }

    /// A folder that is one recording, or `nil` when it is just a folder. Its files may be
    /// gzipped, any or all (`TotalAcceleration.csv.gz`): a folder of them is the same recording.
    static func detectFolder(_ path: String) -> Detection? {
        let detection = try? withGzippedMembers(of: path, limits: .standard) { _ -> Detection? in
            guard let names = FileSystem.contents(of: path) else { return nil }
            return detectFolder(path, names: names)
        }
        return detection ?? nil
    }

    private static func detectFolder(_ path: String, names: [String]) -> Detection? {
        // A gzipped file is named as such in the reason (`stepcounter.csv.gz`); one that cannot
        // be opened (not mounted) still makes the folder the recording it belongs to, whose
        // reading then says it was not read (rather than a folder of separate files).
        func entry(_ name: String, anyCase: Bool = true) -> (path: String, name: String)? {
            if let found = FileSystem.entry(name, in: path, anyCase: anyCase, names: names) {
                return (found, String(found.split(separator: "/").first ?? Substring(found)))
            }
            let matches: (String) -> Bool = anyCase ? { $0.lowercased() == (name + ".gz").lowercased() } : { $0 == name + ".gz" }
            return names.first(where: matches).map { ($0, $0) }
        }
        if let accelerometer = entry(OxfordReader.accelerometerFile, anyCase: false),
            let footSwitches = entry(OxfordReader.footSwitchFile, anyCase: false)
        {
            return Detection(
                format: .oxford, layout: .oxfordFolder(path),
                reason: "folder with \(accelerometer.name) and \(footSwitches.name) (Oxford step-counter layout)")
        }
        // A Sensor Logger file by its name and its header (another app's accelerometer.csv in a
        // folder of recordings is a recording of its own): any of them, so that one that cannot
        // be read (empty, UTF-16) does not make the export a folder of separate files; or by
        // the app's Metadata.csv beside them, when none can be read.
        func header(_ name: String) -> ColumnNames? {
            FileSystem.firstLine(of: path + "/" + name).map {
                ColumnNames($0.split(separator: ",").map { String($0.trimmingSpaces).replacingOccurrences(of: "\"", with: "") })
            }
        }
        let sensorFiles = SensorLoggerReader.accelerationFiles.compactMap { entry($0) }
        if let file = sensorFiles.first(where: { header($0.path).map(SensorLoggerReader.matchesSensorFile) ?? false }) {
            return Detection(
                format: .sensorLogger, layout: .sensorLoggerFolder(path),
                reason: "folder with \(file.name) (Sensor Logger export)")
        }
        if let file = sensorFiles.first, let metadata = entry(SensorLoggerReader.metadata),
            header(metadata.path).map(SensorLoggerReader.matchesMetadata) ?? false
        {
            return Detection(
                format: .sensorLogger, layout: .sensorLoggerFolder(path),
                reason: "folder with \(file.name) and Sensor Logger's \(metadata.name) (Sensor Logger export)")
        }
        return nil
    }

    private static func detectFile(_ path: String, options: IngestOptions) throws(IngestError) -> Detection {
        let reader = try CSVReader(path: path, delimiter: options.delimiter)
        guard try reader.next() else {
            throw IngestError(file: path, line: 1, column: 1, "empty file: no header and no data")
        }
        let first = reader.strings()
        if ActiGraphReader.opensHeader(first) {
            let layout = try ActiGraphReader.layout(reader, file: path)
            return Detection(
                format: .actigraph, layout: .actigraph(layout),
                reason: "ActiGraph raw CSV: header block (\(String(format3: layout.rate)) Hz), columns '\(layout.header.prefix(4).joined(separator: ","))'")
        }
        func xsens(_ layout: XsensReader.Layout) -> Detection {
            let preamble = layout.preambleRecords == 0 ? "no preamble" : "preamble" + (layout.rate.map { " (\(String(format3: $0)) Hz)" } ?? "")
            return Detection(
                format: .xsens, layout: .xsens(layout),
                reason: "Xsens export: \(preamble), header '\(layout.header.prefix(4).joined(separator: ","))…'")
        }
        if XsensReader.opensPreamble(first) || options.format == .xsens {
            guard let layout = try XsensReader.layout(reader, longestPreamble: longestXsensPreamble) else {
                throw IngestError(
                    file: path, line: 1, column: 1,
                    (options.format == .xsens ? "no Xsens header" : "unknown format: a preamble line '\(first.joined(separator: ",").prefix(40))' not followed by an Xsens header")
                        + " (PacketCounter or SampleTimeFine, Acc_X/Y/Z or FreeAcc_X/Y/Z) in the first \(longestXsensPreamble + 1) lines")
            }
            return xsens(layout)
        }
        if options.format == nil || options.format == .fitCSV, let layout = FitCSVReader.layout(header: first) {
            let shape = layout == .messages ? "one row per message ('Type,Local Number,Message,Field 1,…')" : "--data columns ('accelerometer_data.timestamp[s]' …)"
            return Detection(format: .fitCSV, layout: .fitCSV(layout), reason: "Garmin FIT file converted by FitCSVTool: \(shape)")
        }
        // The DOT app's preamble opens as other apps' do (Excel's `sep=,`, `Key:` lines): an
        // Xsens export when an Xsens header follows it.
        if options.format == nil, options.columns == nil, XsensReader.mayOpenPreamble(first) {
            let lookAhead = try CSVReader(path: path, delimiter: options.delimiter)
            if try lookAhead.next(), let layout = try XsensReader.layout(lookAhead, longestPreamble: longestPreamble), layout.isCertain {
                return xsens(layout)
            }
        }
        let numeric = opensDataRow(reader, options: options)
        let dated = !numeric && opensDatedRow(reader)
        let hasData = try reader.next()
        if let format = options.format {
            if format == .empatica, hasData, let layout = EmpaticaReader.layout(first: first, second: reader.strings()) {
                return Detection(format: format, layout: .empatica(layout), reason: "--format empatica")
            }
            return try forced(format, path: path, header: numeric || dated ? nil : first, fieldCount: first.count)
        }
        if numeric {
            // A first line cut short (a serial capture started mid-line: `6,-1023,16` above
            // rows of `millis,ax,ay,az`): the rows below it decide the layout, and it is passed over.
            if let (below, third) = try rowsBelowCutLine(path, fieldCount: first.count, options: options) {
                let detection = try detectHeaderless(path, below, reader: third, hasData: true, options: options)
                if case .table(header: nil, preambleRecords: 0, secondRow: nil) = detection.layout {
                    return Detection(
                        format: detection.format, layout: .table(header: nil, preambleRecords: 1),
                        reason: detection.reason + ", below a first line cut short ('\(first.joined(separator: ",").prefix(40))': "
                            + "\(first.count) fields, the rows below \(below.count)) passed over")
                }
            }
            return try detectHeaderless(path, first, reader: reader, hasData: hasData, options: options)
        }
        if dated {
            return try detectDatedRows(path, fieldCount: first.count, preamble: nil, options: options)
        }
        guard hasData else {
            throw IngestError(file: path, line: 2, column: 1, "header only: no data rows")
        }
        let withUnits = try unitsRow(below: first, reader)
        // A row of units naming another sensor's (`rad/s` under `time,x,y,z`): refused as the
        // header stating them would be.
        if options.columns == nil, let withUnits, let refusal = otherSensorRefusal(path, withUnits) { throw refusal }
        if let found = withUnits, let detection = try? detectHeader(path, found),
            case .table = detection.layout
        {
            return Detection(
                format: detection.format, layout: .table(header: found, secondRow: .units),
                reason: detection.reason + ", units in the row below it ('\(Self.unitsText(found))')")
        }
        // Columns named by --columns in the first line: that line is the header, whatever it
        // names (a gyroscope's `X [dps]` read as acceleration because the user says so).
        if case .named(let time, let x, let y, let z) = options.columns,
            [time, x, y, z].allSatisfy({ reference in
                guard case .name(let name) = reference else { return true }
                return first.contains { $0.trimmingSpaces == name.trimmingSpaces }
            }), [time, x, y, z].contains(where: { if case .name = $0 { true } else { false } })
        {
            return Detection(format: .generic, layout: .table(header: first), reason: "header '\(first.prefix(6).joined(separator: ","))', columns given by --columns")
        }
        if options.columns == nil, let refusal = otherSensorRefusal(path, first) { throw refusal }
        do {
            return try detectHeader(path, first)
        } catch {
            let preview = first.joined(separator: ",").prefix(40)
            // A file that turns out to be no table at all (a text whose quotes libcsv refuses
            // further down) keeps the error of its first line.
            // A header naming the time and the axes right above dated rows (Shimmer's formatted
            // time, below Excel's `sep=` line; a row of units between them) names their columns;
            // one further up heads another table (a calibration block).
            let named = (try? headerAfterPreamble(path, timed: true, options: options)) ?? nil
            if let rows = (try? datedRowsAfterPreamble(path, options: options)) ?? nil,
                named.map({ !(rows.line - 2...rows.line - 1).contains($0.line) }) ?? true
            {
                return try detectDatedRows(
                    path, fieldCount: rows.fieldCount, preamble: (rows.records, rows.line, rows.device, String(preview)),
                    header: rows.records == 1 && first.count == rows.fieldCount ? first : nil, options: options)
            }
            if let layout = (try? stepIntervalsBelowOneLine(path, options: options)) ?? nil {
                return Detection(
                    format: .steps, layout: .stepIntervals(layout),
                    reason: "header on line 2 names step counts per interval ('\(layout.header[layout.start])', '\(layout.header[layout.steps])'), below a line that is no row of the table ('\(preview)' …)")
            }
            guard let found = named else {
                if let names = try namesOfTwoRows(path, options: options) {
                    if let detection = try? detectHeader(path, names), case .table = detection.layout {
                        return Detection(
                            format: detection.format, layout: .table(header: names, secondRow: .names),
                            reason: detection.reason + ", names joined from two header rows")
                    }
                    if let detection = try tableByOptions(path, names, secondRow: .names, options: options) { return detection }
                }
                if let detection = try tableByOptions(path, first, options: options) { return detection }
                if isComment(first), let detection = try rowsBelowComments(path, options: options) { return detection }
                // Axes without a time below a preamble (HyperIMU with its timestamp off): timed by --rate.
                if let untimed = (try? headerAfterPreamble(path, timed: false, options: options)) ?? nil {
                    do {
                        if let detection = try tableByOptions(
                            path, untimed.header, preambleRecords: untimed.preambleRecords, secondRow: untimed.secondRow, options: options)
                        {
                            let below = ", on line \(untimed.line) below lines that are no rows of the table ('\(preview)' …)"
                            return Detection(format: detection.format, layout: detection.layout, reason: detection.reason + below)
                        }
                    } catch let refusal {
                        throw IngestError(file: path, line: untimed.line, column: 1, refusal.reason)
                    }
                }
                if options.columns == nil, let detection = try labelledSampleRows(path, options: options) { return detection }
                if let roles = try headerlessSensorRows(path, options: options) {
                    throw IngestError(file: path, line: 1, column: 1, "unknown format: \(roles)")
                }
                if options.delimiter == nil, let delimiter = try unsupportedDelimiter(path, options: options) {
                    throw IngestError(
                        file: path, line: 1, column: 1,
                        "fields separated by \(delimiter.name): only commas, semicolons and tabs separate fields (--delimiter comma|semicolon|tab); replace them, e.g. \(delimiter.command) < \(FileSystem.lastComponent(path)) > fixed.csv")
                }
                // Below Excel's `sep=;` line, the table's own header is the one to name (not a
                // preamble's `Title:,my walk` line below it).
                if isSeparatorLine(first), let second = try secondRecord(path, options: options),
                    second.first.map({ !$0.trimmingSpaces.hasSuffix(":") }) ?? false
                {
                    if let refusal = otherSensorRefusal(path, second) { throw IngestError(file: path, line: 2, column: 1, refusal.reason) }
                    do {
                        _ = try detectHeader(path, second)
                    } catch {
                        throw IngestError(file: path, line: 2, column: 1, error.reason)
                    }
                }
                throw error
            }
            let detection = try detectHeader(path, found.header)
            guard case .table = detection.layout else { throw error }
            return Detection(
                format: detection.format,
                layout: .table(header: found.header, preambleRecords: found.preambleRecords, secondRow: found.secondRow),
                reason: detection.reason + (found.secondRow == .units ? ", units in the row below it ('\(Self.unitsText(found.header))')" : "")
                    + ", on line \(found.line) below lines that are no rows of the table ('\(preview)' …)")
        }
    }

    /// Whether the reader's record is a headerless row of numbers, not a header: every field a
    /// number, but for text in a column that positional `--columns` skips (`_`: WISDM's
    /// `33,Walking,49105962326000,-0.69,12.68,0.50` under `_,_,t,x,y,z`) and an empty first
    /// field (`,0.000,0.828,…`: an index column left blank, or spaces turned into a delimiter),
    /// at least one number among them. (Until 2026-11-26 such a first row was taken for the
    /// header: a row lost, and shown as the columns' names.)
    private static func opensDataRow(_ reader: CSVReader, options: IngestOptions) -> Bool {
        var skipped: [GenericColumn] = []
        if case .positional(let roles) = options.columns { skipped = roles }
        var numbers = 0
        for index in 0..<reader.fieldCount {
            if !reader.isEmpty(index) && reader.number(index) != nil {
                numbers += 1
            } else if !(index < skipped.count && skipped[index] == .skip) && !(index == 0 && reader.isEmpty(0)) {
                return false
            }
        }
        return numbers > 0
    }

    /// Lines read to find the field count of most rows below a first line
    /// (``rowsBelowCutLine(_:fieldCount:options:)``).
    static let cutLineSample = 16

    /// The second record's fields, and a reader on the third, when the first, of `fieldCount`
    /// fields, is a line cut short: the second is a row of numbers with more fields, as most
    /// of the next ``cutLineSample`` records (at least 3) have; `nil` otherwise.
    private static func rowsBelowCutLine(
        _ path: String, fieldCount: Int, options: IngestOptions
    ) throws(IngestError) -> (row: [String], third: CSVReader)? {
        let reader = try CSVReader(path: path, options: options)
        guard try reader.next(), try reader.next(), reader.fieldCount > fieldCount, opensDataRow(reader, options: options) else { return nil }
        let second = reader.strings()
        var counts = [second.count]
        while counts.count < cutLineSample, try reader.next() { counts.append(reader.fieldCount) }
        guard counts.count >= 3, counts.filter({ $0 == second.count }).count * 2 > counts.count else { return nil }
        let third = try CSVReader(path: path, options: options)
        for _ in 0..<3 { _ = try third.next() }
        return (second, third)
    }

    /// First characters of a comment line above a table: `#` (numpy's `savetxt`, R, loggers'
    /// banners), `;` (data loggers' settings), `@` (HyperIMU's banner), `%` (MATLAB).
    static let commentMarkers: Set<Character> = ["#", ";", "@", "%"]

    /// Whether `record` is Excel's line naming the delimiter (`sep=;`), which spreadsheet
    /// exports put above the header.
    static func isSeparatorLine(_ record: [String]) -> Bool {
        record.count <= 2 && record.first.map { $0.lowercased().hasPrefix("sep=") } == true && record.dropFirst().allSatisfy(\.isEmpty)
    }

    /// The second record of `path`, `nil` when it has none.
    private static func secondRecord(_ path: String, options: IngestOptions) throws(IngestError) -> [String]? {
        let reader = try CSVReader(path: path, options: options)
        guard try reader.next(), try reader.next() else { return nil }
        return reader.strings()
    }

    /// Whether a record is a comment line: its first field starts with a ``commentMarkers``.
    private static func isComment(_ record: [String]) -> Bool {
        record.first?.trimmingSpaces.first.map(commentMarkers.contains) ?? false
    }

    /// Rows of numbers below comment lines (``isComment(_:)``; at most
    /// ``longestDatedRowPreamble``, a logger's settings, then the rows: HyperIMU's `@ SamplingTime:
    /// 10ms`, a GCDC logger's `;SampleRate, 100,Hz`, `# Created at …`), tried when the first
    /// line is no header (`#time,x,y,z` is one, read as any header): read under the last
    /// comment's names when they are a header as wide as the rows (`;Headers, time,Ax,Ay,Az`),
    /// else as headerless rows, the comments passed over either way. Rows that runs of spaces
    /// separate are refused as such. `nil` when no row of numbers follows the comments, or when
    /// the last comment names every column but no acceleration (`# time,gx,gy,gz`: refused as
    /// the first line is).
    private static func rowsBelowComments(_ path: String, options: IngestOptions) throws(IngestError) -> Detection? {
        let reader = try CSVReader(path: path, options: options)
        var comments: [[String]] = []
        var records = 0  // the comments and blank lines among them
        while try reader.next() {
            let record = reader.strings()
            if !record.allSatisfy(\.isEmpty) {
                guard isComment(record) else { break }
                comments.append(record)
            }
            records += 1
            guard records <= longestDatedRowPreamble else { return nil }
        }
        guard let last = comments.last, !reader.strings().allSatisfy(\.isEmpty) else { return nil }
        let (row, line) = (reader.strings(), reader.line)
        let quoted = "'\(comments[0].joined(separator: ",").prefix(40))' …"
        let below = ", on line \(line) below \(comments.count) comment line(s) (\(quoted))"
        guard opensDataRow(reader, options: options) else {
            let fields = row.count == 1 ? row[0].trimmingSpaces.split(separator: " ") : []
            if options.delimiter == nil, fields.count >= 3, fields.allSatisfy({ isNumberText($0) }) {
                throw IngestError(
                    file: path, line: line, column: 1,
                    "fields separated by spaces\(below): only commas, semicolons and tabs separate fields; replace them, "
                        + "e.g. sed -E '/^[#;@%]/d; s/^ +| +$//g; s/ +/,/g' < \(FileSystem.lastComponent(path)) > fixed.csv")
            }
            return nil
        }
        var names = last.map { String($0.trimmingSpaces) }
        names[0] = String(names[0].drop { commentMarkers.contains($0) || $0 == " " })
        if names.first.map({ $0.isEmpty || $0.lowercased() == "headers" }) == true { names.removeFirst() }
        if options.columns == nil, names.count == row.count {
            // Names for every column that name no acceleration (`# time,gx,gy,gz`, a GPS log's)
            // are another sensor's rows: refused as the first line is.
            guard let detection = try? detectHeader(path, names), case .table = detection.layout else { return nil }
            return Detection(
                format: detection.format, layout: .table(header: names, preambleRecords: records - 1),
                reason: detection.reason + ", names from the comment line above the rows\(below)")
        }
        let next = try CSVReader(path: path, options: options)
        for _ in 0...records { _ = try next.next() }
        let hasData = try next.next()
        let detection: Detection
        do {
            detection = try detectHeaderless(path, row, reader: next, hasData: hasData, preambleRecords: records, options: options)
        } catch {
            throw IngestError(error.location, error.reason + below).movingLines(by: line - 1)
        }
        // Another headerless layout (7 numbers a row read as an Oxford app log) is not what
        // a logger that writes comments above its rows writes: the user says which is which.
        guard case .table(header: nil, preambleRecords: 0, secondRow: nil) = detection.layout else {
            throw IngestError(
                file: path, line: line, column: 1,
                "unknown format: headerless rows of \(row.count) numbers\(below); give each column's role with --columns "
                    + "(e.g. t,x,y,z\(String(repeating: ",_", count: max(row.count - 4, 0))), the axes where they are, other columns _)")
        }
        return Detection(
            format: detection.format, layout: .table(header: nil, preambleRecords: records),
            reason: detection.reason + below)
    }

    /// Whether the reader's record is a headerless row of a date-time and at least three
    /// numbers (`2014-05-07 13:29:50.430,-0.05,0.09,0.98`: Axivity's and Garmin's exports). The
    /// date-time has a time of day: a date alone times no acceleration (a daily summary's row).
    private static func opensDatedRow(_ reader: CSVReader) -> Bool {
        reader.fieldCount >= 4 && reader.number(0) == nil && reader.string(0).contains(":")
            && DateTimeColumn(sample: reader.string(0)) != nil
            && (1..<reader.fieldCount).allSatisfy { !reader.isEmpty($0) && reader.number($0) != nil }
    }

    /// Rows of date-times this far apart or more, seconds, are epochs: an activity monitor's
    /// per-epoch summaries (counts, mean acceleration; epochs of 1–60 s), never the samples of
    /// an accelerometer, which steps need at 5 Hz or more.
    static let shortestEpoch = 1.0

    /// The seconds between the date-times of the first two records after `skipping` ones, and
    /// the second's line; `nil` when they do not both parse or do not increase.
    private static func datedRowSpacing(
        _ path: String, skipping: Int, options: IngestOptions
    ) throws(IngestError) -> (seconds: Double, line: Int)? {
        let reader = try CSVReader(path: path, options: options)
        for _ in 0...skipping { guard try reader.next() else { return nil } }
        guard let column = DateTimeColumn(sample: reader.string(0)), let first = try? column.parse(reader, 0),
            try reader.next(), let second = try? column.parse(reader, 0), second.integer > first.integer
        else { return nil }
        return (Double(second.integer - first.integer) / 1e9, reader.line)
    }

    /// Lines searched for headerless rows of a date-time and numbers below a preamble (a
    /// GENEActiv export has 100).
    static let longestDatedRowPreamble = 200

    /// The first of the next ``longestDatedRowPreamble`` records that is a headerless row of a
    /// date-time and numbers (``opensDatedRow(_:)``) followed by another with as many fields:
    /// the records above it, its line, its field count, and the device a preamble line names
    /// (`GENEActiv`) if any; `nil` when there is none.
    private static func datedRowsAfterPreamble(
        _ path: String, options: IngestOptions
    ) throws(IngestError) -> (records: Int, line: Int, fieldCount: Int, device: String?)? {
        let reader = try CSVReader(path: path, options: options)
        var device: String?
        for records in 0...longestDatedRowPreamble {
            guard try reader.next() else { return nil }
            if opensDatedRow(reader) {
                let (line, fieldCount) = (reader.line, reader.fieldCount)
                guard try reader.next(), reader.fieldCount == fieldCount, opensDatedRow(reader) else { return nil }
                return (records, line, fieldCount, device)
            }
            if device == nil, reader.strings().contains(where: { $0.localizedCaseInsensitiveContains("GENEActiv") }) {
                device = "GENEActiv"
            }
        }
        return nil
    }

    /// A table of headerless rows, a date-time and numbers, as `t,x,y,z` when that is all they
    /// hold; below a preamble (`records` above the first row, its `line`, the `device` a
    /// preamble line names, the preamble's first line) when `preamble` is given, which may be
    /// the rows' `header` (a line of names as wide as they are).
    private static func detectDatedRows(
        _ path: String, fieldCount: Int, preamble: (records: Int, line: Int, device: String?, first: String)?,
        header: [String]? = nil, options: IngestOptions
    ) throws(IngestError) -> Detection {
        let records = preamble?.records ?? 0
        let below = preamble.map { ", on line \($0.line) below lines that are no rows of the table ('\($0.first)' …)" } ?? ""
        if let (spacing, line) = try datedRowSpacing(path, skipping: records, options: options), spacing >= shortestEpoch {
            // Columns none of which is named as acceleration or a measure of it (a workout's
            // `Time,Speed,Cadence,HeartRate,…`): no epoch summaries of acceleration, said so.
            if let header, let measures = otherMeasures(header) {
                throw IngestError(
                    file: path, line: line, column: 1,
                    "rows \(String(format3: spacing)) s apart of \(measures), no acceleration: a log of other measures (a workout's "
                        + "speed, cadence or heart rate), not acceleration samples, and no steps can be found in them; export the raw acceleration")
            }
            throw IngestError(
                file: path, line: line, column: 1,
                "rows \(String(format3: spacing)) s apart: epoch summaries (one row per epoch: activity counts or mean acceleration), not acceleration samples, and no steps can be found in them; export the raw samples")
        }
        if options.columns != nil {
            return Detection(
                format: .generic, layout: .table(header: nil, preambleRecords: records),
                reason: "headerless rows of a date-time and numbers\(below), columns given by --columns")
        }
        if fieldCount == 4 {
            return Detection(
                format: .generic, layout: .table(header: nil, preambleRecords: records),
                reason: "headerless rows of a date-time and 3 numbers (t,x,y,z)\(below)")
        }
        // GENEActiv's CSV: 100 lines about the device, then time, x, y, z (g), light (lux),
        // button, temperature; its epoch-compressed export has 12 columns of epoch means.
        if preamble?.device == "GENEActiv" {
            if fieldCount == 7 {
                return Detection(
                    format: .generic, layout: .table(header: nil, preambleRecords: records),
                    reason: "GENEActiv raw data (time, x, y, z, light, button, temperature)\(below)")
            }
            throw IngestError(
                file: path, line: preamble?.line, column: 1,
                "GENEActiv export with \(fieldCount) columns: not raw data (an epoch-compressed export holds means over each epoch, no steps); export the raw data")
        }
        let guess = try TimeColumnChoice.suggestedRoles(for: firstRecords(path, skipping: records, options: options), time: 0)
        throw IngestError(
            file: path, line: preamble?.line ?? 1, column: 1,
            "unknown format: headerless rows of a date-time and \(fieldCount - 1) numbers; give each column's role with --columns (t the time, "
                + "x,y,z the acceleration, _ any other)\(guess.map { ", perhaps \($0) (guessed from the first rows: check it)" } ?? ", e.g. t,x,y,z" + String(repeating: ",_", count: max(fieldCount - 4, 0)))")
    }

    /// The names after the first of `header` quoted and listed, when none names acceleration
    /// or a measure of it (`acc`, an axis or x/y/z triplet, activity counts, `VM`, `ENMO`,
    /// magnitude); `nil` when one does.
    private static func otherMeasures(_ header: [String]) -> String? {
        let names = ColumnNames(header)
        let accelerationWords = ["acc", "axis", "count", "activity", "enmo", "magnitude"]
        guard HeaderRoles.triplets(names).isEmpty,
            !names.normalized.contains(where: { name in name == "vm" || name == "mad" || accelerationWords.contains(where: name.contains) })
        else { return nil }
        return header.dropFirst().map { "'\($0)'" }.joined(separator: ", ")
    }

    /// A delimiter the reader does not split at, with a command that replaces it: when the
    /// first two records are one field each that `|`, or runs of spaces, split alike into 3
    /// fields or more (`timestamp|accX|accY|accZ` over numbers); `nil` otherwise.
    private static func unsupportedDelimiter(
        _ path: String, options: IngestOptions
    ) throws(IngestError) -> (name: String, command: String)? {
        let reader = try CSVReader(path: path, options: options)
        var records: [String] = []
        while records.count < 2, try reader.next() {
            guard reader.fieldCount == 1 else { return nil }
            records.append(reader.string(0))
        }
        guard records.count == 2 else { return nil }
        let candidates: [(name: String, command: String, split: (String) -> [Substring])] = [
            ("'|'", "tr '|' ','", { $0.split(separator: "|", omittingEmptySubsequences: false) }),
            // Not `tr -s ' ' ','`: right-aligned columns' leading spaces became an empty first
            // field, and that file was refused in turn.
            ("spaces", "sed -E 's/^ +| +$//g; s/ +/,/g'", { $0.trimmingSpaces.split(separator: " ") }),
        ]
        for candidate in candidates {
            let counts = records.map { candidate.split($0).count }
            if counts[0] >= 3, counts[0] == counts[1] { return (candidate.name, candidate.command) }
        }
        return nil
    }

    /// Step counts per interval whose header is on the second line, below one naming the data
    /// (Samsung Health's export: `com.samsung.shealth.tracker.pedometer_step_count,6315002,15`,
    /// then `…,com.samsung.health.step_count.start_time,…,count,…,end_time,…`); `nil` otherwise.
    private static func stepIntervalsBelowOneLine(_ path: String, options: IngestOptions) throws(IngestError) -> StepIntervalReader.Layout? {
        let reader = try CSVReader(path: path, options: options)
        guard try reader.next(), reader.fieldCount <= 4, try reader.next(),
            var layout = StepIntervalReader.layout(reader.strings(), fileName: FileSystem.lastComponent(path))
        else {
            return nil
        }
        layout.preambleRecords = 1
        return layout
    }

    /// Names of a column that makes each row one workout (Strava's `Activity ID`), as
    /// ``ColumnNames`` normalizes them: a list of workouts.
    static let activityIDNames: Set<String> = ["activityid", "activityname", "activitytitle", "workoutname"]
    /// Names of a workout's type (Garmin Connect's `Activity Type`), which also label a step
    /// log's rows: a list of workouts only beside one of ``workoutNames``.
    static let activityTypeNames: Set<String> = ["activitytype", "sporttype", "workouttype"]
    /// A workout's own totals: its title, elapsed or moving time, duration.
    static let workoutNames: Set<String> = ["title", "elapsedtime", "movingtime", "duration", "totaltime"]

    /// Lines searched for a header below a preamble.
    static let longestPreamble = 20
    /// Lines searched for an Xsens header below a preamble only Xsens software writes (MT
    /// Manager's `//` lines, about 12 in its 2022 exports).
    static let longestXsensPreamble = 200

    /// A header below lines that are no rows of the table (an app's banner, the device, the
    /// rate, Excel's `sep=` line): the first of the next ``longestPreamble`` lines that names a
    /// time column and x/y/z acceleration (``HeaderRoles``) and is followed by a row of numbers
    /// there, the time a number or a date-time (or by a row of units and then one of numbers: the header then holds the units,
    /// ``unitsRow(below:_:)``), with the count of records above it and its line; `nil` when
    /// there is none. Not `timed`: the first that names x/y/z acceleration and no time, above
    /// numbers there.
    private static func headerAfterPreamble(
        _ path: String, timed: Bool, options: IngestOptions
    ) throws(IngestError) -> (header: [String], preambleRecords: Int, line: Int, secondRow: SecondHeaderRow?)? {
        let reader = try CSVReader(path: path, options: options)
        guard try reader.next() else { return nil }
        for preamble in 1...longestPreamble {
            guard try reader.next() else { return nil }
            var candidate = reader.strings()
            let line = reader.line
            let candidateNames = ColumnNames(candidate)
            guard timed
                ? HeaderRoles.find(candidateNames) != nil
                : HeaderRoles.timeColumn(candidateNames) == nil && HeaderRoles.acceleration(candidateNames, excluding: nil) != nil
            else { continue }
            guard try reader.next() else { return nil }
            var secondRow: SecondHeaderRow?
            if let withUnits = try self.unitsRow(below: candidate, reader) {
                (candidate, secondRow) = (withUnits, .units)
            }
            let names = ColumnNames(candidate)
            func numbers(_ columns: [Int]) -> Bool { columns.allSatisfy { $0 < reader.fieldCount && reader.number($0) != nil } }
            if timed, let roles = HeaderRoles.find(names) {
                guard roles.time < reader.fieldCount,
                    reader.number(roles.time) != nil || DateTimeColumn(sample: reader.string(roles.time)) != nil,
                    numbers([roles.x, roles.y, roles.z])
                else { return nil }
            } else {
                // As many fields as the rows below: names of some of their columns (`# ax,ay,az`
                // above `ms,x,y,z` rows) are no header of them.
                guard reader.fieldCount == candidate.count, let axes = HeaderRoles.acceleration(names, excluding: nil),
                    numbers([axes.triplet.x, axes.triplet.y, axes.triplet.z])
                else { return nil }
            }
            return (candidate, preamble, line, secondRow)
        }
        return nil
    }

    /// When the reader's record, under `header`, states each column's unit (`ms`, `m/(s^2)`:
    /// Shimmer's export) and the record below it holds numbers: the header with each unit in
    /// brackets after its name (`Accel_LN_X_CAL (m/(s^2))`, read as any unit a header states),
    /// the reader then on that record below; `nil` otherwise (a units row has as many fields as
    /// the header, no number, at least two units, none longer than 12 characters but a date's
    /// layout, `yyyy/mm/dd hh:mm:ss.000`, and the row below numbers in at least half its fields,
    /// and is no repeat of the header's names, which is a repeated header), the reader where it
    /// was or one record on.
    private static func unitsRow(below header: [String], _ reader: CSVReader) throws(IngestError) -> [String]? {
        let units = reader.strings().map { $0.trimmingSpaces }
        func isUnit(_ text: Substring) -> Bool { (text.count <= 12 || isDateLayout(text)) && !isNumberText(text) }
        guard units.count == header.count, units.allSatisfy(isUnit),
            units.filter({ !$0.isEmpty }).count >= 2,
            ColumnNames(units.map(String.init)).normalized != ColumnNames(header).normalized, try reader.next(),
            holdsNumbers(reader)
        else { return nil }
        return zip(header, units).map { name, unit in
            unit.isEmpty || name.contains("(") || name.contains("[") ? name : "\(name) (\(unit))"
        }
    }

    /// Whether a text is a date-time's layout written as a unit (Shimmer's formatted time,
    /// `yyyy/mm/dd hh:mm:ss.000`): a year or an hour's letters, and only a layout's letters,
    /// separators and zeros.
    private static func isDateLayout(_ text: Substring) -> Bool {
        let lower = text.lowercased()
        return (lower.contains("yy") || lower.contains("hh")) && lower.allSatisfy { "ymdhsfzt/:-._ 0".contains($0) }
    }

    /// A header of two rows of names, as pandas writes a table with two levels of column names
    /// (`sensor,left_sensor,right_sensor,…` over `axis,acc_x,acc_x,…`): the first two records
    /// as many fields long, the second without a number, above a record of numbers in at least
    /// half its fields; each column's names joined by `_` (`left_sensor_acc_x`; one alone when
    /// the other is empty). `nil` otherwise.
    private static func namesOfTwoRows(_ path: String, options: IngestOptions) throws(IngestError) -> [String]? {
        let reader = try CSVReader(path: path, options: options)
        guard try reader.next() else { return nil }
        let top = reader.strings().map { String($0.trimmingSpaces) }
        guard try reader.next(), reader.fieldCount == top.count else { return nil }
        let bottom = reader.strings().map { String($0.trimmingSpaces) }
        guard bottom.allSatisfy({ !isNumberText($0) }), bottom.filter({ !$0.isEmpty }).count >= 3, try reader.next(),
            holdsNumbers(reader)
        else { return nil }
        return zip(top, bottom).map { upper, lower in
            upper.isEmpty || lower.isEmpty ? upper + lower : "\(upper)_\(lower)"
        }
    }

    /// Whether a field is a number, with a decimal point or a decimal comma (`-0,35075` in a
    /// `;`-separated file): no unit nor name.
    private static func isNumberText<Text: StringProtocol>(_ text: Text) -> Bool {
        Double(String(text)) != nil || Double(text.replacingOccurrences(of: ",", with: ".")) != nil
    }

    /// Whether at least half the fields of the reader's record are numbers (a data row under a
    /// header's second row).
    private static func holdsNumbers(_ reader: CSVReader) -> Bool {
        (0..<reader.fieldCount).filter { reader.number($0) != nil }.count * 2 >= reader.fieldCount
    }

    /// The first units of a header written by ``unitsRow(below:_:)`` (as ``ColumnNames`` reads them).
    private static func unitsText(_ header: [String]) -> String {
        ColumnNames(header).units.filter { !$0.isEmpty }.prefix(4).joined(separator: ",")
    }

    /// The refusal of a header whose x/y/z columns beside a time are all another sensor's, none
    /// of them acceleration (a gyroscope's `X [dps]`, a magnetometer's `x-axis (T)`, a
    /// quaternion's `w,x,y,z`: ``HeaderRoles``); `nil` for any other header. Until 2026-11-27 a
    /// gyroscope in dps swinging once a step was read as acceleration in an unknown unit: a walk
    /// of 71 steps. (Axes named by their letters alone in a file named as another sensor's are
    /// told by their rows: ``GenericReader``.)
    private static func otherSensorRefusal(_ path: String, _ header: [String]) -> IngestError? {
        let names = ColumnNames(header)
        // Sensor Logger's and SensorLog's files are refused in their readers' terms.
        guard !SensorLoggerReader.matchesSensorFile(names), !SensorLogReader.matches(names), HeaderRoles.find(names) == nil,
            let time = HeaderRoles.timeColumn(names)
        else { return nil }
        let triplets = HeaderRoles.triplets(names).filter { $0.x != time }
        guard let other = triplets.first, case .other(let sensor) = other.meaning, !triplets.contains(where: { $0.meaning.rank >= 0 })
        else { return nil }
        let preview = header.prefix(6).joined(separator: ",") + (header.count > 6 ? ",…" : "")
        return IngestError(
            file: path, line: 1, column: other.x + 1,
            "header '\(preview)' names a time ('\(header[time])') and no acceleration: its x/y/z columns '\(header[other.x])', "
                + "'\(header[other.y])', '\(header[other.z])' are another sensor's (\(sensor)); pedometer reads acceleration")
    }

    private static func detectHeader(_ path: String, _ header: [String]) throws(IngestError) -> Detection {
        let names = ColumnNames(header)
        let preview = header.prefix(6).joined(separator: ",")
        if SensorLogReader.matches(names) {
            return Detection(
                format: .sensorLog, layout: .sensorLog(header: header),
                reason: "SensorLog column names (\(SensorLogReader.evidence(names)))")
        }
        if SensorLoggerReader.matchesSensorFile(names) {
            return Detection(
                format: .sensorLogger, layout: .sensorLoggerFile(header: header),
                reason: "Sensor Logger sensor file header '\(preview)'")
        }
        if SensorLoggerReader.matchesMetadata(names) {
            throw IngestError(
                file: path, line: 1, column: 1,
                "Sensor Logger's \(FileSystem.lastComponent(path)) describes a recording and holds no samples: read the recording's "
                    + "folder or zip, with its acceleration (\(SensorLoggerReader.accelerationFiles.filter { $0 != SensorLoggerReader.pedometer }.joined(separator: ", "))) "
                    + "or its steps (\(SensorLoggerReader.pedometer))")
        }
        if let layout = MagnitudeReader.layout(names) {
            return Detection(
                format: .magnitude, layout: .magnitude(layout),
                reason: "header names time column '\(header[layout.time])' and magnitude '\(header[layout.magnitude])', no x/y/z axes")
        }
        if let layout = HeaderRoles.find(names) {
            let phyphox = header[layout.time].contains("Time (s)") && header[layout.x].contains("cceleration x")
            return Detection(
                format: phyphox ? .phyphox : .generic, layout: .table(header: header),
                reason: phyphox
                    ? "phyphox header '\(header[layout.time])', '\(header[layout.x])'"
                    : "header names time column '\(header[layout.time])' and axes '\(header[layout.x])', '\(header[layout.y])', '\(header[layout.z])'")
        }
        // A list of workouts, one row each with its totals (Strava's and Garmin Connect's
        // activities.csv): its date and steps columns are no day's step log (a run's 5.01 km
        // was read as a day of 5 m).
        let workoutType = names.index(where: activityTypeNames.contains).flatMap { names.normalized.contains(where: workoutNames.contains) ? $0 : nil }
        if let activity = names.index(where: activityIDNames.contains) ?? workoutType {
            throw IngestError(
                file: path, line: 1, column: 1,
                "a list of activities ('\(header[activity])' column), one row per workout with its totals: no recording of one walk or "
                    + "run; export an activity's raw sensor log instead (acceleration, or the device's steps over time)")
        }
        if let layout = StepIntervalReader.layout(header, fileName: FileSystem.lastComponent(path)) {
            return Detection(
                format: .steps, layout: .stepIntervals(layout),
                reason: "header names step counts per \(layout.end == nil ? "day" : "interval") ('\(header[layout.start])'\(layout.end.map { ", '\(header[$0])'" } ?? ""), '\(header[layout.steps])'), no acceleration")
        }
        if StepLogReader.matches(names) {
            return Detection(
                format: .steps, layout: .steps(header: header, fieldCount: header.count),
                reason: "header '\(preview)' names a time column and step counts, no acceleration")
        }
        // Step counts in a layout no step-log reader knows (Fitbit's minute steps, an export
        // with other columns beside them): say what a step log needs, not what acceleration does.
        if let steps = names.index(where: StepLogReader.stepNames.contains) {
            throw IngestError(
                file: path, line: 1, column: 1,
                "unknown format: header '\(preview)\(header.count > 6 ? ",…" : "")' names step counts ('\(header[steps])') in no layout "
                    + "pedometer reads: counts per interval need a start and an end column (or a date, for a day's count), and a "
                    + "cumulative count or a list of step events a time column and the counts alone (see formats.md, step logs)")
        }
        // A time without acceleration (a GPS log, a list of workouts): named, as what is missing.
        if let time = HeaderRoles.timeColumn(names) {
            throw IngestError(
                file: path, line: 1, column: 1,
                "unknown format: header '\(preview)\(header.count > 6 ? ",…" : "")' names a time ('\(header[time])') but no x/y/z "
                    + "acceleration and no step counts (see --input-format and --columns)")
        }
        throw IngestError(
            file: path, line: 1, column: 1,
            "unknown format: header '\(preview)\(header.count > 6 ? ",…" : "")' names no time and x/y/z acceleration columns (see --input-format and --columns)")
    }

    /// A header that names no time column, or none the detection knows, read as the user's
    /// options say: its axes timed by `--rate`, or the columns `--columns` names; `nil` without
    /// such options. A header naming x/y/z acceleration but no time asks for the rate.
    private static func tableByOptions(
        _ path: String, _ header: [String], preambleRecords: Int = 0, secondRow: SecondHeaderRow? = nil, options: IngestOptions
    ) throws(IngestError) -> Detection? {
        let names = ColumnNames(header)
        let preview = header.prefix(6).joined(separator: ",") + (header.count > 6 ? ",…" : "")
        let layout = Layout.table(header: header, preambleRecords: preambleRecords, secondRow: secondRow)
        if options.columns != nil {
            return Detection(format: .generic, layout: layout, reason: "header '\(preview)', columns given by --columns")
        }
        guard HeaderRoles.timeColumn(names) == nil, let axes = HeaderRoles.acceleration(names, excluding: nil) else { return nil }
        let listed = [axes.triplet.x, axes.triplet.y, axes.triplet.z].map { "'\(header[$0])'" }.joined(separator: ", ")
        if let rate = options.sampleRate {
            return Detection(
                format: .generic, layout: layout, reason: "header names axes \(listed), no time column: timed by --rate \(String(format3: rate))")
        }
        throw IngestError(
            file: path, line: 1, column: 1,
            "header names acceleration \(listed) but no time column: give the sampling rate (--rate HZ: sample n at n / HZ seconds) or the time column (--columns)")
    }

    /// The layout of headerless rows, `first` the first of them, below `preambleRecords` records
    /// passed over; `reader` is on the record after `first`.
    private static func detectHeaderless(
        _ path: String, _ first: [String], reader: CSVReader, hasData: Bool, preambleRecords: Int = 0, options: IngestOptions
    ) throws(IngestError) -> Detection {
        let count = first.count
        let integerTime = Int64(first[0]) ?? 0
        if options.columns != nil {
            return Detection(format: .generic, layout: .table(header: nil), reason: "headerless, columns given by --columns")
        }
        // An empty first field (`,0.000,0.828,…`) is no time nor axis: which columns are, the
        // user says.
        if first[0].isEmpty && count >= 4 {
            let roles = count >= 5 ? "_,t,x,y,z" + String(repeating: ",_", count: count - 5) : "_,x,y,z with --rate HZ"
            throw IngestError(
                file: path, line: 1, column: 1,
                "unknown format: headerless with \(count) columns, the first empty; give --columns with _ for it (e.g. \(roles))")
        }
        if let rate = options.sampleRate, count >= 3 {
            return Detection(
                format: .generic, layout: .table(header: nil),
                reason: "headerless, \(count) numeric columns timed by --rate \(String(format3: rate))")
        }
        if count == 7 && integerTime > 1_000_000_000 {
            return Detection(
                format: .oxford, layout: .oxfordLog,
                reason: "headerless, 7 numeric columns with nanosecond times (Oxford app log: ns,x,y,z,stepsAlgorithm,stepsGroundTruth,stepsHardware)")
        }
        if count == 5 && integerTime > 1_000_000_000 && FileSystem.lastComponent(path) == OxfordReader.accelerometerFile {
            return Detection(
                format: .oxford, layout: .oxfordFolder(parentFolder(path)),
                reason: "Oxford accelerometer.csv (ns,accuracy,x,y,z)")
        }
        if count == 4 {
            return Detection(format: .generic, layout: .table(header: nil), reason: "headerless, 4 numeric columns")
        }
        if hasData, let layout = EmpaticaReader.layout(first: first, second: reader.strings()) {
            return Detection(
                format: .empatica, layout: .empatica(layout),
                reason: "headerless, 3 columns below a start (\(String(format3: layout.start))) and a rate (\(String(format3: layout.rate)) Hz) row (Empatica E4 ACC.csv)")
        }
        if count <= 2 {
            return Detection(
                format: .steps, layout: .steps(header: nil, fieldCount: count),
                reason: count == 1 ? "headerless, one numeric column (step times)" : "headerless, two numeric columns (time, cumulative steps)")
        }
        if count == 3 {
            throw IngestError(
                file: path, line: 1, column: 1, "unknown format: headerless with 3 numeric columns, no time; if they are x,y,z, give the rate: --rate HZ")
        }
        guard try hasIncreasingColumn(path, skipping: preambleRecords, options: options) else {
            throw IngestError(
                file: path, line: 1, column: 1,
                "unknown format: headerless with \(count) numeric columns, none increasing from row to row (no time column); "
                    + "give the rate and each column's role: --rate HZ --columns x,y,z,_ (the axes where they are, other columns _)")
        }
        let guess = try TimeColumnChoice.suggestedRoles(for: firstRecords(path, skipping: preambleRecords, options: options))
        throw IngestError(
            file: path, line: 1, column: 1,
            "unknown format: headerless with \(count) numeric columns; give each column's role with --columns (t the time, x,y,z the "
                + "acceleration, _ any other)\(guess.map { ", perhaps \($0) (guessed from the first rows: check it)" } ?? ", e.g. t,x,y,z" + String(repeating: ",_", count: count - 4))")
    }

    /// What to give for headerless rows of several sensors named in a column (the LiU Sensor
    /// Fusion app's tab-separated `122130049, ACC, x, y, z` beside `GYR` and `MAG` rows), whose
    /// first row is taken for a header: every field of the first 32 rows a number but for a
    /// column naming the sensors, one of them an accelerometer
    /// (``SensorColumn/find(in:excluding:)``). `nil` otherwise.
    private static func headerlessSensorRows(_ path: String, options: IngestOptions) throws(IngestError) -> String? {
        let reader = try CSVReader(path: path, options: options)
        var records: [[String]] = []
        while records.count < 32, try reader.next() { records.append(reader.strings()) }
        guard records.count >= 2, let sensor = SensorColumn.find(in: records, excluding: []),
            records.allSatisfy({ record in record.indices.allSatisfy { $0 == sensor.index || isNumberText(record[$0].trimmingSpaces) } }),
            let width = records.first(where: { $0[sensor.index].trimmingSpaces == sensor.accelerometer })?.count, width >= 5
        else { return nil }
        var roles = Array(repeating: "_", count: width)
        let numbers = roles.indices.filter { $0 != sensor.index }
        for (role, index) in zip(["t", "x", "y", "z"], numbers) { roles[index] = role }
        return "headerless rows of several sensors named in column \(sensor.index + 1) ('\(sensor.accelerometer)' …): give each "
            + "column's role, e.g. --columns \(roles.joined(separator: ",")) (the time, then the axes; the accelerometer's rows are read)"
    }

    /// Headerless rows that label each sample with text, taken for a header (WISDM's
    /// `33,Walking,49105962326000,-0.6946377,12.680544,0.50395286;`: user, activity, time in
    /// ns, x, y, z in m/s^2, each row ending in `;`), read as `_,_,t,x,y,z`. Of the first 16
    /// rows, three in four or more have the same width (a trailing empty field aside), the
    /// first too unless it holds numbers (two rows written on one line: skipped when read);
    /// one column holds text in each of them (the label), every other one a number; of those,
    /// one never falls from row to row and rises in three steps of four or more, rows of zeros
    /// aside (the time: WISDM writes rows of zeros), and the three after it are the axes, with
    /// nothing but the label after them. The number column before the time with the fewest
    /// values, when they repeat, is the user: a row of another refuses the file. Refused when
    /// the file's name says another sensor and the axes show no gravity (WISDM 2019's
    /// `data_1600_gyro_phone.txt` beside the accelerometer's). `nil` when the rows are not such.
    private static func labelledSampleRows(_ path: String, options: IngestOptions) throws(IngestError) -> Detection? {
        func width(_ record: [String]) -> Int { record.last.map { $0.trimmingSpaces.isEmpty } == true ? record.count - 1 : record.count }
        let first = try firstRecords(path, skipping: 0, options: options)
        let widths = first.map(width)
        guard first.count >= 4, let count = Set(widths).max(by: { a, b in widths.filter { $0 == a }.count < widths.filter { $0 == b }.count })
        else { return nil }
        let records = first.filter { width($0) == count }
        guard count >= 5, records.count * 4 >= first.count * 3,
            width(first[0]) == count || first[0].contains(where: { isNumberText($0.trimmingSpaces) })
        else { return nil }
        let columns = 0..<count
        let labels = columns.filter { index in records.allSatisfy { !$0[index].trimmingSpaces.isEmpty && !isNumberText($0[index].trimmingSpaces) } }
        guard labels.count == 1, let label = labels.first,
            columns.allSatisfy({ index in index == label || records.allSatisfy { isNumberText($0[index].trimmingSpaces) } })
        else { return nil }
        // Rows of zeros aside (every number 0 but one, the user's).
        func isZeroRow(_ row: [Double]) -> Bool { row.indices.filter { $0 != label && row[$0] != 0 }.count < 2 }
        let values = records.map { record in record.map { Double(String($0.trimmingSpaces)) ?? 0 } }
        let rows = values.filter { !isZeroRow($0) }
        func isTime(_ index: Int) -> Bool {
            let steps = zip(rows.dropFirst(), rows).map { $0[index] - $1[index] }
            return !steps.isEmpty && steps.allSatisfy { $0 >= 0 } && steps.filter { $0 > 0 }.count * 4 >= steps.count * 3
        }
        let rising = columns.filter { $0 != label && isTime($0) }
        guard rising.count == 1, let time = rising.first, time + 3 < count,
            !(time + 1...time + 3).contains(label), (time + 4..<count).allSatisfy({ $0 == label })
        else { return nil }
        var preview = AccelerationPreview()
        for row in rows { preview.add(row[time + 1], row[time + 2], row[time + 3]) }
        if let sensor = HeaderRoles.otherSensor(inFileName: FileSystem.lastComponent(path)), !preview.showsGravity {
            throw IngestError(
                file: path, line: 1, column: 1,
                "headerless labelled rows in a file whose name says \(sensor), whose axes show no gravity (mean vector "
                    + "\(String(format3: preview.meanVector))): that sensor's, not acceleration; --columns reads them as acceleration if they are")
        }
        var roles = Array(repeating: GenericColumn.skip, count: count)
        roles[time] = .time
        (roles[time + 1], roles[time + 2], roles[time + 3]) = (.x, .y, .z)
        let ids = (0..<time).filter { $0 != label }.map { index in (index, Set(records.map { $0[index].trimmingSpaces }).count) }
        let user = ids.filter { $0.1 * 2 <= records.count }.min { $0.1 < $1.1 }?.0
        let named = roles.map(\.rawValue).joined(separator: ",")
        let opening = records[0]
        let wisdm = count == 6 && label == 1 && time == 2 ? " (WISDM's user,activity,time,x,y,z)" : ""
        // Rows of zeros first would set time 0 at 0, hours before the samples: passed over.
        let zeroRows = first.prefix { width($0) == count && isZeroRow($0.map { Double(String($0.trimmingSpaces)) ?? 0 }) }.count
        return Detection(
            format: .generic, layout: .table(header: nil, preambleRecords: zeroRows),
            reason: "headerless rows labelled in column \(label + 1) ('\(opening[label].trimmingSpaces)'): read as \(named)\(wisdm)"
                + (zeroRows == 0 ? "" : ", below \(zeroRows) rows of zeros"),
            columns: .positional(roles),
            source: user.map { SourceColumn(index: $0, name: "user", value: String(opening[$0].trimmingSpaces), headerless: true) })
    }

    /// The first 16 records of `path` below `preambleRecords` passed over.
    private static func firstRecords(_ path: String, skipping preambleRecords: Int, options: IngestOptions) throws(IngestError) -> [[String]] {
        let reader = try CSVReader(path: path, options: options)
        for _ in 0..<preambleRecords { _ = try reader.next() }
        var records: [[String]] = []
        while records.count < 16, try reader.next() { records.append(reader.strings()) }
        return records
    }

    /// Whether a column of `path`'s first rows (up to 16, below `preambleRecords` passed over)
    /// could be a time column: a number in each that never decreases from row to row and
    /// increases between a quarter of them or more (a time shared by the rows of interleaved
    /// sensors, or by a batch, repeats). When none does (mHealth's 24 columns of sensor values
    /// and an activity label), the rows can be timed only by their rate.
    private static func hasIncreasingColumn(_ path: String, skipping preambleRecords: Int, options: IngestOptions) throws(IngestError) -> Bool {
        let reader = try CSVReader(path: path, options: options)
        for _ in 0..<preambleRecords { _ = try reader.next() }
        var previous: [Double?] = []
        var rising: [Int?] = []  // per column, the rows it rose from; nil once it falls or holds no number
        var rows = 0
        while rows < 16, try reader.next() {
            let values = (0..<reader.fieldCount).map { reader.number($0) }
            if rows == 0 {
                rising = values.map { $0 == nil ? nil : 0 }
            } else {
                for index in rising.indices {
                    guard let rises = rising[index], index < values.count, let value = values[index], let before = previous[index],
                        value >= before
                    else {
                        rising[index] = nil
                        continue
                    }
                    rising[index] = rises + (value > before ? 1 : 0)
                }
            }
            previous = values
            rows += 1
        }
        return rows < 2 || rising.contains { $0.map { $0 > 0 && $0 * 4 >= rows - 1 } ?? false }
    }

    private static func forced(_ format: RecordingFormat, path: String, header: [String]?, fieldCount: Int) throws(IngestError) -> Detection {
        let reason = "--format \(format.rawValue)"
        switch format {
        case .sensorLog:
            guard let header else { throw IngestError(file: path, line: 1, column: 1, "SensorLog files have a header") }
            return Detection(format: format, layout: .sensorLog(header: header), reason: reason)
        case .sensorLogger:
            guard let header else { throw IngestError(file: path, line: 1, column: 1, "Sensor Logger files have a header") }
            return Detection(format: format, layout: .sensorLoggerFile(header: header), reason: reason)
        case .phyphox, .generic:
            return Detection(format: format, layout: .table(header: header), reason: reason)
        case .oxford:
            return Detection(format: format, layout: fieldCount == 7 ? .oxfordLog : .oxfordFolder(parentFolder(path)), reason: reason)
        case .steps:
            return Detection(format: format, layout: .steps(header: header, fieldCount: fieldCount), reason: reason)
        case .xsens:
            preconditionFailure("--format xsens is read by the Xsens reader or refused before")
        case .actigraph:
            throw IngestError(file: path, line: 1, column: 1, "no ActiGraph header block ('------------ Data File Created By ActiGraph ...')")
        case .fitCSV:
            throw IngestError(
                file: path, line: 1, column: 1,
                "no FitCSVTool header ('Type,Local Number,Message,Field 1,Value 1,Units 1,…', or --data columns 'accelerometer_data.timestamp[s],…')")
        case .empatica:
            throw IngestError(file: path, line: 1, column: 1, "no Empatica E4 start and rate rows (three columns: Unix start time, then the rate in Hz)")
        case .magnitude:
            guard let header, let layout = MagnitudeReader.layout(ColumnNames(header)) else {
                throw IngestError(file: path, line: 1, column: 1, "no header naming a time column and a magnitude column")
            }
            return Detection(format: format, layout: .magnitude(layout), reason: reason)
        }
    }

    static func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
