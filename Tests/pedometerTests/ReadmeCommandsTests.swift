import Foundation
import Testing

/// The README for users: short, starting with the two set-up commands, and every command it
/// shows runs. Each line of its `sh` blocks (but the two set-up commands themselves, which this
/// suite is run by) is run with bash in a scratch folder holding the bundled `Fixtures/`,
/// `tools/pedometer` standing for the built `pedometer`; each must exit 0.
@Suite struct ReadmeCommandsTests {
    static let readme = (try? String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The commands of the README's `sh` blocks, comments and blank lines left out.
    static var commands: [String] {
        var result: [String] = []
        var inShell = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            guard inShell else { continue }
            let command = line.components(separatedBy: "  #").first!.trimmingCharacters(in: .whitespaces)
            if !command.isEmpty && !command.hasPrefix("#") { result.append(command) }
        }
        return result
    }

    @Test func shortAndStartingWithTheTwoSetUpCommands() {
        #expect(Self.readme.components(separatedBy: "\n").count <= 250)
        #expect(Array(Self.commands.prefix(2)) == ["tools/pedometer", "tools/test"])
        #expect(Self.commands.count > 10)
    }

    /// The Spark command is run by tools/spark/test (which sets Java and pyspark up), as written.
    @Test func sparkCommandIsTheOneItsTestRuns() throws {
        let spark = Self.commands.filter { $0.hasPrefix("tools/spark-run") }
        #expect(spark == ["tools/spark-run Fixtures out/spark --group-level 1"])
        let test = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("tools/spark/test_spark.py"), encoding: .utf8)
        // spark_run's inputs default to Fixtures, placed before the output and the options.
        #expect(test.contains("inputs=(\"Fixtures\",)") && test.contains("*inputs, output, *options"))
        #expect(test.contains("spark_run(output, \"--group-level\", \"1\")"))
    }

    @Test(arguments: Self.commands.dropFirst(2).filter { !$0.hasPrefix("tools/spark-run") })
    func commandRuns(_ command: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Fixtures"), withDestinationURL: CommandRunner.packageRoot.appendingPathComponent("Fixtures"))
        let binary = CommandRunner.executable.path
        let script = "cd '\(folder.path)' && " + command.replacingOccurrences(of: "tools/pedometer", with: "'\(binary)'")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command)\n\(text.suffix(2000))")
        #expect(!text.isEmpty || command.contains("--output-dir") || command.contains("--chart"), "\(command): no output")
    }
}
