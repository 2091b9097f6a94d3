/// Finds the recordings under the paths a user gives.
public enum RecordingDiscovery {
    /// File name endings that can hold a recording.
    static let extensions = [".csv", ".tsv", ".txt", ".zip", ".csv.gz", ".tsv.gz", ".txt.gz"]
    /// The name ending of a list of true step times (a truth manifest's `step_times`), not a
    /// recording.
    static let stepTimesSuffix = ".steps.csv"
    /// What the summaries `pedometer summarize --output-dir` writes are named with before their
    /// format's extension (`<name>-<hash>.summary.csv`): the one place that names them.
    public static let summaryInfix = ".summary."
    /// The name endings of those summaries that a search could take for recordings (`.json`
    /// and charts' `.svg` are no recording extensions), so that a rerun into a folder it
    /// searches does not read them.
    static let summarySuffixes = ["csv", "txt"].map { summaryInfix + $0 }

    /// The recordings named by `paths`, in order: a file or recording folder (Sensor Logger,
    /// Oxford) as it is; any other folder searched recursively, in name order, for recording
    /// folders and for files ending in .csv, .tsv, .txt or .zip (hidden files, truth manifests
    /// (``TruthManifest``), the step-time lists they name when called `*.steps.csv`, the
    /// summaries `summarize --output-dir` writes (`*.summary.csv`, `*.summary.txt`), and other
    /// files such as `*.expected.json`, left out). A path that does not exist is returned as
    /// is, so that reading it reports the error.
    public static func recordings(in paths: [String]) -> [String] {
        search(paths).recordings
    }

    /// Why a path given as a recording cannot be looked up (no such file or folder …), `nil`
    /// when it can: for a listing, which reads nothing.
    public static func lookupProblem(_ path: String) -> String? {
        FileSystem.lookupProblem(path)
    }

    /// What a search found under the paths given.
    public struct Search: Sendable {
        /// The recordings, in order (as ``recordings(in:)``).
        public var recordings: [String] = []
        /// The folders among the paths in which none was found (for the caller to report:
        /// nothing is skipped silently).
        public var emptyFolders: [String] = []
        /// The folders listed in the search, in order (recording folders are not listed).
        public var searchedFolders: [String] = []
        /// Folders reached a second time in one path's search, through a symbolic link, and
        /// passed over (for the caller to say so).
        public var revisitedFolders: [Revisit] = []
        /// Folders, and files named as recordings, whose names are not valid UTF-8, which no
        /// path can reach here: their paths, each byte that is not UTF-8 written `\xFF` (for
        /// the caller to report: they are not read).
        public var undecodableNames: [String] = []
        /// Folders that cannot be listed, and entries of folders that cannot be looked up
        /// (permission denied), with the system's reason (for the caller to report: what they
        /// hold is not read).
        public var unusablePaths: [Unusable] = []

        /// How many of the paths found cannot be read: names that are not UTF-8, folders that
        /// cannot be listed, entries that cannot be looked up.
        var unopenedCount: Int { undecodableNames.count + unusablePaths.count }
    }

    /// A folder that cannot be listed, or an entry of a folder that cannot be looked up.
    public struct Unusable: Sendable, Hashable {
        /// Its path (`DIR/sub`).
        public var path: String
        /// Why, as the system says (`cannot list: permission denied`).
        public var reason: String
    }

    /// A folder reached again through a symbolic link: the same device and inode as one met
    /// before in the same search.
    public struct Revisit: Sendable, Hashable {
        /// The path it was reached by this time (`loopA/me`).
        public var path: String
        /// The path it was first reached by, and searched as (`loopA`).
        public var firstPath: String
        /// Whether it is a folder being searched, one that holds `path`: a loop of links.
        public var isLoop: Bool
    }

    /// The recordings named by `paths` (as ``recordings(in:)``), with the folders among `paths`
    /// in which none was found, the folders searched, and those passed over. Each folder is
    /// entered once per path given: one reached again through a symbolic link (a link back to
    /// a folder that holds it, `me -> .`, or a second link to the same folder) is passed over,
    /// so that a loop of links neither repeats recordings nor runs forever.
    public static func search(_ paths: [String]) -> Search {
        var search = Search()
        for path in paths {
            if FileSystem.isDirectory(path) {
                let before = search.recordings.count + search.unopenedCount
                var visited: [FileSystem.Identity: String] = [:]
                var ancestors = Set<FileSystem.Identity>()
                collect(trimmed(path), into: &search, visited: &visited, ancestors: &ancestors)
                // A folder whose recordings cannot be opened is reported as such, not as empty.
                if search.recordings.count + search.unopenedCount == before { search.emptyFolders.append(path) }
            } else {
                search.recordings.append(path)
            }
        }
        return search
    }

    private static func collect(
        _ folder: String, into search: inout Search, visited: inout [FileSystem.Identity: String],
        ancestors: inout Set<FileSystem.Identity>
    ) {
        // Folders inside a zip archive being read have no identity, and no links.
        let identity = FileSystem.identity(of: folder)
        if let identity {
            if let first = visited[identity] {
                search.revisitedFolders.append(Revisit(path: folder, firstPath: first, isLoop: ancestors.contains(identity)))
                return
            }
            visited[identity] = folder
        }
        if isRecordingFolder(folder) {
            search.recordings.append(folder)
            return
        }
        // phyphox's sets of one recording: the one that holds its acceleration (the folder's
        // sub-folders are searched all the same).
        let export = PhyphoxExport(folder: folder)
        search.searchedFolders.append(folder)
        if let identity { ancestors.insert(identity) }
        defer { if let identity { ancestors.remove(identity) } }
        func child(_ name: String) -> String { folder == "/" ? "/" + name : folder == "." ? name : folder + "/" + name }
        // A folder that cannot be listed (no read permission) is reported, never taken for an
        // empty one: its recordings would be lost without a word.
        let listing: (names: [String], undecodable: [FileSystem.UndecodableEntry])
        do throws(FileSystem.ListingError) {
            listing = try FileSystem.listed(folder)
        } catch {
            search.unusablePaths.append(Unusable(path: folder, reason: "cannot list: " + error.reason))
            return
        }
        for entry in listing.undecodable where !entry.name.hasPrefix(".") {
            if entry.isDirectory || isRecordingFileName(entry.name) { search.undecodableNames.append(child(entry.name)) }
        }
        for name in listing.names where !name.hasPrefix(".") {
            let path = child(name)
            if FileSystem.isDirectory(path) {
                // phyphox's metadata beside its Raw Data.csv (an unzipped export): no samples.
                if RecordingReader.isPhyphoxMetadata(path) { continue }
                collect(path, into: &search, visited: &visited, ancestors: &ancestors)
            } else if isRecordingFileName(name) {
                if export?.otherFiles.contains(path) == true { continue }
                if !TruthManifest.isManifest(path) { search.recordings.append(path) }
            } else if let reason = FileSystem.permissionProblem(path) {
                // In a folder that can be listed but not searched, nothing tells a folder from a file.
                search.unusablePaths.append(Unusable(path: path, reason: reason))
            }
        }
    }

    /// Whether `path` is a recording folder (Sensor Logger, Oxford), read as one recording
    /// rather than searched.
    public static func isRecordingFolder(_ path: String) -> Bool {
        FormatDetector.detectFolder(path) != nil
    }

    /// Whether `name` ends as the step-time lists of truth manifests are named (`*.steps.csv`).
    public static func isStepTimesFileName(_ name: String) -> Bool {
        name.lowercased().hasSuffix(stepTimesSuffix)
    }

    /// Whether a folder search takes a file named `name` for a recording (truth manifests
    /// apart, known by their header): a recording extension (`.csv`, `.csv.gz`, `.zip` …, any
    /// case), and neither a step-time list nor a summary written by `summarize --output-dir`.
    public static func isRecordingFileName(_ name: String) -> Bool {
        let name = name.lowercased()
        return extensions.contains { name.hasSuffix($0) } && !isStepTimesFileName(name)
            && !summarySuffixes.contains { name.hasSuffix($0) }
    }

    private static func trimmed(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
