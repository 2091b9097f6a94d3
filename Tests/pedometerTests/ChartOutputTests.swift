import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport
import Testing
@testable import pedometer

/// `ChartOutput`: the chart files `summarize --chart DIR` writes.
@Suite struct ChartOutputTests {
    private static let fixture = CommandRunner.packageRoot.appendingPathComponent(
        "Fixtures/oxford/Samsung_Jamie_Hard_InHand_1").path

    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chart-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func writesOneSVGAtomically() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let processed = try SummaryBuilder.process(
            Self.fixture, options: IngestOptions(), configuration: PedometerConfiguration())
        // Into a folder that does not exist yet, twice (the second replaces the first).
        let target = directory + "/charts"
        let path = try ChartOutput.write(processed, to: target, units: .both, splits: .km)
        let again = try ChartOutput.write(processed, to: target, units: .both, splits: .km)
        #expect(path == again)
        #expect(path == target + "/" + RecordingFileName.stem(for: Self.fixture) + ".svg")
        #expect(path.hasSuffix(".svg"))
        #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("Samsung_Jamie_Hard_InHand_1-"))
        let contents = try FileManager.default.contentsOfDirectory(atPath: target)
        #expect(contents == [URL(fileURLWithPath: path).lastPathComponent])
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("Samsung_Jamie_Hard_InHand_1"))
        #expect(svg.contains("Pace (min/km)") && svg.contains("Pace (min/mi)"))
    }

    @Test func fileNamesAreDeterministicAndCollisionFree() {
        let a = RecordingFileName.stem(for: "runs/a/run.csv")
        #expect(a == RecordingFileName.stem(for: "runs/a/run.csv"))
        #expect(a == RecordingFileName.stem(for: "./runs//a/run.csv"))
        #expect(a.hasPrefix("run-"))
        #expect(a.count == "run-".count + 8)
        #expect(a != RecordingFileName.stem(for: "runs/b/run.csv"))
        #expect(a != RecordingFileName.stem(for: "runs/a/run.zip"))
        #expect(RecordingFileName.stem(for: "/x/Sensor Logger: ünïcode?.csv").hasPrefix("Sensor_Logger___n_code_-"))
        #expect(RecordingFileName.stem(for: "/x/Recording_2024/").hasPrefix("Recording_2024-"))
        #expect(!RecordingFileName.stem(for: "/x/.hidden.csv").hasPrefix("."))
    }

    @Test func failedWriteLeavesNoTemporaryFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let processed = try SummaryBuilder.process(
            Self.fixture, options: IngestOptions(), configuration: PedometerConfiguration())
        // The chart's path is taken by a folder: the rename fails.
        let name = RecordingFileName.stem(for: Self.fixture) + ".svg"
        try FileManager.default.createDirectory(atPath: directory + "/" + name + "/inside", withIntermediateDirectories: true)
        #expect(throws: AtomicFile.WriteError.self) {
            try ChartOutput.write(processed, to: directory, units: .metric, splits: nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])
    }
}
