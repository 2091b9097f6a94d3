import ArgumentParser
import PedometerIngest

/// `pedometer list`: the recordings other commands would read under the paths given, one per
/// line (what a distributed run, `tools/spark`, hands out to its workers).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the recordings found under the paths, one per line, as summarize would read them.",
        discussion: """
            Files are listed as they are; folders are searched recursively for recording folders \
            (Sensor Logger, Oxford) and .csv, .tsv, .txt and .zip files, leaving out expected \
            files, truth manifests, step-time lists and the summaries summarize --output-dir \
            writes; - reads a list of paths from stdin, one per line, as summarize - does. Exit status: 0, 1 when a folder holds no recording or \
            cannot be listed, or a path does not exist (said on stderr), 64 on usage errors.
            """)

    @Argument(help: "Recordings, or folders to search for them; - reads a list of paths from stdin, one per line.")
    var paths: [String]

    func validate() throws {
        try RecordingSearch.validateStandardInput(in: paths)
    }

    func run() throws {
        let found = RecordingSearch.recordings(in: try RecordingSearch.readingStandardInput(paths))
        let recordings = found.recordings
        var missing = 0
        var output = StandardOutput.Buffer()
        for recording in recordings {
            if let problem = RecordingDiscovery.lookupProblem(recording) {
                StandardError.print("\(recording): \(problem)")
                missing += 1
            } else {
                try output.append(recording)
            }
        }
        try output.flush()
        if found.failures > 0 || missing > 0 { throw ExitCode(1) }
    }
}
