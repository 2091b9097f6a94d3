import ArgumentParser
import Foundation

/// The `pedometer` command line: CMPedometer-style summaries of recorded sensor logs.
@main
struct PedometerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pedometer",
        abstract: "Steps, distance, cadence and pace from phone sensor logs.",
        subcommands: [InspectCommand.self, SummarizeCommand.self, SeriesCommand.self, PaceCommand.self, EvalCommand.self, CheckCommand.self, ListCommand.self]
    )

    /// Parses the command line and runs the command, as ArgumentParser's `main()` does, except
    /// that output that could not be written (``StandardOutput/WriteError``) is said on stderr
    /// and ends the command with ``StandardOutput/failureStatus``, not ArgumentParser's 1 for
    /// any error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as StandardOutput.WriteError {
            StandardError.print("pedometer: \(error)")
            Foundation.exit(StandardOutput.failureStatus)
        } catch {
            exit(withError: error)
        }
    }
}
