import PedometerReport

/// What `pedometer check` found for one recording, or for an expected file without one.
enum CheckOutcome: Sendable, Hashable {
    /// The summary matches the expected file.
    case passed
    /// The summary differs from the expected file.
    case differs([SummaryComparison.Difference])
    /// The recording has no expected file.
    case noExpectedFile
    /// The recording could not be read: `file:line:column: reason`.
    case unreadable(String)
    /// The expected file cannot be used (not JSON, bad options...), or cannot be written.
    case invalidExpectedFile(String)
    /// An expected file whose recording is not there.
    case orphan
    /// `--record`: a new expected file written.
    case created
    /// `--record`: the expected file rewritten; the fields that changed (empty when only its
    /// layout did).
    case updated([SummaryComparison.Difference])
    /// `--record`: the expected file was already up to date.
    case unchanged

    /// How the outcome counts in the summary line.
    enum Tally: String {
        case passed, failed, missing, created, updated, unchanged
    }

    var tally: Tally {
        switch self {
        case .passed: return .passed
        case .noExpectedFile: return .missing
        case .differs, .unreadable, .invalidExpectedFile, .orphan: return .failed
        case .created: return .created
        case .updated: return .updated
        case .unchanged: return .unchanged
        }
    }

    /// The word that starts the outcome's line in the table.
    var label: String {
        switch self {
        case .passed: return "PASS"
        case .differs, .noExpectedFile, .unreadable, .invalidExpectedFile, .orphan: return "FAIL"
        case .created: return "NEW"
        case .updated: return "UPDATED"
        case .unchanged: return "UNCHANGED"
        }
    }

    /// The indented lines under the outcome's line: the differences, or why it failed; at most
    /// `limit` differences (or changes), then how many more (``listed(_:limit:)``).
    func details(expectedFile: String, limit: Int? = nil) -> [String] {
        switch self {
        case .passed, .unchanged: return []
        case .differs(let differences):
            let (shown, more) = Self.listed(differences, limit: limit)
            return shown.map(\.description) + Self.more(more, of: "difference")
        case .noExpectedFile: return ["no expected file (\(expectedFile)); run pedometer check --record (--record --record-errors for a recording that must fail)"]
        case .unreadable(let error): return [error]
        case .invalidExpectedFile(let reason): return [reason]
        case .orphan: return ["expected file without its recording (remove it, or restore the recording)"]
        case .created: return ["written \(expectedFile)"]
        case .updated(let changes):
            guard !changes.isEmpty else { return ["rewritten \(expectedFile) (layout only, no value changed)"] }
            let (shown, more) = Self.listed(changes, limit: limit)
            return shown.map(\.change) + Self.more(more, of: "change")
        }
    }

    /// At most `limit` of `differences` (all when `nil`), in their order, and how many are left
    /// out: the summary's own fields (`steps`, `distanceMeters`: paths without `.` or `[`)
    /// first, then the splits', intervals' and warnings' items, so that a long recording's
    /// thousands of differing splits never hide its step count.
    static func listed(
        _ differences: [SummaryComparison.Difference], limit: Int?
    ) -> (shown: [SummaryComparison.Difference], more: Int) {
        guard let limit, differences.count > limit else { return (differences, 0) }
        let isOwnField = { (difference: SummaryComparison.Difference) in !difference.path.contains { $0 == "." || $0 == "[" } }
        let indices = differences.indices
        let kept = (indices.filter { isOwnField(differences[$0]) } + indices.filter { !isOwnField(differences[$0]) }).prefix(limit)
        return (kept.sorted().map { differences[$0] }, differences.count - kept.count)
    }

    /// The line saying how many differences (or changes) were left out, none when none were.
    private static func more(_ count: Int, of what: String) -> [String] {
        count == 0 ? [] : ["… and \(count) more \(what)\(count == 1 ? "" : "s") (all with --max-differences 0, or --format json)"]
    }

    /// The outcome as a JSON object: `status`, and `differences` (`path`, `expected`, `actual`,
    /// `note`; absent sides left out), `changes` with `--record` (`path`, `previous`,
    /// `current`), or `error`.
    func json(recording: String?, expectedFile: String) -> JSONValue {
        var members: [String: JSONValue] = ["expectedFile": .string(expectedFile)]
        if let recording { members["recording"] = .string(recording) }
        let status: String
        switch self {
        case .passed: status = "pass"
        case .differs(let differences):
            status = "fail"
            members["differences"] = .array(differences.map { Self.json($0, sides: ("expected", "actual")) })
        case .noExpectedFile:
            status = "missing"
            members["error"] = .string(details(expectedFile: expectedFile)[0])
        case .unreadable(let error):
            status = "unreadable"
            members["error"] = .string(error)
        case .invalidExpectedFile(let reason):
            status = "invalid-expected-file"
            members["error"] = .string(reason)
        case .orphan:
            status = "orphan"
            members["error"] = .string(details(expectedFile: expectedFile)[0])
        case .created: status = "new"
        case .updated(let changes):
            status = "updated"
            members["changes"] = .array(changes.map { Self.json($0, sides: ("previous", "current")) })
        case .unchanged: status = "unchanged"
        }
        members["status"] = .string(status)
        return .object(members)
    }

    private static func json(_ difference: SummaryComparison.Difference, sides: (String, String)) -> JSONValue {
        var members: [String: JSONValue] = ["path": .string(difference.path)]
        if let expected = difference.expected { members[sides.0] = expected }
        if let actual = difference.actual { members[sides.1] = actual }
        if let note = difference.note { members["note"] = .string(note) }
        return .object(members)
    }
}
