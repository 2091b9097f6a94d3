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
