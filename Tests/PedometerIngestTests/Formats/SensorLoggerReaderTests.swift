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

    static let headphones = "formats/sensor-logger/headphones"

    /// The headphones' export (`Headphone.csv`: the real walk of `watch/`, its user acceleration
    /// in g and its gravity in m/s^2, as the app writes them by default) reads as the watch's
    /// walk does, to the sample; with the units standardised, the acceleration in m/s^2, as
    /// `Metadata.csv` says, the same again; the file alone in the app's default units. (Until
    /// 2026-11-27 its acceleration was taken in gravity's m/s^2, 9.8 times too weak: no step,
    /// and the folder was no recording at all.)
    @Test func headphonesAreReadInTheUnitsTheAppWrites() throws {
        let (info, sink) = try readRecording(Fixtures.path(Self.headphones))
        let (_, watch) = try readRecording(Fixtures.path("formats/sensor-logger/watch"))
        #expect(RecordingDiscovery.recordings(in: [Fixtures.path(Self.headphones)]) == [Fixtures.path(Self.headphones)])
        #expect(info.format == .sensorLogger)
        #expect(sink.acceleration.count == watch.acceleration.count)
        for (head, wrist) in zip(sink.acceleration, watch.acceleration) {
            #expect(head.time == wrist.time && abs(head.magnitude - wrist.magnitude) < 1e-5)
        }
        #expect(info.notes.contains { $0.hasPrefix("total acceleration = Headphone.csv acceleration (gravity removed, in g") }, "\(info.notes)")

        let original = try String(contentsOfFile: Fixtures.path(Self.headphones + "/Headphone.csv"), encoding: .utf8)
        var lines = original.split(separator: "\n").map(String.init)
        for index in lines.indices.dropFirst() {
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for column in 8...10 { fields[column] = String(Double(fields[column])! * standardGravity) }
            lines[index] = fields.joined(separator: ",")
        }
        let metadata = try String(contentsOfFile: Fixtures.path(Self.headphones + "/Metadata.csv"), encoding: .utf8)
        files.write("standardised/Headphone.csv", lines.joined(separator: "\n") + "\n")
        files.write("standardised/Metadata.csv", metadata.replacingOccurrences(of: ",false,", with: ",true,"))
        let (standardisedInfo, standardised) = try readRecording(files.path("standardised"))
        for (a, b) in zip(standardised.acceleration, sink.acceleration) { #expect(abs(a.magnitude - b.magnitude) < 1e-5) }
        #expect(standardisedInfo.notes.contains { $0.contains("in m/s^2: units standardised, as Metadata.csv says") }, "\(standardisedInfo.notes)")

        let (_, alone) = try readRecording(Fixtures.path(Self.headphones + "/Headphone.csv"))
        #expect(alone.acceleration == sink.acceleration)
        // Without Metadata.csv, or with none saying, the app's default, g (the review of
        // 33766e9: such a folder was read in m/s^2, no step); the file alone reads the
        // Metadata.csv beside it.
        files.write("no-metadata/Headphone.csv", original)
        files.write("unsaid/Headphone.csv", original)
        files.write("unsaid/Metadata.csv", metadata.replacingOccurrences(of: ",standardisation", with: ",other").replacingOccurrences(of: ",false,", with: ",x,"))
        for folder in ["no-metadata", "unsaid"] {
            let (unsaidInfo, unsaid) = try readRecording(files.path(folder))
            #expect(unsaid.acceleration == sink.acceleration, "\(folder)")
            #expect(unsaidInfo.notes.contains { $0.contains("in g, the app's default unless its units are standardised") }, "\(unsaidInfo.notes)")
        }
        let (_, besideMetadata) = try readRecording(files.path("standardised/Headphone.csv"))
        for (a, b) in zip(besideMetadata.acceleration, sink.acceleration) { #expect(abs(a.magnitude - b.magnitude) < 1e-5) }
    }

    /// The app's other sensors write the same `time,seconds_elapsed,z,y,x` as its acceleration:
    /// a gyroscope's, a magnetometer's or gravity's file alone is refused, naming what it holds
    /// and where the acceleration is, as is `Metadata.csv` alone (until 2026-11-27 a gyroscope
    /// swinging once a step was a walk of 71 steps, and `Gravity.csv` a walk of none).
    @Test func theAppsOtherSensorsAreNoAcceleration() throws {
        let rows = "time,seconds_elapsed,z,y,x\n1715600000123456789,0.0,0.1,0.6,0.9\n1715600000133456789,0.01,0.1,0.6,0.9\n"
        for (name, holds) in [("Gyroscope.csv", "its gyroscope (rad/s)"), ("GyroscopeUncalibrated.csv", "its gyroscope (rad/s)"),
            ("Magnetometer.csv", "its magnetometer (µT)"), ("Gravity (1).csv", "gravity alone (the phone's orientation, no steps)")]
        {
            files.write("alone/" + name, rows)
            let path = files.path("alone/" + name)
            #expect(
                readError(path)?.description == "\(path):1:1: Sensor Logger's \(name) holds \(holds), not acceleration: read the recording's folder "
                    + "or zip, or its TotalAcceleration.csv, AccelerometerUncalibrated.csv or Accelerometer.csv")
        }
        let metadata = Fixtures.path(Self.android + "/Metadata.csv")
        #expect(readError(metadata)?.description.hasPrefix("\(metadata):1:1: Sensor Logger's Metadata.csv describes a recording and holds no samples") == true)
        // A file of the app's acceleration under a name with other words is acceleration.
        let total = try String(contentsOfFile: Fixtures.path("formats/sensor-logger/v2/TotalAcceleration.csv"), encoding: .utf8)
        files.write("renamed/TotalAcceleration_pocket_orientation.csv", total)
        #expect(try readRecording(files.path("renamed/TotalAcceleration_pocket_orientation.csv")).1.acceleration.count > 1000)
    }
}
