import Foundation
import Testing
@testable import PedometerReport

@Suite struct SplitLengthTests {
    /// Kilometres and miles, and any length with its unit, as a runner writes it.
    @Test func readsALengthWithItsUnit() throws {
        let cases: [(String, Double, DistanceUnit, String)] = [
            ("km", 1000, .kilometers, "km"), ("mi", 1609.344, .miles, "mi"), ("KM", 1000, .kilometers, "km"),
            ("400m", 400, .meters, "400m"), ("400 metres", 400, .meters, "400m"), ("200 meters", 200, .meters, "200m"),
            ("5km", 5000, .kilometers, "5km"), ("5k", 5000, .kilometers, "5km"), ("5 K", 5000, .kilometers, "5km"),
            ("1km", 1000, .kilometers, "km"), ("1 mile", 1609.344, .miles, "mi"), ("0.25mi", 402.336, .miles, "0.25mi"),
            ("2 miles", 3218.688, .miles, "2mi"), ("1.5km", 1500, .kilometers, "1.5km"), ("1m", 1, .meters, "1m"),
            ("half", 21097.5, .kilometers, "21.0975km"),
        ]
        for (text, meters, unit, name) in cases {
            let length = try #require(SplitLength(parsing: text), "\(text)")
            #expect(abs(length.meters - meters) < 1e-9, "\(text)")
            #expect(length.unit == unit, "\(text)")
            #expect(length.name == name, "\(text)")
            // Its name reads back as the same length.
            #expect(SplitLength(parsing: length.name) == length, "\(text)")
        }
        #expect(SplitLength.km.meters == 1000 && SplitLength.mi.meters == Distance.metersPerMile)
    }

    /// A bare number (metres or miles?), a length under a metre, and anything not a length.
    @Test func refusesWhatIsNoLength() {
        for text in ["400", "", "m", "k", "abc", "0.5m", "0m", "0km", "-1km", "1e3m", "infm", "400 m m"] {
            #expect(SplitLength(parsing: text) == nil, "\(text)")
        }
        #expect(SplitLength(0.999, .meters) == nil && SplitLength(.infinity, .kilometers) == nil)
        #expect(SplitLength(1, .meters)?.meters == 1)
    }

    /// The table's heading and the chart's labels: the distance at each split's end.
    @Test func titlesAndLabels() throws {
        #expect(SplitLength.km.title == "km" && SplitLength.mi.title == "mi")
        let track = try #require(SplitLength(parsing: "400m"))
        #expect(track.title == "400 m")
        #expect((1...3).map { track.label(ofSplit: $0) } == ["400 m", "800 m", "1200 m"])
        #expect((1...2).map { SplitLength.km.label(ofSplit: $0) } == ["1 km", "2 km"])
        let quarter = try #require(SplitLength(parsing: "0.25mi"))
        #expect(quarter.title == "0.25 mi")
        #expect((1...4).map { quarter.label(ofSplit: $0) } == ["0.25 mi", "0.5 mi", "0.75 mi", "1 mi"])
    }

    /// JSON: the name alone, so that kilometre and mile summaries read `"unit":"km"` as before.
    @Test func encodesAsItsName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let summary = SplitSummary(length: try #require(SplitLength(parsing: "400m")), items: [])
        let text = String(decoding: try encoder.encode(summary), as: UTF8.self)
        #expect(text == #"{"items":[],"unit":"400m"}"#)
        let km = String(decoding: try encoder.encode(SplitSummary(length: .km, items: [])), as: UTF8.self)
        #expect(km == #"{"items":[],"unit":"km"}"#)
        #expect(try JSONDecoder().decode(SplitSummary.self, from: Data(text.utf8)) == summary)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SplitSummary.self, from: Data(#"{"items":[],"unit":"400"}"#.utf8))
        }
    }
}
