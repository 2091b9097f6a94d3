/// Finds the recordings under the paths a user gives.
public enum RecordingDiscovery {
    /// File name endings that can hold a recording.
    static let extensions = [".csv", ".tsv", ".txt", ".zip", ".csv.gz", ".tsv.gz", ".txt.gz"]
    /// The name ending of a list of true step times (a truth manifest's `step_times`), not a
    /// recording.
    static let stepTimesSuffix = ".steps.csv"

    /// The recordings named by `paths`, in order: a file or recording folder (Sensor Logger,
    /// Oxford) as it is; any other folder searched recursively, in name order, for recording
    /// folders and for files ending in .csv, .tsv, .txt or .zip (hidden files, truth manifests
    /// (``TruthManifest``), the step-time lists they name when called `*.steps.csv`, and other
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

    /// The recordings named by `paths` (as ``recordings(in:)``), and the folders among `paths`
    /// in which none was found (for the caller to report: nothing is skipped silently).
    public static func search(_ paths: [String]) -> (recordings: [String], emptyFolders: [String]) {
        var found: [String] = []
        var empty: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                let before = found.count
                collect(trimmed(path), into: &found)
                if found.count == before { empty.append(path) }
            } else {
                found.append(path)
            }
        }
        return (found, empty)
    }

    private static func collect(_ folder: String, into found: inout [String]) {
        if FormatDetector.detectFolder(folder) != nil {
            found.append(folder)
            return
        }
        for name in FileSystem.contents(of: folder) ?? [] where !name.hasPrefix(".") {
            let path = folder == "/" ? "/" + name : folder == "." ? name : folder + "/" + name
            if FileSystem.isDirectory(path) {
                collect(path, into: &found)
            } else if extensions.contains(where: { name.lowercased().hasSuffix($0) }),
                !name.lowercased().hasSuffix(stepTimesSuffix), !TruthManifest.isManifest(path)
            {
                found.append(path)
            }
        }
    }

    private static func trimmed(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
