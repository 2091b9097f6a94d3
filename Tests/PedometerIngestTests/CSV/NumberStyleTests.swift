import Testing
@testable import PedometerIngest

/// How a table writes its counts: decided from its first rows, not field by field.
@Suite struct NumberStyleTests {
    private func grouped(_ counts: [String], others: [String] = [], german: Bool = false) -> Bool {
        NumberStyle(counts: counts, others: others, decimalCommaNamed: german).pointsGroupThousands
    }

    /// A decimal comma elsewhere in the rows (`4,51`) makes points group a count's thousands:
    /// `6.000` is 6,000 there; placeholders (`-`, `--`) are no counts.
    @Test func pointsGroupThousandsBesideADecimalComma() {
        #expect(grouped(["6.260", "812", "6.000", "1.234.567"], others: ["01.03.2020", "4,51", "2.345"]))
        #expect(grouped(["6.000", "7.000"], others: ["0,880"]))
        #expect(grouped([" 12.408 ", "", "--", "9.679"], others: ["8,1"]))
        #expect(grouped(["812", "640"], others: ["0,55"]))  // a table of decimal commas
        // Named in German (`Datum;Schritte`): a count with a group other than 000 is grouped.
        #expect(grouped(["6.260", "812"], german: true))
        #expect(!grouped(["6.000", "812"], german: true))
        #expect(NumberStyle.decimalCommaNamed(["datum", "schritte"]) && !NumberStyle.decimalCommaNamed(["time", "steps"]))
    }

    /// Without a decimal comma, or beside a decimal point, points in counts are fractions
    /// (`23.457` steps an average, as English exports write them).
    @Test func pointsAreFractionsElsewhere() {
        #expect(!grouped(["23.457", "6.260"]))  // `time;steps` as well: an English header
        #expect(!grouped(["23.457", "6.260"], others: ["2,345"]))  // a comma grouping thousands is no decimal
        #expect(!grouped(["6.260"], others: ["4,51", "8.75"]))
        #expect(!grouped(["6.260", "6.5"], others: ["4,51"]))
        #expect(!grouped(["0.457"], others: ["4,51"]))
        #expect(!grouped(["8,123", "6.260"], others: ["4,51"]))
        #expect(!grouped(["6.2600"], others: ["4,51"]))
        #expect(!grouped(["1234.567"], others: ["4,51"]))
        #expect(!grouped([String](), others: [String]()))
    }
}
