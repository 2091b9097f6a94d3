import Foundation
import PedometerIngest
import PedometerReport

/// A recording's expected summary, `NAME.expected.json` beside it, as `pedometer check` reads
/// and `pedometer check --record` writes it.
///
/// The file is the recording's summary as `pedometer summarize --format json --splits km
/// --intervals` gives it, indented, keys sorted, with two changes so that the folder can be
/// moved: `source` is the recording's name (relative to the expected file's folder), and the
/// folder's path is removed from the warnings. It may also hold `"options": [...]`, the reading
/// options (`--columns t,_,x,y,z`, `--height 1.8`...) the recording needs.
struct ExpectedSummaryFile: Sendable, Hashable {
    /// The file name ending.
    static let suffix = ".expected.json"
    /// The key of the reading options.
    static let optionsKey = "options"

    /// The expected summary (without `options`).
    var summary: JSONValue
    /// The reading options stored with it; empty when none.
    var options: [String]

    /// An expected file that cannot be used.
    struct Invalid: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// The expected file of `recording`: `NAME.expected.json` in the recording's folder, NAME
    /// being a folder recording's name, or a file's name without its extension (`walk.csv` →
    /// `walk.expected.json`, `a.zip` → `a.expected.json`, `b.csv.gz` → `b.csv.expected.json`).
    /// A file keeps its whole name (`android.zip.expected.json`) when that NAME is also another
    /// recording's beside it: a folder called NAME (`android/` and `android.zip`), a recording
    /// file with the same NAME (`a.csv` and `a.zip`), or a recording file called NAME itself
    /// (`x.csv.gz` beside `x.csv`). So no two recordings in a folder (folder recordings, and
    /// the files a folder search takes for recordings) share one. The folder is listed once
    /// for all the recordings in it (`listings`).
    static func path(for recording: String, listings: inout FolderListings) -> String {
        let folder = (recording as NSString).deletingLastPathComponent
        let name = (recording as NSString).lastPathComponent
        var stem = name
        if !FilePaths.isDirectory(recording) {
            stem = (name as NSString).deletingPathExtension
            if stem != name && listings.listing(of: folder).namesakes[stem, default: []].contains(where: { $0 != name }) { stem = name }
        }
        return folder.isEmpty ? stem + suffix : (folder as NSString).appendingPathComponent(stem + suffix)
    }

    /// Whether `path` is named as an expected file (`NAME.expected.json`).
    static func isExpectedFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(suffix) && name.count > suffix.count
    }

    /// The recording beside `expectedFile` whose expected file it is (``path(for:listings:)``): a
    /// recording folder or a recording file named `NAME` or `NAME.<extension>`; `nil` when
    /// there is none.
    static func recording(forExpectedFile expectedFile: String, listings: inout FolderListings) -> String? {
        let folder = (expectedFile as NSString).deletingLastPathComponent
        let stem = String((expectedFile as NSString).lastPathComponent.dropLast(suffix.count))
        let target = standardized(expectedFile)
        for name in listings.listing(of: folder).byStem[stem] ?? [] {
            let path = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            let isRecording = FilePaths.isDirectory(path) ? RecordingDiscovery.isRecordingFolder(path) : RecordingDiscovery.isRecordingFileName(name)
            if isRecording && standardized(self.path(for: path, listings: &listings)) == target { return path }
        }
        return nil
    }

    /// The expected file at `path`, or `nil` when there is none.
    static func read(_ path: String) throws(Invalid) -> ExpectedSummaryFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Invalid(path: path, reason: "cannot read the expected file")
        }
        let value: JSONValue
        do throws(JSONValue.ParseError) {
            value = try JSONValue(parsing: data)
        } catch {
            throw Invalid(path: path, reason: "not valid JSON: \(error)")
        }
        guard var members = value.objectValue else {
            throw Invalid(path: path, reason: "not a JSON object (an expected summary is one object)")
        }
        var options: [String] = []
        if let stored = members.removeValue(forKey: optionsKey) {
            guard case .array(let items) = stored else {
                throw Invalid(path: path, reason: "\"options\" must be an array of strings")
            }
            for item in items {
                guard case .string(let text) = item else {
                    throw Invalid(path: path, reason: "\"options\" must be an array of strings")
                }
                options.append(text)
            }
        }
        return ExpectedSummaryFile(summary: .object(members), options: options)
    }

    /// The whole file as JSON (the summary with `options` when there are any).
    var document: JSONValue {
        guard !options.isEmpty, var members = summary.objectValue else { return summary }
        members[Self.optionsKey] = .array(options.map(JSONValue.string))
        return .object(members)
    }

    /// The file's text: indented JSON, keys sorted, a final newline.
    var text: String { document.text(pretty: true) + "\n" }

    /// `summary` as it is stored for `recording`: `source` its name, and its folder's path
    /// removed from the warnings, so that they do not depend on where the folder is.
    static func relocated(_ summary: RecordingSummary, recording: String) -> RecordingSummary {
        var result = summary
        result.source = (recording as NSString).lastPathComponent
        let folder = (recording as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            result.warnings = summary.warnings.map { $0.replacingOccurrences(of: prefix, with: "") }
        }
        return result
    }

    /// The expected files in `folders` (the folders a search listed: ``RecordingSearch``), each
    /// folder's in name order; hidden files left out.
    static func files(in folders: [String], listings: inout FolderListings) -> [String] {
        folders.flatMap { folder in
            let listing = listings.listing(of: folder)
            return listing.names
                .filter { !$0.hasPrefix(".") && isExpectedFile($0) && !listing.folders.contains($0) }
                .map { folder == "/" ? "/" + $0 : folder == "." ? $0 : folder + "/" + $0 }
        }
    }

    /// The one identity of what `path` names, to tell whether two paths name the same file: the
    /// absolute path with every symbolic link resolved (`realpath`), so that a file reached
    /// through a link, or through a folder linked twice, is the file itself; for a path that
    /// does not exist (or lies inside a zip), its absolute form, normalised lexically.
    static func standardized(_ path: String) -> String {
        // Not RecordingFileName.canonical: for a missing path this drops a leading `/..` (`/../a` is `/a`), which that keeps.
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
