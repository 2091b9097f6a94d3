import PedometerIngest

/// The recordings under the paths a user gives, each once (paths that overlap, a folder and a
/// file in it, name it once, where it first came); a folder in which none is found is
/// reported on stderr and counted as a failure, never skipped silently.
enum RecordingSearch {
    static func recordings(in paths: [String]) -> (recordings: [String], emptyFolders: Int) {
        var result = RecordingDiscovery.search(paths)
        var seen = Set<String>()
        result.recordings = result.recordings.filter { seen.insert(ExpectedSummaryFile.standardized($0)).inserted }
        for folder in result.emptyFolders {
            StandardError.print(
                "\(folder): no recordings found (expected a Sensor Logger or Oxford folder, or .csv, .tsv, .txt or .zip files)")
            if folder == "." && paths == ["."] {
                StandardError.print(
                    "give a recording or a folder of them: pedometer summarize walk.csv, pedometer summarize ~/exports "
                        + "(pedometer inspect FILE shows what a file holds)")
            }
        }
        return (result.recordings, result.emptyFolders.count)
    }
}
