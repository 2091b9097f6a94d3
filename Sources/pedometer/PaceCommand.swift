import ArgumentParser
import PedometerReport

/// `pedometer pace`: the seed calculator's solver. Two of distance, time and pace in, the third
/// out, everything shown in every unit.
struct PaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pace",
        abstract: "Solve for distance, time or pace from the other two, shown in every unit.",
        discussion: """
            Give exactly two of --distance, --time and --pace. Examples: \
            `pedometer pace --distance 10km --time 55:00`, `pedometer pace --distance marathon \
            --pace 8:30/mi`, `pedometer pace --time 1:00:00 --pace 12km/h`. Numbers are plain \
            decimals; every value, given or solved, must show as more than zero: at least 1 m, \
            1 s, and a pace from 0:01 min/km to 10:00:00 h/km. Exit status 64 on usage errors.
            """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("Distance: 400m, 10km, 10k, 5 mi, 26.2mi, or a race: 5k, 8k, 10k, 15k, half, marathon.", valueName: "distance"))
    var distance: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Time: 45 (seconds), 55:00, 1:23:45.", valueName: "time"))
    var time: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pace or speed: 8:30/mi, 5:15/km, 6min/km (minutes), 1:30h/km (h:mm), 12.5km/h, 7mph, 3.2m/s, 0.3s/m.", valueName: "pace"))
    var pace: String?

    /// The solution of the options given (validated at the edge: bad text is a usage error).
    func solution() throws -> PaceSolver.Solution {
        var parsedDistance: Distance?
        var parsedTime: TimeSpan?
        var parsedPace: Pace?
        if let distance {
            guard let value = Distance(parsing: distance) else {
                throw ValidationError("--distance: cannot read '\(distance)' (e.g. 400m, 10km, 5mi, marathon; quote a value with a space: '5 mi')")
            }
            parsedDistance = value
        }
        if let time {
            guard let value = TimeSpan(parsing: time) else {
                throw ValidationError("--time: cannot read '\(time)' (e.g. 45, 55:00, 1:23:45)")
            }
            parsedTime = value
        }
        if let pace {
            guard let value = Pace(parsing: pace) else {
                throw ValidationError("--pace: cannot read '\(pace)' (e.g. 8:30/mi, 5:15/km, 12.5km/h, 7mph, 3.2m/s)")
            }
            parsedPace = value
        }
        let solution: PaceSolver.Solution
        do {
            solution = try PaceSolver.solve(distance: parsedDistance, time: parsedTime, pace: parsedPace)
        } catch {
            throw ValidationError(error.description)
        }
        try Self.checkShown(solution)
        return solution
    }

    /// Slack for values computed exactly at a limit (1 km at 0:01/km is 1 s, give or take a bit).
    private static let limitTolerance = 1e-9

    /// Refuses a solution with a value the output cannot show: a distance under 1 m or a time
    /// under 1 s prints as zero (`0 m`, `0:00:00`), a pace faster than 0:01 min/km as
    /// `0:00 min/km`, one slower than 10:00:00 h/km (0.1 km/h) as `0.0 mph`, and from 10^15 m
    /// or s on the figures stop printing exactly. Given values are checked first, by their
    /// option; then the solved one.
    static func checkShown(_ solution: PaceSolver.Solution) throws(ValidationError) {
        let low = 1 - limitTolerance
        let high = 1 + limitTolerance
        // Under 10^15 as shown, in whole metres and seconds (999,999,999,999,999 is; it was
        // refused from 999,999,000,000,000 on, the lower limits' tolerance taken off it).
        let largest = 1e15
        func subject(_ quantity: PaceSolver.Quantity) -> String {
            solution.solved == quantity ? "the \(quantity.rawValue) this gives is" : "--\(quantity.rawValue):"
        }
        let limits = "(shown: distances from 1 m and times from 1 s, each under 10^15, paces from 0:01 min/km to 10:00:00 h/km)"
        func problem(_ quantity: PaceSolver.Quantity) -> String? {
            switch quantity {
            case .distance:
                let meters = solution.distance.meters
                if meters < low { return "shorter than 1 m, too short to show" }
                if meters.rounded() >= largest { return "10^15 m or more, too long to show" }
            case .time:
                let seconds = solution.time.seconds
                if seconds < low { return "shorter than 1 s, too short to show" }
                if seconds.rounded() >= largest { return "10^15 s or more, too long to show" }
            case .pace:
                let secondsPerMeter = solution.pace.secondsPerMeter
                if secondsPerMeter < 0.001 * low { return "faster than 0:01 min/km (1000 m/s), too fast to show" }
                if secondsPerMeter > 36 * high { return "slower than 10:00:00 h/km (0.1 km/h), too slow to show" }
            }
            return nil
        }
        let order = PaceSolver.Quantity.allCases.filter { $0 != solution.solved } + [solution.solved]
        for quantity in order {
            if let problem = problem(quantity) {
                throw ValidationError("\(subject(quantity)) \(problem) \(limits)")
            }
        }
    }

    func validate() throws {
        _ = try solution()
    }

    func run() throws {
        let solution = try solution()
        try StandardOutput.write(Self.text(solution))
        // A bare number is seconds: faster than anyone runs, it was likely minutes (`--time 45`
        // for a 10 km: 800 km/h, said nowhere).
        if let time, pace == nil, !time.contains(":"), solution.pace.secondsPerMeter < Self.fastestOnFoot {
            StandardError.print(
                "note: \(NumberText.fixed(1 / solution.pace.secondsPerMeter, digits: 1)) m/s is faster than anyone runs: "
                    + "--time \(time) is \(time) seconds; for minutes write \(time):00")
        }
    }

    /// Seconds per metre faster than anyone on foot (12.5 m/s: a sprinter's top speed is 12.4).
    static let fastestOnFoot = 0.08

    /// The three quantities in every unit, the solved one marked.
    static func text(_ solution: PaceSolver.Solution) -> String {
        func label(_ name: String, _ quantity: PaceSolver.Quantity) -> String {
            (name + ":").padding(toLength: 10) + (solution.solved == quantity ? "= " : "  ")
        }
        let distance = solution.distance
        let pace = solution.pace
        return [
            label("Distance", .distance) + [distance.formatted(.meters), distance.formatted(.kilometers, digits: 3), distance.formatted(.miles, digits: 3)]
                .joined(separator: "  "),
            // A time given to a fraction of a second keeps it in its seconds, as its pace and
            // speed do (`--time 5:59.5` showed 360 s beside 4.48 m/s, which 359.5 s make).
            label("Time", .time) + solution.time.hoursMinutesSeconds + "  ("
                + NumberText.fixed(solution.time.seconds, digits: solution.time.seconds == solution.time.seconds.rounded() ? 0 : 1) + " s)",
            label("Pace", .pace) + [pace.formatted(.minutesPerKilometer), pace.formatted(.minutesPerMile)].joined(separator: "  "),
            label("Speed", .pace) + [pace.formatted(.metersPerSecond), pace.formatted(.kilometersPerHour), pace.formatted(.milesPerHour)]
                .joined(separator: "  "),
        ].joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string padded with spaces to `length` characters (never cut).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
