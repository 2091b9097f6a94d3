import Testing

/// End-to-end tests of `pedometer pace`.
@Suite struct PaceCommandTests {
    @Test func paceFromDistanceAndTime() throws {
        let output = try CommandRunner.run(["pace", "--distance", "10km", "--time", "55:00"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout == """
            Distance:   10000 m  10.000 km  6.214 mi
            Time:       0:55:00  (3300 s)
            Pace:     = 5:30 min/km  8:51 min/mi
            Speed:    = 3.03 m/s  10.9 km/h  6.8 mph

            """)
    }

    /// A bare number is seconds; faster than anyone runs, a note says how to write minutes
    /// (until 2026-11-28 `--time 45` for 10 km gave 800 km/h without a word). A sprint's is not.
    @Test func secondsFasterThanAnyoneRunsAreQuestioned() throws {
        let output = try CommandRunner.run(["pace", "--distance", "10km", "--time", "45"])
        #expect(output.status == 0 && output.stdout.contains("800.0 km/h"))
        #expect(output.stderr == "note: 222.2 m/s is faster than anyone runs: --time 45 is 45 seconds; for minutes write 45:00\n")
        #expect(try CommandRunner.run(["pace", "--distance", "100m", "--time", "12"]).stderr.isEmpty)
        // The speed given, not made by the time: nothing to question.
        #expect(try CommandRunner.run(["pace", "--time", "3600", "--pace", "50km/h"]).stderr.isEmpty)
    }

    /// A time given to a fraction of a second shows it in its seconds, which its pace and speed
    /// are of (until 2026-11-28 `(360 s)` beside 4.48 m/s: 1609.344 m in 360 s is 4.47).
    @Test func aFractionOfASecondIsShown() throws {
        let output = try CommandRunner.run(["pace", "--distance", "1mi", "--time", "5:59.5"])
        #expect(output.stdout.contains("Time:       0:06:00  (359.5 s)\n"), "\(output.stdout)")
        #expect(output.stdout.contains("4.48 m/s"))
    }

    @Test func timeFromDistanceAndPace() throws {
        let output = try CommandRunner.run(["pace", "--distance", "marathon", "--pace", "8:30/mi"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Time:     = 3:42:52"))
        #expect(output.stdout.contains("42195 m  42.195 km  26.219 mi"))
    }

    @Test func distanceFromTimeAndSpeed() throws {
        let output = try CommandRunner.run(["pace", "--time", "30:00", "--pace", "10 km/h"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("Distance: = 5000 m  5.000 km  3.107 mi\n"))
        #expect(output.stdout.contains("6:00 min/km  9:39 min/mi"))
    }

    /// "1:30 h/km" is an hour and a half a kilometre (it was read as 1:30 min/km: 10 km in
    /// 0:15:00), and "0:45 h/mi" 45 minutes a mile (it was 45 s).
    @Test func hourPacesStartAtHours() throws {
        let output = try CommandRunner.run(["pace", "--distance", "10km", "--pace", "1:30 h/km"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Time:     = 15:00:00  (54000 s)\n"), "\(output.stdout)")
        #expect(output.stdout.contains("Pace:       1:30:00 h/km  2:24:50 h/mi\n"), "\(output.stdout)")
        let mile = try CommandRunner.run(["pace", "--distance", "1mi", "--pace", "0:45 h/mi"])
        #expect(mile.status == 0)
        #expect(mile.stdout.contains("Time:     = 0:45:00  (2700 s)\n"), "\(mile.stdout)")
    }

    /// Hexadecimal and exponents are not numbers here (`Double(_:)` reads them: `--time 0x10`
    /// was 16 s, `5:1e1` 5:10, `--pace 0x5:00/km` 5:00/km, `--time 1e300` printed "–").
    @Test func onlyPlainDecimals() throws {
        for arguments in [
            ["--distance", "5km", "--time", "0x10"], ["--distance", "5km", "--time", "5:1e1"],
            ["--distance", "5km", "--time", "1e300"], ["--distance", "5km", "--pace", "0x5:00/km"],
            ["--distance", "5km", "--pace", "1e308m/s"], ["--distance", "5km", "--pace", "1e1km/h"],
            ["--time", "30:00", "--pace", "+5:00/km"], ["--distance", "5km", "--time", "inf"],
        ] {
            let output = try CommandRunner.run(["pace"] + arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains("cannot read"), "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments)")
        }
    }

    /// A value, given or solved, that would print as zero or not at all is a usage error:
    /// `--distance 1km --time 0.4` printed "Time: 0:00:00 (0 s)" and "Pace: = 0:00 min/km"
    /// (a time of 0 is refused), and a huge speed "Time: = 0:00:00 (0 s)".
    @Test func valuesBeyondWhatIsShown() throws {
        let cases: [([String], String)] = [
            (["--distance", "1km", "--time", "0.4"], "--time: shorter than 1 s"),
            (["--distance", "0.5m", "--time", "1:00"], "--distance: shorter than 1 m"),
            (["--distance", "10km", "--time", "5"], "the pace this gives is faster than 0:01 min/km"),
            (["--distance", "5km", "--pace", "2000m/s"], "--pace: faster than 0:01 min/km"),
            (["--distance", "1km", "--pace", "10:00:01/km"], "--pace: slower than 10:00:00 h/km"),
            (["--distance", "1km", "--time", "10:00:01"], "the pace this gives is slower than 10:00:00 h/km"),
            (["--time", "1", "--pace", "10:00:00/km"], "the distance this gives is shorter than 1 m"),
            (["--distance", "1000000000000000m", "--time", "1:00"], "--distance: 10^15 m or more"),
            (["--distance", "100000000000000m", "--pace", "10:00:00/km"], "the time this gives is 10^15 s or more"),
        ]
        for (arguments, message) in cases {
            let output = try CommandRunner.run(["pace"] + arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments)")
        }
        // The limits themselves are shown.
        let fastest = try CommandRunner.run(["pace", "--distance", "1km", "--time", "1"])
        #expect(fastest.status == 0)
        #expect(fastest.stdout.contains("Pace:     = 0:01 min/km  0:02 min/mi\n"), "\(fastest.stdout)")
        let slowest = try CommandRunner.run(["pace", "--distance", "1m", "--pace", "10:00:00 h/km"])
        #expect(slowest.status == 0)
        #expect(slowest.stdout.contains("Time:     = 0:00:36  (36 s)\n"), "\(slowest.stdout)")
        #expect(slowest.stdout.contains("Speed:      0.03 m/s  0.1 km/h  0.1 mph\n"), "\(slowest.stdout)")
        // Values just under 10^15 too (QA pass: refused from 999,999,000,000,000 on, saying
        // '10^15 or more').
        let longest = try CommandRunner.run(["pace", "--distance", "999999999999999m", "--pace", "0:01/km"])
        #expect(longest.status == 0, "\(longest.stderr)")
        #expect(longest.stdout.contains("Distance:   999999999999999 m"), "\(longest.stdout)")
        let longestTime = try CommandRunner.run(["pace", "--time", "999999999999999", "--pace", "10:00:00/km"])
        #expect(longestTime.status == 0, "\(longestTime.stderr)")
        #expect(longestTime.stdout.contains("(999999999999999 s)"), "\(longestTime.stdout)")
        // A value that would be shown as 10^15 is refused (the review: shown as 1000000000000000).
        let rounded = try CommandRunner.run(["pace", "--distance", "999999999999999.9m", "--pace", "5:00/km"])
        #expect(rounded.status == 64 && rounded.stderr.contains("--distance: 10^15 m or more"), "\(rounded.stderr)")
    }

    @Test func usageErrors() throws {
        for arguments in [
            ["--distance", "10km"], ["--distance", "10km", "--time", "55:00", "--pace", "5:30/km"], [],
            ["--distance", "10", "--time", "55:00"], ["--distance", "10km", "--time", "0"],
            ["--distance", "10km", "--pace", "0 m/s"], ["--time", "1:60", "--pace", "5:00/km"],
        ] {
            let output = try CommandRunner.run(["pace"] + arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(!output.stderr.isEmpty)
            #expect(output.stdout.isEmpty)
        }
    }
}
