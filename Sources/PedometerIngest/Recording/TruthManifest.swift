/// A truth manifest: what was really walked in a set of recordings, for `pedometer eval`.
///
/// A CSV with a header naming `path` and `steps`, and optionally `distance_m`, `height_m`,
/// `from_s`, `to_s`, `rate_hz` and `step_times`:
///
/// ```
/// path,steps,distance_m,height_m
/// walk-1.csv,454,401,
/// subject-3/trial-2,38,20,1.72
/// ```
///
/// Paths are relative to the manifest's folder (absolute paths are kept). `steps` is the true
/// step count (0 for a recording in which no step was taken), `distance_m` the distance
/// walked in metres, `height_m` the walker's height in metres (for the stride model).
/// `from_s` / `to_s` (seconds from the recording's start) limit the truth to that part of the
/// recording (a measured lap inside a longer log, a trial between standing still): steps,
/// distance and the other counts are then compared over it alone. `rate_hz` is the samples per
/// second of a recording without a usable time column (what `--rate` says for one file).
/// `step_times` names a file (relative to the manifest's folder) listing when each true step
/// fell, one time per row in its first column, seconds from the recording's start, in order
/// (a first row that is not a number is a header): eval then pairs our steps with them. As
/// many of its times must lie in the window (or the recording) as `steps` says.
public struct TruthManifest: Sendable, Hashable {
    /// One recording's truth.
    public struct Entry: Sendable, Hashable {
        /// The recording's path: the manifest's folder joined with the path it gives.
        public var path: String
        public var steps: Int
        /// Metres walked, when known.
        public var distance: Double?
        /// The walker's height in metres, when known.
        public var height: Double?
        /// The part of the recording the truth covers, seconds from its start (an upper bound
        /// of infinity: to its end); `nil`: all of it.
        public var window: ClosedRange<Double>?
        /// Samples per second of a recording timed by its rate (no usable time column).
        public var sampleRate: Double?
        /// When each true step fell, seconds from the recording's start, in order (those in
        /// ``window`` when it has one); `nil` when the manifest does not say.
        public var stepTimes: [Double]?
        /// Where the entry is in the manifest.
        public var location: SourceLocation
    }

    /// The manifest's own path.
    public var path: String
    public var entries: [Entry]
    /// Header names of columns the manifest has but eval does not read (a `distance` misspelt
    /// is no distance truth), in their order.
    public var unreadColumns: [String] = []
    /// The rows that give no truth (an empty path, steps that are no count, step times that
    /// disagree with it …), each an error at its field: the other rows are still entries.
    public var refusedRows: [IngestError] = []
    /// The recordings those rows name (resolved as entries' paths), so that nothing evaluates
    /// them against another truth.
    public var refusedPaths: [String] = []

    /// More true steps than this in one recording is no count (a year of walking is a few
    /// million): a number written in another column, or a typo.
    public static let maximumSteps = 1e9

    /// Heights outside this range, in metres, are refused (a height in centimetres, or a typo).
    public static let plausibleHeights = 0.5...2.5
    /// Metres a step a truth's distance can give: a shuffle's 0.1 m to a sprint's 3 m.
    public static let plausibleStepLengths = 0.1...3.0

    /// `path` without empty, `.` and `..` steps (a `..` after a name removes the name), as
    /// written: links are not followed.
    static func lexicallyNormalized(_ path: String) -> String {
        // Not RecordingFileName.normalize (the CLI's): that keeps a `..` above `/` and returns an emptied path as written.
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case ".." where !parts.isEmpty && parts.last != "..": parts.removeLast()
            case "..": if !path.hasPrefix("/") { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Whether `path` is a truth manifest (its header names `path` and `steps` columns), so that
    /// a folder search does not take it for a recording.
    /// The header is read as ``read(_:)`` reads it (a byte-order mark, `;` or tabs, quoted
    /// names: a manifest saved by a spreadsheet), once its first line names a path column.
    public static func isManifest(_ path: String) -> Bool {
        guard let line = FileSystem.firstLine(of: path)?.lowercased(),
            pathNames.contains(where: line.contains) || line.drop(while: { $0 == "\u{FEFF}" }).hasPrefix("sep="),
            let reader = try? CSVReader(path: path), (try? reader.next()) == true, (try? skipSeparatorLine(reader)) != nil
        else { return false }
        let names = reader.strings().map { $0.trimmingSpaces.lowercased() }
        return names.contains { pathNames.contains($0) } && names.contains { stepsNames.contains($0) }
    }

    static let pathNames = ["path", "recording", "file"]

    /// Moves `reader` past Excel's `sep=;` line when it is on one (a manifest saved with it);
    /// whether a record is there after it.
    private static func skipSeparatorLine(_ reader: CSVReader) throws(IngestError) -> Bool {
        guard reader.fieldCount <= 2, reader.string(0).lowercased().hasPrefix("sep=") else { return true }
        return try reader.next()
    }
    static let stepsNames = ["steps", "true_steps"]

    /// Reads and checks a manifest. A row that gives no truth is refused, an error at its
    /// location in ``refusedRows`` (a truth is not guessed at); a manifest without a header
    /// naming `path` and `steps` is an error.
    public static func read(_ path: String) throws(IngestError) -> TruthManifest {
        let reader = try CSVReader(path: path)
        guard try reader.next(), try skipSeparatorLine(reader) else {
            throw IngestError(file: path, line: 1, column: 1, "empty manifest: expected a header 'path,steps,distance_m,height_m'")
        }
        let header = reader.strings().map { String($0.trimmingSpaces) }
        let names = header.map { $0.lowercased() }
        func column(_ candidates: [String]) -> Int? { names.firstIndex { candidates.contains($0) } }
        guard let pathColumn = column(pathNames), let stepsColumn = column(stepsNames) else {
            let missing = column(pathNames) == nil ? "path" : "steps"
            throw IngestError(
                file: path, line: 1, column: 1,
                "manifest header '\(header.joined(separator: ","))' has no '\(missing)' column (expected 'path,steps,distance_m,height_m')")
        }
        let distanceColumn = column(["distance_m", "distance"])
        let heightColumn = column(["height_m", "height"])
        let fromColumn = column(["from_s", "from"])
        let toColumn = column(["to_s", "to"])
        let rateColumn = column(["rate_hz", "rate"])
        let stepTimesColumn = column(["step_times", "steps_file"])
        let read = [pathColumn, stepsColumn, distanceColumn, heightColumn, fromColumn, toColumn, rateColumn, stepTimesColumn]
        let unread = names.indices.filter { !read.contains($0) && !names[$0].isEmpty }.map { names[$0] }
        let folder = FormatDetector.parentFolder(path)
        /// A path the manifest gives, relative to its folder unless absolute, without `.` and
        /// `..` steps (`manifests/../rec/x.csv` is `rec/x.csv`: one recording, one folder).
        func resolved(_ given: String) -> String { lexicallyNormalized(given.hasPrefix("/") ? given : folder + "/" + given) }
        var entries: [Entry] = []
        var refused: [IngestError] = []
        var refusedPaths: [String] = []
        /// The entry of the current row, or an error at the field that makes it none.
        func entry() throws(IngestError) -> Entry {
            let relative = reader.isEmpty(pathColumn) ? "" : String(reader.string(pathColumn).trimmingSpaces)
            guard !relative.isEmpty else { throw reader.error(atField: pathColumn, "empty recording path") }
            guard let steps = reader.number(stepsColumn), steps >= 0, steps == steps.rounded(), steps <= maximumSteps else {
                throw reader.error(atField: stepsColumn, "steps must be a whole number from 0 to \(Int(maximumSteps))")
            }
            var distance: Double?
            if let index = distanceColumn, !reader.isEmpty(index) {
                guard let value = reader.number(index), value > 0 else {
                    throw reader.error(atField: index, "distance_m must be a positive number of metres")
                }
                // Metres a step that no walk or run has: a distance in km or feet (0.668 for
                // 1,080 steps was read as 0.6 mm a step, a 99,847 % error in eval's distance).
                if steps > 0, !plausibleStepLengths.contains(value / steps) {
                    let length = value / steps
                    let shown = length < 0.01 ? String(format: "%.2g", length * 1000) + " mm" : String(format: "%.2f", length) + " m"
                    throw reader.error(
                        atField: index,
                        "distance_m \(reader.string(index).trimmingSpaces) for \(Int(steps)) steps is \(shown) a step: it must be metres "
                            + "(\(plausibleStepLengths.lowerBound)–\(plausibleStepLengths.upperBound) m a step), not km or feet")
                }
                distance = value
            }
            var height: Double?
            if let index = heightColumn, !reader.isEmpty(index) {
                guard let value = reader.number(index), plausibleHeights.contains(value) else {
                    throw reader.error(atField: index, "height_m must be metres (\(plausibleHeights.lowerBound)–\(plausibleHeights.upperBound))")
                }
                height = value
            }
            var bounds: [Double?] = [nil, nil]
            for (bound, column) in [fromColumn, toColumn].enumerated() {
                guard let index = column, !reader.isEmpty(index) else { continue }
                guard let value = reader.number(index), value >= 0, value.isFinite else {
                    throw reader.error(atField: index, "\(names[index]) must be seconds ≥ 0 from the recording's start")
                }
                bounds[bound] = value
            }
            var window: ClosedRange<Double>?
            if bounds[0] != nil || bounds[1] != nil {
                let (from, to) = (bounds[0] ?? 0, bounds[1] ?? .infinity)
                guard from < to else {
                    throw reader.error(atField: toColumn!, "\(names[toColumn!]) must be after \(fromColumn.map { names[$0] } ?? "the start")")
                }
                window = from...to
            }
            var sampleRate: Double?
            if let index = rateColumn, !reader.isEmpty(index) {
                guard let value = reader.number(index), value > 0, value.isFinite else {
                    throw reader.error(atField: index, "rate_hz must be a positive number of samples per second")
                }
                sampleRate = value
            }
            var stepTimes: [Double]?
            if let index = stepTimesColumn, !reader.isEmpty(index) {
                let file = String(reader.string(index).trimmingSpaces)
                if let problem = FileSystem.lookupProblem(resolved(file)) {
                    throw reader.error(atField: index, "step times \(file): \(problem)")
                }
                let times = try readStepTimes(resolved(file)).filter { window?.contains($0) ?? true }
                guard times.count == Int(steps) else {
                    throw reader.error(
                        atField: stepsColumn,
                        "steps \(Int(steps)) but \(file) lists \(times.count) step times\(window == nil ? "" : " in the window")")
                }
                stepTimes = times
            }
            return Entry(
                path: resolved(relative), steps: Int(steps), distance: distance,
                height: height, window: window, sampleRate: sampleRate, stepTimes: stepTimes,
                location: reader.location(ofField: 0))
        }
        while try reader.next() {
            // Blank lines, and rows of empty cells (a spreadsheet's rows cleared, not deleted).
            if (0..<reader.fieldCount).allSatisfy({ reader.isEmpty($0) || reader.string($0).trimmingSpaces.isEmpty }) { continue }
            do throws(IngestError) {
                entries.append(try entry())
            } catch {
                refused.append(error)
                let named = reader.isEmpty(pathColumn) ? "" : String(reader.string(pathColumn).trimmingSpaces)
                if !named.isEmpty { refusedPaths.append(resolved(named)) }
            }
        }
        return TruthManifest(path: path, entries: entries, unreadColumns: unread, refusedRows: refused, refusedPaths: refusedPaths)
    }

    /// The step times a manifest's `step_times` column names: the first field of each row,
    /// seconds ≥ 0, in order; a first row whose first field is not a number is a header.
    static func readStepTimes(_ path: String) throws(IngestError) -> [Double] {
        let reader = try CSVReader(path: path)
        var times: [Double] = []
        var headerFields: Int?
        // Without a header, rows of two whole numbers (`6,33`) beside whole numbers alone (`6`,
        // a spreadsheet's 6,00) and no decimal point are a decimal comma too.
        var firstPair: String?
        var pairsOfWholes = 0
        var decimalPoints = false
        while try reader.next() {
            if reader.fieldCount == 1 && reader.isEmpty(0) { continue }
            // A header of one name over rows of two numbers: times written with a decimal comma
            // (`6,33`), which the first field alone would cut to whole seconds.
            if headerFields == 1, reader.fieldCount == 2, reader.number(1) != nil {
                throw reader.error(
                    atField: 0,
                    "one column named, two fields: a decimal comma ('\(reader.string(0)),\(reader.string(1))')? write step times with a decimal point")
            }
            guard let time = reader.number(0), time.isFinite, time >= 0 else {
                if reader.recordCount == 1 && reader.number(0) == nil {  // a header
                    headerFields = reader.fieldCount
                    continue
                }
                throw reader.error(atField: 0, "a step time must be seconds ≥ 0 from the recording's start")
            }
            let wholes = reader.fieldCount == 2 && (0..<2).allSatisfy { index in
                !reader.isEmpty(index) && reader.string(index).trimmingSpaces.allSatisfy(\.isWholeNumberDigit)
            }
            if wholes {
                pairsOfWholes += 1
                if firstPair == nil { firstPair = "\(reader.string(0)),\(reader.string(1))" }
            }
            decimalPoints = decimalPoints || reader.string(0).contains(".")
            if let last = times.last, time < last {
                throw reader.error(atField: 0, "step times must be in order (\(time) after \(last))")
            }
            times.append(time)
        }
        if headerFields == nil, !decimalPoints, pairsOfWholes * 2 >= times.count, let firstPair {
            throw IngestError(
                file: path, line: 1, column: 1,
                "rows of two whole numbers ('\(firstPair)'): a decimal comma, or milliseconds beside another column? "
                    + "write step times as seconds with a decimal point")
        }
        return times
    }
}

extension Character {
    /// An ASCII digit.
    fileprivate var isWholeNumberDigit: Bool { ("0"..."9").contains(self) }
}
