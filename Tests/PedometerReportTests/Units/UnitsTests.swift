import Testing
@testable import PedometerReport

@Suite struct UnitsTests {
    static let clocks: [(Double, String)] = [
        (59.6, "1:00"), (59.4, "0:59"), (0, "0:00"), (3599.5, "1:00:00"), (3725, "1:02:05"),
        (-61, "-1:01"), (0.4, "0:00"),
    ]

    @Test(arguments: clocks)
    func clockRoundsOnce(seconds: Double, expected: String) {
        #expect(TimeSpan(seconds: seconds).clock == expected)
    }

    @Test func paceCarriesIntoTheMinute() {
        // 9:59.7 min/mi is 10:00, never 9:60.
        let pace = Pace(secondsPerMeter: 599.7 / Distance.metersPerMile)
        #expect(pace.formatted(.minutesPerMile) == "10:00 min/mi")
        // The seed app's example: 2.50 m/s is 10:44 min/mi (26.8224 / 2.5 = 10.729 min).
        let run = Pace(metersPerSecond: 2.5)!
        #expect(run.formatted(.metersPerSecond) == "2.50 m/s")
        #expect(run.formatted(.minutesPerMile) == "10:44 min/mi")
        #expect(run.formatted(.minutesPerKilometer) == "6:40 min/km")
        #expect(run.formatted(.kilometersPerHour) == "9.0 km/h")
        #expect(run.formatted(.milesPerHour) == "5.6 mph")
    }

    @Test func aPaceOfAnHourOrMoreSaysHours() {
        // 3600 s a kilometre read "1:00:00 min/km", and a pause's "19839:29:03 min/km".
        #expect(Pace(secondsPerMeter: 3.9).formatted(.minutesPerKilometer) == "1:05:00 h/km")
        #expect(Pace(secondsPerMeter: 3.9).formatted(.minutesPerMile) == "1:44:36 h/mi")
        #expect(Pace(secondsPerMeter: 3.5999).formatted(.minutesPerKilometer) == "1:00:00 h/km")
        #expect(Pace(secondsPerMeter: 3.59).formatted(.minutesPerKilometer) == "59:50 min/km")
        #expect(Pace(parsing: "1:05:00 h/km")?.secondsPerMeter == 3.9)
        #expect(Pace(parsing: "1 h/km")?.secondsPerMeter == 3.6)
    }

    /// Before "h/" a clock starts at hours: "1:30 h/km" is an hour and a half a kilometre and
    /// "1:05:00 h/km" h:mm:ss (until 2026-11-26 "1:30 h/km" was read as 1:30 min/km, 60 times
    /// too fast, and "0:45 h/mi" as 45 s a mile).
    @Test func hourPacesStartAtHours() throws {
        #expect(Pace(parsing: "1:30 h/km")?.secondsPerMeter == 5.4)
        #expect(Pace(parsing: "1:30h/km")?.secondsPerMeter == 5.4)
        let mile = try #require(Pace(parsing: "0:45 h/mi"))
        #expect(abs(mile.secondsPerMile - 2700) < 1e-9)
        #expect(Pace(parsing: "1:05:00 h/km")?.secondsPerMeter == 3.9)
        #expect(Pace(parsing: "1.5 h/km")?.secondsPerMeter == 5.4)
        #expect(Pace(parsing: "1:30 min/km")?.secondsPerMeter == 0.09)
        #expect(Pace(parsing: "1:60 h/km") == nil)
    }

    /// Paces of an hour or more, as printed (`1:05:00 h/km`, `16:05:36 h/mi`), parse back to
    /// the printed second.
    @Test func hourPacesRoundTrip() throws {
        for secondsPerMeter in stride(from: 3.6, through: 36, by: 0.0137) {
            let pace = Pace(secondsPerMeter: secondsPerMeter)
            for (unit, seconds) in [(PaceUnit.minutesPerKilometer, \Pace.secondsPerKilometer), (.minutesPerMile, \Pace.secondsPerMile)] {
                let text = pace.formatted(unit)
                let back = try #require(Pace(parsing: text), "\(text)")
                #expect(abs(back[keyPath: seconds] - pace[keyPath: seconds].rounded()) < 1e-6, "\(text)")
            }
        }
    }

    /// Durations and paces take plain decimals only, as distances do: `Double(_:)` also reads
    /// hexadecimal and exponents (`--time 0x10` was 16 s, `5:1e1` 5:10, `0x5:00/km` 5:00/km).
    @Test func plainDecimalsOnly() {
        for text in ["0x10", "1e300", "5:1e1", "1E3", "0x1p4", "+5", "-5", "inf", "nan", "5..0", ".", "", "1:.", "\u{663}"] {
            #expect(TimeSpan(parsing: text) == nil, "\(text)")
            #expect(NumberText.decimal(text) == nil, "\(text)")
        }
        for text in ["0x5:00/km", "1e308m/s", "1e1 km/h", "0x1p3 mph", "5e-1 s/m", "6e0 min/km", "+5/km", "1e0 h/km"] {
            #expect(Pace(parsing: text) == nil, "\(text)")
        }
        #expect(TimeSpan(parsingAmount: "1e1") == nil)
        #expect(TimeSpan(parsingAmount: "1e1s") == nil)
        #expect(TimeSpan(parsing: "5.")?.seconds == 5)
        #expect(TimeSpan(parsing: ".5")?.seconds == 0.5)
        #expect(TimeSpan(parsing: "55:00.5")?.seconds == 3300.5)
        #expect(NumberText.decimal("007.250") == 7.25)
        #expect(NumberText.decimal(String(repeating: "9", count: 400)) == nil)
    }

    @Test func zeroOrMissingSpeedIsADash() {
        #expect(Pace(metersPerSecond: 0) == nil)
        #expect(Pace(secondsPerMeter: .infinity).formatted(.minutesPerMile) == "–")
        #expect(Pace(secondsPerMeter: 0).formatted(.metersPerSecond) == "–")
        #expect(TimeSpan(seconds: .nan).clock == "–")
    }

    @Test func distances() {
        #expect(Distance(miles: 1).meters == 1609.344)
        #expect(Distance(meters: 5000).formatted(.kilometers) == "5.00 km")
        #expect(Distance(meters: 42_195).formatted(.miles) == "26.22 mi")
        #expect(Distance(meters: 999.6).formatted(.meters) == "1000 m")
    }

    static let paceTexts: [(String, Double)] = [
        ("8:30/mi", 510 / 1609.344), ("8:30 min/mi", 510 / 1609.344), ("5:15/km", 0.315),
        // Without a colon, minutes (until 2026-11-26 "6 min/km" was read as six seconds).
        ("6 min/km", 0.36), ("6/km", 0.36), ("8.5/mi", 510 / 1609.344), ("1:00:00/km", 3.6),
        ("12.5 km/h", 3.6 / 12.5), ("2.5 m/s", 0.4), ("0.4 s/m", 0.4), ("6 mph", 3600 / (1609.344 * 6)),
    ]

    @Test(arguments: paceTexts)
    func parsesPaces(text: String, secondsPerMeter: Double) throws {
        let pace = try #require(Pace(parsing: text))
        #expect(abs(pace.secondsPerMeter - secondsPerMeter) < 1e-12)
    }

    @Test func rejectsBadPaces() {
        for text in ["", "8:60/mi", "abc", "0 m/s", "-3 km/h", "5:15", "1:2:3:4/km", "0 min/km", "-6/km", "inf/mi", "/km"] {
            #expect(Pace(parsing: text) == nil, "\(text)")
        }
    }

    @Test func parsesDurations() {
        #expect(TimeSpan(parsing: "1:23:45")?.seconds == 5025)
        #expect(TimeSpan(parsing: "55:00")?.seconds == 3300)
        #expect(TimeSpan(parsing: "45")?.seconds == 45)
        #expect(TimeSpan(parsing: "1:60") == nil)
        #expect(TimeSpan(parsing: "x") == nil)
    }

    /// Formatting a pace in min/mi and parsing it back gives the pace rounded to the second.
    @Test func paceRoundTrips() throws {
        for secondsPerMile in stride(from: 180.0, through: 1800, by: 0.7) {
            let pace = Pace(secondsPerMeter: secondsPerMile / Distance.metersPerMile)
            let text = pace.formatted(.minutesPerMile)
            let back = try #require(Pace(parsing: text))
            #expect(abs(back.secondsPerMile - pace.secondsPerMile.rounded()) < 1e-9, "\(text)")
        }
    }
}

/// Durations too long for any clock print "–" instead of trapping.
@Test func durationsBeyondAnyClock() {
    #expect(TimeSpan(seconds: 1e300).clock == "–")
    #expect(TimeSpan(seconds: -1e20).hoursMinutesSeconds == "–")
    #expect(TimeSpan(seconds: 3600 * 24 * 365).hoursMinutesSeconds == "8760:00:00")
}
