import Foundation
import Testing
@testable import PedometerIngest

/// The truth manifest of `pedometer eval --truth`: paths relative to the manifest, optional
/// distance, height, window and step times, every bad entry refused at its location.
@Suite struct TruthManifestTests {
    let files = TemporaryFiles()

    @Test func readsEntriesRelativeToTheManifest() throws {
        let path = files.write("set/truth.csv", """
            path,steps,distance_m,height_m
            walk-1.csv,454,401,
            subject-3/trial-2,38,20,1.72

            /data/still.csv,0,,
            """)
        let manifest = try TruthManifest.read(path)
        let folder = files.path("set")
        #expect(manifest.entries.map(\.path) == [folder + "/walk-1.csv", folder + "/subject-3/trial-2", "/data/still.csv"])
        #expect(manifest.entries.map(\.steps) == [454, 38, 0])
        #expect(manifest.entries.map(\.distance) == [401, 20, nil])
        #expect(manifest.entries.map(\.height) == [nil, 1.72, nil])
        #expect(manifest.entries[1].location == SourceLocation(file: path, line: 3, column: 1))
    }

    @Test func columnsAreFoundByName() throws {
        let path = files.write("reordered.csv", "height_m,steps,path\n1.8,100,a.csv\n")
        let entry = try #require(try TruthManifest.read(path).entries.first)
        #expect(entry.steps == 100 && entry.height == 1.8 && entry.path.hasSuffix("/a.csv"))
    }

    @Test func aWindowLimitsTheTruthToPartOfTheRecording() throws {
        let path = files.write("windows.csv", "path,steps,from_s,to_s\na.csv,40,4.5,25\nb.csv,12,,9\nc.csv,30,60,\nd.csv,7,,\n")
        let windows = try TruthManifest.read(path).entries.map(\.window)
        #expect(windows == [4.5...25, 0...9, 60...Double.infinity, nil])
    }

    @Test func aRateTimesARecordingWithoutATimeColumn() throws {
        let path = files.write("rates.csv", "path,steps,rate_hz\na.csv,40,100\nb.csv,12,\n")
        #expect(try TruthManifest.read(path).entries.map(\.sampleRate) == [100, nil])
    }

    @Test func stepTimesAreReadFromTheFileTheManifestNames() throws {
        files.write("set/a.steps.csv", "time_s\n1.5\n2.1\n\n2.7\n")
        files.write("set/times/b.csv", "0.5,L\n4.25,R\n9,L\n30,R\n")
        let path = files.write("set/truth.csv", "path,steps,from_s,to_s,step_times\na.csv,3,,,a.steps.csv\nb.csv,2,4,29,times/b.csv\nc.csv,5,,,\n")
        let entries = try TruthManifest.read(path).entries
        #expect(entries.map(\.stepTimes) == [[1.5, 2.1, 2.7], [4.25, 9], nil])
    }

    /// A list of step times that does not say what the manifest says, or is no list of times,
    /// is refused where it goes wrong: the manifest's row, or the list's own line.
    @Test(arguments: [
        ("1\n2\n", "path,steps,step_times\na.csv,3,t.steps.csv\n", "truth.csv", 2, 7, "steps 3 but t.steps.csv lists 2 step times"),
        ("1\n2\n", "path,steps,to_s,step_times\na.csv,2,1.5,t.steps.csv\n", "truth.csv", 2, 7, "steps 2 but t.steps.csv lists 1 step times in the window"),
        ("1\n2\n", "path,steps,step_times\na.csv,2,missing.steps.csv\n", "truth.csv", 2, 9, "step times missing.steps.csv: no such file"),
        ("time\n1\n0.5\n", "path,steps,step_times\na.csv,2,t.steps.csv\n", "t.steps.csv", 3, 1, "step times must be in order (0.5 after 1.0)"),
        ("1\nlater\n", "path,steps,step_times\na.csv,2,t.steps.csv\n", "t.steps.csv", 2, 1, "a step time must be seconds ≥ 0"),
        ("-1\n2\n", "path,steps,step_times\na.csv,2,t.steps.csv\n", "t.steps.csv", 1, 1, "a step time must be seconds ≥ 0"),
        // Decimal commas were cut to whole seconds (6,33 read as 6) until 2026-11-26.
        ("time_s\n6,33\n7,10\n", "path,steps,step_times\na.csv,2,t.steps.csv\n", "t.steps.csv", 2, 1, "one column named, two fields: a decimal comma ('6,33')?"),
        ("6,33\n7,10\n", "path,steps,step_times\na.csv,2,t.steps.csv\n", "t.steps.csv", 1, 1, "rows of two whole numbers ('6,33'): a decimal comma"),
        // A whole second (6,00 saved as 6) beside them (the second review).
        ("4,84\n6\n6,43\n", "path,steps,step_times\na.csv,3,t.steps.csv\n", "t.steps.csv", 1, 1, "rows of two whole numbers ('4,84'): a decimal comma"),
    ])
    func badStepTimesAreRefusedAtTheirLocation(
        _ times: String, _ manifest: String, _ file: String, _ line: Int, _ column: Int, _ reason: String
    ) throws {
        files.write("times/t.steps.csv", times)
        let path = files.write("times/truth.csv", manifest)
        let error = try #require(refusal(path))
        #expect(error.location == SourceLocation(file: files.path("times/" + file), line: line, column: column))
        #expect(error.reason.hasPrefix(reason), "\(error.reason)")
    }

    /// Why `path` gives no truth: the manifest's own error, or its first refused row's.
    private func refusal(_ path: String) -> IngestError? {
        do throws(IngestError) {
            let manifest = try TruthManifest.read(path)
            #expect(manifest.entries.isEmpty)
            return manifest.refusedRows.first
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("path,distance_m\na.csv,10\n", 1, 1, "manifest header 'path,distance_m' has no 'steps' column"),
        ("path,steps,rate_hz\na.csv,12,0\n", 2, 10, "rate_hz must be a positive number of samples per second"),
        ("path,steps,from_s\na.csv,12,-1\n", 2, 10, "from_s must be seconds ≥ 0 from the recording's start"),
        ("path,steps,from_s,to_s\na.csv,12,30,20\n", 2, 13, "to_s must be after from_s"),
        ("path,steps,to_s\na.csv,12,0\n", 2, 10, "to_s must be after the start"),
        ("path,steps\na.csv,12.5\n", 2, 7, "steps must be a whole number from 0 to 1000000000"),
        ("path,steps\na.csv,-3\n", 2, 7, "steps must be a whole number from 0 to 1000000000"),
        // Beyond Int's range it crashed eval (status 132) until 2026-11-26.
        ("path,steps\na.csv,9223372036854775808\n", 2, 7, "steps must be a whole number from 0 to 1000000000"),
        ("path,steps\n,12\n", 2, 1, "empty recording path"),
        ("path,steps,distance_m\na.csv,12,0\n", 2, 10, "distance_m must be a positive number of metres"),
        ("path,steps,height_m\na.csv,12,172\n", 2, 10, "height_m must be metres (0.5–2.5)"),
        // A distance in km (until 2026-11-28 read as metres: a 99,847 % distance error).
        ("path,steps,distance_m\na.csv,1080,0.668\n", 2, 12, "distance_m 0.668 for 1080 steps is 0.62 mm a step: it must be metres (0.1–3.0 m a step)"),
        ("path,steps,distance_m\na.csv,942,2835\n", 2, 11, "distance_m 2835 for 942 steps is 3.01 m a step: it must be metres"),
        ("", 1, 1, "empty manifest"),
    ])
    func badEntriesAreRefusedAtTheirLocation(_ text: String, _ line: Int, _ column: Int, _ reason: String) throws {
        let path = files.write("bad.csv", text)
        let error = try #require(refusal(path))
        #expect(error.location == SourceLocation(file: path, line: line, column: column))
        #expect(error.reason.hasPrefix(reason), "\(error.reason)")
    }

    /// A row that gives no truth is refused alone: the rows after it are still read (until
    /// 2026-11-26 the first bad row stopped the manifest, and eval evaluated nothing); rows of
    /// empty cells, as a spreadsheet leaves rows it cleared, are no rows.
    @Test func aBadRowIsRefusedAndTheOthersRead() throws {
        let path = files.write("mixed.csv", "path,steps,height_m\na.csv,12,\n,,\nb.csv,x,\nc.csv,30,172\nd.csv,40,1.8\n")
        let manifest = try TruthManifest.read(path)
        #expect(manifest.entries.map(\.steps) == [12, 40])
        #expect(manifest.refusedRows.map(\.description) == [
            "\(path):4:7: steps must be a whole number from 0 to 1000000000",
            "\(path):5:10: height_m must be metres (0.5–2.5)",
        ])
    }

    @Test func folderSearchLeavesManifestsOut() throws {
        files.write("set/walk.csv", "t,x,y,z\n0,0,0,9.8\n")
        files.write("set/truth.csv", "path,steps\nwalk.csv,10\n")
        files.write("set/walk.steps.csv", "time_s\n0.5\n")
        #expect(RecordingDiscovery.recordings(in: [files.path("set")]) == [files.path("set/walk.csv")])
    }

    /// A manifest as a spreadsheet saves it (a byte-order mark, `;` or tabs, quoted names) is a
    /// manifest to the folder search too, as to `--truth` (until 2026-11-26 it was searched as a
    /// recording, failing `eval DIR` and `check DIR`).
    @Test(arguments: ["\u{FEFF}path,steps\nwalk.csv,10\n", "path;steps\nwalk.csv;10\n", "sep=;\npath;steps\nwalk.csv;10\n", "\u{FEFF}sep=;\npath;steps\nwalk.csv;10\n", "path\tsteps\nwalk.csv\t10\n", "\"Path\",\"Steps\"\nwalk.csv,10\n"])
    func spreadsheetManifestsAreManifests(_ text: String) throws {
        files.write("sheet/walk.csv", "t,x,y,z\n0,0,0,9.8\n")
        let path = files.write("sheet/truth.csv", text)
        #expect(TruthManifest.isManifest(path))
        #expect(try TruthManifest.read(path).entries.map(\.steps) == [10])
        #expect(RecordingDiscovery.recordings(in: [files.path("sheet")]) == [files.path("sheet/walk.csv")])
    }
}
