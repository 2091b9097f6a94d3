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
            ("2 miles", 3218.688, .miles, "2mi"), ("1.5km", 1500, .kilometers, "1.5km"), ("10m", 10, .meters, "10m"),
            ("12.5 m", 12.5, .meters, "12.5m"), ("1.0000001km", 1000, .kilometers, "km"), ("0.1234567km", 123.457, .kilometers, "0.123457km"),
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

    /// A bare number (metres or miles?), a length under 10 m or beyond any recording, a number
    /// with separators in it, and anything not a length: each says why.
    @Test func refusesWhatIsNoLength() {
        let cases: [(String, SplitLength.Invalid)] = [
            ("400", .noUnit(["400m", "400km", "400mi"])), ("5", .noUnit(["5km", "5mi"])), ("0.5", .noUnit(["0.5km", "0.5mi"])), ("0.001", .noUnit([])),
            ("1e3", .notALength), ("", .notALength), ("m", .notALength), ("k", .notALength), ("abc", .notALength),
            ("9m", .tooShort), ("0.5m", .tooShort), ("0km", .tooShort), ("1.000m", .tooShort), ("0.0006214mi", .tooShort),
            ("1e21m", .notALength), ("200000km", .tooLong), ("99999999999999999km", .tooLong), ("infm", .notALength),
            ("-1km", .notALength), ("400 m m", .notALength), ("5-10km", .separatedDigits), ("1 000 m", .separatedDigits),
            ("1_000m", .separatedDigits),
        ]
        for (text, reason) in cases {
            #expect(throws: reason, "\(text)") { try SplitLength(validating: text) }
            #expect(SplitLength(parsing: text) == nil, "\(text)")
        }
        #expect(SplitLength.Invalid.noUnit(["5km", "5mi"]).description == "a length needs its unit: 5km or 5mi")
        #expect(SplitLength.Invalid.noUnit([]).description == "a length needs its unit (m, km or mi), and a split must be at least 10 m long")
        #expect(SplitLength(9.999, .meters) == nil && SplitLength(.infinity, .kilometers) == nil)
        #expect(SplitLength(1e308, .miles) == nil)
        #expect(SplitLength(10, .meters)?.meters == 10)
        // Race names with their hyphens are lengths.
        #expect(SplitLength(parsing: "half-marathon")?.meters == 21097.5)
    }

    /// The table shows a split's distance with the decimals of its length: `12.5 m`, `0.25 mi`,
    /// `1.10 km` (the review: `1.5m` read `2 m`, and `1.1km` `1.100 km` from rounding noise).
    @Test func decimalsOfTheLength() throws {
        #expect(try #require(SplitLength(parsing: "12.5m")).countDecimals == 1)
        #expect(try #require(SplitLength(parsing: "400m")).countDecimals == 0)
        for count in stride(from: 0.01, through: 9.99, by: 0.01) {
            let length = try #require(SplitLength(count, .kilometers))
            let expected = (count * 100).rounded().truncatingRemainder(dividingBy: 10) == 0 ? ((count * 10).rounded().truncatingRemainder(dividingBy: 10) == 0 ? 0 : 1) : 2
            #expect(length.countDecimals == expected, "\(count)")
        }
        let splits = [Split(number: 1, start: 0, end: 10, distance: 12.5, cumulativeDistance: 12.5)]
        let lines = SummaryWriter.splitLines(SplitSummary(length: try #require(SplitLength(parsing: "12.5m")), splits: splits))
        #expect(lines[0] == "  Splits (12.5 m):" && lines[2].contains("12.5 m"), "\(lines)")
        let km = [Split(number: 1, start: 0, end: 10, distance: 1100, cumulativeDistance: 1100)]
        let kmLines = SummaryWriter.splitLines(SplitSummary(length: try #require(SplitLength(parsing: "1.1km")), splits: km))
        #expect(kmLines[2].contains("1.10 km") && !kmLines[2].contains("1.100"), "\(kmLines)")
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
