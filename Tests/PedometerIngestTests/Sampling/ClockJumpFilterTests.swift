import PedometerCore
import Testing
@testable import PedometerIngest

/// A timestamp that jumps away from the stream is judged by the sample after it: a stray row is
/// dropped, a gap kept, a restarted clock's samples placed after the ones before; nothing else
/// of the stream is lost.
@Suite struct ClockJumpFilterTests {
    /// Every sample of `times` through a filter and a monitor, in order: the times passed on and
    /// what the monitor reports.
    private func filter(_ times: [Double], followsClockCorrections: Bool = true) -> (times: [Double], info: StreamInfo) {
        var jumps = ClockJumpFilter<AccelerationMagnitudeSample>(followsClockCorrections: followsClockCorrections)
        var monitor = StreamMonitor(stream: "acceleration")
        var out: [Double] = []
        for (index, time) in times.enumerated() {
            switch jumps.add(AccelerationMagnitudeSample(time: time, magnitude: Double(index)), monitor: &monitor) {
            case .none: break
            case .one(let one): out.append(one.time)
            case .two(let one, let two): out += [one.time, two.time]
            }
        }
        if let last = jumps.finish(monitor: &monitor) { out.append(last.time) }
        return (out, monitor.info)
    }

    /// 100 Hz from `start`, `count` samples.
    private func stream(from start: Double = 0, count: Int) -> [Double] {
        (0..<count).map { start + Double($0) * 0.01 }
    }

    @Test func aRegularStreamWithGapsPassesUnchanged() {
        let times = stream(count: 500) + stream(from: 7, count: 300) + stream(from: 3600, count: 200)
        let (out, info) = filter(times)
        #expect(out == times)
        #expect(info.gapCount == 2)
        #expect(info.strayTimestamps == 0 && info.clockRestartCount == 0 && info.outOfOrder == 0)
    }

    @Test(arguments: [100.0, 1e6, 1e8, -100.0, -3])
    func aStrayRowIsDroppedAndTheRestKept(offset: Double) {
        // One row stamped `offset` seconds off, in the middle of a 20 s stream: it used to
        // make every later sample (forward) go backwards, and the second half was dropped.
        var times = stream(count: 2000)
        times[1000] += offset
        let (out, info) = filter(times)
        var expected = times
        expected.remove(at: 1000)
        #expect(out == expected)
        #expect(info.strayTimestamps == 1)
        #expect(info.outOfOrder == 0 && info.gapCount == 0 && info.clockRestartCount == 0)
        #expect(info.problems == ["1 samples stamped far from the samples on both sides of them (dropped)"])
    }

    @Test func aRateThatFallsBelowTheThresholdKeepsEverySample() {
        // 100 Hz for a second (threshold 0.5 s), then a sample every second, then every 3 s:
        // each a jump from the one before, and each kept (gaps, not strays).
        let times = stream(count: 100) + (1...60).map { 1.0 + Double($0) } + (1...20).map { 61.0 + 3 * Double($0) }
        let (out, info) = filter(times)
        #expect(out == times)
        #expect(info.strayTimestamps == 0 && info.clockRestartCount == 0)
        #expect(info.gapCount == 80)
    }

    @Test func twoStrayRowsInARowAreBothDropped() {
        var times = stream(count: 1000)
        times[500] += 50
        times[501] -= 30
        let (out, info) = filter(times)
        #expect(out.count == 998)
        #expect(info.strayTimestamps == 2)
        #expect(zip(out.dropFirst(), out).allSatisfy { $0 > $1 })
    }

    @Test func aRestartedClockIsPlacedAfterTheSamplesBefore() {
        // Two logs joined: 20 s, then 15 s from time 0 again, then 10 s from time 5.
        let first = stream(count: 2000)
        let second = stream(count: 1500)
        let third = stream(from: 5, count: 1000)
        let (out, info) = filter(first + second + third)
        #expect(out.count == 4500)
        #expect(Array(out.prefix(2000)) == first)
        let gap = StreamInfo.ClockRestart.gap
        for (index, time) in second.enumerated() {
            #expect(abs(out[2000 + index] - (19.99 + gap + time)) < 1e-9)
        }
        let secondEnd = 19.99 + gap + 14.99
        for (index, time) in third.enumerated() {
            #expect(abs(out[3500 + index] - (secondEnd + gap + time - 5)) < 1e-9)
        }
        #expect(info.clockRestartCount == 2)
        #expect(info.clockRestarts.count == 2)
        #expect(abs(info.clockRestarts[0].time - 19.99) < 1e-9 && abs(info.clockRestarts[0].back - 19.99) < 1e-9)
        #expect(abs(info.clockRestarts[1].time - secondEnd) < 1e-9 && abs(info.clockRestarts[1].back - 9.99) < 1e-9)
        #expect(info.gapCount == 2 && info.outOfOrder == 0 && info.strayTimestamps == 0)
        #expect(info.problems.contains("the clock went back 2 times, first 19.99 s after 19.99 s (a logger restarted, or logs joined): the samples after it are placed 10 s after the ones before, the time between being unknown"))
    }

    /// A clock set back while the samples go on (a phone's clock corrected over the network:
    /// 0.2 s, 1 s, 2 s back, each landing well after the stream's start) loses no sample and
    /// puts no time between its two sides: the samples after it follow the ones before at the
    /// typical interval, and the clock's corrections are said. (Until 2026-11-28 a step back
    /// shorter than the gap threshold dropped the samples until the clock caught up, and a
    /// longer one put 10 s between the two halves of a walk: a clock set back a second every
    /// 20 s made a 145 s walk last 215 s.) Back by more than 2 s, or to the stream's start (a
    /// logger restarted from its own time 0), it is a restart, as before.
    @Test(arguments: [0.2, 1, 2])
    func aClockSetBackIsFollowedOn(back: Double) {
        var times = stream(count: 6000)
        for index in 2000..<6000 { times[index] -= back }
        for index in 4000..<6000 { times[index] -= back }
        let (out, info) = filter(times)
        #expect(out.count == 6000)
        #expect(zip(out, stream(count: 6000)).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(info.clockCorrectionCount == 2 && info.clockRestartCount == 0)
        #expect(info.outOfOrder == 0 && info.strayTimestamps == 0 && info.gapCount == 0)
        #expect(info.clockCorrections.map(\.time) == [times[1999], out[3999]])
        #expect(info.clockCorrections.allSatisfy { abs($0.back - back) < 1e-9 })
        #expect(info.problems.contains(
            "the clock was set back 2 times, first \(String(format3: back)) s after 19.99 s while the samples went on (a clock corrected): the samples after it follow the ones before at the sampling interval"),
            "\(info.problems)")
    }

    @Test func aClockBackFurtherOrToTheStartIsARestart() {
        // 12 s and 3 s back, 30 s in: further than a clock is set right (two logs joined, the
        // second begun 3 s before the first ended, stay two walks).
        for back in [12.0, 3.0] {
            let further = filter(stream(count: 3000) + stream(from: 29.99 - back, count: 1000))
            #expect(further.info.clockRestartCount == 1 && further.info.clockCorrectionCount == 0)
            #expect(abs(further.times[3000] - (29.99 + StreamInfo.ClockRestart.gap)) < 1e-9)
        }
        // 5 s back, 5 s in: to the stream's start, a logger restarted from its time 0.
        let start = filter(stream(count: 500) + stream(count: 1000))
        #expect(start.info.clockRestartCount == 1 && start.info.clockCorrectionCount == 0)
        #expect(abs(start.times[500] - (4.99 + StreamInfo.ClockRestart.gap)) < 1e-9)
    }

    /// A few rows stamped early (two to five, 0.3–0.7 s, every 10 s), their clock back and
    /// ahead again by the same step, are no clock set right: placed in order, the correction
    /// taken back, so that no time is added (the review: a watch log with two rows 0.5 s early
    /// every 10 s had gained 2 s and lost 50 of 220 steps). A clock set right stays so: one set
    /// back twice (1 s at 20 s, 0.5 s at 25 s) is followed on both times.
    @Test(arguments: [(2, 0.3), (2, 0.5), (5, 0.7), (3, 0.12)])
    func rowsStampedEarlyAreNoClockSetBack(rows: Int, early: Double) {
        var times = stream(count: 6000)
        for burst in stride(from: 1000, to: 6000, by: 1000) {
            for index in burst..<(burst + rows) { times[index] -= early }
        }
        let (out, info) = filter(times)
        #expect(out.count == 6000)
        #expect(zip(out, stream(count: 6000)).allSatisfy { abs($0 - $1) < 1e-9 }, "\(info.problems)")
        #expect(info.clockCorrectionCount == 0 && info.clockCorrections.isEmpty && info.earlyStampedSamples == 5 * rows)
        #expect(info.problems.contains("\(5 * rows) samples stamped early (the clock back and ahead again by the same step): placed in order at the sampling interval"))

        var twice = stream(count: 6000)
        for index in 2000..<6000 { twice[index] -= 1 }
        for index in 3500..<6000 { twice[index] -= 0.5 }
        let (followed, twiceInfo) = filter(twice)
        #expect(zip(followed, stream(count: 6000)).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(twiceInfo.clockCorrectionCount == 2 && twiceInfo.earlyStampedSamples == 0)
    }

    /// A logger that stamps each batch back from its delivery at the nominal interval while its
    /// sensor runs 4 % fast writes every batch's first rows before the last batch's last:
    /// stamps that overlap, a step back every batch, no clock set right (the review: read so,
    /// a 364 s walk lasted 378 s). Only the first step back can be one; the rows of the others
    /// that go back are dropped, as before, and the stream keeps its length.
    @Test func batchesStampedBackFromTheirDeliveryOverlapAndAreNoClockSetBack() {
        // 104 Hz stamped as 100 Hz in batches of 208 rows, each delivered 2 s after the last.
        var times: [Double] = []
        for batch in 0..<60 {
            let delivery = 2.0 * Double(batch + 1)
            times += (0..<208).map { delivery - Double(207 - $0) * 0.01 }
        }
        let (out, info) = filter(times)
        #expect(info.clockCorrectionCount <= 1, "\(info.problems)")
        #expect(abs((out.last ?? 0) - (times.last ?? 0)) < 0.1, "\(out.last ?? 0) s for \(times.last ?? 0)")
    }

    /// A stream that does not follow corrections (location, pressure: rows sent again are not
    /// dropped before it, and would read as a clock set back) judges a step back as before: a
    /// restart beyond the gap threshold, samples out of order below it. So does any stream for
    /// a step back beyond 10 s, however slow it is (location every 5 s, 40 s back).
    @Test func aStreamThatDoesNotFollowCorrectionsJudgesAStepBackAsBefore() {
        var times = stream(count: 3000)
        for index in 2000..<3000 { times[index] -= 1 }
        let (out, info) = filter(times, followsClockCorrections: false)
        #expect(info.clockCorrectionCount == 0 && info.clockRestartCount == 1)
        #expect(abs(out[2000] - (19.99 + StreamInfo.ClockRestart.gap)) < 1e-9)
        var small = stream(count: 3000)
        for index in 2000..<3000 { small[index] -= 0.2 }
        let (kept, smallInfo) = filter(small, followsClockCorrections: false)
        #expect(smallInfo.clockCorrectionCount == 0 && smallInfo.outOfOrder == 19 && kept.count == 2981)

        let slow = (0..<100).map { Double($0) * 5 }
        var back = slow
        for index in 50..<100 { back[index] -= 40 }
        let (_, slowInfo) = filter(back)
        #expect(slowInfo.clockCorrectionCount == 0, "\(slowInfo.problems)")
    }

    /// One sample stamped a little back (more than the clock's jitter, less than a jump) while
    /// the next follows the sample before it is a sample out of order, dropped; only when the
    /// samples after it stay behind was the clock set back.
    @Test func oneSampleALittleBackIsNoClockSetBack() {
        var times = stream(count: 1000)
        times[500] -= 0.3
        let (out, info) = filter(times)
        var expected = times
        expected.remove(at: 500)
        #expect(out == expected)
        #expect(info.outOfOrder == 1 && info.clockCorrectionCount == 0)
    }

    /// Parts of a file on two clocks (HHAR's phones: since boot, then since 1970): a jump
    /// ahead longer than any recording is a restart too, the part after it placed after the
    /// one before (until 2026-11-26 a gap of 45 years, the engine then ignoring every later
    /// sample: 217 of a file's 498 steps). A day's gap is still a gap.
    @Test func aJumpAheadLongerThanAnyRecordingIsAnotherClock() {
        let boot = stream(count: 1000)
        let epoch = stream(from: 1_424_697_000, count: 1000)
        let (out, info) = filter(boot + epoch)
        #expect(out.count == 2000)
        #expect(abs(out[1000] - (9.99 + StreamInfo.ClockRestart.gap)) < 1e-6)
        #expect(info.clockRestartCount == 1 && info.gapCount == 1)
        #expect(info.problems.contains { $0.hasPrefix("the clock jumped ahead 1424696990.01 s, longer than any recording, after 9.99 s (a logger restarted, or logs joined)") }, "\(info.problems)")

        let day = stream(from: 86_400, count: 1000)
        let (kept, dayInfo) = filter(boot + day)
        #expect(kept == boot + day)
        #expect(dayInfo.clockRestartCount == 0 && dayInfo.gapCount == 1)
    }

    /// The last sample alone that far ahead (a logger's closing row stamped in another clock)
    /// is a stray row, with no sample after it to start another part: not a gap of months that
    /// makes the recording as long (nor 10 s more, as a restart); a last sample a day ahead is
    /// the data resuming.
    @Test func aLastSampleLongerThanAnyRecordingAheadIsAStray() {
        let walk = stream(count: 1000)
        let (out, info) = filter(walk + [300 * 86_400])
        #expect(out == walk)
        #expect(info.strayTimestamps == 1 && info.clockRestartCount == 0 && info.gapCount == 0)

        let (kept, dayInfo) = filter(walk + [86_400])
        #expect(kept == walk + [86_400])
        #expect(dayInfo.clockRestartCount == 0 && dayInfo.gapCount == 1)
    }

    @Test func eventStreamsHoldNothing() {
        // Step counts come as events, with pauses of any length: no jump is judged.
        var jumps = ClockJumpFilter<AccelerationMagnitudeSample>(followsClockCorrections: true)
        var monitor = StreamMonitor(stream: "steps", detectsGaps: false)
        var passed = 0
        for time in stream(count: 100) + [3600, 1.5, 3601] {
            if case .one = jumps.add(AccelerationMagnitudeSample(time: time, magnitude: 0), monitor: &monitor) { passed += 1 }
        }
        #expect(passed == 102)
        #expect(monitor.info.outOfOrder == 1)
        #expect(monitor.jumpThreshold == .infinity)
    }

    @Test func samplesALittleOutOfOrderAreStillDropped() {
        // Less than the gap threshold (0.5 s here) back: out of order, as before.
        var times = stream(count: 1000)
        times[600] = times[599] - 0.2
        times[700] = times[699] - 0.005
        let (out, info) = filter(times)
        #expect(out.count == 998)
        #expect(info.outOfOrder == 2)
        #expect(info.strayTimestamps == 0 && info.clockRestartCount == 0)
    }

    @Test func aJumpAtTheEndIsKeptForwardAndDroppedBack() {
        let forward = filter(stream(count: 500) + [60])
        #expect(forward.times.count == 501)
        #expect(forward.info.gapCount == 1)
        let back = filter(stream(count: 500) + [1])
        #expect(back.times.count == 500)
        #expect(back.info.outOfOrder == 1)
    }

    @Test func aJumpIsJudgedFromTheTenthSampleOn() {
        // The median of the first intervals sets the threshold once there are 8 of them: the
        // tenth sample (index 9) is the first judged.
        var early = stream(count: 200)
        early[9] += 100
        let judged = filter(early)
        #expect(judged.times.count == 199)
        #expect(judged.info.strayTimestamps == 1)
        // Before that, a jump is taken as it comes.
        var first = stream(count: 200)
        first[5] += 100
        let (out, info) = filter(first)
        #expect(out.count == 6)
        #expect(info.outOfOrder == 194)
    }
}
