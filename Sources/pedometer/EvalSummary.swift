import PedometerCore

/// Mean, median and largest of absolute percentage errors.
struct ErrorStatistics: Sendable, Encodable {
    var recordings: Int
    /// Mean absolute percentage error.
    var mape: Double?
    var medianAbsolutePercent: Double?
    var maxAbsolutePercent: Double?

    init(_ absoluteErrors: [Double]) {
        recordings = absoluteErrors.count
        guard !absoluteErrors.isEmpty else { return }
        let sorted = absoluteErrors.sorted()
        mape = sorted.reduce(0, +) / Double(sorted.count)
        medianAbsolutePercent = sorted.median
        maxAbsolutePercent = sorted.last
    }
}

/// Steps counted in recordings whose truth is 0 (no step taken): all of them false.
struct FalseSteps: Sendable, Encodable {
    var recordings: Int
    var total: Int
    var most: Int

    init(_ counts: [Int]) {
        recordings = counts.count
        total = counts.reduce(0, +)
        most = counts.max() ?? 0
    }
}

/// The errors of a set of rows: ours, the baseline's, the device's, against the alternating
/// foot-switch counts, of distance, and the false steps where nothing was walked.
struct EvalStatistics: Sendable, Encodable {
    var ours: ErrorStatistics
    var baseline: ErrorStatistics
    var device: ErrorStatistics
    /// Ours against the alternating counts of foot-switch truths.
    var alternating: ErrorStatistics
    /// Our distance against measured distances.
    var distance: ErrorStatistics
    /// Recordings with a truth of 0: our false steps, and the baseline's.
    var oursFalseSteps: FalseSteps
    var baselineFalseSteps: FalseSteps
    /// Recordings where ours is more than 2 points worse than the baseline.
    var worseThanBaseline: [String]

    init(_ rows: [EvalRow]) {
        ours = ErrorStatistics(rows.compactMap { $0.errorPercent.map(abs) })
        baseline = ErrorStatistics(rows.compactMap { $0.baselineErrorPercent.map(abs) })
        device = ErrorStatistics(rows.compactMap { $0.deviceErrorPercent.map(abs) })
        alternating = ErrorStatistics(rows.compactMap { $0.alternatingErrorPercent.map(abs) })
        distance = ErrorStatistics(rows.compactMap { $0.distanceErrorPercent.map(abs) })
        let zero = rows.filter { $0.truthSteps == 0 }
        oursFalseSteps = FalseSteps(zero.map(\.steps))
        baselineFalseSteps = FalseSteps(zero.map(\.baselineSteps))
        worseThanBaseline = rows.filter(\.worseThanBaseline).map(\.label)
    }
}

/// One folder's statistics.
struct EvalGroup: Sendable, Encodable {
    var folder: String
    var statistics: EvalStatistics
}

/// The last object eval writes: counts, statistics over every row (their fields at the top
/// level) and per folder, and the pairing totals.
struct EvalSummary: Sendable, Encodable {
    var evaluated: Int
    var skipped: Int
    var failed: Int
    var overall: EvalStatistics
    /// Per folder, in the order folders first appear; absent with a single folder.
    var folders: [EvalGroup]
    /// `nil` when no recording's ground truth logged each step.
    var matching: MatchingTotals?

    init(rows: [EvalRow], skipped: Int, failed: Int) {
        evaluated = rows.count
        self.skipped = skipped
        self.failed = failed
        overall = EvalStatistics(rows)
        var order: [String] = []
        var byFolder: [String: [EvalRow]] = [:]
        for row in rows {
            if byFolder[row.folder] == nil { order.append(row.folder) }
            byFolder[row.folder, default: []].append(row)
        }
        folders = order.count > 1 ? order.map { EvalGroup(folder: $0, statistics: EvalStatistics(byFolder[$0]!)) } : []
        var totals = MatchingTotals()
        for row in rows { if let pairing = row.matching { totals.add(pairing) } }
        matching = totals.recordings > 0 ? totals : nil
    }

    private enum CodingKeys: String, CodingKey {
        case evaluated, skipped, failed, folders, matching
    }

    func encode(to encoder: any Encoder) throws {
        try overall.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(evaluated, forKey: .evaluated)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(failed, forKey: .failed)
        if !folders.isEmpty { try container.encode(folders, forKey: .folders) }
        try container.encodeIfPresent(matching, forKey: .matching)
    }
}
