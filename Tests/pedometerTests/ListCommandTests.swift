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

    /// `-` reads the paths from stdin, as `summarize -` does (until 2026-11-26 list took `-`
    /// for a file and failed: `-: no such file or folder`); folders in the list are searched,
    /// standard input naming nothing fails, and `-` twice is a usage error.
    @Test func dashReadsPathsFromStdin() throws {
        let jamie = fixture("oxford/Samsung_Jamie_Hard_InHand_1")
        let listed = try CommandRunner.run(["list", jamie, "-"], stdin: "\n  \(fixture("runwalk"))  \n\(fixture("formats/gzip"))\r\n")
        #expect(listed.status == 0)
        #expect(listed.stdout == [jamie, fixture("runwalk/runwalk.csv"), fixture("formats/gzip/timestamp-ms.csv.gz")].map { $0 + "\n" }.joined())
        #expect(listed.stderr.isEmpty)
        let nothing = try CommandRunner.run(["list", "-"], stdin: "\n")
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "-: standard input named no recordings (one path a line)\n")
        #expect(try CommandRunner.run(["list", "-", "-"], stdin: "").status == 64)
    }

    /// A name that begins or ends with a space reads back from `list`'s output: a line of
    /// standard input is the path as written when that exists, trimmed only when it does not
    /// (until 2026-11-28 every line was trimmed: `list . | summarize -` failed on ` morning.csv`,
    /// and `walk.csv ` read `walk.csv` beside it without a word).
    @Test func aNameWithSpacesAtItsEndsReadsBack() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("pedometer-list-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        try manager.copyItem(atPath: fixture("runwalk/runwalk.csv"), toPath: root.appendingPathComponent("walk.csv ").path)
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: root.appendingPathComponent("walk.csv").path)
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: root.appendingPathComponent(" morning.csv").path)
        // (`walk.csv ` is not found in a folder, its extension not `.csv`; named, it is read.)
        let listed = try CommandRunner.run(["list", root.path])
        #expect(listed.stdout == [" morning.csv", "walk.csv"].map { root.appendingPathComponent($0).path + "\n" }.joined())
        let read = try CommandRunner.run(["list", "-"], stdin: listed.stdout)
        #expect(read.status == 0 && read.stdout == listed.stdout, "\(read.stderr)")
        let spaced = try CommandRunner.run(["summarize", "--format", "json", "-"], stdin: root.appendingPathComponent("walk.csv ").path + "\n")
        let direct = try CommandRunner.run(["summarize", "--format", "json", root.appendingPathComponent("walk.csv ").path])
        #expect(spaced.status == 0 && spaced.stdout == direct.stdout)
        // A path written with spaces around it that names nothing so is still read trimmed.
        let padded = try CommandRunner.run(["list", "-"], stdin: "  " + root.appendingPathComponent(" morning.csv").path + "\t\r\n")
        #expect(padded.stdout == root.appendingPathComponent(" morning.csv").path + "\n")
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

    /// A folder reached again through a symbolic link is entered once and said once: links back
    /// up (`me -> .`, `sub/up -> ..`) are loops, a second link to a folder is that folder again;
    /// a file reached by two paths (a link to it) is one recording. Until 2026-11-26 `me -> .`
    /// listed the recording 41 times (`me/me/…/base.csv`, until the kernel's limit of links) and
    /// two links back up ran until memory ran out.
    @Test func aFolderReachedAgainThroughALinkIsPassedOver() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("pedometer-list-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        let folder = root.appendingPathComponent("loop")
        try manager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try manager.copyItem(atPath: fixture("runwalk/runwalk.csv"), toPath: folder.appendingPathComponent("base.csv").path)
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: folder.appendingPathComponent("sub/walk.csv").path)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("me").path, withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("self").path, withDestinationPath: "../loop")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("zlink").path, withDestinationPath: "sub")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("latest.csv").path, withDestinationPath: "base.csv")
        let path = folder.path

        let listing = try CommandRunner.run(["list", path], timeout: 60)
        #expect(listing.status == 0)
        #expect(listing.stdout == "\(path)/base.csv\n\(path)/sub/walk.csv\n")
        #expect(listing.stderr == """
            \(path)/me: symbolic link loop, passed over
            \(path)/self: symbolic link loop, passed over
            \(path)/sub/up: symbolic link loop, passed over
            \(path)/zlink: the same folder as \(path)/sub, searched there, passed over

            """)
        // Every command reads them once; check finds the expected files without looping too.
        let summaries = try CommandRunner.run(["summarize", "--format", "csv", path], timeout: 60)
        #expect(summaries.status == 0)
        #expect(summaries.stdout.split(separator: "\n").count == 3)
        #expect(try CommandRunner.run(["check", "--record", path], timeout: 60).status == 0)
        let check = try CommandRunner.run(["check", path], timeout: 60)
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix("2 passed, 0 failed, 0 missing expected file\n"))
    }

    /// A name that is not valid UTF-8 (which no `String` path reaches) is reported as such, its
    /// bytes escaped, and fails the run; the others are still read. Until 2026-11-26 it was
    /// reported as `no such file or folder` under a name with U+FFFD in it, and such a folder
    /// was passed over silently.
    @Test func aNameThatIsNotUTF8IsReportedAsSuch() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("pedometer-list-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.copyItem(atPath: fixture("formats/generic/timestamp-ms.csv"), toPath: folder.appendingPathComponent("good.csv").path)
        let csv = try Data(contentsOf: URL(fileURLWithPath: fixture("formats/generic/timestamp-ms.csv")))
        func raw(_ name: [UInt8]) -> [CChar] { (Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) } }
        let file = open(raw(Array("bad".utf8) + [0xFF] + Array(".csv".utf8)), O_CREAT | O_WRONLY, 0o644)
        #expect(file >= 0)
        #expect(csv.withUnsafeBytes { write(file, $0.baseAddress, csv.count) } == csv.count)
        #expect(close(file) == 0)
        #expect(mkdir(raw(Array("dir".utf8) + [0xFE]), 0o755) == 0)
        #expect(close(open(raw(Array("notes".utf8) + [0xFF] + Array(".md".utf8)), O_CREAT | O_WRONLY, 0o644)) == 0)

        let expectedErrors = """
            \(folder.path)/bad\\xFF.csv: the name is not valid UTF-8, which pedometer cannot open: rename it (passed over)
            \(folder.path)/dir\\xFE: the name is not valid UTF-8, which pedometer cannot open: rename it (passed over)

            """
        let listing = try CommandRunner.run(["list", folder.path])
        #expect(listing.status == 1)
        #expect(listing.stdout == folder.appendingPathComponent("good.csv").path + "\n")
        #expect(listing.stderr == expectedErrors)
        let summaries = try CommandRunner.run(["summarize", "--format", "csv", folder.path])
        #expect(summaries.status == 1)
        #expect(summaries.stdout.split(separator: "\n").count == 2)
        #expect(summaries.stderr == expectedErrors)
    }

    /// A folder that cannot be listed (no read permission) is reported with the system's reason
    /// and fails the run, the other recordings still read, by every command; named itself it is
    /// that error, not "no recordings found"; the entries of a folder that can be listed but not
    /// searched are reported too. Until 2026-11-26 such a folder was taken for an empty one:
    /// `list`, `summarize` and `check` exited 0 without its recordings and without a word.
    @Test(.enabled(if: CommandRunner.canRunUnprivileged, "root without setpriv: permissions do not bind"))
    func aFolderThatCannotBeListedIsReported() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("pedometer-list-\(UUID().uuidString)")
        defer {
            for sub in ["locked", "unsearchable"] { chmod(root.appendingPathComponent(sub).path, 0o755) }
            try? manager.removeItem(at: root)
        }
        for sub in ["open", "locked", "unsearchable/inner"] {
            try manager.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let csv = fixture("formats/generic/timestamp-ms.csv")
        try manager.copyItem(atPath: csv, toPath: root.appendingPathComponent("open/a.csv").path)
        try manager.copyItem(atPath: csv, toPath: root.appendingPathComponent("locked/b.csv").path)
        try manager.copyItem(atPath: csv, toPath: root.appendingPathComponent("unsearchable/inner/c.csv").path)
        for path in [root.path, root.appendingPathComponent("open").path] { chmod(path, 0o755) }
        #expect(chmod(root.appendingPathComponent("locked").path, 0o000) == 0)
        #expect(chmod(root.appendingPathComponent("unsearchable").path, 0o644) == 0)
        let path = root.path

        let errors = """
            \(path)/locked: cannot list: permission denied
            \(path)/unsearchable/inner: cannot open: permission denied

            """
        let listing = try CommandRunner.runUnprivileged(["list", path])
        #expect(listing.status == 1)
        #expect(listing.stdout == "\(path)/open/a.csv\n")
        #expect(listing.stderr == errors)
        let summaries = try CommandRunner.runUnprivileged(["summarize", "--format", "csv", path])
        #expect(summaries.status == 1)
        #expect(summaries.stdout.split(separator: "\n").count == 2)
        #expect(summaries.stderr == errors)
        let check = try CommandRunner.runUnprivileged(["check", path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(path)/open/a.csv"))
        #expect(check.stderr == errors)
        let named = try CommandRunner.runUnprivileged(["summarize", path + "/locked"])
        #expect(named.status == 1)
        #expect(named.stdout.isEmpty)
        #expect(named.stderr == "\(path)/locked: cannot list: permission denied\n")
        let series = try CommandRunner.runUnprivileged(["series", path + "/locked"])
        #expect(series.status == 1)
        #expect(series.stderr == "\(path)/locked: cannot list: permission denied\n")
    }
}
