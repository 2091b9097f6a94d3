import Foundation
import Testing
import ZIPFoundation
import PedometerCore
@testable import PedometerIngest

/// Sensor Logger exports with a file that cannot be read: the folder (or zip) is still one
/// recording, the file passed over with a note and the acceleration read from the next source,
/// or, with none left, the export refused naming the file and why.
@Suite struct SensorLoggerReaderTests {
    let files = TemporaryFiles()
    static let android = "formats/sensor-logger/android"

    /// A copy of the Android export with the bytes of some files replaced and some left out.
    private func export(_ name: String, replacing replaced: [String: [UInt8]] = [:], leavingOut left: Set<String> = []) throws -> String {
        for file in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(Self.android)) where !left.contains(file) {
            let bytes = try replaced[file] ?? Array(Data(contentsOf: URL(fileURLWithPath: Fixtures.path(Self.android + "/" + file))))
            files.write(name + "/" + file, bytes)
        }
        return files.path(name)
    }

    /// TotalAcceleration.csv empty, a byte-order mark alone, its header alone, or UTF-16: the
    /// folder and its zip are one recording, read from Accelerometer.csv + Gravity.csv as an
    /// export without TotalAcceleration.csv is, and a note says why. (Until 2026-11-26 the
    /// folder fell apart into seven recordings, Gravity.csv summarised as a walk of 22 steps,
    /// and the header-only file gave the device's steps alone with nothing said; the zip was
    /// "holds no recording".)
    @Test(arguments: [
        ("empty", "empty file: no header and no data"),
        ("bom", "empty file: no header and no data"),
        ("header", "header only: no data rows"),
        ("utf16", "file is UTF-16 encoded; save or export it as UTF-8 CSV"),
    ])
    func anUnreadableTotalAccelerationFallsBackToAccelerometerAndGravity(variant: String, reason: String) throws {
        let original = try String(contentsOfFile: Fixtures.path(Self.android + "/TotalAcceleration.csv"), encoding: .utf8)
        let bytes: [UInt8] = switch variant {
        case "empty": []
        case "bom": [0xEF, 0xBB, 0xBF]
        case "header": Array((original.split(separator: "\n")[0] + "\n").utf8)
        default: [0xFF, 0xFE] + original.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let folder = try export("broken", replacing: ["TotalAcceleration.csv": bytes])
        let (_, withoutTotal) = try readRecording(try export("without", leavingOut: ["TotalAcceleration.csv"]))
        #expect(RecordingDiscovery.recordings(in: [folder]) == [folder])

        let archive = try Archive(url: URL(fileURLWithPath: files.path("broken.zip")), accessMode: .create)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            try archive.addEntry(with: name, relativeTo: URL(fileURLWithPath: folder), compressionMethod: .deflate)
        }
        for path in [folder, files.path("broken.zip")] {
            let (info, sink) = try readRecording(path)
            #expect(info.format == .sensorLogger)
            #expect(sink.acceleration == withoutTotal.acceleration, "\(path)")
            #expect(sink.steps[StepReferenceKind.device] == withoutTotal.steps[StepReferenceKind.device])
            let note = "TotalAcceleration.csv passed over (\(reason)): the acceleration read from Accelerometer.csv + Gravity.csv"
            #expect(info.notes.contains(note), "\(info.notes)")
        }
    }

    /// An export of the phone's step counter alone (Pedometer.csv beside Metadata.csv, as a
    /// walk's repository keeps it): its first row is time 0, and the count's start at 0 there is
    /// no row of the file, so no duplicate timestamp (until 2026-11-27: "1 duplicate
    /// timestamps" and 4 samples from 3 rows).
    @Test func aStepLogAloneStartsWithoutADuplicate() throws {
        let metadata = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(Self.android + "/Metadata.csv")))
        files.write("steps-only/Metadata.csv", Array(metadata))
        files.write("steps-only/Pedometer.csv", """
            time,seconds_elapsed,steps
            1711523585913635300,-8.97136474609375,0
            1711523595916725200,1.031725341796875,12
            1711523619131689500,24.246689453125,22

            """)
        let (info, sink) = try readRecording(files.path("steps-only"))
        let stream = try #require(info.stream("steps"))
        #expect(stream.sampleCount == 3 && stream.duplicateTimestamps == 0, "\(stream)")
        #expect(sink.stepTotal(.device) == 22)
    }

    /// With no other acceleration file, an unreadable TotalAcceleration.csv refuses the export
    /// (still one recording: the app's Metadata.csv says what the folder is), naming the file.
    @Test func anUnreadableOnlyAccelerationFileRefusesTheExport() throws {
        let folder = try export("alone", replacing: ["TotalAcceleration.csv": []], leavingOut: ["Accelerometer.csv", "Gravity.csv"])
        #expect(RecordingDiscovery.recordings(in: [folder]) == [folder])
        #expect(readError(folder)?.description == "\(folder)/TotalAcceleration.csv:1:1: empty file: no header and no data")
    }

    /// An empty Pedometer.csv is passed over with a note: the recording is read without the
    /// device's steps (until 2026-11-26 it was refused, "empty file").
    @Test func anEmptyPedometerFileIsPassedOver() throws {
        let (info, sink) = try readRecording(try export("no-steps", replacing: ["Pedometer.csv": [0xEF, 0xBB, 0xBF]]))
        let (_, whole) = try readRecording(Fixtures.path(Self.android))
        #expect(sink.acceleration == whole.acceleration)
        #expect(sink.steps[.device] == nil)
        #expect(info.notes.contains("Pedometer.csv passed over (empty file: no header and no data)"), "\(info.notes)")
    }
}
