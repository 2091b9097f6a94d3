import PedometerCore
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
