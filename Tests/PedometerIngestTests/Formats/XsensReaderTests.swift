import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Xsens inertial-sensor exports (lower-back gait recordings): a preamble stating the rate,
/// tab-separated columns, sample index or 100 µs ticks as time, acceleration in m/s^2.
@Suite struct XsensReaderTests {
    let files = TemporaryFiles()

    @Test func packetCounterAtTheStatedRateKeepsLostPackets() throws {
        var sink = CollectingSink()
        let info = try RecordingReader.read(Fixtures.path("formats/xsens/awinda.txt"), into: &sink)
        #expect(info.format == .xsens)
        #expect(sink.magnitudes.isEmpty)
        // Packet 1 was lost: the second sample is two packets (20 ms) after the first.
        #expect(sink.acceleration.count > 100)
        #expect(abs(sink.acceleration[1].time - sink.acceleration[0].time - 0.02) < 1e-9)
        #expect(abs(sink.acceleration[2].time - sink.acceleration[1].time - 0.01) < 1e-9)
        #expect(sink.acceleration[0].x == 0.778116 && sink.acceleration[0].z == 8.185776)
        #expect(info.notes.contains { $0.contains("sample index") && $0.contains("100 Hz") })
        #expect(info.notes.contains("acceleration from Acc_X/Acc_Y/Acc_Z in m/s^2, gravity included"))
    }

    @Test func mtManagerUsesSampleTimeFineTicks() throws {
        var sink = CollectingSink()
        let info = try RecordingReader.read(Fixtures.path("formats/xsens/mt-manager.txt"), into: &sink)
        #expect(info.format == .xsens)
        #expect(info.notes.contains { $0.contains("100 µs ticks") })
        let gaps = zip(sink.acceleration.dropFirst(), sink.acceleration).map { $0.time - $1.time }
        #expect(gaps.allSatisfy { abs($0 - 0.01) < 1e-9 })
    }

    @Test func sampleIndexWithoutAStatedRateIsRefusedAtTheTimeColumn() throws {
        var text = "// Exported without settings\nPacketCounter\tAcc_X\tAcc_Y\tAcc_Z\n"
        for i in 0..<50 { text += "\(i)\t0.1\t0.2\t9.8\n" }
        let path = files.write("no-rate.txt", text)
        let error = try #require(readError(path))
        #expect(error.location.line == 2 && error.location.column == 1)
        #expect(error.reason.contains("no line before the header states the rate"))
    }

    @Test func badValueIsSkippedWithItsLineAndColumn() throws {
        var text = "Acquisition frequency: 100 Hz\nPacketCounter\tAcc_X\tAcc_Y\tAcc_Z\n"
        for i in 0..<200 { text += "\(i)\t0.1\t\(i == 7 ? "oops" : "0.2")\t9.8\n" }
        let path = files.write("bad-value.txt", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(sink.acceleration.count == 199)
        #expect(info.skipped.count == 1)
        // Packet 7 is on line 10 (the preamble, the header, packets 0-6); "oops" starts at byte 7.
        #expect(info.skipped.examples.first?.location == SourceLocation(file: path, line: 10, column: 7))
    }
}
