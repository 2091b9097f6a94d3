import ArgumentParser
import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport

/// `pedometer check`: compares each recording's summary with its expected file, or writes the
/// expected files with `--record`; regression tests for recorded logs.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare recordings' summaries with their expected files (regression tests).",
        discussion: """
            Every recording under PATH (found as summarize finds them) is summarised and compared \
            with its expected file NAME.expected.json beside it (walk.csv -> walk.expected.json, \
            a folder recording X/ -> X.expected.json, a.zip -> a.expected.json; a file keeps its \
            extension, a.zip.expected.json, when a folder or another recording named a is beside \
            it, or a recording named a.zip itself, as beside a.zip.gz). The expected file is the summary of summarize --format json --splits km \
            --intervals, with source relative to its folder, and optionally the reading options \
            the recording needs ("options": ["--columns", "t,_,x,y,z"]).

            Counts (steps, floors, reference and ground-truth steps, intervals) and strings \
            (format, methods, source, warnings) must be equal; a key on one side only is a \
            difference. Other numbers may differ by the larger of --tolerance-relative times \
            the expected value and --tolerance-absolute: the same inputs give bit-identical \
            results on one machine, so the tolerance only absorbs floating-point differences \
            between CPUs, compilers and maths libraries; a change in the algorithm shows. The \
            table lists at most --max-differences differences per recording (20; the summary's \
            own fields first), then how many more; 0, or --format json, lists all.

            A recording without an expected file, an expected file without its recording, and a \
            recording that cannot be read (file:line:column: reason) are failures, unless its \
            expected file records that very error ("error", "exitStatus": a fixture that must \
            fail; written by --record --record-errors). A folder without recordings is reported \
            (a wrong path must not pass). Exit status: 0 when every recording passed, 1 \
            otherwise, 64 on usage errors.

            --record writes the expected files from the current summaries (atomically; files \
            already up to date are left alone) and lists, field by field, what changed in each: \
            review it before committing. Each recording is read with the options its expected \
            file stores; a reading option (--columns, --height...) given on the command line \
            replaces that option for every recording (the others stored are kept), and --record \
            stores the result in each expected file.
            """
    )

    @Argument(help: "Recordings, or folders to search for recordings and expected files.")
    var paths: [String]

    @Flag(help: "Write (or overwrite) the expected files from the current summaries, listing what changed.")
    var record = false

    @Flag(name: .customLong("record-errors"), help: "With --record: a recording that cannot be read gets an expected file recording its error (a fixture that must fail that way); without it, it is a failure and nothing is written.")
    var recordErrors = false

    @Option(name: .customLong("tolerance-relative"), parsing: .unconditional, help: ArgumentHelp("Allowed difference of a float, as a fraction of the expected value.", valueName: "x"))
    var toleranceRelative = SummaryComparison.Tolerance.standard.relative

    @Option(name: .customLong("tolerance-absolute"), parsing: .unconditional, help: ArgumentHelp("Allowed difference of a float near zero.", valueName: "y"))
    var toleranceAbsolute = SummaryComparison.Tolerance.standard.absolute

    @Option(help: "Output: table (a line per recording, differences below it) or json (one object).")
    var format: CheckOutput = .table

    @Option(name: .customLong("max-differences"), help: ArgumentHelp("Differences (with --record, changes) listed per recording in the table, the summary's own fields first, then how many more; 0 lists all, as --format json does.", valueName: "n"))
    var maxDifferences = 20

    @OptionGroup var recording: RecordingOptionGroup

    @OptionGroup var parallelism: JobsOptionGroup

    enum CheckOutput: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    func validate() throws {
        if recordErrors && !record { throw ValidationError("--record-errors needs --record (it says what --record writes)") }
        guard maxDifferences >= 0 else { throw ValidationError("--max-differences must be 0 (all) or more") }
        guard toleranceRelative >= 0 && toleranceRelative.isFinite else {
            throw ValidationError("--tolerance-relative must be a number at least 0")
        }
        guard toleranceAbsolute >= 0 && toleranceAbsolute.isFinite else {
            throw ValidationError("--tolerance-absolute must be a number at least 0")
        }
    }

    /// The comparison these options describe.
    var comparison: SummaryComparison {
        SummaryComparison(tolerance: .init(relative: toleranceRelative, absolute: toleranceAbsolute))
    }

    func run() throws {
        // Each recording once (RecordingSearch; an expected file named stands for its
        // recording), and the expected files no recording claims: the orphans.
        let found = RecordingSearch.recordings(in: paths, reportingLoneExpectedFiles: false)
        let recordings = found.recordings
        // Each folder listed once for all its recordings (listing it per recording made the
        // check of N recordings in one folder take time in N²: 4000 took 88 s).
        var listings = FolderListings()
        let expectedFiles = recordings.map { ExpectedSummaryFile.path(for: $0, listings: &listings) }
        var claimed = Set(expectedFiles.map(ExpectedSummaryFile.standardized))
        let orphans = (ExpectedSummaryFile.files(in: found.searchedFolders, listings: &listings) + found.loneExpectedFiles)
            .filter { claimed.insert(ExpectedSummaryFile.standardized($0)).inserted }
        // Recordings whose names the naming rule cannot keep apart (a file without extension
        // given beside x.csv): each fails, naming the others, and nothing is read or written.
        let owners = Dictionary(grouping: recordings.indices) { ExpectedSummaryFile.standardized(expectedFiles[$0]) }
        let sharers = recordings.indices.map { index in
            (owners[ExpectedSummaryFile.standardized(expectedFiles[index])] ?? []).filter { $0 != index }.map { recordings[$0] }
        }

        if record {
            // The temporary files of a --record killed while writing (AtomicFile), hidden and so
            // easily committed with the fixtures: removed where this one writes, as
            // summarize --output-dir removes its own.
            for folder in Set(expectedFiles.map { ($0 as NSString).deletingLastPathComponent }).sorted() {
                AtomicFile.removeLeftovers(in: folder.isEmpty ? "." : folder, of: ExpectedSummaryFile.suffix)
            }
        }

        var tallies: [CheckOutcome.Tally: Int] = [:]
        var results: [JSONValue] = []
        func report(_ outcome: CheckOutcome, recording: String?, expectedFile: String) throws(StandardOutput.WriteError) {
            tallies[outcome.tally, default: 0] += 1
            switch format {
            case .table:
                var lines = [outcome.label.padding(toLength: record ? 11 : 6, withPad: " ", startingAt: 0) + (recording ?? expectedFile)]
                lines += outcome.details(expectedFile: expectedFile, limit: maxDifferences == 0 ? nil : maxDifferences).map { "      " + $0 }
                try StandardOutput.print(lines.joined(separator: "\n"))
            case .json:
                results.append(outcome.json(recording: recording, expectedFile: expectedFile))
            }
        }

        let command = self
        try OrderedBatch.run(Array(recordings.indices), jobs: parallelism.jobs, work: { index -> CheckOutcome in
            guard sharers[index].isEmpty else {
                return .invalidExpectedFile(
                    "\(expectedFiles[index]) would be the expected file of \(sharers[index].joined(separator: ", ")) too: rename one of them")
            }
            return command.check(recordings[index], expectedFile: expectedFiles[index])
        }, deliver: { index, outcome throws(StandardOutput.WriteError) -> Bool in
            try report(outcome, recording: recordings[index], expectedFile: expectedFiles[index])
            return true
        })
        for orphan in orphans { try report(.orphan, recording: nil, expectedFile: orphan) }

        let count = { (tally: CheckOutcome.Tally) in tallies[tally] ?? 0 }
        switch format {
        case .table:
            if record {
                try StandardOutput.print("record: \(count(.created)) new, \(count(.updated)) updated, \(count(.unchanged)) unchanged, \(count(.failed)) failed")
            } else {
                try StandardOutput.print("\(count(.passed)) passed, \(count(.failed)) failed, \(count(.missing)) missing expected file")
            }
        case .json:
            var members: [String: JSONValue] = ["results": .array(results), "failed": .number(Double(count(.failed)))]
            let keys: [CheckOutcome.Tally] = record ? [.created, .updated, .unchanged] : [.passed, .missing]
            for key in keys { members[key == .created ? "new" : key.rawValue] = .number(Double(count(key))) }
            try StandardOutput.print(JSONValue.object(members).text())
        }
        if count(.failed) + count(.missing) > 0 || found.failures > 0 { throw ExitCode(1) }
    }

    /// Checks one recording against its expected file, or with `--record` writes that file.
    func check(_ path: String, expectedFile: String) -> CheckOutcome {
        var expected: ExpectedSummaryFile?
        var invalid: ExpectedSummaryFile.Invalid?
        do throws(ExpectedSummaryFile.Invalid) {
            expected = try ExpectedSummaryFile.read(expectedFile)
        } catch {
            invalid = error
        }
        if !record {
            if let invalid { return .invalidExpectedFile(invalid.description) }
            // A path that does not exist is reported as unreadable (below), not as lacking its file.
            if expected == nil && FileManager.default.fileExists(atPath: path) { return .noExpectedFile }
        }
        // The options the expected file stores, each replaced by the same option given on the
        // command line.
        let stored = expected?.options ?? []
        let options: RecordingOptionGroup
        do {
            // Parsed again, so that the options together are checked as on a command line.
            options = try RecordingOptionGroup.parse(recording.overlaid(on: try RecordingOptionGroup.parse(stored)).arguments)
        } catch {
            let reason = RecordingOptionGroup.message(for: error)
            return .invalidExpectedFile("\(expectedFile): options \(stored): \(reason)")
        }
        let arguments = options.arguments
        let summary: JSONValue
        do {
            summary = try Self.summary(of: path, options: options)
        } catch {
            let message = (error as? IngestError).map { "\($0)" } ?? "\(path): \(error)"
            // An unreadable recording passes only against an expected file recording that error;
            // --record writes one only when asked to (--record-errors), or to update one.
            let expectsError = expected?.summary.objectValue?["error"] != nil
            guard record ? recordErrors || expectsError : expectsError else { return .unreadable(message) }
            summary = Self.failure(message, recording: path)
        }
        let current = ExpectedSummaryFile(summary: summary, options: arguments)
        guard record else {
            guard let expected else { return .noExpectedFile }
            let differences = comparison.differences(expected: expected.summary, actual: summary)
            return differences.isEmpty ? .passed : .differs(differences)
        }
        let existing = FileManager.default.contents(atPath: expectedFile).map { String(decoding: $0, as: UTF8.self) }
        if existing == current.text { return .unchanged }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(current.text, to: expectedFile)
        } catch {
            return .invalidExpectedFile(error.description)
        }
        guard let expected else { return .created }
        return .updated(SummaryComparison(tolerance: .exact).differences(expected: expected.document, actual: current.document))
    }

    /// What an expected file holds for a recording that cannot be read: the error as summarize
    /// reports it (`file:line:column: reason`, the folder's path removed) and the exit status.
    static func failure(_ message: String, recording path: String) -> JSONValue {
        let folder = (path as NSString).deletingLastPathComponent
        let relative = folder.isEmpty ? message : message.replacingOccurrences(of: folder + "/", with: "")
        return .object([
            "source": .string((path as NSString).lastPathComponent), "error": .string(relative),
            "exitStatus": .number(1),  // summarize's status when a recording fails
        ])
    }

    /// The summary an expected file holds for the recording at `path`: with km splits and the
    /// intervals, `source` and warnings relative to the recording's folder.
    static func summary(of path: String, options: RecordingOptionGroup) throws -> JSONValue {
        let processed = try SummaryBuilder.process(path, options: try options.ingest.options(), configuration: options.configuration)
        var summary = SummaryBuilder.summary(processed)
        summary.splits = SplitSummary(length: .km, splits: Split.splits(of: processed.pedometer, every: .km))
        summary.intervals = IntervalSummary(processed.pedometer.intervals)
        return try JSONValue(encoding: ExpectedSummaryFile.relocated(summary, recording: path))
    }
}
