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
            on usage errors. Table output ends with totals over all recordings; JSON and CSV \
            keep to one record per recording. With --output-dir, summaries go to files instead \
            of stdout, and a rerun writes only those missing (an interrupted batch resumes).
            """
    )

    @Argument(help: "Recordings, or folders to search for them; - reads a list of paths from stdin, one per line. Default: the current folder.")
    var paths: [String] = []

    @Option(help: "Output: table, json (one JSON object per recording per line) or csv (header once).")
    var format: SummaryOutput = .table

    @Option(help: "Units of the table: metric, imperial or both.")
    var units: UnitSystem = .both

    @OptionGroup var stepLength: StepLengthOptionGroup

    @Option(
        help: ArgumentHelp("Split each recording every kilometre, mile or given length (km, mi, 400m, 5km, 0.25mi): a table of splits, or a splits object in JSON.", valueName: "length"),
        completion: .list(["km", "mi", "400m", "5km"]), transform: SplitLength.argument)
    var splits: SplitLength?

    @Flag(help: "Show the run/walk intervals of each recording, with totals and average pace across them.")
    var intervals = false

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("Write one summary file per recording into DIR (<name>-<hash>.summary.json, .csv or .txt) instead of stdout, skipping recordings already written.", valueName: "DIR"))
    var outputDirectory: String?

    @Option(help: ArgumentHelp("Write one SVG chart per recording into DIR (<name>-<hash>.svg): cadence and pace over time, intervals shaded, splits marked.", valueName: "DIR"))
    var chart: String?

    @Flag(help: "With --output-dir, rewrite summaries that already exist.")
    var force = false

    @Option(help: "Progress bar on stderr: auto (when stderr is a terminal), always or never.")
    var progress: ProgressBar.Mode = .auto

    @OptionGroup var ingest: IngestOptionGroup

    @OptionGroup var window: TimeWindowOptionGroup

    @OptionGroup var parallelism: JobsOptionGroup

    enum SummaryOutput: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv

        /// The extension of the files `--output-dir` writes.
        var fileExtension: String {
            switch self {
            case .table: return "txt"
            case .json: return "json"
            case .csv: return "csv"
            }
        }
    }

    func validate() throws {
        if format == .csv && (splits != nil || intervals) {
            throw ValidationError("--splits and --intervals need --format table or json (a CSV row has no room for them)")
        }
        if force && outputDirectory == nil { throw ValidationError("--force needs --output-dir") }
        if window.isSet && (splits != nil || chart != nil) {
            throw ValidationError("--from/--to cover the summary and the intervals; --splits and --chart cover whole recordings")
        }
        try RecordingSearch.validateStandardInput(in: paths)
    }

    /// A recording summarised, with the sections asked for (and its chart written, with
    /// `--chart`).
    func summarize(
        _ path: String, options: IngestOptions, configuration: PedometerConfiguration, threads: Int
    ) throws(RecordingFailure) -> RecordingSummary {
        let processed: SummaryBuilder.Processed
        do throws(IngestError) {
            processed = try SummaryBuilder.process(
                path, options: options, configuration: configuration, threads: threads)
        } catch {
            throw .ingest(error)
        }
        if let chart {
            do throws(AtomicFile.WriteError) {
                try ChartOutput.write(processed, to: chart, units: units, splits: splits)
            } catch {
                throw .write(error)
            }
        }
        let span: (from: Double, to: Double)?
        do throws(IngestError) {
            span = try window.window(
                startDate: processed.info.startDate, duration: processed.pedometer.endDate, zone: options.timeZone, recording: path)
        } catch {
            throw .ingest(error)
        }
        var summary = SummaryBuilder.summary(processed, window: span)
        if let splits {
            summary.splits = SplitSummary(length: splits, splits: Split.splits(of: processed.pedometer, every: splits))
        }
        if intervals { summary.intervals = IntervalSummary(span.map { processed.pedometer.intervals(from: $0.from, to: $0.to) } ?? processed.pedometer.intervals) }
        return summary
    }

    func run() throws {
        let options = try ingest.options()
        let configuration = stepLength.configuration()
        // No path: the current folder (RecordingSearch says what it looked for when it is empty).
        let found = RecordingSearch.recordings(in: try RecordingSearch.readingStandardInput(paths.isEmpty ? ["."] : paths))
        let recordings = found.recordings
        // Output folders that cannot be made end the command before anything is read.
        for directory in [outputDirectory, chart].compactMap({ $0 }) { try Self.prepare(directory) }
        if let chart { AtomicFile.removeLeftovers(in: chart, of: ChartOutput.fileExtension) }
        if let outputDirectory {
            try write(recordings, to: outputDirectory, options: options, configuration: configuration)
            if found.failures > 0 { throw ExitCode(1) }
            return
        }
        let bar = progress.isOn ? ProgressBar(sizes: recordings.map(ProgressBar.size(of:))) : nil
        defer { bar?.finish() }
        func emit(_ text: String, terminator: String = "\n") throws(StandardOutput.WriteError) {
            if let bar {
                try bar.printAbove(text, terminator: terminator)
            } else {
                try StandardOutput.print(text, terminator: terminator)
            }
        }
        var failures = 0
        var stoppedAt: Int?
        var totals = SummaryTotals()
        if format == .csv { try emit(SummaryWriter.csvHeader) }
        let command = self
        let threads = parallelism.threadsPerRecording(recordings.count)
        try OrderedBatch.run(Array(recordings.indices), jobs: parallelism.jobs, work: { index -> Result<RecordingSummary, RecordingFailure> in
            defer { bar?.advance(bytes: ProgressBar.size(of: recordings[index])) }
            do throws(RecordingFailure) {
                return .success(try command.summarize(
                    recordings[index], options: options, configuration: configuration, threads: threads))
            } catch {
                return .failure(error)
            }
        }, deliver: { index, result throws(StandardOutput.WriteError) -> Bool in
            switch result {
            case .success(let summary):
                switch format {
                case .table:
                    try emit((totals.recordings > 0 ? "\n" : "") + SummaryWriter.table(summary, units: units), terminator: "")
                case .json: try emit(SummaryWriter.json(summary))
                case .csv: try emit(SummaryWriter.csvRow(summary))
                }
                totals.add(summary)
            case .failure(let error):
                failures += 1
                totals.failed += 1
                for message in ["\(error)"] + removeOutputs(of: recordings[index], summaryFile: nil) {
                    if let bar { bar.printError(message) } else { StandardError.print(message) }
                }
                if case .ingest(let error) = error {
                    switch format {
                    case .json: try emit(InspectReport.json(failure: error, source: recordings[index]))
                    case .csv: try emit(SummaryWriter.csvRow(source: recordings[index], error: "\(error)"))
                    case .table: break
                    }
                }
                if case .write = error {
                    stoppedAt = index
                    return false
                }
            }
            return true
        })
        bar?.finish()
        if let stoppedAt {
            StandardError.print(Self.stopped(after: stoppedAt, of: recordings.count))
            throw ExitCode(StandardOutput.failureStatus)
        }
        // Totals only in the table: JSON Lines and CSV stay one record per recording.
        if format == .table && recordings.count > 1 && totals.recordings > 0 {
            try emit("\n" + SummaryWriter.totalsTable(totals, units: units), terminator: "")
        }
        if failures > 0 || found.failures > 0 { throw ExitCode(1) }
    }

    /// Makes an output folder (`--output-dir`, `--chart`) when it is missing; one that cannot
    /// be made (a file of that name, no permission) ends the command with
    /// ``StandardOutput/failureStatus`` before any recording is read.
    static func prepare(_ directory: String) throws(ExitCode) {
        do throws(AtomicFile.WriteError) {
            try AtomicFile.makeFolder(directory)
        } catch {
            StandardError.print("summarize: \(error.reason)")
            throw ExitCode(StandardOutput.failureStatus)
        }
    }

    /// Why a batch stopped at the recording at `index` of `count`: its output could not be
    /// written (a full disk, a folder made read-only), and would not be for the others.
    static func stopped(after index: Int, of count: Int) -> String {
        let left = count - index - 1
        return "summarize: stopped: the output cannot be written" + (left > 0 ? "; \(left) recordings not summarised" : "")
    }

    /// Why a recording has no summary (or no summary file or chart).
    enum RecordingFailure: Error, CustomStringConvertible {
        case ingest(IngestError)
        case write(AtomicFile.WriteError)

        var description: String {
            switch self {
            case .ingest(let error): return "\(error)"
            case .write(let error): return error.description
            }
        }
    }

    /// Removes what an earlier run wrote for `recording`, which failed in this one: its summary
    /// file (`summaryFile`, with `--output-dir`) and its chart (with `--chart`), so that the
    /// failure stays visible (a rerun retries the recording rather than skipping it, and no
    /// summary of what the file once held is left to be taken for its own). Returns what could
    /// not be removed, to be reported.
    func removeOutputs(of recording: String, summaryFile: String?) -> [String] {
        let chartFile = chart.map { ChartOutput.path(for: recording, in: $0) }
        return [summaryFile, chartFile].compactMap { path in
            guard let path else { return nil }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.remove(path)
                return nil
            } catch {
                return error.description
            }
        }
    }

    /// The summary file of a recording: `DIR/<name>-<hash of the path>.summary.<format>`, the
    /// name and hash as the chart's (``RecordingFileName/stem(for:)``).
    func outputPath(for recording: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent(
            RecordingFileName.stem(for: recording) + RecordingDiscovery.summaryInfix + format.fileExtension)
    }

    /// Whether the file `output` exists and was written after the recording at `source` last
    /// changed (a file's modification, or the latest of a folder's and its files', through
    /// symbolic links): a summary of a recording changed since (a file written again, a zip
    /// replaced) is not kept. A file restored with its old time (`cp -p`, `rsync -a`) is no
    /// change: `--force` rewrites.
    static func isNewer(_ output: String, than source: String) -> Bool {
        let manager = FileManager.default
        func modified(_ path: String) -> Date? {
            (try? manager.attributesOfItem(atPath: RecordingFileName.canonical(path)))?[.modificationDate] as? Date
        }
        guard let written = modified(output) else { return false }
        var latest = modified(source) ?? .distantPast
        if FilePaths.isDirectory(source), let enumerator = manager.enumerator(atPath: source) {
            while let name = enumerator.nextObject() as? String {
                if let date = modified(source + "/" + name), date > latest { latest = date }
            }
        }
        return written >= latest
    }

    /// `--output-dir`: one file per recording, written atomically, those already there and
    /// newer than their recording (and, with `--chart`, whose chart is there too) skipped
    /// unless `--force`; one line of counts on stderr.
    func write(
        _ recordings: [String], to directory: String, options: IngestOptions, configuration: PedometerConfiguration
    ) throws {
        AtomicFile.removeLeftovers(in: directory, of: RecordingDiscovery.summaryInfix + format.fileExtension)
        let targets = recordings.map { outputPath(for: $0, in: directory) }
        let chart = self.chart
        let pending = recordings.indices.filter { index in
            if force || !Self.isNewer(targets[index], than: recordings[index]) { return true }
            guard let chart else { return false }
            return !FileManager.default.fileExists(atPath: ChartOutput.path(for: recordings[index], in: chart))
        }
        let skipped = recordings.count - pending.count
        let bar = progress.isOn ? ProgressBar(sizes: pending.map { ProgressBar.size(of: recordings[$0]) }) : nil
        let command = self
        let threads = parallelism.threadsPerRecording(pending.count)
        let format = self.format
        let units = self.units
        var failures = 0
        var stoppedAt: Int?
        // Written by the workers, some past the recording that stopped the batch.
        let written = WrittenCount()
        OrderedBatch.run(pending, jobs: parallelism.jobs, work: { index -> Result<Void, RecordingFailure> in
            defer { bar?.advance(bytes: ProgressBar.size(of: recordings[index])) }
            let summary: RecordingSummary
            do throws(RecordingFailure) {
                summary = try command.summarize(
                    recordings[index], options: options, configuration: configuration, threads: threads)
            } catch {
                return .failure(error)
            }
            let text: String
            switch format {
            case .table: text = SummaryWriter.table(summary, units: units)
            case .json: text = SummaryWriter.json(summary) + "\n"
            case .csv: text = SummaryWriter.csvHeader + "\n" + SummaryWriter.csvRow(summary) + "\n"
            }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(text, to: targets[index])
            } catch {
                return .failure(.write(error))
            }
            written.add()
            return .success(())
        }, deliver: { position, result -> Bool in
            guard case .failure(let failure) = result else { return true }
            failures += 1
            let index = pending[position]
            for message in [failure.description] + removeOutputs(of: recordings[index], summaryFile: targets[index]) {
                if let bar { bar.printError(message) } else { StandardError.print(message) }
            }
            guard case .write = failure else { return true }
            stoppedAt = position
            return false
        })
        bar?.finish()
        if stoppedAt != nil {
            StandardError.print(
                "summarize: stopped: the output cannot be written; \(written.value) written, \(skipped) skipped, "
                    + "\(failures - 1) failed, \(pending.count - written.value - failures) not summarised (a rerun resumes)")
            throw ExitCode(StandardOutput.failureStatus)
        }
        var report = "summarize: \(written.value) written, \(skipped) skipped"
        if skipped > 0 { report += " (already in \(directory); --force rewrites them)" }
        if failures > 0 { report += ", \(failures) failed" }
        StandardError.print(report)
        if failures > 0 { throw ExitCode(1) }
    }
}

/// Summary files written so far, counted by the batch's workers.
private final class WrittenCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

extension UnitSystem: ExpressibleByArgument {}
extension SplitLength {
    /// `--splits`' value: `km`, `mi` or a length with its unit (`400m`, `0.25mi`), as
    /// ``SplitLength/init(validating:)`` reads it; otherwise a usage error saying why.
    static func argument(_ text: String) throws -> SplitLength {
        do {
            return try SplitLength(validating: text)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
extension ProgressBar.Mode: ExpressibleByArgument {}
