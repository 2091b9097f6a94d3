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
        #expect(example.reason == "calibrated_accel_x has 3 values where sample_time_offset has 4: the samples do not pair up")
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
        #expect(error.reason.hasPrefix("no accelerometer_data message with calibrated_accel_x/y/z"))
        let other = files.write("other.csv", "time,x,y,z\n0,0.1,0.2,9.8\n0.01,0.1,0.2,9.8\n")
        #expect(readError(other, IngestOptions(format: .fitCSV))?.reason.hasPrefix("no FitCSVTool header") == true)
    }

    /// Acceleration a Connect IQ data field logs as developer fields of the 1 Hz records
    /// (`SensorAccelerationX_HD`, milli-g, 25 a second), in both layouts: spread over the
    /// record's second. (Refused until the review, as "no raw acceleration".)
    @Test func developerFieldsOfRecords() throws {
        func axis(_ values: [Int]) -> String { values.map(String.init).joined(separator: "|") }
        let x = axis((0..<25).map { $0 % 2 == 0 ? 100 : -100 }), y = axis(Array(repeating: 0, count: 25)), z = axis(Array(repeating: 1000, count: 25))
        let rows = (0..<20).map {
            "Data,4,record,timestamp,\"\(926_695_672 + $0)\",s,heart_rate,\"96\",bpm,SensorAccelerationX_HD,\"\(x)\",mgn,"
                + "SensorAccelerationY_HD,\"\(y)\",mgn,SensorAccelerationZ_HD,\"\(z)\",mgn,"
        }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("records.csv", messages(rows)), into: &sink)
        #expect(info.format == .fitCSV && sink.acceleration.count == 500)
        #expect(abs(sink.acceleration[1].time - 0.04) < 1e-9 && abs(sink.acceleration[25].time - 1) < 1e-9)
        #expect(info.stream("acceleration")?.detail == "total, mg")
        let data = "record.timestamp[s],record.heart_rate[bpm],record.developer.0.SensorAccelerationX_HD[mgn],"
            + "record.developer.0.SensorAccelerationY_HD[mgn],record.developer.0.SensorAccelerationZ_HD[mgn],\n"
            + (0..<20).map { "\"\(926_695_672 + $0)\",\"96\",\"\(x)\",\"\(y)\",\"\(z)\"," }.joined(separator: "\n") + "\n"
        var columns = CollectingSink()
        let dataInfo = try RecordingReader.read(files.write("records_data.csv", data), into: &columns)
        #expect(dataInfo.format == .fitCSV && columns.acceleration.count == 500)
    }

    /// `-iso8601` writes timestamps as ISO 8601 times (and the --data header without `[s]`).
    @Test func isoTimestamps() throws {
        let rows = (0..<30).map { samples($0) }.map { row in
            row.replacingOccurrences(of: #"timestamp,"(\d+)",s"#, with: "timestamp,\"ISO\",", options: .regularExpression)
        }.enumerated().map { index, row in
            row.replacingOccurrences(of: "\"ISO\"", with: "\"2019-05-13T15:27:\(String(format: "%02d", 22 + index))Z\"")
        }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("iso.csv", messages(rows)), into: &sink)
        #expect(sink.acceleration.count == 120)
        #expect(info.startDate == 1_557_761_242.5)
    }

    /// `--data record,accelerometer_data` writes each record's row with the accelerometer's
    /// columns still holding the previous message's values: read once, without a warning.
    /// A NaN element skips its sample alone, reported. (Four samples a second here: the gaps
    /// between them are the test's.)
    @Test func dataLayoutRowsOfAnotherMessageAndInvalidElements() throws {
        var lines = ["record.timestamp[s],record.heart_rate[bpm],accelerometer_data.timestamp[s],accelerometer_data.timestamp_ms[ms],"
            + "accelerometer_data.sample_time_offset[ms],accelerometer_data.calibrated_accel_x[g],accelerometer_data.calibrated_accel_y[g],"
            + "accelerometer_data.calibrated_accel_z[g],"]
        var message = ""
        for second in 0..<30 {
            let x = second == 7 ? "0.0|NaN|0.0|-0.1" : "0.0|0.1|0.0|-0.\(second % 9 + 1)"
            message = "\"\(926_695_672 + second)\",\"500\",\"0|40|80|120\",\"\(x)\",\"0.0|0.0|0.0|0.0\",\"1.0|1.1|0.9|1.0\","
            lines.append("\"\(926_695_672 + second)\",\"96\"," + message)
            lines.append("\"\(926_695_672 + second)\",\"97\"," + message)
        }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("both_data.csv", lines.joined(separator: "\n") + "\n"), into: &sink)
        #expect(sink.acceleration.count == 119)
        #expect(info.skipped.count == 1)
        #expect(info.skipped.examples.first?.reason.hasPrefix("sample 2 of 4 of the message with an invalid element") == true)
        // No row "written again": the record's rows are not read as the accelerometer's.
        #expect(!info.streams.contains { $0.problems.contains { $0.contains("written again") } }, "\(info.streams.map { $0.problems })")
    }

    /// Messages several a second without timestamp_ms cannot be placed: refused where the
    /// timestamp repeats, saying why (it was refused as rows "going back in time").
    @Test func messagesSharingASecondWithoutMilliseconds() throws {
        let rows = (0..<20).map { index in
            samples(index / 4).replacingOccurrences(of: "timestamp_ms,\"500\",ms,", with: "")
        }
        let error = try #require(readError(files.write("no-ms.csv", messages(rows))))
        #expect(error.location.line == 3)
        #expect(error.reason.hasPrefix("accelerometer_data messages share the timestamp 926695672 without timestamp_ms"))
    }

    /// Each message is read from the axes it holds: calibrated values in some, raw counts
    /// through the calibration in others (the first message decided, skipping the others).
    @Test func messagesWithDifferentFields() throws {
        let calibration = "Data,3,three_d_sensor_calibration,timestamp,\"926695672\",s,sensor_type,\"0\",,accel_cal_factor,\"1\",g,"
            + "calibration_divisor,\"1000\",counts,level_shift,\"0\",,"
        let rows = [calibration] + (0..<30).map { second in
            second < 10 ? samples(second) : samples(second, x: "0|100|0|-100", fields: "accel").replacingOccurrences(of: "\"1.0|1.1|0.9|1.0\"", with: "\"1000|1100|900|1000\"")
        }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("mixed.csv", messages(rows)), into: &sink)
        #expect(sink.acceleration.count == 120 && info.skipped.count == 0)
        #expect(abs(sink.acceleration[41].x - 0.1 * standardGravity) < 1e-9)
    }
}
