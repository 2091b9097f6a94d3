import Foundation
import Testing

/// Replays saved fuzz findings, the malformed fixtures and every bundled CSV through a plain
/// build of the fuzz target (format detection, every reader, the step engine): none may crash.
@Suite struct FuzzRegressionTests {
    @Test func replayedInputsDoNotCrash() throws {
        var inputs: [String] = []
        // Every saved finding (any name), and every CSV of the fixtures.
        for (folder, isFinding) in [("Tests/Data/fuzz-regressions", true), ("Fixtures", false)] {
            let root = CommandRunner.packageRoot.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let relative = walker?.nextObject() as? String {
                let path = root.appendingPathComponent(relative).path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    isFinding ? !relative.hasSuffix("README.md") : relative.hasSuffix(".csv"),
                    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) < 2_000_000
                else { continue }
                inputs.append(path)
            }
        }
        inputs.sort()
        #expect(inputs.count > 30)
        let output = try CommandRunner.run(inputs, program: "pedometer-fuzz")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").filter { $0.hasPrefix("replayed ") }.count == inputs.count)
    }
}
