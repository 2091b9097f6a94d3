import Foundation
import Testing

/// End-to-end tests of `pedometer list`: the recordings other commands would read.
@Suite struct ListCommandTests {
    @Test func listsTheRecordingsOfAFolderInNameOrder() throws {
        let output = try CommandRunner.run(["list", fixture("oxford")])
        #expect(output.status == 0)
        #expect(output.stdout == ["Samsung_Carmelo_Hard_Armband_2", "Samsung_Dario_Hard_BackPocket_1", "Samsung_Jamie_Hard_InHand_1"]
            .map { fixture("oxford/" + $0) + "\n" }.joined())
        #expect(output.stderr.isEmpty)
    }

    /// Paths that overlap (a folder, a recording in it, the folder again written otherwise)
    /// name each recording once, where it first came (until 2026-11-26 every command read
    /// such a recording as many times as it was named).
    @Test func overlappingPathsNameEachRecordingOnce() throws {
        let jamie = fixture("oxford/Samsung_Jamie_Hard_InHand_1")
        let output = try CommandRunner.run(["list", jamie, fixture("oxford"), fixture("oxford") + "/", jamie + "/."])
        #expect(output.status == 0)
        #expect(output.stdout == [jamie, fixture("oxford/Samsung_Carmelo_Hard_Armband_2"), fixture("oxford/Samsung_Dario_Hard_BackPocket_1")]
            .map { $0 + "\n" }.joined())
        let summaries = try CommandRunner.run(["summarize", "--format", "csv", jamie, fixture("oxford")])
        #expect(summaries.stdout.split(separator: "\n").count == 4)
    }

    /// A path that does not exist is said on stderr and fails the listing, the others still
    /// listed (until 2026-11-26 it was listed as a recording, exit 0).
    @Test func aMissingPathFails() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-list-\(UUID().uuidString).csv").path
        let output = try CommandRunner.run(["list", missing, fixture("oxford/Samsung_Jamie_Hard_InHand_1")])
        #expect(output.status == 1)
        #expect(output.stdout == fixture("oxford/Samsung_Jamie_Hard_InHand_1") + "\n")
        #expect(output.stderr == "\(missing): no such file or folder\n")
    }
}
