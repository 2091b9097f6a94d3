import ArgumentParser
import Foundation

/// `--jobs N`: how many recordings a batch command reads at once.
struct JobsOptionGroup: ParsableArguments {
    @Option(help: "Recordings read at once (default: one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}
