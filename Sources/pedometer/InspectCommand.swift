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

    func run() throws {
        let options = try ingest.options()
        var failures = 0
        for path in RecordingDiscovery.recordings(in: paths) {
            var sink = DiscardingSink()
            do {
                let info = try RecordingReader.read(path, options: options, into: &sink)
                switch format {
                case .table: print(InspectReport.table(info))
                case .json: print(InspectReport.json(info))
                }
            } catch {
                failures += 1
                StandardError.print("\(error)")
                if format == .json { print(InspectReport.json(failure: error, source: path)) }
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// A sink that keeps nothing: inspecting needs only what the stream monitors record.
struct DiscardingSink: SampleSink {}

/// Lines written to standard error.
enum StandardError {
    static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
