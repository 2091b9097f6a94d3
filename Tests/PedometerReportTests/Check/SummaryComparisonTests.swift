import Foundation
import Testing
@testable import PedometerReport

/// The comparison `pedometer check` makes between an expected summary and the current one.
@Suite struct SummaryComparisonTests {
    private func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Data(text.utf8))
    }

    private let comparison = SummaryComparison()

    @Test func identicalSummariesHaveNoDifference() throws {
        let summary = try json(#"{"steps": 261, "distanceMeters": 185.0266163746554, "warnings": ["a"], "startDate": null}"#)
        #expect(comparison.differences(expected: summary, actual: summary).isEmpty)
    }

    @Test func countsAreExactWhereverTheyAppear() throws {
        let expected = try json(#"{"steps": 261, "intervals": {"items": [{"steps": 54, "kind": "walking"}]}}"#)
        let actual = try json(#"{"steps": 259, "intervals": {"items": [{"steps": 54.0000001, "kind": "walking"}]}}"#)
        let differences = comparison.differences(expected: expected, actual: actual)
        #expect(differences.map(\.description) == [
            "intervals.items[0].steps: expected 54, got 54.0000001",
            "steps: expected 261, got 259",
        ])
        for key in ["floorsAscended", "floorsDescended", "referenceSteps", "groundTruthSteps", "count", "number"] {
            let one = try json(#"{"\#(key)": 3}"#)
            let other = try json(#"{"\#(key)": 3.000000000001}"#)
            #expect(comparison.differences(expected: one, actual: other).count == 1, "\(key)")
        }
    }

    @Test func floatsWithinTheLargerOfTheRelativeAndAbsoluteTolerance() throws {
        let expected = try json(#"{"distanceMeters": 1000, "currentPaceSecondsPerMeter": 0}"#)
        // Relative: 1e-6 of 1000 is 1e-3.
        let within = try json(#"{"distanceMeters": 1000.0009, "currentPaceSecondsPerMeter": 1e-10}"#)
        #expect(comparison.differences(expected: expected, actual: within).isEmpty)
        // Absolute, near zero: 1e-9.
        let beyond = try json(#"{"distanceMeters": 1000.0011, "currentPaceSecondsPerMeter": 2e-9}"#)
        let differences = comparison.differences(expected: expected, actual: beyond)
        #expect(differences.map(\.path) == ["currentPaceSecondsPerMeter", "distanceMeters"])
        #expect(differences[1].description == "distanceMeters: expected 1000, got 1000.0011 (off by 0.0011, tolerance 0.001)")
        #expect(differences[0].description.hasSuffix("(off by 2e-09, tolerance 1e-09)"))

        let loose = SummaryComparison(tolerance: .init(relative: 1e-5, absolute: 1e-8))
        #expect(loose.differences(expected: expected, actual: beyond).isEmpty)
        let exact = SummaryComparison(tolerance: .exact)
        let tiny = try json(#"{"distanceMeters": 1000.0000000000001, "currentPaceSecondsPerMeter": 0}"#)
        #expect(exact.differences(expected: expected, actual: tiny).map(\.description) == [
            "distanceMeters: expected 1000, got 1000.0000000000001",
        ])
    }

    @Test func toleranceBounds() {
        let tolerance = SummaryComparison.Tolerance.standard
        #expect(tolerance.allowance(for: 2) == 2e-6)
        #expect(tolerance.allowance(for: -2) == 2e-6)
        #expect(tolerance.allowance(for: 1e-6) == 1e-9)
        #expect(tolerance.accepts(expected: 5, actual: 5 + 4e-6))
        #expect(!tolerance.accepts(expected: 5, actual: 5 + 6e-6))
        #expect(!tolerance.accepts(expected: 5, actual: .nan))
        #expect(SummaryComparison.Tolerance.exact.accepts(expected: 0.1, actual: 0.1))
    }

    @Test func missingKeysNullsAndTypesAreDifferences() throws {
        let expected = try json(#"{"maxCadenceStepsPerSecond": 1.9, "floorsAscended": null, "format": "oxford", "steps": 3}"#)
        let actual = try json(#"{"groundTruthSteps": 265, "floorsAscended": 0, "format": "generic", "steps": "3"}"#)
        #expect(comparison.differences(expected: expected, actual: actual).map(\.description) == [
            "floorsAscended: expected null, got 0",
            #"format: expected "oxford", got "generic""#,
            "groundTruthSteps: expected (no key), got 265",
            "maxCadenceStepsPerSecond: expected 1.9, got (no key)",
            #"steps: expected 3, got "3""#,
        ])
    }

    @Test func arraysItemByItem() throws {
        let expected = try json(#"{"warnings": ["a", "b"], "splits": {"items": [{"number": 1}]}}"#)
        let actual = try json(#"{"warnings": ["a", "c", "d"], "splits": {"items": []}}"#)
        let differences = comparison.differences(expected: expected, actual: actual)
        #expect(differences.map(\.description) == [
            #"splits.items[0]: expected {"number":1}, got (no item)"#,
            #"warnings[1]: expected "b", got "c""#,
            #"warnings[2]: expected (no item), got "d""#,
        ])
        #expect(differences[0].change == #"splits.items[0]: {"number":1} → (no item)"#)
    }

    @Test func longValuesAreShortened() throws {
        let long = String(repeating: "x", count: 300)
        let difference = SummaryComparison.Difference(path: "intervals", expected: .array([.string(long)]), actual: nil)
        #expect(difference.description.count < 150)
        #expect(difference.description.contains("…"))
    }

    @Test func jsonRoundTripsExactly() throws {
        let text = #"{"a":261,"b":19.966666999999973,"c":-0.1,"d":1e-300,"e":[true,false,null],"f":"é/\"x\"","g":{}}"#
        let value = try json(text)
        #expect(value["a"] == .number(261))
        #expect(value["e"] == .array([.bool(true), .bool(false), .null]))
        #expect(value.text() == text)
        #expect(try json(value.text(pretty: true)) == value)
        // Whole numbers are written as integers, others in their shortest exact form.
        #expect(JSONValue.number(20).text() == "20")
        #expect(JSONValue.number(0.1 + 0.2).text() == "0.30000000000000004")
    }

    @Test func invalidJSONIsReported() {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: Data("{\"steps\": ".utf8)) }
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: Data("".utf8)) }
    }

    @Test func aSummaryAsJSON() throws {
        let summary = RecordingSummary(
            source: "walk.csv", format: "generic", startDate: nil, durationSeconds: 20, activeDurationSeconds: 19.5,
            steps: 36, stepsSource: "acceleration", distanceMeters: 25.92, distanceMethod: "height-model",
            averageActivePaceSecondsPerMeter: 0.75, averageCadenceStepsPerSecond: 1.8, maxCadenceStepsPerSecond: nil,
            currentPaceSecondsPerMeter: nil, floorsAscended: nil, floorsDescended: nil, referenceSteps: nil,
            referenceDistanceMeters: nil, groundTruthSteps: 36, warnings: [])
        let value = try JSONValue(encoding: summary)
        #expect(try json(SummaryWriter.json(summary)) == value)
        var changed = summary
        changed.steps = 35
        changed.distanceMeters = 25.93
        let differences = comparison.differences(expected: value, actual: try JSONValue(encoding: changed))
        #expect(differences.map(\.path) == ["distanceMeters", "steps"])
    }
}
