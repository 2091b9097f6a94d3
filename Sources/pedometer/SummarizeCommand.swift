import ArgumentParser
import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport

/// `pedometer summarize`: CMPedometer's values for each recording.
struct SummarizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summarize",
        abstract: "Steps, distance, pace, cadence and floors of recordings.",
        discussion: """
            PATH may be files, recording folders (Sensor Logger, Oxford), zips, or folders \
            searched recursively. Output is in the order of the paths whatever --jobs. Exit \
            status: 0 when every recording was summarised, 1 when some could not be read (each \
            reported on stderr as file:line:column: reason; the others are still summarised), 64 \
            on usage errors.
            """
    )

    @Argument(help: "Recordings, or folders to search for them.")
    var paths: [String]

    @Option(help: "Output: table, json (one JSON object per recording per line) or csv (header once).")
    var format: SummaryOutput = .table

    @Option(help: "Units of the table: metric, imperial or both.")
    var units: UnitSystem = .both

    @Option(help: ArgumentHelp("Body height in metres, for the stride model (default \(StrideModel.defaultHeight)).", valueName: "m"))
    var height: Double?

    @Option(help: ArgumentHelp("Your walking step length in metres (one step, not a stride of two); overrides GPS calibration.", valueName: "m"))
    var stride: Double?

    @OptionGroup var ingest: IngestOptionGroup

    @Option(help: "Recordings read at once (default: one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    enum SummaryOutput: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let height, !(0.5...2.5).contains(height) { throw ValidationError("--height must be between 0.5 and 2.5 metres") }
        if let stride, !(0.2...2.5).contains(stride) { throw ValidationError("--stride must be between 0.2 and 2.5 metres") }
    }

    /// The engine settings these options describe.
    var pedometerConfiguration: PedometerConfiguration {
        PedometerConfiguration(height: height ?? StrideModel.defaultHeight, walkingStride: stride)
    }

    func run() throws {
        let options = try ingest.options()
        let configuration = pedometerConfiguration
        let recordings = RecordingDiscovery.recordings(in: paths)
        var failures = 0
        var printed = 0
        if format == .csv { print(SummaryWriter.csvHeader) }
        OrderedBatch.run(recordings, jobs: jobs, work: { path -> Result<RecordingSummary, IngestError> in
            do throws(IngestError) {
                let processed = try SummaryBuilder.process(path, options: options, configuration: configuration)
                return .success(SummaryBuilder.summary(processed))
            } catch {
                return .failure(error)
            }
        }, deliver: { index, result in
            switch result {
            case .success(let summary):
                switch format {
                case .table:
                    print((printed > 0 ? "\n" : "") + SummaryWriter.table(summary, units: units), terminator: "")
                case .json: print(SummaryWriter.json(summary))
                case .csv: print(SummaryWriter.csvRow(summary))
                }
                printed += 1
            case .failure(let error):
                failures += 1
                StandardError.print("\(error)")
                if format == .json { print(InspectReport.json(failure: error, source: recordings[index])) }
            }
        })
        if failures > 0 { throw ExitCode(1) }
    }
}

extension UnitSystem: ExpressibleByArgument {}
