import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// ActiGraph raw CSV: the header block's rate and start, with or without a Timestamp column.
@Suite struct ActiGraphReaderTests {
    let files = TemporaryFiles()

    private func read(_ path: String, _ options: IngestOptions = .init()) throws -> (RecordingInfo, CollectingSink) {
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, options: options, into: &sink)
        return (info, sink)
    }

    @Test func samplesTimedByTheRateOrByTheirTimestampsAgree() throws {
        let (plain, plainSink) = try read(Fixtures.path("formats/actigraph/raw-30hz.csv"))
        let (stamped, stampedSink) = try read(Fixtures.path("formats/actigraph/raw-timestamps.csv"))
        #expect(plain.format == .actigraph && stamped.format == .actigraph)
        #expect(plainSink.acceleration.count == 600 && stampedSink.acceleration.count == 600)
        for (a, b) in zip(plainSink.acceleration, stampedSink.acceleration) {
            #expect(abs(a.time - b.time) < 1.5e-3 && a.x == b.x && a.y == b.y && a.z == b.z)
        }
        #expect(abs(plainSink.acceleration[1].time - 1.0 / 30) < 1e-12)
        // g, scaled to m/s^2.
        #expect(abs(plainSink.acceleration[0].x - 0.079 * standardGravity) < 1e-12)
        #expect(plain.notes.contains("ActiGraph: 30 Hz, start 5/13/2019 17:27:52, sample times from the rate"))
        #expect(plain.startDate == nil)
        #expect(plain.notes.contains("the start is the device's local time: give --time-zone to place it"))
    }

    @Test func aZonePlacesTheStart() throws {
        let zone = TimeZoneRule("+02:00")
        let (plain, _) = try read(Fixtures.path("formats/actigraph/raw-30hz.csv"), IngestOptions(timeZone: zone))
        #expect(plain.startDate == 1_557_761_272)  // 17:27:52 +02:00
        let (stamped, _) = try read(Fixtures.path("formats/actigraph/raw-timestamps.csv"), IngestOptions(timeZone: zone))
        #expect(abs((stamped.startDate ?? 0) - 1_557_761_272.123) < 1e-6)
    }

    private static let block = """
        ------------ Data File Created By ActiGraph GT3X+ ActiLife v6.13.3 Firmware v2.5.0 date format M/d/yyyy at 30 Hz  Filter Normal -----------
        Serial Number: NEO1F18120387
        Start Time 10:00:00
        Start Date 5/7/2019
        Epoch Period (hh:mm:ss) 00:00:00
        Download Time 16:48:58
        Download Date 5/10/2019
        Current Memory Address: 0
        Current Battery Voltage: 4.18     Mode = 12
        --------------------------------------------------

        """

    @Test func malformedInputIsLocated() throws {
        // A bad value: skipped at its line and column.
        var text = Self.block + "Accelerometer X,Accelerometer Y,Accelerometer Z\n"
        for i in 0..<300 { text += i == 10 ? "0.01,x,0.99\n" : "0.01,0.02,0.99\n" }
        let bad = files.write("bad.csv", text)
        let (info, sink) = try read(bad)
        #expect(sink.acceleration.count == 299)
        #expect(info.skipped.examples.first?.description == "\(bad):22:6: y acceleration is not a finite number: 'x'")
        // No rate in the banner, no axes after the block, no column header at all.
        let noRate = files.write("no-rate.csv", Self.block.replacingOccurrences(of: "at 30 Hz", with: "") + "Accelerometer X,Accelerometer Y,Accelerometer Z\n0,0,1\n")
        #expect(readError(noRate)?.description == "\(noRate):1:1: ActiGraph header states no rate ('... at 30 Hz ...')")
        let noAxes = files.write("no-axes.csv", Self.block + "Lux,Steps\n0,0\n")
        #expect(readError(noAxes)?.description == "\(noAxes):11:1: ActiGraph columns 'Lux,Steps' lack Accelerometer X/Y/Z")
        let cut = files.write("cut.csv", String(Self.block.prefix(200)))
        #expect(readError(cut)?.reason == "ActiGraph header block without a column header after it")
    }
}
