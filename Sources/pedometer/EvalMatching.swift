import PedometerCore

/// A recording's ``StepMatching``, as eval reports it.
struct EvalMatching: Sendable, Encodable {
    var toleranceSeconds: Double
    var matchedSteps: Int
    var missedSteps: Int
    var extraSteps: Int
    /// Extra steps before the first true step, and after the last.
    var extraBeforeTruth: Int
    var extraAfterTruth: Int
    /// Mean of our step time − the true step's over the pairs, seconds.
    var meanOffsetSeconds: Double?
    /// Seconds since the recording's time 0.
    var missedTimes: [Double]
    var extraTimes: [Double]

    init(_ matching: StepMatching) {
        toleranceSeconds = matching.tolerance
        matchedSteps = matching.matched
        missedSteps = matching.missed.count
        extraSteps = matching.extra.count
        extraBeforeTruth = matching.extraBeforeTruth
        extraAfterTruth = matching.extraAfterTruth
        meanOffsetSeconds = matching.meanOffset
        missedTimes = matching.missed
        extraTimes = matching.extra
    }
}

/// The pairings of all recordings that have one, added up.
struct MatchingTotals: Sendable, Encodable {
    var recordings = 0
    var matchedSteps = 0
    var missedSteps = 0
    var extraSteps = 0
    var extraBeforeTruth = 0
    var extraAfterTruth = 0
    /// Matched steps over true steps, percent.
    private(set) var recallPercent: Double?
    /// Matched steps over our steps, percent.
    private(set) var precisionPercent: Double?

    mutating func add(_ matching: EvalMatching) {
        recordings += 1
        matchedSteps += matching.matchedSteps
        missedSteps += matching.missedSteps
        extraSteps += matching.extraSteps
        extraBeforeTruth += matching.extraBeforeTruth
        extraAfterTruth += matching.extraAfterTruth
        recallPercent = Self.percent(matchedSteps, matchedSteps + missedSteps)
        precisionPercent = Self.percent(matchedSteps, matchedSteps + extraSteps)
    }

    private static func percent(_ part: Int, _ whole: Int) -> Double? {
        whole > 0 ? Double(part) / Double(whole) * 100 : nil
    }
}

