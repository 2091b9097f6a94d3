import ArgumentParser
import Foundation

/// `--jobs N`: how many threads a batch command uses.
struct JobsOptionGroup: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Threads to use (default: one per core).",
        discussion: "Recordings are read in parallel; cores left over (fewer recordings than jobs) parse each recording in stretches on several threads, the one running its engine included. Results are the same whatever the count."))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Threads each of `recordings` recordings may use: the jobs the batch leaves idle.
    func threadsPerRecording(_ recordings: Int) -> Int {
        max(1, jobs / max(recordings, 1))
    }

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}
