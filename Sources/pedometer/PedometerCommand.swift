import ArgumentParser
import Foundation

/// The `pedometer` command line: CMPedometer-style summaries of recorded sensor logs.
@main
struct PedometerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pedometer",
        abstract: "Steps, distance, cadence and pace from phone sensor logs.",
        version: "0.1.0",
        subcommands: [InspectCommand.self, SummarizeCommand.self, SeriesCommand.self, PaceCommand.self, EvalCommand.self, CheckCommand.self, ListCommand.self]
    )

    /// Parses the command line and runs the command, as ArgumentParser's `main()` does, except
    /// that output that could not be written (``StandardOutput/WriteError``), the results' or
    /// the help's and version's, is said on stderr and ends the command with
    /// ``StandardOutput/failureStatus``, not ArgumentParser's 1 for any error (or 0 for help
    /// that was never written).
    static func main() {
        do {
            do {
                var command = try parseAsRoot()
                try command.run()
            } catch where exitCode(for: error) == .success && !(error is StandardOutput.WriteError) {
                let message = fullMessage(for: error)
                if !message.isEmpty { try StandardOutput.print(message) }
            }
        } catch let error as StandardOutput.WriteError {
            StandardError.print("pedometer: \(error)")
            Foundation.exit(StandardOutput.failureStatus)
        } catch {
            exit(withError: error)
        }
    }
}
