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
            Errors are (ours − truth) / truth. When the ground truth logged every step as it \
            fell (foot switches), our steps are also paired one to one with its steps, each \
            within --tolerance seconds: matched, missed (true steps we did not find) and extra \
            (ours that match none; how many came before the first true step or after the \
            last). A foot-switch truth is also checked for presses that do not alternate feet \
            (see `pedometer inspect`): the alternating count and our error against it are shown \
            beside. The table ends with the mean absolute percentage error (MAPE), the median \
            and the largest absolute error, for our counts and for the device's where it \
            logged one beside a ground truth, and the totals of the pairing. Exit status: 0 \
            when every recording was read, 1 when some could not be (file:line:column: reason \
            on stderr), 64 on usage errors.
            """
    )

    @Argument(help: "Recordings, or folders to search for them.")
    var paths: [String]

    @Option(help: "Output: table, or json (one JSON object per recording per line, then a summary object).")
    var format: EvalOutput = .table

    @Option(help: ArgumentHelp(
        "Seconds within which one of our steps and a true step pair.", valueName: "s"))
    var tolerance: Double = StepMatching.defaultTolerance

    @Flag(help: "List the times of missed and extra steps under each row of the table (JSON always has them).")
    var unmatched = false

    @OptionGroup var ingest: IngestOptionGroup

    @OptionGroup var detector: DetectorOptionGroup

    @OptionGroup var parallelism: JobsOptionGroup

    enum EvalOutput: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    func validate() throws {
        guard tolerance > 0 && tolerance.isFinite else { throw ValidationError("--tolerance must be a positive number of seconds") }
    }

    func run() throws {
        let options = try ingest.options()
        let configuration = PedometerConfiguration(detector: try detector.configuration())
        let (recordings, emptyFolders) = RecordingSearch.recordings(in: paths)
        let table = EvalTable(recordings: recordings)
        let threads = parallelism.threadsPerRecording(recordings.count)
        var ours: [Double] = []
        var device: [Double] = []
        var alternating: [Double] = []
        var matching = MatchingTotals()
        var evaluated = 0
        var skipped = 0
        var failures = 0
        if format == .table { print(table.header) }
        OrderedBatch.run(recordings, jobs: parallelism.jobs, work: { path -> Result<EvalRow?, IngestError> in
            do throws(IngestError) {
                let processed = try SummaryBuilder.process(
                    path, options: options, configuration: configuration, threads: threads)
                return .success(EvalRow(processed, tolerance: tolerance))
            } catch {
                return .failure(error)
            }
        }, deliver: { index, result in
            switch result {
            case .success(let row?):
                evaluated += 1
                if let error = row.errorPercent { ours.append(abs(error)) }
                if let error = row.deviceErrorPercent { device.append(abs(error)) }
                if let error = row.alternatingErrorPercent { alternating.append(abs(error)) }
                if let pairing = row.matching { matching.add(pairing) }
                print(format == .table ? table.row(row) : EvalJSON.encode(row))
                if format == .table && unmatched, let pairing = row.matching { print(table.unmatched(pairing)) }
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
            device: ErrorStatistics(device), alternating: ErrorStatistics(alternating), matching: matching.recordings > 0 ? matching : nil)
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
    /// The foot-switch truth's count with presses that do not alternate feet corrected, and
    /// our error against it.
    var alternatingTruthSteps: Int?
    var alternatingErrorPercent: Double?
    /// Our steps paired with the ground truth's, when it logged each step.
    var matching: EvalMatching?

    /// `nil` when the recording has neither a ground truth nor a device count, or when its
    /// steps are the device's own (a step log without acceleration: nothing to evaluate).
    init?(_ processed: SummaryBuilder.Processed, tolerance: Double) {
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
            alternatingTruthSteps = processed.info.alternatingGroundTruthSteps
            matching = processed.pedometer.groundTruthStepTimes.map {
                EvalMatching(StepMatching(detected: processed.pedometer.steps, truth: $0, tolerance: tolerance))
            }
        } else if let truth = references.deviceSteps {
            truthSource = "device"
            truthSteps = truth
        } else {
            return nil
        }
        errorPercent = Self.percent(steps, truthSteps)
        deviceErrorPercent = deviceSteps.flatMap { Self.percent($0, truthSteps) }
        alternatingErrorPercent = alternatingTruthSteps.flatMap { Self.percent(steps, $0) }
    }

    static func percent(_ value: Int, _ truth: Int) -> Double? {
        truth > 0 ? Double(value - truth) / Double(truth) * 100 : nil
    }
}

/// A recording's ``StepMatching``, as eval reports it.
struct EvalMatching: Sendable, Encodable {
    var toleranceSeconds: Double
    var matchedSteps: Int
    var missedSteps: Int
    var extraSteps: Int
    /// Extra steps before the first true step, and after the last.
    var extraBeforeTruth: Int
    var extraAfterTruth: Int
    /// Mean of our step time − the true step's over the pairs, seconds.
    var meanOffsetSeconds: Double?
    /// Seconds since the recording's time 0.
    var missedTimes: [Double]
    var extraTimes: [Double]

    init(_ matching: StepMatching) {
        toleranceSeconds = matching.tolerance
        matchedSteps = matching.matched
        missedSteps = matching.missed.count
        extraSteps = matching.extra.count
        extraBeforeTruth = matching.extraBeforeTruth
        extraAfterTruth = matching.extraAfterTruth
        meanOffsetSeconds = matching.meanOffset
        missedTimes = matching.missed
        extraTimes = matching.extra
    }
}

/// The pairings of all recordings that have one, added up.
struct MatchingTotals: Sendable, Encodable {
    var recordings = 0
    var matchedSteps = 0
    var missedSteps = 0
    var extraSteps = 0
    var extraBeforeTruth = 0
    var extraAfterTruth = 0
    /// Matched steps over true steps, percent.
    private(set) var recallPercent: Double?
    /// Matched steps over our steps, percent.
    private(set) var precisionPercent: Double?

    mutating func add(_ matching: EvalMatching) {
        recordings += 1
        matchedSteps += matching.matchedSteps
        missedSteps += matching.missedSteps
        extraSteps += matching.extraSteps
        extraBeforeTruth += matching.extraBeforeTruth
        extraAfterTruth += matching.extraAfterTruth
        recallPercent = Self.percent(matchedSteps, matchedSteps + missedSteps)
        precisionPercent = Self.percent(matchedSteps, matchedSteps + extraSteps)
    }

    private static func percent(_ part: Int, _ whole: Int) -> Double? {
        whole > 0 ? Double(part) / Double(whole) * 100 : nil
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
    /// Ours against the alternating counts of foot-switch truths.
    var alternating: ErrorStatistics
    /// `nil` when no recording's ground truth logged each step.
    var matching: MatchingTotals?
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
        let widths = [7, 7, 9, 7, 6, 5, 11, 9, 7, 10, 12]
        var text = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        for (cell, width) in zip(cells, widths) {
            text += "  " + String(repeating: " ", count: max(width - cell.count, 0)) + cell
        }
        return text
    }

    var header: String {
        line("recording", ["truth", "ours", "error %", "matched", "missed", "extra", "alternating", "alt err %", "device", "device err %", "truth from"])
    }

    func row(_ row: EvalRow) -> String {
        line(String(row.recording.dropFirst(sharedPrefix)), [
            String(row.truthSteps), String(row.steps), Self.signed(row.errorPercent),
            row.matching.map { String($0.matchedSteps) } ?? "–", row.matching.map { String($0.missedSteps) } ?? "–",
            row.matching.map { String($0.extraSteps) } ?? "–",
            row.alternatingTruthSteps.map(String.init) ?? "–", Self.signed(row.alternatingErrorPercent),
            row.deviceSteps.map(String.init) ?? "–", Self.signed(row.deviceErrorPercent),
            row.truthSource == "device" ? "device" : "ground truth",
        ])
    }

    func footer(_ summary: EvalSummary) -> String {
        var lines = [""]
        lines.append(statistics("ours", summary.ours))
        if summary.alternating.recordings > 0 {
            lines.append(statistics("ours", summary.alternating) + " against the alternating counts")
        }
        if summary.device.recordings > 0 { lines.append(statistics("device", summary.device)) }
        if let matching = summary.matching { lines.append(Self.totals(matching)) }
        lines.append("\(summary.evaluated) recordings evaluated, \(summary.skipped) skipped, \(summary.failed) failed")
        return lines.joined(separator: "\n")
    }

    private func statistics(_ name: String, _ statistics: ErrorStatistics) -> String {
        func percent(_ value: Double?) -> String { value.map { NumberText.fixed($0, digits: 2) + "%" } ?? "–" }
        return name.padding(toLength: 8, withPad: " ", startingAt: 0)
            + "MAPE \(percent(statistics.mape))   median \(percent(statistics.medianAbsolutePercent))"
            + "   max \(percent(statistics.maxAbsolutePercent))   (\(statistics.recordings) recordings)"
    }

    /// The missed and extra step times of one recording, indented under its row.
    func unmatched(_ matching: EvalMatching) -> String {
        func times(_ values: [Double]) -> String {
            values.isEmpty ? "none" : values.map { NumberText.fixed($0, digits: 2) }.joined(separator: " ")
        }
        return "    missed (s): \(times(matching.missedTimes))\n    extra (s):  \(times(matching.extraTimes))"
    }

    private static func totals(_ matching: MatchingTotals) -> String {
        func percent(_ value: Double?) -> String { value.map { NumberText.fixed($0, digits: 2) + "%" } ?? "–" }
        let truth = matching.matchedSteps + matching.missedSteps
        return "pairing \(matching.matchedSteps) of \(truth) true steps found (\(percent(matching.recallPercent))), "
            + "\(matching.missedSteps) missed, \(matching.extraSteps) extra (\(matching.extraBeforeTruth) before the first "
            + "true step, \(matching.extraAfterTruth) after the last; precision \(percent(matching.precisionPercent))) "
            + "in \(matching.recordings) recordings"
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
