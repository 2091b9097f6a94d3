import Testing
@testable import PedometerReport
import TestSupport

/// Format → parse gives back the value within the formatting's resolution, for random values.
@Suite struct RoundTripTests {
    static let iterations = 2000

    @Test func clocksRoundTripToTheWholeSecond() throws {
        var random = SplitMix64(seed: 1)
        for _ in 0..<Self.iterations {
            let seconds = Double.random(in: 0..<200_000, using: &random)
            let span = TimeSpan(seconds: seconds)
            for text in [span.clock, span.hoursMinutesSeconds] {
                let back = try #require(TimeSpan(parsing: text), "\(text)")
                #expect(back.seconds == seconds.rounded(), "\(seconds) → \(text)")
            }
        }
    }

    @Test func pacesRoundTripInEveryUnit() throws {
        var random = SplitMix64(seed: 2)
        for _ in 0..<Self.iterations {
            let pace = try #require(Pace(metersPerSecond: Double.random(in: 0.3...12, using: &random)))
            for unit in PaceUnit.allCases {
                let text = pace.formatted(unit)
                let back = try #require(Pace(parsing: text), "\(text)")
                let error: Double
                let resolution: Double
                switch unit {
                case .metersPerSecond: (error, resolution) = (back.metersPerSecond - pace.metersPerSecond, 0.005)
                case .kilometersPerHour: (error, resolution) = (back.kilometersPerHour - pace.kilometersPerHour, 0.05)
                case .milesPerHour: (error, resolution) = (back.milesPerHour - pace.milesPerHour, 0.05)
                case .minutesPerMile: (error, resolution) = (back.secondsPerMile - pace.secondsPerMile, 0.5)
                case .minutesPerKilometer:
                    (error, resolution) = (back.secondsPerKilometer - pace.secondsPerKilometer, 0.5)
                }
                #expect(abs(error) <= resolution + 1e-9, "\(pace.secondsPerMeter) s/m → \(text)")
            }
        }
    }

    @Test func distancesRoundTripInEveryUnit() throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<Self.iterations {
            let distance = Distance(meters: Double.random(in: 0...200_000, using: &random))
            let cases: [(DistanceUnit, KeyPath<Distance, Double>, Double)] = [
                (.meters, \.meters, 0.5), (.kilometers, \.kilometers, 0.005), (.miles, \.miles, 0.005),
            ]
            for (unit, value, resolution) in cases {
                let text = distance.formatted(unit)
                let back = try #require(Distance(parsing: text), "\(text)")
                #expect(abs(back[keyPath: value] - distance[keyPath: value]) <= resolution + 1e-9, "\(text)")
            }
        }
    }

    /// Solving for each quantity in turn from the other two gives back the one left out.
    @Test func solverIsConsistent() throws {
        var random = SplitMix64(seed: 4)
        for _ in 0..<Self.iterations {
            let distance = Distance(meters: Double.random(in: 1...100_000, using: &random))
            let time = TimeSpan(seconds: Double.random(in: 1...50_000, using: &random))
            let solved = try PaceSolver.solve(distance: distance, time: time, pace: nil)
            #expect(solved.solved == .pace)
            let backTime = try PaceSolver.solve(distance: distance, time: nil, pace: solved.pace)
            #expect(abs(backTime.time.seconds - time.seconds) <= 1e-9 * time.seconds)
            let backDistance = try PaceSolver.solve(distance: nil, time: time, pace: solved.pace)
            #expect(abs(backDistance.distance.meters - distance.meters) <= 1e-9 * distance.meters)
        }
    }
}
