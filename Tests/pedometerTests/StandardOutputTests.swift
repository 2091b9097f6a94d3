import Foundation
import Testing

/// Output that cannot be written: every command says so and fails with status 74.
@Suite struct StandardOutputTests {
    /// Each command with its standard output on `/dev/full` (every write fails with ENOSPC)
    /// reports the failure on stderr and exits with 74 (until 2026-11-26 summarize, check,
    /// list, inspect, eval and pace exited 0 with their output lost, and series crashed on a
    /// `try!` with status 132; the help, printed by the argument parser, exited 0 until
    /// 2026-11-26).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceFailsEveryCommand() throws {
        let oxford = fixture("oxford")
        let commands: [[String]] = [
            ["summarize", "--format", "json", oxford],
            ["summarize", "--format", "csv", oxford],
            ["summarize", oxford],
            ["summarize", "--progress", "always", oxford],
            ["check", oxford],
            ["check", "--format", "json", oxford],
            ["list", oxford],
            ["inspect", oxford],
            ["inspect", "--format", "json", oxford],
            ["eval", oxford],
            ["series", fixture("runwalk/runwalk.csv")],
            ["series", "--steps", fixture("runwalk/runwalk.csv")],
            ["pace", "--distance", "10km", "--time", "55:00"],
            ["--help"],
            ["help", "summarize"],
            ["summarize", "--help"],
            ["--version"],
        ]
        for arguments in commands {
            let output = try CommandRunner.run(arguments, stdoutFile: "/dev/full")
            #expect(output.status == 74, "\(arguments)")
            #expect(output.stderr.hasSuffix("pedometer: cannot write to standard output: No space left on device\n"), "\(arguments): \(output.stderr)")
        }
    }

    /// With standard error on `/dev/full`, every message is lost but nothing else: the results
    /// are all written and the status still says a recording failed (until 2026-11-26 the first
    /// message trapped, status 132, and a batch whose first file was bad wrote no result).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullStandardErrorLosesOnlyTheMessages() throws {
        let arguments = ["summarize", "--format", "csv", fixture("malformed/stray-quote.csv"), fixture("oxford")]
        let reference = try CommandRunner.run(arguments)
        let output = try CommandRunner.run(arguments, stderrFile: "/dev/full")
        #expect(output.status == 1)
        #expect(output.stdout == reference.stdout)
        // The header, the bad file's error row and the three recordings.
        #expect(output.stdout.split(separator: "\n").count == 5)
        let listing = try CommandRunner.run(["list", fixture("nope.csv")], stderrFile: "/dev/full")
        #expect(listing.status == 1)
    }
}
