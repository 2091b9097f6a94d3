import Foundation
import Testing

@testable import pedometer

/// A folder is listed once for all the recordings in it whose expected files are named
/// (``FolderListings``): `check` of N recordings in one folder listed it, and looked up each of
/// its entries, once per recording (N = 4000: 88 s, now 5.6 s; see the commit).
@Suite struct FolderListingsTests {
    @Test func namesExpectedFilesFromOneListing() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("pedometer-listings-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder.appendingPathComponent("c"), withIntermediateDirectories: true)
        for name in ["a.csv", "a.zip", "b.csv.gz", "c.zip", "d.v2.csv", ".e.csv", "notes.md"] {
            #expect(manager.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        let path = folder.path
        var listings = FolderListings()
        func expected(_ name: String) -> String {
            (ExpectedSummaryFile.path(for: path + "/" + name, listings: &listings) as NSString).lastPathComponent
        }
        #expect(expected("a.csv") == "a.csv.expected.json")  // a.zip beside it
        #expect(expected("a.zip") == "a.zip.expected.json")
        #expect(expected("b.csv.gz") == "b.csv.expected.json")
        #expect(expected("c.zip") == "c.zip.expected.json")  // the folder c beside it
        #expect(expected("d.v2.csv") == "d.v2.expected.json")
        #expect(ExpectedSummaryFile.recording(forExpectedFile: path + "/d.v2.expected.json", listings: &listings) == path + "/d.v2.csv")
        #expect(ExpectedSummaryFile.recording(forExpectedFile: path + "/a.zip.expected.json", listings: &listings) == path + "/a.zip")
        #expect(ExpectedSummaryFile.recording(forExpectedFile: path + "/a.expected.json", listings: &listings) == nil)

        // Listed once: a file added since is not seen by these listings (b.csv would make
        // b.csv.gz keep its whole name), and is by new ones.
        #expect(manager.createFile(atPath: path + "/b.csv", contents: Data()))
        #expect(expected("b.csv.gz") == "b.csv.expected.json")
        var fresh = FolderListings()
        #expect((ExpectedSummaryFile.path(for: path + "/b.csv.gz", listings: &fresh) as NSString).lastPathComponent == "b.csv.gz.expected.json")
        #expect(ExpectedSummaryFile.files(in: [path], listings: &fresh).isEmpty)
    }
}
