import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Garmin FIT files converted to CSV by FitCSVTool: accelerometer_data messages whose samples
/// are `|`-joined arrays, timed from FIT's epoch by timestamp, timestamp_ms and
/// sample_time_offset.
@Suite struct FitCSVReaderTests {
    let files = TemporaryFiles()

    /// The tool's default layout: a header of field/value/unit triples, then rows.
    private func messages(_ rows: [String]) -> String {
        let header = ["Type", "Local Number", "Message"] + (1...8).flatMap { ["Field \($0)", "Value \($0)", "Units \($0)"] }
        return ([header.joined(separator: ",") + ","] + rows).joined(separator: "\n") + "\n"
    }

    /// One accelerometer_data message of four samples 40 ms apart at `second`.
    private func samples(_ second: Int, x: String = "0.0|0.1|0.0|-0.1", fields: String = "calibrated_accel") -> String {
        "Data,5,accelerometer_data,timestamp,\"\(926_695_672 + second)\",s,timestamp_ms,\"500\",ms,sample_time_offset,\"0|40|80|120\",ms,"
            + "\(fields)_x,\"\(x)\",g,\(fields)_y,\"0.0|0.0|0.0|0.0\",g,\(fields)_z,\"1.0|1.1|0.9|1.0\",g,"
    }

    @Test func samplesOfAMessageAreTimedByTheirOffsets() throws {
        let path = files.write("g.csv", messages((0..<30).map { samples($0) }))
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.format == .fitCSV)
        #expect(sink.acceleration.count == 120)
        #expect(sink.acceleration.prefix(5).map(\.time).elementsEqual([0, 0.04, 0.08, 0.12, 1.0]) { abs($0 - $1) < 1e-9 })
        // 926,695,672.5 s after 1989-12-31 00:00 UTC: 2019-05-13 15:27:52.5 UTC.
        #expect(info.startDate == 926_695_672.5 + 631_065_600)
        // Values about 1 are g (a device that writes the label's unit).
        #expect(info.stream("acceleration")?.detail == "total, g")
        #expect(abs(sink.acceleration[0].z - standardGravity) < 1e-9)
    }

    @Test func arraysOfDifferentLengthsAreSkippedWhereTheyAre() throws {
        var rows = (0..<30).map { samples($0) }
        rows[3] = samples(3, x: "0.0|0.1|0.0")
        let path = files.write("short.csv", messages(rows))
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(sink.acceleration.count == 116)
        #expect(info.skipped.count == 1)
        let example = try #require(info.skipped.examples.first)
        // Row 5 of the file (the header, then messages 0 to 3), at calibrated_accel_x's value.
        let value = try #require(rows[3].range(of: "\"0.0|0.1|0.0\""))
        let column = rows[3].utf8.distance(from: rows[3].startIndex, to: value.lowerBound) + 1
        #expect(example.location.line == 5 && example.location.column == column)
        #expect(example.reason == "3 values where sample_time_offset has 4: the samples do not pair up")
    }

    @Test func countsWithoutTheirCalibrationAreRefused() throws {
        let path = files.write("counts.csv", messages((0..<5).map { samples($0, x: "32768|32770|32760|32768", fields: "accel") }))
        let error = try #require(readError(path))
        #expect(error.reason.hasPrefix("accelerometer_data holds raw counts (accel_x/y/z) only, and no three_d_sensor_calibration"))
    }

    /// `-e` writes enums by name: the accelerometer's calibration as `accelerometer`.
    @Test func calibrationWithEnumNames() throws {
        let calibration = "Data,3,three_d_sensor_calibration,timestamp,\"926695672\",s,sensor_type,\"accelerometer\",,accel_cal_factor,\"1\",g,"
            + "calibration_divisor,\"4096\",counts,level_shift,\"32768\",,offset_cal,\"0|0|0\",,"
        let rows = [calibration] + (0..<30).map { samples($0, x: "0|409|0|-409", fields: "accel") }
        // y 0 and z 1.0 … in counts are 0 and about -8 g: only x and the calibration matter here.
        let path = files.write("enums.csv", messages(rows))
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.notes.contains { $0.contains("accel_x/y/z counts in g by the file's three_d_sensor_calibration") })
        #expect(abs(sink.acceleration[1].x - (409.0 - 32768) / 4096 * standardGravity) < 1e-9)
    }

    @Test func anActivityWithoutAccelerometerDataIsRefused() throws {
        let rows = (0..<50).map { "Data,4,record,timestamp,\"\(926_695_672 + $0)\",s,distance,\"\(Double($0) * 1.3)\",m,heart_rate,\"96\",bpm," }
        let path = files.write("activity.csv", messages(rows))
        let error = try #require(readError(path))
        #expect(error.reason.hasPrefix("no accelerometer_data messages"))
        let other = files.write("other.csv", "time,x,y,z\n0,0.1,0.2,9.8\n0.01,0.1,0.2,9.8\n")
        #expect(readError(other, IngestOptions(format: .fitCSV))?.reason.hasPrefix("no FitCSVTool header") == true)
    }
}
