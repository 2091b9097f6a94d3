import Foundation
import PedometerIngest

/// Folders' entries, each folder listed (and its entries looked up) once however many
/// recordings in it ask: naming the expected files of N recordings in one folder
/// (``ExpectedSummaryFile``) lists it once, not N times, so that `check` takes linear time.
/// The entries are those of the first asking; a folder changed since is not listed again.
struct FolderListings: Sendable {
    /// One folder's entries.
    struct Listing: Sendable {
        /// Every name, sorted (hidden ones included).
        var names: [String] = []
        /// For a NAME, the entries that are not hidden and that a recording file
        /// (``RecordingDiscovery/isRecordingFileName(_:)``) called NAME.<extension> would be
        /// kept apart from: a folder called NAME, a recording file called NAME or NAME.<extension>.
        var namesakes: [String: [String]] = [:]
        /// For a NAME, the names equal to it or starting with `NAME.`, sorted: the candidates for
        /// the recording of `NAME.expected.json`.
        var byStem: [String: [String]] = [:]
        /// The names of the entries that are folders (links to folders included).
        var folders: Set<String> = []
    }

    private var listings: [String: Listing] = [:]

    /// The entries of `folder` (`""` is the current folder); none when it cannot be listed.
    mutating func listing(of folder: String) -> Listing {
        let directory = folder.isEmpty ? "." : folder
        if let listing = listings[directory] { return listing }
        var listing = Listing()
        listing.names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for name in listing.names {
            let isFolder = FilePaths.isDirectory((directory as NSString).appendingPathComponent(name))
            if isFolder { listing.folders.insert(name) }
            // Every stem the name starts with: `a.b.csv` under `a`, `a.b` and `a.b.csv`.
            var stem = Substring(name)
            listing.byStem[name, default: []].append(name)
            while let dot = stem.lastIndex(of: "."), dot > stem.startIndex {
                stem = stem[..<dot]
                listing.byStem[String(stem), default: []].append(name)
            }
            guard !name.hasPrefix(".") else { continue }
            if isFolder {
                listing.namesakes[name, default: []].append(name)
            } else if RecordingDiscovery.isRecordingFileName(name) {
                listing.namesakes[name, default: []].append(name)
                let stem = (name as NSString).deletingPathExtension
                if stem != name { listing.namesakes[stem, default: []].append(name) }
            }
        }
        listings[directory] = listing
        return listing
    }
}
