import Testing

/// The root command: its version and help.
@Suite struct PedometerCommandTests {
    /// `--version` prints the version alone on standard output and succeeds.
    @Test func versionIsPrinted() throws {
        let output = try CommandRunner.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == "0.1.0\n")
        #expect(output.stderr.isEmpty)
    }

    /// The help is written through the same checked output as the results and succeeds.
    @Test func helpListsTheCommands() throws {
        let output = try CommandRunner.run(["--help"])
        #expect(output.status == 0)
        for command in ["inspect", "summarize", "series", "pace", "eval", "check", "list"] {
            #expect(output.stdout.contains("  \(command) "), "\(command)")
        }
    }
}
