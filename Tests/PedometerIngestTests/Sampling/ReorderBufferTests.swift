import PedometerCore
import TestSupport
import Testing
@testable import PedometerIngest

/// Batches written late are put back in place, stretches written again are dropped, and what is
/// neither (a restarted clock, a jittery sample) goes on in file order for the clock-jump filter
/// to judge.
@Suite struct ReorderBufferTests {
    /// A 50 Hz stream's sample `index`, its magnitude telling it apart from every other.
    private static func sample(_ index: Int, from start: Double = 0) -> AccelerationMagnitudeSample {
        AccelerationMagnitudeSample(time: start + Double(index) * 0.02, magnitude: 9 + Double(index) / 1000)
    }

    /// Every sample through a buffer, in order: what it passes on, and its counts.
    private func reorder(_ samples: [AccelerationMagnitudeSample]) -> (out: [AccelerationMagnitudeSample], reordered: Int, resent: Int) {
        var buffer = ReorderBuffer<AccelerationMagnitudeSample>()
        var out: [AccelerationMagnitudeSample] = []
        for sample in samples {
            buffer.add(sample)
            while let next = buffer.next() { out.append(next) }
        }
        buffer.finish()
        while let next = buffer.next() { out.append(next) }
        return (out, buffer.reordered, buffer.resent)
    }

    /// A minute at 50 Hz.
    private let walk = (0..<3000).map { Self.sample($0) }

    @Test func samplesInOrderPassUnchangedAndAllAtTheEnd() {
        var buffer = ReorderBuffer<AccelerationMagnitudeSample>()
        var early: [AccelerationMagnitudeSample] = []
        for sample in walk {
            buffer.add(sample)
            while let next = buffer.next() { early.append(next) }
        }
        // 30 s held behind the newest (59.98 s): those before 29.98 s are passed on already.
        #expect(early == walk.filter { $0.time < walk[walk.count - 1].time - 30 })
        #expect((1499...1500).contains(early.count))
        let result = reorder(walk)
        #expect(result.out == walk && result.reordered == 0 && result.resent == 0)
    }

    @Test(arguments: [2, 5, 25, 50, 500])
    func batchesWrittenLateArePutBack(batch: Int) {
        // Every pair of batches swapped, from the first (whose second batch gives the interval
        // to judge by): 0.5 s batches turned a walk into 60 restarts before the buffer.
        var swapped: [AccelerationMagnitudeSample] = []
        for start in stride(from: 0, to: walk.count, by: 2 * batch) {
            let first = walk[start..<min(start + batch, walk.count)]
            let second = walk[min(start + batch, walk.count)..<min(start + 2 * batch, walk.count)]
            swapped += second + first
        }
        let result = reorder(swapped)
        #expect(result.out == walk)
        #expect(result.reordered == walk.count / 2)
        #expect(result.resent == 0)
    }

    @Test func oneLateBatchAndARowOutOfPlaceArePutBack() {
        var late = walk
        late.replaceSubrange(1500..<1560, with: walk[1530..<1560] + walk[1500..<1530])
        late.swapAt(100, 101)
        let result = reorder(late)
        #expect(result.out == walk)
        #expect(result.reordered == 31)
    }

    @Test func aStretchWrittenAgainIsDropped() {
        // Seconds 20–25 sent again after 25 s (a sync), and the last row of the stretch, equal to
        // the newest row, too.
        let again = Array(walk[..<1250]) + walk[1000..<1250] + walk[1250...]
        let result = reorder(again)
        #expect(result.out == walk)
        #expect(result.resent == 250)
        #expect(result.reordered == 0)
    }

    @Test func aRowRepeatedAtOnceAndSharedTimestampsAreKept() {
        // The emitter drops a row repeating the one before it; here a timestamp shared by two
        // readings stays two samples, as the monitor reports them.
        var shared = walk
        shared[11].time = shared[10].time
        let result = reorder(shared)
        #expect(result.out == shared)
        #expect(result.resent == 0 && result.reordered == 0)
    }

    @Test func aRestartedClockGoesOnInFileOrder() {
        // The clock back to 0 at 30 s: the second part interleaves with the first (no hole), so
        // it is passed on as written, for the clock-jump filter to place after the first.
        let restarted = Array(walk[..<1500]) + (0..<1500).map { Self.sample($0, from: 0.004) }
        #expect(reorder(restarted).out == restarted)
        // The same a second back.
        let second = Array(walk[..<1500]) + (0..<1500).map { Self.sample($0, from: 29.004) }
        #expect(reorder(second).out == second)
    }

    @Test func aLateBatchOnAJitteryClockIsPutBack() {
        // ±6 ms on 20 ms: intervals inside the late batch down to 8 ms.
        var generator = SplitMix64(seed: 3)
        let jittery = walk.map { sample -> AccelerationMagnitudeSample in
            var moved = sample
            moved.time += Double.random(in: -0.006...0.006, using: &generator)
            return moved
        }
        var late = jittery
        late.replaceSubrange(1100..<1160, with: jittery[1130..<1160] + jittery[1100..<1130])
        let result = reorder(late)
        #expect(result.out == jittery && result.reordered == 30)
    }

    /// A clock that restarts into a gap of the first part, or before its first row, keeps its
    /// first rows in file order (they go on past the hole), as does one that restarts after
    /// the rate fell (the second part interleaves with the first at its spacing, which the
    /// first intervals no longer give), for the clock-jump filter to place after the first.
    @Test func aRestartIntoAGapBeforeTheStartOrAfterTheRateFellGoesOnInFileOrder() {
        let gapped = Array(walk[..<500]) + walk[1100..<1400] + (0..<1000).map { Self.sample($0, from: 12) }
        #expect(reorder(gapped).out == gapped)
        let early = Array(walk[..<1000]) + (0..<1500).map { Self.sample($0, from: -10) }
        #expect(reorder(early).out == early)
        let slower = (0..<100).map { AccelerationMagnitudeSample(time: Double($0) * 0.01, magnitude: 9) }
            + (0..<1200).map { Self.sample($0, from: 1) } + (0..<1500).map { Self.sample($0, from: 3.012) }
        #expect(reorder(slower).out == slower)
    }

    /// One row stamped 20 s ahead is no batch (no second row after the hole it leaves): it goes
    /// on in file order, for the clock-jump filter to drop as a stray.
    @Test func aStrayRowAheadIsLeftToTheClockJumpFilter() {
        var stray = walk
        stray[2000].time += 20
        #expect(reorder(stray).out == stray)
    }

    /// Another log's still rows that read what the first's did at the same times (a quantised
    /// sensor at rest, a relative clock restarting) are no stretch written again: kept, in file
    /// order, when their walk differs, and when they are all one value.
    @Test func stillRowsOfAnotherLogAreNotTakenForRowsWrittenAgain() {
        let still = (0..<1000).map { AccelerationMagnitudeSample(time: Double($0) * 0.02, magnitude: 9.81) }
        let restarted = still + still + walk.map { AccelerationMagnitudeSample(time: $0.time + 20, magnitude: $0.magnitude) }
        #expect(reorder(restarted).out == restarted)
        let partial = still + still[..<250] + walk.map { AccelerationMagnitudeSample(time: $0.time + 5, magnitude: $0.magnitude) }
        #expect(reorder(partial).out == partial)
    }

    /// Rows of a stretch written one at a time between the rows 20 s after it (two threads'
    /// rows interleaved) are no batch written late once each would move more than a thousand
    /// held samples: they go on in file order, and the cost of putting them back stays bounded.
    @Test func rowsInterleavedFarBehindAreNotReorderedOneByOne() {
        let fast = (0..<4200).map { AccelerationMagnitudeSample(time: Double($0) * 0.01, magnitude: 9 + Double($0) / 1e4) }
        var interleaved = Array(fast[..<100])
        for index in 0..<2000 { interleaved += [fast[2100 + index], fast[100 + index]] }
        let result = reorder(interleaved)
        #expect(result.out.count == interleaved.count)
        #expect(result.reordered < 1100, "\(result.reordered)")
    }

    /// A clock that stands still holds no more than ``ReorderBuffer/mostHeld`` samples.
    @Test func aClockThatStandsStillHoldsABoundedNumber() {
        var buffer = ReorderBuffer<AccelerationMagnitudeSample>()
        var passed = 0
        for index in 0..<100_000 {
            buffer.add(AccelerationMagnitudeSample(time: 1, magnitude: 9 + Double(index) / 1e6))
            while buffer.next() != nil { passed += 1 }
        }
        #expect(passed == 100_000 - ReorderBuffer<AccelerationMagnitudeSample>.mostHeld)
    }

    @Test func theFirstSampleBeforeAnIntervalIsKnownGoesOnInFileOrder() {
        let swapped = [walk[1], walk[0]] + walk[2...]
        #expect(reorder(swapped).out == swapped)
    }

    @Test func samplesFurtherBackThanTheHorizonGoOnInFileOrder() {
        // A batch 40 s late: too late to put back; the monitor drops it as going backwards.
        var late = Array(walk[..<500]) + walk[600..<3000]
        late += walk[500..<600]
        #expect(reorder(late).out == late)
    }

    @Test func aJitteryClockKeepsItsSamplesInFileOrder() {
        // A sample stamped a millisecond before the one above it collides with its neighbours:
        // no hole, it goes on as written (the monitor drops it).
        var jittery = walk
        jittery[200].time = jittery[199].time - 0.001
        #expect(reorder(jittery).out == jittery)
    }
}
