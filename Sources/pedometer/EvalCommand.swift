import ArgumentParser
import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport

/// `pedometer eval`: our step counts against each recording's truth, beside a plain baseline
/// counter's and the device's.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Compare detected steps with the truth of recordings, beside a baseline counter and the device.",
        discussion: """
            The truth of a recording is its entry in a truth manifest (--truth), else its own \
            ground truth (Oxford foot switches, a label), else the device's own count; \
            recordings with none, and step logs without acceleration, are listed as skipped on \
            stderr. A manifest is a CSV 'path,steps,distance_m,height_m' (the last two \
            optional, paths relative to the manifest): its recordings are evaluated with the \
            walker's height, and our distance against the measured one; optional 'from_s,to_s' \
            columns (seconds from the recording's start) limit the comparison to that part of \
            the recording, an optional 'rate_hz' times a recording without a time column \
            (as --rate does for all), and an optional 'step_times' names a file of the true \
            steps' times (seconds from the recording's start, one a row; '*.steps.csv' files \
            are no recordings to a folder search). Errors are \
            (count − truth) / truth. Beside ours: the baseline, a plain band-pass and peak \
            counter (0.6–3.5 Hz, peaks above 0.5 m/s² at least 0.25 s apart) on the same \
            acceleration, and the device's count; a row where ours is more than 2 points worse \
            than the baseline is flagged. When the truth lists every step's time (step_times, \
            or foot switches), our steps are also paired one to one with its steps, each within \
            --tolerance seconds: matched, missed and extra; a foot-switch truth's presses that \
            do not alternate feet are corrected into an alternating count. The table ends with \
            the mean absolute percentage error (MAPE), the median and the largest absolute \
            error of ours, the baseline's, the device's and of distance, the steps counted \
            where none were taken, over all recordings and per folder. Exit status: 0 when \
            every recording was read, 1 when some could not be (file:line:column: reason on \
            stderr) or none had a truth to be evaluated against, 64 on usage errors.
            """
    )

    @Argument(help: "Recordings, or folders to search for them (besides those of --truth).")
    var paths: [String] = []

    @Option(
        name: .customLong("truth"),
        help: ArgumentHelp(
            "A truth manifest, CSV 'path,steps,distance_m,height_m' (repeatable): its recordings are evaluated against it.",
            valueName: "manifest.csv"))
    var manifests: [String] = []

    @Option(help: "Output: table, or json (one JSON object per recording per line, then a summary object).")
    var format: EvalOutput = .table

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds within which one of our steps and a true step pair.", valueName: "s"))
    var tolerance: Double = StepMatching.defaultTolerance

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Body height in metres for recordings whose manifest entry gives none (default \(StrideModel.defaultHeight)).",
        valueName: "m"))
    var height: Double?

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
        if let height, !TruthManifest.plausibleHeights.contains(height) {
            throw ValidationError("--height must be between 0.5 and 2.5 metres")
        }
        guard !paths.isEmpty || !manifests.isEmpty else { throw ValidationError("give recordings, or a truth manifest with --truth") }
    }

    func run() throws {
        let options = try ingest.options()
        let detectorConfiguration = try detector.configuration()
        // What cannot be evaluated (a manifest or a row of one that gives no truth, a recording
        // that cannot be read) is reported and makes the status 1; the rest is evaluated.
        var problems: [(error: IngestError, source: String)] = []
        var entries: [TruthManifest.Entry] = []
        // Recordings a manifest names without a truth eval can use: evaluated against nothing else.
        var untrue: [String] = []
        for path in manifests {
            do throws(IngestError) {
                let manifest = try TruthManifest.read(path)
                entries += manifest.entries
                problems += manifest.refusedRows.map { ($0, path) }
                untrue += manifest.refusedPaths
                if !manifest.unreadColumns.isEmpty {
                    StandardError.print(
                        "\(path): columns not read: \(manifest.unreadColumns.joined(separator: ", ")) "
                            + "(eval reads path, steps, distance_m, height_m, from_s, to_s, rate_hz, step_times)")
                }
            } catch {
                problems.append((error, path))
            }
        }
        let (unique, conflicts, conflicting) = Self.once(entries)
        entries = unique
        problems += conflicts.map { ($0, $0.location.file) }
        untrue += conflicting
        var failures = problems.count
        for problem in problems { StandardError.print("\(problem.error)") }
        if format == .json {
            for problem in problems { try StandardOutput.print(InspectReport.json(failure: problem.error, source: problem.source)) }
        }
        let found = paths.isEmpty ? nil : RecordingSearch.recordings(in: paths)
        // A recording a manifest gives a truth for is evaluated against it, not again from a
        // folder that holds it.
        let inManifests = Set(entries.map { ExpectedSummaryFile.standardized($0.path) })
        let refused = Set(untrue.map(ExpectedSummaryFile.standardized))
        let searched = (found?.recordings ?? []).filter { path in
            let standardized = ExpectedSummaryFile.standardized(path)
            if inManifests.contains(standardized) {
                StandardError.print("\(path): in a truth manifest: evaluated once, against its truth")
                return false
            }
            if refused.contains(standardized) {
                StandardError.print("\(path): its truth manifest row was refused (said above): not evaluated")
                return false
            }
            return true
        }
        // Each recording with its truth entry, when a manifest gives one.
        let recordings: [(path: String, truth: TruthManifest.Entry?)] = entries.map { ($0.path, $0) } + searched.map { ($0, nil) }
        let table = EvalTable(recordings: recordings.map { EvalRow.label($0.path, window: $0.truth?.window) })
        let threads = parallelism.threadsPerRecording(recordings.count)
        var rows: [EvalRow] = []
        var skipped = 0
        var manifestRowsWithoutAcceleration = 0
        if format == .table { try StandardOutput.print(table.header) }
        try OrderedBatch.run(recordings, jobs: parallelism.jobs, work: { recording -> Result<EvalRow?, IngestError> in
            let configuration = PedometerConfiguration(
                height: recording.truth?.height ?? height ?? StrideModel.defaultHeight, detector: detectorConfiguration)
            // A manifest's rate times that recording alone.
            var recordingOptions = options
            if let rate = recording.truth?.sampleRate { recordingOptions.sampleRate = rate }
            do throws(IngestError) {
                var (sink, info) = try SummaryBuilder.read(
                    recording.path, options: recordingOptions, into: EvalSink(configuration: configuration), threads: threads)
                sink.finish()
                if let entry = recording.truth, let window = entry.window,
                    !(window.lowerBound < sink.pedometer.endDate && window.upperBound > 0) {
                    // As summarize --from/--to: a part outside the recording is no part of it.
                    let span = "\(NumberText.fixed(window.lowerBound, digits: 1))–\(window.upperBound.isFinite ? NumberText.fixed(window.upperBound, digits: 1) : "the end")"
                    return .failure(IngestError(entry.location, "from_s/to_s (\(span) s) fall outside the recording \(recording.path) (\(TimeSpan(seconds: sink.pedometer.endDate).clock) long)"))
                }
                if let entry = recording.truth, let last = entry.stepTimes?.last, last > sink.pedometer.endDate + Self.stepTimeSlack {
                    // The times' count was checked against the recording's: times past its end
                    // are in another unit, or of another recording.
                    return .failure(IngestError(
                        entry.location,
                        "step_times: the last step at \(NumberText.fixed(last, digits: 1)) s is after the end of \(recording.path) "
                            + "(\(NumberText.fixed(sink.pedometer.endDate, digits: 1)) s): step times are seconds from the recording's start"))
                }
                return .success(EvalRow(
                    sink, info: info, folder: (recording.path as NSString).deletingLastPathComponent, truth: recording.truth,
                    tolerance: tolerance))
            } catch {
                return .failure(error)
            }
        }, deliver: { index, result throws(StandardOutput.WriteError) -> Bool in
            switch result {
            case .success(let row?):
                rows.append(row)
                try StandardOutput.print(format == .table ? table.row(row) : JSONText.encode(row))
                if format == .table && unmatched, let pairing = row.matching { try StandardOutput.print(table.unmatched(pairing)) }
            case .success(nil) where recordings[index].truth != nil:
                // A manifest's row has its truth: what lacks is acceleration to count from.
                skipped += 1
                manifestRowsWithoutAcceleration += 1
                StandardError.print(
                    "\(recordings[index].path): skipped: no acceleration to count steps from (a step log's steps are the device's own: nothing of ours to compare with the truth)")
            case .success(nil):
                skipped += 1
                StandardError.print("\(recordings[index].path): skipped: no truth, ground truth or device step count beside acceleration")
            case .failure(let error):
                failures += 1
                // A manifest's recording that cannot be read is said at its row too (a
                // misspelt path among 200 rows).
                if let entry = recordings[index].truth, error.location.file != entry.location.file {
                    StandardError.print("\(entry.location): \(error)")
                } else {
                    StandardError.print("\(error)")
                }
                if format == .json { try StandardOutput.print(InspectReport.json(failure: error, source: recordings[index].path)) }
            }
            return true
        })
        let summary = EvalSummary(rows: rows, skipped: skipped, failed: failures)
        try StandardOutput.print(format == .table ? table.footer(summary) : JSONText.encode(["summary": summary]))
        if rows.isEmpty && failures == 0 {
            // Nothing was compared with anything: a script's check of this status must not pass.
            StandardError.print(
                skipped > 0 && manifestRowsWithoutAcceleration == skipped
                    ? "nothing evaluated: no recording had acceleration to count steps from"
                    : "nothing evaluated: no recording had a truth (a manifest's, ground truth, or the device's count beside acceleration)")
        }
        if failures > 0 || (found?.failures ?? 0) > 0 || rows.isEmpty { throw ExitCode(1) }
    }

    /// How far after a recording's end a true step may fall (the last sample is not the last
    /// instant walked): seconds.
    static let stepTimeSlack = 1.0

    /// The manifests' entries with each recording and window once: an entry repeated with the
    /// same truth (a manifest given twice, a row copied, a path written otherwise) is evaluated
    /// once, with a note; the same recording and window with another truth is an error naming
    /// both rows and what differs, and neither is evaluated (which one is true cannot be told,
    /// and both would skew every statistic). One recording in several windows is several
    /// entries.
    static func once(_ entries: [TruthManifest.Entry]) -> (entries: [TruthManifest.Entry], conflicts: [IngestError], conflictingPaths: [String]) {
        struct Key: Hashable {
            var path: String
            var window: ClosedRange<Double>?
        }
        var first: [Key: TruthManifest.Entry] = [:]
        var kept: [(key: Key, entry: TruthManifest.Entry)] = []
        var conflicting: Set<Key> = []
        var conflicts: [IngestError] = []
        var repeats: [(key: Key, note: String)] = []
        for entry in entries {
            let key = Key(path: ExpectedSummaryFile.standardized(entry.path), window: entry.window)
            guard let earlier = first[key] else {
                first[key] = entry
                kept.append((key, entry))
                continue
            }
            let differences = [
                entry.steps == earlier.steps ? nil : "\(entry.steps) steps, there \(earlier.steps)",
                entry.distance == earlier.distance ? nil : "distance \(entry.distance.map { "\($0) m" } ?? "none"), there \(earlier.distance.map { "\($0) m" } ?? "none")",
                entry.height == earlier.height ? nil : "height \(entry.height.map { "\($0) m" } ?? "none"), there \(earlier.height.map { "\($0) m" } ?? "none")",
                entry.sampleRate == earlier.sampleRate ? nil : "another rate_hz",
                entry.stepTimes == earlier.stepTimes ? nil : "other step times",
            ].compactMap { $0 }
            if differences.isEmpty {
                repeats.append((key, "\(entry.location): \(entry.path) again, as at \(earlier.location): evaluated once"))
            } else {
                conflicting.insert(key)
                conflicts.append(IngestError(
                    entry.location,
                    "\(entry.path) again with another truth than at \(earlier.location) (\(differences.joined(separator: "; "))): "
                        + "neither is evaluated; keep the true one"))
            }
        }
        // A repeat of a row that another truth contradicts is not evaluated either: no note says so.
        for repeated in repeats where !conflicting.contains(repeated.key) { StandardError.print(repeated.note) }
        return (kept.filter { !conflicting.contains($0.key) }.map(\.entry), conflicts, conflicting.map(\.path))
    }
}
