import PedometerReport
import Testing

@testable import pedometer

/// What `check`'s table lists under a recording (``CheckOutcome``).
@Suite struct CheckOutcomeTests {
    /// Beyond the limit, the summary's own fields are kept first (a long recording's thousands
    /// of differing splits sort before `steps`), listed in their order, and the rest counted.
    @Test func theSummarysOwnFieldsAreListedFirst() {
        let paths = ["distanceMeters", "intervals.items[0].steps", "splits.items[0].paceSecondsPerMeter", "splits.items[1].paceSecondsPerMeter", "steps", "warnings[0]"]
        let differences = paths.map { SummaryComparison.Difference(path: $0, expected: .number(1), actual: .number(2)) }
        let outcome = CheckOutcome.differs(differences)
        #expect(outcome.details(expectedFile: "x.expected.json", limit: 3) == [
            "distanceMeters: expected 1, got 2", "intervals.items[0].steps: expected 1, got 2", "steps: expected 1, got 2",
            "… and 3 more differences (all with --max-differences 0, or --format json)",
        ])
        #expect(outcome.details(expectedFile: "x.expected.json", limit: 5).last == "… and 1 more difference (all with --max-differences 0, or --format json)")
        #expect(outcome.details(expectedFile: "x.expected.json", limit: 6).count == 6)
        #expect(outcome.details(expectedFile: "x.expected.json").count == 6)
        #expect(CheckOutcome.updated(differences).details(expectedFile: "x.expected.json", limit: 1) == [
            "distanceMeters: 1 → 2", "… and 5 more changes (all with --max-differences 0, or --format json)",
        ])
    }
}
