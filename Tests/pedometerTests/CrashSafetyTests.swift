import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 7, crash safety: `summarize --output-dir` killed with SIGKILL in the middle of a
/// batch leaves only complete summary files, each the bytes an uninterrupted run writes, and
/// running it again (without `--force`) completes the folder to exactly the uninterrupted
/// run's files.
///
/// `AtomicFile` writes each summary to a hidden `.NAME.PID.RANDOM.tmp` beside it and renames it
/// into place, so a kill can leave such a temporary file (never a partial summary). Nothing
/// removes them later: they are counted and reported here, must match that pattern, and must
/// not stop a rerun; a rerun removes those of dead writers. Zipped exports are read in place,
/// so the children's own `TMPDIR` stays empty whatever the kills.
@Suite(.serialized) struct CrashSafetyTests {
    private static let fixtures = CommandRunner.packageRoot.appendingPathComponent("Fixtures").path

    /// A scratch folder holding the batch, the outputs and the children's TMPDIR.
    private final class Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-crash-\(UUID().uuidString)").path
        var batch: String { root + "/batch" }
        var tmp: String { root + "/tmp" }
        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/tmp", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/batch", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    /// About 20 recordings, a few seconds of work with `--jobs 1` in a debug build: the Oxford
    /// walks twice under other names, and one recording of every format.
    private func makeBatch(_ scratch: Scratch) throws {
        let manager = FileManager.default
        let copies: [(String, String)] = [
            ("oxford/Samsung_Carmelo_Hard_Armband_2", "a-Carmelo"), ("oxford/Samsung_Dario_Hard_BackPocket_1", "a-Dario"),
            ("oxford/Samsung_Jamie_Hard_InHand_1", "a-Jamie"), ("oxford/Samsung_Carmelo_Hard_Armband_2", "b-Carmelo"),
            ("oxford/Samsung_Dario_Hard_BackPocket_1", "b-Dario"), ("oxford/Samsung_Jamie_Hard_InHand_1", "b-Jamie"),
            ("formats/sensorlog/SensorLog_walk.csv", "sensorlog.csv"), ("formats/sensorlog/SensorLog_v1_no_units.csv", "sensorlog-v1.csv"),
            ("formats/phyphox/Acceleration with g/Raw Data.csv", "phyphox-g.csv"),
            ("formats/phyphox/Linear Acceleration/Raw Data.csv", "phyphox-linear.csv"),
            ("formats/generic/timestamp-ms.csv", "generic-ms.csv"), ("formats/generic/semicolon-g.csv", "generic-g.csv"),
            ("formats/generic/headerless-ns.csv", "generic-ns.csv"),
            ("formats/oxford-log/Samsung_Jamie_Hard_InHand_1_hardware.csv", "oxford-log.csv"),
            ("formats/steps/cumulative.csv", "steps-cumulative.csv"), ("formats/steps/events.csv", "steps-events.csv"),
            ("formats/sensor-logger/android.zip", "sensor-logger.zip"), ("formats/sensor-logger/ios", "sensor-logger-ios"),
            ("formats/sensor-logger/v2", "sensor-logger-v2"), ("formats/sensor-logger/user-gravity", "sensor-logger-user-gravity"),
        ]
        // Named so that the batch (read in name order) alternates the long Oxford walks with
        // short recordings: kills then land between writes at many different points.
        let long = copies.filter { $0.0.hasPrefix("oxford/") }
        let short = copies.filter { !$0.0.hasPrefix("oxford/") }
        var ordered: [(String, String)] = []
        for index in 0..<max(long.count, short.count) {
            ordered += short.dropFirst(2 * index).prefix(2)
            if index < long.count { ordered.append(long[index]) }
        }
        for (index, (from, to)) in ordered.enumerated() {
            let name = (index < 10 ? "0" : "") + "\(index)-" + to
            try manager.copyItem(atPath: Self.fixtures + "/" + from, toPath: scratch.batch + "/" + name)
        }
    }

    /// Starts `pedometer summarize --format json --output-dir DIR BATCH` with its own TMPDIR,
    /// output discarded unless `stderr` is given.
    private func start(_ scratch: Scratch, output: String, jobs: Int, stderr: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["summarize", "--format", "json", "--jobs", "\(jobs)", "--output-dir", output, scratch.batch]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.tmp
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Runs to the end; returns the exit status and stderr.
    private func complete(_ scratch: Scratch, output: String, jobs: Int) throws -> (Int32, String) {
        let log = URL(fileURLWithPath: scratch.root + "/stderr-\(UUID().uuidString).txt")
        let process = try start(scratch, output: output, jobs: jobs, stderr: log)
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// The files of a folder by name: visible ones (summaries) and hidden ones (temporary files).
    private func contents(_ folder: String) throws -> (visible: [String: Data], hidden: [String]) {
        var visible: [String: Data] = [:]
        var hidden: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            if name.hasPrefix(".") {
                hidden.append(name)
            } else {
                visible[name] = FileManager.default.contents(atPath: folder + "/" + name)
            }
        }
        return (visible, hidden.sorted())
    }

    /// Every summary in `folder` is complete: one parseable JSON line, byte for byte the
    /// reference's file of that name; every hidden file is one of AtomicFile's temporary files.
    private func expectOnlyCompleteFiles(_ folder: String, reference: [String: Data], _ moment: String) throws {
        let (visible, hidden) = try contents(folder)
        for (name, data) in visible {
            #expect(reference[name] != nil, "\(moment): unexpected file \(name)")
            #expect(data == reference[name], "\(moment): \(name) differs from the uninterrupted run's (\(data.count) bytes)")
            #expect(data.last == UInt8(ascii: "\n") && data.filter { $0 == UInt8(ascii: "\n") }.count == 1, "\(moment): \(name)")
            #expect((try? JSONSerialization.jsonObject(with: data)) is [String: Any], "\(moment): \(name) is not a JSON object")
        }
        for name in hidden {
            #expect(name.wholeMatch(of: /\..+\.summary\.json\.\d+\.\d+\.tmp/) != nil, "\(moment): unexpected hidden file \(name)")
        }
    }

    @Test func sigkillLeavesCompleteFilesAndARerunFinishesTheBatch() throws {
        let scratch = try Scratch()
        try makeBatch(scratch)
        let clock = ContinuousClock()

        // The uninterrupted run.
        let referenceFolder = scratch.root + "/reference"
        let started = clock.now
        let (status, stderr) = try complete(scratch, output: referenceFolder, jobs: 2)
        let duration = clock.now - started
        #expect(status == 0, "\(stderr)")
        let reference = try contents(referenceFolder)
        #expect(reference.visible.count == 20, "\(stderr)")
        #expect(reference.hidden.isEmpty)

        // Killed at several moments, in two folders (one job, two jobs), each run resuming the last.
        var leftovers: [String] = []
        var progress: [String] = []
        var midBatch = 0
        // Kill moments are fractions of the uninterrupted run's time, so that they land in the
        // middle of the batch however fast this build and machine are (each run resumes).
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        for (jobs, fractions) in [(1, [0.25, 0.3, 0.35, 0.4]), (2, [0.2, 0.3, 0.4])] {
            let delays = fractions.map { ($0 * seconds * 1000).rounded() / 1000 }
            let output = scratch.root + "/killed-\(jobs)"
            for delay in delays {
                let process = try start(scratch, output: output, jobs: jobs)
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let moment = "--jobs \(jobs), killed after \(delay) s"
                try expectOnlyCompleteFiles(output, reference: reference.visible, moment)
                let done = try contents(output)
                if process.terminationReason == .uncaughtSignal && (1..<reference.visible.count).contains(done.visible.count) {
                    midBatch += 1
                }
                progress.append("\(moment): \(done.visible.count) files, \(process.terminationReason == .uncaughtSignal ? "killed" : "had finished")")
            }
            // A temporary file as a kill in the middle of a write leaves it, planted to be sure
            // one is there: the rerun neither reads it nor trips over it, and removes it.
            let planted = "/.\(reference.visible.keys.sorted()[0]).99999.12345.tmp"
            _ = FileManager.default.createFile(atPath: output + planted, contents: Data("{\"activeDurationSec".utf8))

            let (rerunStatus, rerunErrors) = try complete(scratch, output: output, jobs: jobs)
            #expect(rerunStatus == 0, "\(rerunErrors)")
            #expect(rerunErrors.hasPrefix("summarize: "), "\(rerunErrors)")
            let final = try contents(output)
            #expect(final.visible == reference.visible, "--jobs \(jobs): the resumed folder differs from the uninterrupted run's")
            try expectOnlyCompleteFiles(output, reference: reference.visible, "--jobs \(jobs), after the rerun")
            leftovers += final.hidden.filter { "/" + $0 != planted }
            // The planted file's writer (PID 99999) is gone, so the rerun removes it.
            if kill(99999, 0) != 0 {
                #expect(!final.hidden.contains(String(planted.dropFirst())), "a dead writer's temporary file survived the rerun")
            }
        }
        // What the kills left behind: temporary summary files (reported, not an error: each is
        // one write cut short; a rerun removes those of dead writers), and nothing at all in the
        // children's TMPDIR: zips are read in place (issue 27), the batch held zipped exports.
        let temporaryEntries = { (try? FileManager.default.contentsOfDirectory(atPath: scratch.tmp)) ?? [] }
        let zip = try CommandRunner.run(
            ["inspect", Self.fixtures + "/formats/sensor-logger/android.zip"], environment: ["TMPDIR": scratch.tmp])
        #expect(zip.status == 0, "\(zip.stderr)")
        #expect(temporaryEntries().isEmpty, "left in TMPDIR: \(temporaryEntries())")
        print("CrashSafetyTests: uninterrupted run \(duration); \(progress.joined(separator: "; ")); "
            + "temporary summary files left: \(leftovers); nothing in TMPDIR")
        // Kills must land in the middle of the batch (some files written, not all), or the test
        // proves little.
        #expect(midBatch >= 3, "\(progress)")
    }
}
