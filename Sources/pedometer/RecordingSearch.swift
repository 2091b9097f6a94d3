import PedometerIngest

/// The recordings under the paths a user gives, each once (paths that overlap, a folder and a
/// file in it, or links that reach one file by two paths, name it once, where it first came);
/// a folder in which none is found is reported on stderr and counted as a failure, never
/// skipped silently, and a folder reached again through a symbolic link (a loop) is passed over
/// and said once.
enum RecordingSearch {
    /// What a search found.
    struct Found {
        /// The recordings, in order, each once.
        var recordings: [String]
        /// How many folders given held no recording (each reported on stderr): a failure.
        var emptyFolders: Int
        /// The folders listed in the search (where `check` looks for expected files).
        var searchedFolders: [String]
    }

    static func recordings(in paths: [String]) -> Found {
        let search = RecordingDiscovery.search(paths)
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
        return Found(recordings: recordings, emptyFolders: search.emptyFolders.count, searchedFolders: search.searchedFolders)
    }
}
