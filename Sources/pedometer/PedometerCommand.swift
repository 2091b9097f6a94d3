import ArgumentParser

/// The `pedometer` command line: CMPedometer-style summaries of recorded sensor logs.
@main
struct PedometerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pedometer",
        abstract: "Steps, distance, cadence and pace from phone sensor logs.",
        subcommands: [InspectCommand.self, SummarizeCommand.self, SeriesCommand.self, PaceCommand.self, EvalCommand.self, CheckCommand.self, ListCommand.self]
    )
}
