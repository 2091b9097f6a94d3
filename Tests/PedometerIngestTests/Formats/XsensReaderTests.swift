import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Xsens inertial-sensor exports (lower-back gait recordings, the DOT app): a preamble stating
/// the rate, tab- or comma-separated columns, sample index, 100 µs or 1 µs ticks as time,
/// acceleration in m/s^2.
@Suite struct XsensReaderTests {
    let files = TemporaryFiles()

    /// Reads `text` written to a temporary file named `name`.
    private func read(_ name: String, _ text: String, _ options: IngestOptions = .init()) throws -> (path: String, info: RecordingInfo, sink: CollectingSink) {
        let path = files.write(name, text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, options: options, into: &sink)
        return (path, info, sink)
    }

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
        let (path, info, sink) = try read("bad-value.txt", text)
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
        let (_, info, sink) = try read("dot.csv", text)
        #expect(info.format == .xsens)
        #expect(info.detectionReason.contains("no preamble"))
        #expect(sink.accelerationKinds == [.user])
        #expect(sink.acceleration.count == 120)
        #expect(abs((sink.acceleration.last?.time ?? 0) - 119 * 0.016667) < 1e-9)
        #expect(info.startDate == nil)
    }

    /// The DOT app's later start line writes a zone's abbreviation, which names no one offset
    /// (WEST, IST …): the start is taken only in the zone --time-zone gives.
    @Test func startWithAZoneAbbreviationIsNotTaken() throws {
        var text = "sep=,\nDeviceTag:,1\nOutputRate:,60Hz\nStartTime: ,2025-07-11_20:06:00_086 WEST\n\n"
        text += "PacketCounter,SampleTimeFine,Euler_X,Euler_Y,Euler_Z,FreeAcc_X,FreeAcc_Y,FreeAcc_Z,Status\n"
        for i in 0..<60 { text += "\(i + 1),\(1000 + i * 16667),1.0,2.0,3.0,0.1,0.2,0.3,0\n" }
        let (path, info, sink) = try read("dot-start.csv", text)
        #expect(info.format == .xsens && sink.acceleration.count == 60)
        #expect(info.startDate == nil)
        #expect(info.notes.contains(
            "start '2025-07-11_20:06:00_086 WEST' is no date-time with a zone offset that pedometer reads: times count from the first sample (--time-zone places a local start)"))
        // --time-zone places it.
        var zoned = CollectingSink()
        let placed = try RecordingReader.read(path, options: IngestOptions(timeZone: TimeZoneRule("+01:00")), into: &zoned)
        #expect(placed.startDate.map { abs($0 - 1_752_260_760.086) < 1e-6 } == true)
        #expect(placed.notes.contains("start '2025-07-11_20:06:00_086 WEST' read in +01:00 (--time-zone)"))
    }

    /// Excel's `sep=` line and `Key:` lines open other apps' files too: without an Xsens
    /// header below them they are read as before.
    @Test func separatorLineWithoutAnXsensHeaderIsNoXsensExport() throws {
        var text = "sep=;\ntime;ax;ay;az\n"
        for i in 0..<100 { text += "\(Double(i) / 100);0.1;0.2;9.8\n" }
        let (path, info, sink) = try read("excel.csv", text)
        #expect(info.format != .xsens)
        #expect(sink.acceleration.count == 100)
        let error = try #require(readError(path, IngestOptions(format: .xsens)))
        #expect(error.reason.hasPrefix("no Xsens header (PacketCounter or SampleTimeFine"))
    }

    @Test func wrappingTickClockCountsOnPastTheRegister() {
        var clock = WrappingTickClock(secondsPerTick: 1e-6, epochStart: nil)
        func at(_ ticks: Double) -> TimeColumn.ParsedTime { .init(integer: 0, value: ticks, isInteger: false) }
        let range = WrappingTickClock.range
        #expect(clock.seconds(at(range - 10_000)) == 0)
        #expect(abs(clock.seconds(at(6_667)) - 0.016667) < 1e-12)
        // A small step back is no wrap.
        #expect(abs(clock.seconds(at(5_000)) - 0.015) < 1e-12)
        // A packet from before the wrap arriving after it stays before it (it was read 71
        // minutes on, a gap of 4295 s), and the next is after the wrap again.
        #expect(abs(clock.seconds(at(range - 1)) - 0.009999) < 1e-9)
        #expect(abs(clock.seconds(at(8_000)) - 0.018) < 1e-9)
        // Ticks written as decimals (`2268972329.0`) wrap as well.
        var decimal = WrappingTickClock(secondsPerTick: 1e-6, epochStart: nil)
        _ = decimal.seconds(at(range - 0.5))
        #expect(abs(decimal.seconds(at(16_666.5)) - 0.016667) < 1e-9)
    }

    /// A table naming `PacketCounter` beside its own time column is another logger's, read
    /// by that column; `PacketCounter` and axes alone, without a preamble, are timed by --rate.
    /// (The review of the DOT change: both were refused, asking for a rate line.)
    @Test func packetCounterBesideATimeColumnIsNoXsensExport() throws {
        var text = "PacketCounter,Timestamp,AccX,AccY,AccZ\n"
        for i in 0..<200 { text += "\(i),\(1_557_761_272_123 + i * 10),0.1,\(i % 50 < 25 ? 6.0 : 7.0),8.1\n" }
        let (_, info, sink) = try read("counter.csv", text)
        #expect(info.format == .generic && sink.acceleration.count == 200)
        #expect(info.streams.first?.columns.contains("time 'Timestamp'") == true)

        var bare = "PacketCounter,Acc_X,Acc_Y,Acc_Z\n"
        for i in 0..<200 { bare += "\(i),0.1,6.0,8.1\n" }
        let barePath = files.write("bare.csv", bare)
        var rated = IngestOptions()
        rated.sampleRate = 60
        var rows = CollectingSink()
        _ = try RecordingReader.read(barePath, options: rated, into: &rows)
        #expect(rows.acceleration.count == 200 && abs((rows.acceleration.last?.time ?? 0) - 199.0 / 60) < 1e-9)
        rated.format = .xsens
        var forced = CollectingSink()
        let xsens = try RecordingReader.read(barePath, options: rated, into: &forced)
        #expect(xsens.format == .xsens && forced.acceleration.count == 200)
        #expect(xsens.notes.contains("time from PacketCounter (sample index) at --rate 60 Hz"))
    }

    /// A rate line that fits neither clock (a DOT file stating 4 Hz over rows 16,667 µs
    /// apart) does not decide the tick: the rows do, and a note says so.
    @Test func aRateLineAtOddsWithTheRowsIsSaidAndPassedOver() throws {
        var text = "sep=,\nOutputRate:,4Hz\n\nPacketCounter,SampleTimeFine,Acc_X,Acc_Y,Acc_Z\n"
        for i in 0..<120 { text += "\(i),\(1000 + i * 16667),0.1,0.2,9.8\n" }
        let (_, info, sink) = try read("odd-rate.csv", text)
        #expect(info.notes.contains("time from SampleTimeFine (1 µs ticks, Xsens DOT)"))
        #expect(info.notes.contains { $0.hasPrefix("the preamble's 4 Hz does not fit the rows' steps of 16667 ticks") })
        #expect(abs((sink.acceleration.last?.time ?? 0) - 119 * 0.016667) < 1e-9)
    }

    /// MT Manager's comment preamble may run past the 20 lines searched below other apps'.
    @Test func longCommentPreamble() throws {
        var text = (0..<40).map { "// setting \($0): value" }.joined(separator: "\n") + "\n// Update Rate: 100.0Hz\n"
        text += "PacketCounter\tSampleTimeFine\tAcc_X\tAcc_Y\tAcc_Z\n"
        for i in 0..<100 { text += "\(i)\t\(5000 + i * 100)\t0.1\t0.2\t9.8\n" }
        let (_, info, sink) = try read("long.txt", text)
        #expect(info.format == .xsens && sink.acceleration.count == 100)
    }
}
