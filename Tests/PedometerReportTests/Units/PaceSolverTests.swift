import Testing
@testable import PedometerReport

@Suite struct PaceSolverTests {
    @Test func tenKilometresInFiftyFiveMinutes() throws {
        let solution = try PaceSolver.solve(
            distance: Distance(parsing: "10km"), time: TimeSpan(parsing: "55:00"), pace: nil)
        #expect(solution.solved == .pace)
        #expect(solution.pace.formatted(.minutesPerKilometer) == "5:30 min/km")
        #expect(solution.pace.formatted(.minutesPerMile) == "8:51 min/mi")
        #expect(solution.pace.formatted(.metersPerSecond) == "3.03 m/s")
        #expect(solution.pace.formatted(.kilometersPerHour) == "10.9 km/h")
        #expect(solution.pace.formatted(.milesPerHour) == "6.8 mph")
    }

    @Test func marathonAtEightThirtyPerMile() throws {
        let solution = try PaceSolver.solve(distance: Distance(parsing: "marathon"), time: nil, pace: Pace(parsing: "8:30/mi"))
        #expect(solution.solved == .time)
        // 42195 m / 1609.344 m/mi × 510 s/mi = 13371.6 s, 3:42:52.
        #expect(solution.time.hoursMinutesSeconds == "3:42:52")
    }

    @Test func distanceFromTimeAndPace() throws {
        let solution = try PaceSolver.solve(distance: nil, time: TimeSpan(parsing: "1:00:00"), pace: Pace(parsing: "12 km/h"))
        #expect(solution.solved == .distance)
        #expect(abs(solution.distance.meters - 12_000) < 1e-9)
    }

    @Test func needsExactlyTwoPositiveValues() {
        let distance = Distance(meters: 5000)
        let time = TimeSpan(seconds: 1500)
        let pace = Pace(secondsPerMeter: 0.3)
        #expect(throws: PaceSolver.Failure.needsExactlyTwo(given: [.distance, .time, .pace])) {
            try PaceSolver.solve(distance: distance, time: time, pace: pace)
        }
        #expect(throws: PaceSolver.Failure.needsExactlyTwo(given: [.time])) {
            try PaceSolver.solve(distance: nil, time: time, pace: nil)
        }
        #expect(throws: PaceSolver.Failure.notPositive(.distance)) {
            try PaceSolver.solve(distance: Distance(meters: 0), time: time, pace: nil)
        }
        #expect(throws: PaceSolver.Failure.notPositive(.time)) {
            try PaceSolver.solve(distance: distance, time: TimeSpan(seconds: .infinity), pace: nil)
        }
    }

    static let distances: [(String, Double)] = [
        ("10km", 10_000), ("5 mi", 8046.72), ("400m", 400), ("26.2mi", 26.2 * 1609.344), ("10 K", 10_000),
        ("5K", 5000), ("half marathon", 21_097.5), ("Marathon", 42_195), ("3 miles", 3 * 1609.344),
        ("800 metres", 800), ("1.5 km", 1500), ("0 m", 0),
    ]

    @Test(arguments: distances)
    func parsesDistances(text: String, meters: Double) throws {
        let distance = try #require(Distance(parsing: text))
        #expect(abs(distance.meters - meters) < 1e-9)
    }

    @Test func rejectsBadDistances() {
        for text in ["", "10", "km", "-5km", "5 furlongs", "1.2.3km", "inf km", "nan m", "5km5"] {
            #expect(Distance(parsing: text) == nil, "\(text)")
        }
    }

    static let amounts: [(String, Double)] = [
        ("1s", 1), ("0.5s", 0.5), ("10 s", 10), ("1m", 60), ("2min", 120), ("250ms", 0.25), ("1h", 3600),
        ("1d", 86_400), ("5", 5), ("1:30", 90),
    ]

    @Test(arguments: amounts)
    func parsesAmountsOfTime(text: String, seconds: Double) throws {
        #expect(try #require(TimeSpan(parsingAmount: text)).seconds == seconds)
    }

    @Test func rejectsBadAmounts() {
        for text in ["", "s", "-1s", "1 fortnight", "1e400s", "x"] {
            #expect(TimeSpan(parsingAmount: text) == nil, "\(text)")
        }
    }
}
