import ArgumentParser
import Foundation
import PedometerIngest

/// The recordings under the paths a user gives, each once (paths that overlap, a folder and a
/// file in it, or links that reach one file by two paths, name it once, where it first came);
/// a folder in which none is found is reported on stderr and counted as a failure, never
/// skipped silently, and a folder reached again through a symbolic link (a loop) is passed over
/// and said once.
///
/// A file named on the command line that a folder search would pass over as a companion of
/// recordings stands for what it accompanies, so that a shell glob (`check DIR/*`) reads what
/// the folder does: an expected file (`NAME.expected.json`) stands for its recording beside
/// it, and one without its recording is reported (or, for `check`, returned as an orphan); a
/// step-time list (`*.steps.csv`) or a truth manifest is passed over and said.
enum RecordingSearch {
    /// What a search found.
    struct Found {
        /// The recordings, in order, each once.
        var recordings: [String]
        /// How many paths given named no recording, or recordings that cannot be opened: folders
        /// without one, expected files without their recording, names that are not valid UTF-8,
        /// folders that cannot be listed (each reported on stderr). A failure.
        var failures: Int
        /// The folders listed in the search (where `check` looks for expected files).
        var searchedFolders: [String]
        /// Expected files named on the command line without their recording, when the caller
        /// reports them itself (`check`'s orphans).
        var loneExpectedFiles: [String]
    }

    /// `paths` with `-` replaced by the paths standard input lists (`summarize -`, `list -`):
    /// one a line (a CRLF's carriage return dropped), blank lines skipped; a line is the path
    /// as written when that exists (a name may begin or end with a space: `list`'s output
    /// reads back), else with the spaces around it trimmed; folders among them are searched as
    /// any. Standard input naming nothing, when nothing else is given, is a failure
    /// said on stderr (no batch to run is no success, as an empty folder is none).
    static func readingStandardInput(_ paths: [String]) throws(ExitCode) -> [String] {
        var result: [String] = []
        for path in paths {
            guard path == "-" else {
                result.append(path)
                continue
            }
            while var line = readLine(strippingNewline: true) {
                if line.hasSuffix("\r") { line.removeLast() }
                let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { continue }
                result.append(FileManager.default.fileExists(atPath: line) ? line : trimmed)
            }
        }
        if result.isEmpty && !paths.isEmpty {
            StandardError.print("-: standard input named no recordings (one path a line)")
            throw ExitCode(1)
        }
        return result
    }

    /// Refuses `-` given more than once (standard input is read once).
    static func validateStandardInput(in paths: [String]) throws(ValidationError) {
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (paths from stdin) can be given once") }
    }

    /// - Parameter reportingLoneExpectedFiles: whether an expected file named without its
    ///   recording is said on stderr and counted in ``Found/failures``; otherwise it is
    ///   returned in ``Found/loneExpectedFiles``.
    static func recordings(in paths: [String], reportingLoneExpectedFiles: Bool = true) -> Found {
        var given: [String] = []
        var lone: [String] = []
        var passedOver = 0
        var listings = FolderListings()
        for path in paths {
            guard !FilePaths.isDirectory(path) else {
                given.append(path)
                continue
            }
            if ExpectedSummaryFile.isExpectedFile(path) {
                if let recording = ExpectedSummaryFile.recording(forExpectedFile: path, listings: &listings) {
                    given.append(recording)
                } else {
                    lone.append(path)
                }
            } else if RecordingDiscovery.isStepTimesFileName(path) {
                StandardError.print("\(path): a list of true step times (eval --truth's step_times), not a recording, passed over")
                passedOver += 1
            } else if TruthManifest.isManifest(path) {
                StandardError.print("\(path): a truth manifest (eval --truth), not a recording, passed over")
                passedOver += 1
            } else {
                given.append(path)
            }
        }
        let search = RecordingDiscovery.search(given)
        var seen = Set<String>()
        let recordings = search.recordings.filter { seen.insert(ExpectedSummaryFile.standardized($0)).inserted }
        for revisit in search.revisitedFolders {
            StandardError.print(
                revisit.isLoop
                    ? "\(revisit.path): symbolic link loop, passed over"
                    : "\(revisit.path): the same folder as \(revisit.firstPath), searched there, passed over")
        }
        for folder in search.emptyFolders {
            StandardError.print(
                "\(folder): no recordings found (expected a Sensor Logger or Oxford folder, or .csv, .tsv, .txt or .zip files)")
            if folder == "." && paths == ["."] {
                StandardError.print(
                    "give a recording or a folder of them: pedometer summarize walk.csv, pedometer summarize ~/exports "
                        + "(pedometer inspect FILE shows what a file holds)")
            }
        }
        for path in search.undecodableNames {
            StandardError.print("\(path): the name is not valid UTF-8, which pedometer cannot open: rename it (passed over)")
        }
        for unusable in search.unusablePaths {
            StandardError.print("\(unusable.path): \(unusable.reason)")
        }
        var failures = search.emptyFolders.count + search.undecodableNames.count + search.unusablePaths.count
        // Paths passed over, and nothing else to read: nothing was done, which is no success
        // (a manifest given alone exited 0, as an empty folder does not).
        if recordings.isEmpty, lone.isEmpty { failures += passedOver }
        if reportingLoneExpectedFiles {
            for file in lone {
                StandardError.print("\(file): expected file without its recording (name the recording, or restore it)")
            }
            failures += lone.count
            lone = []
        }
        return Found(recordings: recordings, failures: failures, searchedFolders: search.searchedFolders, loneExpectedFiles: lone)
    }
}
