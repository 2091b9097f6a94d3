import ArgumentParser
import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport

/// `pedometer eval`: our step counts against each recording's ground truth, and the device's.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Compare detected steps with the ground truth (or the device's count) of recordings.",
        discussion: """
            The truth of a recording is its ground-truth step count (Oxford foot switches, a \
            ground-truth column) or, without one, the device's own count; recordings with \
            neither, and step logs without acceleration, are listed as skipped on stderr. \
            Errors are (ours − truth) / truth. The \
            table ends with the mean absolute percentage error (MAPE), the median and the \
            largest absolute error, for our counts and for the device's where it logged one \
            beside a ground truth. Exit status: 0 when every recording was read, 1 when some \
            could not be (file:line:column: reason on stderr), 64 on usage errors.
            """
    )

    @Argument(help: "Recordings, or folders to search for them.")
    var paths: [String]

    @Option(help: "Output: table, or json (one JSON object per recording per line, then a summary object).")
    var format: EvalOutput = .table

    @OptionGroup var ingest: IngestOptionGroup

    @OptionGroup var detector: DetectorOptionGroup

    @OptionGroup var parallelism: JobsOptionGroup

    enum EvalOutput: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    func run() throws {
        let options = try ingest.options()
        let configuration = PedometerConfiguration(detector: try detector.configuration())
        let (recordings, emptyFolders) = RecordingSearch.recordings(in: paths)
        let table = EvalTable(recordings: recordings)
        let threads = parallelism.threadsPerRecording(recordings.count)
        var ours: [Double] = []
        var device: [Double] = []
        var evaluated = 0
        var skipped = 0
        var failures = 0
        if format == .table { print(table.header) }
        OrderedBatch.run(recordings, jobs: parallelism.jobs, work: { path -> Result<EvalRow?, IngestError> in
            do throws(IngestError) {
                let processed = try SummaryBuilder.process(
                    path, options: options, configuration: configuration, threads: threads)
                return .success(EvalRow(processed))
            } catch {
                return .failure(error)
            }
        }, deliver: { index, result in
            switch result {
            case .success(let row?):
                evaluated += 1
                if let error = row.errorPercent { ours.append(abs(error)) }
                if let error = row.deviceErrorPercent { device.append(abs(error)) }
                print(format == .table ? table.row(row) : EvalJSON.encode(row))
            case .success(nil):
                skipped += 1
                StandardError.print("\(recordings[index]): skipped: no ground truth or device step count beside acceleration")
            case .failure(let error):
                failures += 1
                StandardError.print("\(error)")
                if format == .json { print(InspectReport.json(failure: error, source: recordings[index])) }
            }
        })
        let summary = EvalSummary(
            evaluated: evaluated, skipped: skipped, failed: failures, ours: ErrorStatistics(ours),
            device: ErrorStatistics(device))
        print(format == .table ? table.footer(summary) : EvalJSON.encode(["summary": summary]))
        if failures > 0 || emptyFolders > 0 { throw ExitCode(1) }
    }
}

/// One evaluated recording.
struct EvalRow: Sendable, Encodable {
    var recording: String
    var format: String
    /// Where the truth comes from: `groundTruth` or `device`.
    var truthSource: String
    var truthSteps: Int
    var steps: Int
    var stepsSource: String
    /// (ours − truth) / truth × 100; `nil` when the truth is 0.
    var errorPercent: Double?
    /// The device's count when the truth is a ground truth.
    var deviceSteps: Int?
    var deviceErrorPercent: Double?

    /// `nil` when the recording has neither a ground truth nor a device count, or when its
    /// steps are the device's own (a step log without acceleration: nothing to evaluate).
    init?(_ processed: SummaryBuilder.Processed) {
        guard processed.pedometer.stepsSource == .acceleration else { return nil }
        let references = processed.pedometer.references
        recording = processed.info.source
        format = processed.info.format.rawValue
        steps = processed.pedometer.steps.count
        stepsSource = processed.pedometer.stepsSource.rawValue
        if let truth = references.groundTruthSteps {
            truthSource = "groundTruth"
            truthSteps = truth
            deviceSteps = references.deviceSteps
        } else if let truth = references.deviceSteps {
            truthSource = "device"
            truthSteps = truth
        } else {
            return nil
        }
        errorPercent = Self.percent(steps, truthSteps)
        deviceErrorPercent = deviceSteps.flatMap { Self.percent($0, truthSteps) }
    }

    static func percent(_ value: Int, _ truth: Int) -> Double? {
        truth > 0 ? Double(value - truth) / Double(truth) * 100 : nil
    }
}

/// Mean, median and largest of absolute percentage errors.
struct ErrorStatistics: Sendable, Encodable {
    var recordings: Int
    /// Mean absolute percentage error.
    var mape: Double?
    var medianAbsolutePercent: Double?
    var maxAbsolutePercent: Double?

    init(_ absoluteErrors: [Double]) {
        recordings = absoluteErrors.count
        guard !absoluteErrors.isEmpty else { return }
        let sorted = absoluteErrors.sorted()
        mape = sorted.reduce(0, +) / Double(sorted.count)
        let middle = sorted.count / 2
        medianAbsolutePercent = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        maxAbsolutePercent = sorted.last
    }
}

struct EvalSummary: Sendable, Encodable {
    var evaluated: Int
    var skipped: Int
    var failed: Int
    var ours: ErrorStatistics
    var device: ErrorStatistics
}

/// The eval table, columns aligned; recordings named by their path below the folder they all
/// share.
struct EvalTable {
    var nameWidth: Int
    /// Characters dropped from the front of every path: the shared folder and its slash.
    var sharedPrefix: Int

    init(recordings: [String]) {
        var shared = recordings.first.map { String($0.prefix(upTo: $0.lastIndex(of: "/") ?? $0.startIndex)) } ?? ""
        for path in recordings {
            while !shared.isEmpty && !path.hasPrefix(shared + "/") {
                shared = String(shared.prefix(upTo: shared.lastIndex(of: "/") ?? shared.startIndex))
            }
        }
        let prefix = shared.isEmpty ? 0 : shared.count + 1
        sharedPrefix = prefix
        nameWidth = max(recordings.map { $0.count - prefix }.max() ?? 0, "recording".count)
    }

    private func line(_ name: String, _ cells: [String]) -> String {
        let widths = [7, 7, 9, 7, 10, 12]
        var text = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        for (cell, width) in zip(cells, widths) {
            text += "  " + String(repeating: " ", count: max(width - cell.count, 0)) + cell
        }
        return text
    }

    var header: String {
        line("recording", ["truth", "ours", "error %", "device", "device err %", "truth from"])
    }

    func row(_ row: EvalRow) -> String {
        line(String(row.recording.dropFirst(sharedPrefix)), [
            String(row.truthSteps), String(row.steps), Self.signed(row.errorPercent),
            row.deviceSteps.map(String.init) ?? "–", Self.signed(row.deviceErrorPercent),
            row.truthSource == "device" ? "device" : "ground truth",
        ])
    }

    func footer(_ summary: EvalSummary) -> String {
        var lines = [""]
        lines.append(statistics("ours", summary.ours))
        if summary.device.recordings > 0 { lines.append(statistics("device", summary.device)) }
        lines.append("\(summary.evaluated) recordings evaluated, \(summary.skipped) skipped, \(summary.failed) failed")
        return lines.joined(separator: "\n")
    }

    private func statistics(_ name: String, _ statistics: ErrorStatistics) -> String {
        func percent(_ value: Double?) -> String { value.map { NumberText.fixed($0, digits: 2) + "%" } ?? "–" }
        return name.padding(toLength: 8, withPad: " ", startingAt: 0)
            + "MAPE \(percent(statistics.mape))   median \(percent(statistics.medianAbsolutePercent))"
            + "   max \(percent(statistics.maxAbsolutePercent))   (\(statistics.recordings) recordings)"
    }

    static func signed(_ value: Double?) -> String {
        guard let value else { return "–" }
        let text = NumberText.fixed(value, digits: 2)
        return value > 0 && !text.hasPrefix("-") ? "+" + text : text
    }
}

/// JSON Lines for eval.
enum EvalJSON {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
