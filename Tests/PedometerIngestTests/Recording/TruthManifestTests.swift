import Foundation
import Testing
@testable import PedometerIngest

/// The truth manifest of `pedometer eval --truth`: paths relative to the manifest, optional
/// distance, height and window, every bad entry refused at its location.
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

    @Test(arguments: [
        ("path,distance_m\na.csv,10\n", 1, 1, "manifest header 'path,distance_m' has no 'steps' column"),
        ("path,steps,rate_hz\na.csv,12,0\n", 2, 10, "rate_hz must be a positive number of samples per second"),
        ("path,steps,from_s\na.csv,12,-1\n", 2, 10, "from_s must be seconds ≥ 0 from the recording's start"),
        ("path,steps,from_s,to_s\na.csv,12,30,20\n", 2, 13, "to_s must be after from_s"),
        ("path,steps,to_s\na.csv,12,0\n", 2, 10, "to_s must be after the start"),
        ("path,steps\na.csv,12.5\n", 2, 7, "steps must be a whole number ≥ 0"),
        ("path,steps\na.csv,-3\n", 2, 7, "steps must be a whole number ≥ 0"),
        ("path,steps\n,12\n", 2, 1, "empty recording path"),
        ("path,steps,distance_m\na.csv,12,0\n", 2, 10, "distance_m must be a positive number of metres"),
        ("path,steps,height_m\na.csv,12,172\n", 2, 10, "height_m must be metres (0.5–2.5)"),
        ("", 1, 1, "empty manifest"),
    ])
    func badEntriesAreRefusedAtTheirLocation(_ text: String, _ line: Int, _ column: Int, _ reason: String) throws {
        let path = files.write("bad.csv", text)
        #expect {
            try TruthManifest.read(path)
        } throws: { error in
            guard let error = error as? IngestError else { return false }
            return error.location == SourceLocation(file: path, line: line, column: column) && error.reason.hasPrefix(reason)
        }
    }

    @Test func folderSearchLeavesManifestsOut() throws {
        files.write("set/walk.csv", "t,x,y,z\n0,0,0,9.8\n")
        files.write("set/truth.csv", "path,steps\nwalk.csv,10\n")
        #expect(RecordingDiscovery.recordings(in: [files.path("set")]) == [files.path("set/walk.csv")])
    }
}
