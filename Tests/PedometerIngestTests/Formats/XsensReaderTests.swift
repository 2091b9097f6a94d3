import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Xsens inertial-sensor exports (lower-back gait recordings, the DOT app): a preamble stating
/// the rate, tab- or comma-separated columns, sample index, 100 µs or 1 µs ticks as time,
/// acceleration in m/s^2.
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

    @Test func dotExportUsesMicrosecondTicksThatWrap() throws {
        var sink = CollectingSink()
        let info = try RecordingReader.read(Fixtures.path("formats/xsens/dot-custom-mode-5.csv"), into: &sink)
        #expect(info.format == .xsens)
        #expect(info.detectionReason.contains("preamble (60 Hz)"))
        #expect(info.notes.contains("time from SampleTimeFine (1 µs ticks, Xsens DOT)"))
        // SampleTimeFine passes 2^32 - 1 and starts again from 0 seven seconds in: every
        // sample still 1/60 s after the one before (16,666 or 16,667 µs).
        let gaps = zip(sink.acceleration.dropFirst(), sink.acceleration).map { $0.time - $1.time }
        #expect(sink.acceleration.count == 1200)
        #expect(gaps.allSatisfy { abs($0 - 1.0 / 60) < 1e-6 })
        #expect(info.streams.allSatisfy { $0.problems.isEmpty }, "\(info.streams)")
    }

    /// The tick a `SampleTimeFine` column counts, told by its step and the stated rate:
    /// 16,667 per sample at 60 Hz is a DOT's microseconds; 100 at 100 Hz an MTi's 100 µs.
    @Test(arguments: [
        (16667.0, 60.0, XsensReader.dotTick), (8333.0, 120.0, XsensReader.dotTick), (100.0, 100.0, XsensReader.mtTick),
        (167.0, 60.0, XsensReader.mtTick), (16667.0, nil, XsensReader.dotTick), (1000000.0, nil, XsensReader.dotTick),
        (100.0, nil, XsensReader.mtTick), (25.0, nil, XsensReader.mtTick),
    ] as [(Double, Double?, Double)])
    func fineTickFromStepAndRate(step: Double, rate: Double?, tick: Double) {
        #expect(XsensReader.fineTick(medianStep: step, statedRate: rate) == tick)
    }

    /// A DOT table without its preamble (a converter kept only the header): found by its
    /// header, timed by its microsecond steps.
    @Test func dotHeaderWithoutPreamble() throws {
        var text = "PacketCounter,SampleTimeFine,Euler_X,Euler_Y,Euler_Z,FreeAcc_X,FreeAcc_Y,FreeAcc_Z,Status\n"
        for i in 0..<120 { text += "\(i + 1),\(2_268_972_329 + i * 16667),1.0,2.0,3.0,0.1,0.2,\(i % 2 == 0 ? 0.5 : -0.5),0\n" }
        let path = files.write("dot.csv", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.format == .xsens)
        #expect(info.detectionReason.contains("no preamble"))
        #expect(sink.accelerationKinds == [.user])
        #expect(sink.acceleration.count == 120)
        #expect(abs((sink.acceleration.last?.time ?? 0) - 119 * 0.016667) < 1e-9)
        #expect(info.startDate == nil)
    }

    /// The DOT app's later start line writes a zone's abbreviation, which names no one offset
    /// (WEST, IST …): the start is not taken, and the note says so.
    @Test func startWithAZoneAbbreviationIsNotTaken() throws {
        var text = "sep=,\nDeviceTag:,1\nOutputRate:,60Hz\nStartTime: ,2025-07-11_20:06:00_086 WEST\n\n"
        text += "PacketCounter,SampleTimeFine,Euler_X,Euler_Y,Euler_Z,FreeAcc_X,FreeAcc_Y,FreeAcc_Z,Status\n"
        for i in 0..<60 { text += "\(i + 1),\(1000 + i * 16667),1.0,2.0,3.0,0.1,0.2,0.3,0\n" }
        let path = files.write("dot-start.csv", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.format == .xsens && sink.acceleration.count == 60)
        #expect(info.startDate == nil)
        #expect(info.notes.contains("start '2025-07-11_20:06:00_086 WEST' states no zone offset pedometer reads: times count from the first sample"))
    }

    /// Excel's `sep=` line and `Key:` lines open other apps' files too: without an Xsens
    /// header below them they are read as before.
    @Test func separatorLineWithoutAnXsensHeaderIsNoXsensExport() throws {
        var text = "sep=;\ntime;ax;ay;az\n"
        for i in 0..<100 { text += "\(Double(i) / 100);0.1;0.2;9.8\n" }
        let path = files.write("excel.csv", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.format != .xsens)
        #expect(sink.acceleration.count == 100)
        let error = try #require(readError(path, IngestOptions(format: .xsens)))
        #expect(error.reason.hasPrefix("no Xsens header (PacketCounter or SampleTimeFine"))
    }

    @Test func wrappingTickClockCountsOnPastTheRegister() {
        var clock = WrappingTickClock(secondsPerTick: 1e-6, epochStart: nil)
        func at(_ ticks: Int64) -> TimeColumn.ParsedTime { .init(integer: ticks, value: Double(ticks), isInteger: true) }
        #expect(clock.seconds(at(WrappingTickClock.range - 10_000)) == 0)
        #expect(abs(clock.seconds(at(6_667)) - 0.016667) < 1e-12)
        // A small step back is no wrap.
        #expect(abs(clock.seconds(at(5_000)) - 0.015) < 1e-12)
        // A step forward by most of the register (a gap of 71 minutes) is no wrap; the step back
        // to 3 after it is the second wrap.
        #expect(abs(clock.seconds(at(WrappingTickClock.range - 1)) - (4294.967296 + 0.009999)) < 1e-6)
        #expect(abs(clock.seconds(at(3)) - (4294.967296 + 0.010003)) < 1e-6)
    }
}
