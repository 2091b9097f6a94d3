import ArgumentParser
import Foundation
import PedometerCore
import PedometerIngest

/// `pedometer inspect`: what ingestion finds in each recording, before any step counting.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show the detected format, streams, sampling and problems of recordings.",
        discussion: """
            PATH may be files, recording folders (Sensor Logger, Oxford), zips, or folders \
            searched recursively. Exit status: 0 when every recording was read, 1 when some \
            could not be (each reported on stderr as file:line:column: reason), 64 on usage errors.
            """
    )

    @Argument(help: "Recordings, or folders to search for them.")
    var paths: [String]

    @Option(help: "Output: table or json (one JSON object per recording per line).")
    var format: InspectOutput = .table

    @OptionGroup var ingest: IngestOptionGroup

    enum InspectOutput: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @OptionGroup var parallelism: JobsOptionGroup

    func run() throws {
        let found = RecordingSearch.recordings(in: paths)
        let recordings = found.recordings
        var ingestOptions = try ingest.options()
        ingestOptions.threads = parallelism.threadsPerRecording(recordings.count)
        let options = ingestOptions
        var failures = 0
        try OrderedBatch.run(recordings, jobs: parallelism.jobs, work: { path -> Result<RecordingInfo, IngestError> in
            var sink = DiscardingSink()
            do throws(IngestError) {
                return .success(try RecordingReader.read(path, options: options, into: &sink))
            } catch {
                return .failure(error)
            }
        }, deliver: { index, result throws(StandardOutput.WriteError) -> Bool in
            switch result {
            case .success(let info):
                try StandardOutput.print(format == .table ? InspectReport.table(info) : InspectReport.json(info))
            case .failure(let error):
                failures += 1
                StandardError.print("\(error)")
                if format == .json { try StandardOutput.print(InspectReport.json(failure: error, source: recordings[index])) }
            }
            return true
        })
        if failures > 0 || found.failures > 0 { throw ExitCode(1) }
    }
}

/// A sink that keeps nothing: inspecting needs only what the stream monitors record.
struct DiscardingSink: SampleSink {}
