import Testing
@testable import PedometerIngest
import TestSupport

/// Parses through the byte API (the String API is checked to agree).
private func parse(_ text: String) -> Double? {
    let viaBytes = Array(text.utf8).withUnsafeBytes { DateParser.parseEpochSeconds($0) }
    let viaString = DateParser.parseEpochSeconds(text)
    #expect(viaBytes?.bitPattern == viaString?.bitPattern, "\(text): byte and String APIs disagree")
    return viaBytes
}

@Suite("DateParser")
struct DateParserTests {
    // Expected values computed independently with Python's datetime.fromisoformat(...).timestamp().
    @Test("known instants", arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("2000-01-01T00:00:00Z", 946_684_800.0),
        ("2019-05-13 17:27:52.123 +0200", 1_557_761_272.123),
        ("2019-05-13T17:27:52.123+02:00", 1_557_761_272.123),
        ("2019-05-13 17:27:52.123+0200", 1_557_761_272.123),
        ("2019-05-13 17:27:52:123 +0200", 1_557_761_272.123),  // GENEActiv: milliseconds after a colon
        ("2019-05-13T15:27:52Z", 1_557_761_272.0),
        ("2019-05-13t15:27:52z", 1_557_761_272.0),
        ("2019-05-13 15:27:52 Z", 1_557_761_272.0),
        ("2019-05-13T17:27:52,5+0200", 1_557_761_272.5),
        ("2019-05-13T17:27:52 +02", 1_557_761_272.0),
        ("2019-05-13T17:27:52+02", 1_557_761_272.0),
        ("  2019-05-13T15:27:52Z\t", 1_557_761_272.0),
        ("2019-05-13T15:27:52.000001Z", 1_557_761_272.000001),
        ("2024-12-31T23:59:59.999999Z", 1_735_689_599.999999),
        ("2024-02-29T12:00:00Z", 1_709_208_000.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("2100-03-01T00:00:00Z", 4_107_542_400.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2016-12-31T23:59:59Z", 1_483_228_799.0),
        ("2016-12-31T23:59:60Z", 1_483_228_800.0),  // leap second = :59 + 1 s
        ("2038-01-19T03:14:08Z", 2_147_483_648.0),
        ("1999-12-31T19:00:00-05:00", 946_684_800.0),
        ("2020-06-15T08:30:00+05:30", 1_592_190_000.0),
        ("2020-06-15T08:30:00-0930", 1_592_244_000.0),
        ("2019-05-13T17:27:52+14:00", 1_557_718_072.0),
        ("2019-05-13T17:27:52-12:00", 1_557_811_672.0),
        ("2019-05-13T17:27:52+18:00", 1_557_703_672.0),
        ("2019-05-13T17:27:52-18:00", 1_557_833_272.0),
        ("2019-05-13T15:27:52-00:00", 1_557_761_272.0),
        ("0001-01-01T00:00:00Z", -62_135_596_800.0),
        ("1900-03-01T00:00:00Z", -2_203_891_200.0),
        ("9999-12-31T23:59:59Z", 253_402_300_799.0),
        // Minutes without seconds (ISO 8601 allows them; spreadsheets write them): until
        // 2026-11-26 refused.
        ("2019-05-13T15:27Z", 1_557_761_220.0),
        ("2019-05-13 17:27 +0200", 1_557_761_220.0),
        // A day's end, 24:00 (ISO 8601; Mi Fit's minute logs write it): the next midnight. Until
        // 2026-11-27 refused as RFC 3339 does, and such a row's steps were left out.
        ("2023-01-01T24:00:00Z", 1_672_617_600.0),
        ("2023-12-31T24:00Z", 1_704_067_200.0),
        ("2024-02-28T24:00:00.000+01:00", 1_709_161_200.0),
    ] as [(String, Double)])
    func known(_ text: String, _ expected: Double) {
        let value = parse(text)
        #expect(value?.bitPattern == expected.bitPattern, "\(text) -> \(String(describing: value)), expected \(expected)")
    }

    @Test("long fractions keep sub-microsecond precision")
    func longFraction() throws {
        let value = try #require(parse("2019-05-13T15:27:52.123456789012345678901234567890Z"))
        #expect(abs(value - 1_557_761_272.123456789) < 5e-7)
        let small = try #require(parse("1970-01-01T00:00:00.123456789012345678901234567890Z"))
        #expect(abs(small - 0.12345678901234568) < 1e-15)
    }

    @Test("rejects", arguments: [
        "", " ", "hello", "2019-05-13", "2019-05-13T", "2019-05-13T17Z", "2019-05-13T17:27.5Z", "2019-05-13T17:2Z", "17:27:52Z",
        "2019-05-13T17:27:52", "2019-05-13 17:27:52.123", "2019-05-13T17:27:52 ", "2019-05-13T17:27:52.123 ",  // no zone
        "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2023-13-01T00:00:00Z", "2023-00-01T00:00:00Z",
        "2023-04-31T00:00:00Z", "2023-01-00T00:00:00Z", "2023-01-32T00:00:00Z",
        "2023-01-01T24:00:01Z", "2023-01-01T24:01:00Z", "2023-01-01T24:00:00.5Z", "2023-01-01T24:00:60Z",
        "2023-01-01T24:00:00.00000000000000000001Z",  // past the 19 fraction digits kept
        "2023-01-01T25:00:00Z", "2023-01-01T23:60:00Z", "2023-01-01T23:59:61Z",
        "2019-05-13T17:27:52Zx", "2019-05-13T17:27:52+02:00 x", "2019-05-13T17:27:52+02:00Z", "2019-05-13T17:27:52ZZ",
        "2019-05-13T17:27:52+19:00", "2019-05-13T17:27:52+18:01", "2019-05-13T17:27:52+02:60",
        "2019-05-13T17:27:52+2", "2019-05-13T17:27:52+02:0", "2019-05-13T17:27:52+020", "2019-05-13T17:27:52+02:",
        "2019-05-13T17:27:52+", "2019-05-13T17:27:52-", "2019-05-13T17:27:52.Z", "2019-05-13T17:27:52.+02",
        "2019-5-13T17:27:52Z", "19-05-13T17:27:52Z", "2019-05-13T7:27:52Z", "2019/05/13T17:27:52Z",
        "2019-05-13  17:27:52Z", "2019-05-13T17:27:52  +02", "2019-05-13_17:27:52Z", "2019-05-13T17:27:52 UTC",
        "2019-05-13T17:27:52GMT", "+2019-05-13T17:27:52Z", "2019-05-13T17:27:52.5.5Z", "1557761272",
        "2019-05-13T17:27:52:123Z", "2019-05-13 17:27:52:Z",  // a colon fraction only after a space, with digits
    ])
    func rejects(_ text: String) {
        #expect(parse(text) == nil, "\(text.debugDescription) should be rejected")
    }

    @Test("does not read past the field")
    func fieldBounds() {
        let bytes = Array("2019-05-13T15:27:52Z+02:00".utf8)
        let value = bytes.withUnsafeBytes { DateParser.parseEpochSeconds(UnsafeRawBufferPointer(rebasing: $0[0..<20])) }
        #expect(value == 1_557_761_272.0)
        let noZone = bytes.withUnsafeBytes { DateParser.parseEpochSeconds(UnsafeRawBufferPointer(rebasing: $0[0..<19])) }
        #expect(noZone == nil)
    }

    @Test("matches a naive day-counting reference on 50 000 random instants and formats")
    func randomAgainstNaive() {
        var rng = SplitMix64(seed: 0xDA7E_0001)
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            let instant = Int64.random(in: 0..<4_102_444_800, using: &rng)  // 1970-01-01 ..< 2100-01-01
            let offsetMinutes = Int64.random(in: -18 * 60...18 * 60, using: &rng)
            let local = Self.civil(instant + offsetMinutes * 60)

            var fraction = ""
            var expected = Double(instant)
            if Bool.random(using: &rng) {
                for _ in 0..<Int.random(in: 1...9, using: &rng) { fraction += String(Int.random(in: 0...9, using: &rng)) }
                expected += Double("0." + fraction)!
            }

            var text = "\(Self.pad(local.year, 4))-\(Self.pad(local.month, 2))-\(Self.pad(local.day, 2))"
            text += ["T", "t", " "][Int.random(in: 0...2, using: &rng)]
            text += "\(Self.pad(local.hour, 2)):\(Self.pad(local.minute, 2)):\(Self.pad(local.second, 2))"
            if !fraction.isEmpty { text += (Bool.random(using: &rng) ? "." : ",") + fraction }
            if Bool.random(using: &rng) { text += " " }
            let zoneHours = abs(offsetMinutes) / 60, zoneMinutes = abs(offsetMinutes) % 60
            let sign = offsetMinutes < 0 ? "-" : "+"
            switch Int.random(in: 0...3, using: &rng) {
            case 0 where offsetMinutes == 0: text += Bool.random(using: &rng) ? "Z" : "z"
            case 1: text += "\(sign)\(Self.pad(zoneHours, 2))\(Self.pad(zoneMinutes, 2))"
            case 2 where zoneMinutes == 0: text += "\(sign)\(Self.pad(zoneHours, 2))"
            default: text += "\(sign)\(Self.pad(zoneHours, 2)):\(Self.pad(zoneMinutes, 2))"
            }

            let value = parse(text)
            if value?.bitPattern != expected.bitPattern, mismatches.count < 10 {
                mismatches.append("\(text): \(String(describing: value)) vs \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Year first with `/` or `.` (`2019/05/13 17:27:52.123`, as many Asian locales and some
    /// loggers write it): found by ``DateParser/layout(of:)-(Sequence)`` and read as the ISO
    /// date-time it stands for (until 2026-11-26 such a column was no time and every row was
    /// refused).
    @Test("year-first dates with / or .", arguments: [
        ("2019/05/13 17:27:52.123", "2019-05-13 17:27:52.123"),
        ("2019/5/3 07:27:52", "2019-05-03 07:27:52"),
        ("2019.05.13 17:27:52,5 +0200", "2019-05-13 17:27:52.5 +0200"),
        ("2024/02/29", "2024-02-29"),
    ] as [(String, String)])
    func yearFirst(_ text: String, _ iso: String) throws {
        let layout = try #require(DateParser.layout(of: text))
        #expect(DateParser.parse(text, layout) == DateParser.parse(iso, .iso))
        for bad in ["2019/13/01 00:00:00", "2019/02/30", "2019/05-13 17:27:52", "19/05/13 17:27:52"] {
            #expect(DateParser.parse(bad, layout) == nil, "\(bad)")
        }
    }

    /// A 12-hour clock (`4/12/2016 12:00:00 AM`: US spreadsheets, Fitabase's minute steps):
    /// 12 AM is midnight, 12 PM noon (until 2026-11-26 such a column was no time).
    @Test("AM and PM", arguments: [
        ("4/12/2016 12:00:00 AM", "2016-04-12 00:00:00"),
        ("4/12/2016 12:30:05 PM", "2016-04-12 12:30:05"),
        ("4/12/2016 1:05:00 pm", "2016-04-12 13:05:00"),
        ("4/12/2016 11:59:59.5PM", "2016-04-12 23:59:59.5"),
        ("2016/04/12 7:00:00 AM +0200", "2016-04-12 07:00:00 +0200"),
        ("9:15:00 PM", nil),
    ] as [(String, String?)])
    func twelveHourClock(_ text: String, _ iso: String?) throws {
        let layout = try #require(DateParser.layout(of: text))
        if let iso {
            #expect(DateParser.parse(text, layout) == DateParser.parse(iso, .iso))
        } else {
            let ninePM: Int64 = (21 * 3600 + 15 * 60) * 1_000_000_000
            #expect(DateParser.parse(text, layout)?.wallNanoseconds == ninePM)
        }
        for bad in ["4/12/2016 13:00:00 PM", "4/12/2016 24:00:00 PM", "4/12/2016 0:00:00 AM", "4/12/2016 10:00:00 AMX", "4/12/2016 10:00:00 A", "2016-04-12 10:00:00 AM"] {
            #expect(DateParser.parse(bad, layout) == nil, "\(bad)")
        }
    }

    /// Minute precision after a date, in every layout with a date; a time of day alone keeps
    /// its seconds (`14:00` could be minutes and seconds).
    @Test("minutes without seconds", arguments: [
        ("2019-05-13 14:00", "2019-05-13 14:00:00"),
        ("05/13/2019 14:00", "2019-05-13 14:00:00"),
        ("13-May-2019 14:05", "2019-05-13 14:05:00"),
        ("2019/05/13 2:05 PM", "2019-05-13 14:05:00"),
    ] as [(String, String)])
    func minutesWithoutSeconds(_ text: String, _ iso: String) throws {
        let layout = try #require(DateParser.layout(of: text))
        #expect(DateParser.parse(text, layout) == DateParser.parse(iso, .iso))
        #expect(DateParser.layout(of: "14:00") == nil)
    }

    /// Dates whose day and month could be either: with `/` month first, as American exports
    /// write them, unless the caller knows the table's language writes them day first; a
    /// component above 12 decides either way.
    @Test func slashedDatesDayFirstWhenTheTableSaysSo() throws {
        let march = ["01/03/2020", "02/03/2020"]
        let monthFirst = try #require(DateParser.layout(of: march))
        #expect(DateParser.parse(march[0], monthFirst) == DateParser.parse("2020-01-03", .iso))
        let dayFirst = try #require(DateParser.layout(of: march, slashesDayFirst: true))
        #expect(DateParser.parse(march[0], dayFirst) == DateParser.parse("2020-03-01", .iso))
        let american = ["03/01/2020", "03/13/2020"]
        let decided = try #require(DateParser.layout(of: american, slashesDayFirst: true))
        #expect(DateParser.parse(american[0], decided) == DateParser.parse("2020-03-01", .iso))
    }

    // MARK: - Independent reference: plain day counting from 1970.

    static func isLeap(_ year: Int64) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func civil(_ seconds: Int64) -> (year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        var year: Int64 = 1970
        while days < 0 { year -= 1; days += isLeap(year) ? 366 : 365 }
        while days >= (isLeap(year) ? 366 : 365) { days -= isLeap(year) ? 366 : 365; year += 1 }
        let lengths: [Int64] = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month: Int64 = 1
        for length in lengths {
            if days < length { break }
            days -= length
            month += 1
        }
        return (year, month, days + 1, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
