import PedometerIngest

/// The recordings under the paths a user gives; a folder in which none is found is reported
/// on stderr and counted as a failure, never skipped silently.
enum RecordingSearch {
    static func recordings(in paths: [String]) -> (recordings: [String], emptyFolders: Int) {
        let result = RecordingDiscovery.search(paths)
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
