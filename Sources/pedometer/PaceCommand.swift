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
            --pace 8:30/mi`, `pedometer pace --time 1:00:00 --pace 12km/h`. Exit status 64 on \
            usage errors.
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
                throw ValidationError("--distance: cannot read '\(distance)' (e.g. 400m, 10km, 5 mi, marathon)")
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
        do {
            return try PaceSolver.solve(distance: parsedDistance, time: parsedTime, pace: parsedPace)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func validate() throws {
        _ = try solution()
    }

    func run() throws {
        try StandardOutput.write(Self.text(try solution()))
    }

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
            label("Time", .time) + solution.time.hoursMinutesSeconds + "  (" + NumberText.fixed(solution.time.seconds, digits: 0) + " s)",
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
