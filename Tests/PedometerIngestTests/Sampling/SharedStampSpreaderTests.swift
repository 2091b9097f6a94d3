import PedometerCore
import Testing
@testable import PedometerIngest

/// Samples stamped together (on delivery in batches, or by a coarse clock) are placed back at
/// the sensor's steady rate; a stream stamped by the sensor passes unchanged.
@Suite struct SharedStampSpreaderTests {
    /// Every sample of `times` through a spreader, in order, and the spreader.
    private func spread(_ times: [Double]) -> (times: [Double], spreader: SharedStampSpreader<AccelerationMagnitudeSample>) {
        var spreader = SharedStampSpreader<AccelerationMagnitudeSample>()
        var out: [Double] = []
        for (index, time) in times.enumerated() {
            if let one = spreader.add(AccelerationMagnitudeSample(time: time, magnitude: Double(index))) { out.append(one.time) }
            out += spreader.take().map(\.time)
        }
        spreader.finish()
        out += spreader.take().map(\.time)
        return (out, spreader)
    }

    /// `count` samples of a `rate` Hz sensor from time 0, each stamped with the end of its
    /// `batch`-second batch (plus `within` seconds per sample before it in the batch).
    private func batched(count: Int, rate: Double, batch: Double, within: Double = 0) -> [Double] {
        let perBatch = Int((batch * rate).rounded())
        return (0..<count).map { index in
            Double(index / perBatch + 1) * batch + Double(index % perBatch) * within
        }
    }

    @Test func aStreamStampedByItsSensorPassesUnchanged() {
        // Regular, jittered (±40 %), and with an hour's gap after its first second.
        let regular: [Double] = (0..<1000).map { Double($0) * 0.01 }
        let jitter: [Double] = [0.004, -0.004, 0]
        let jittered: [Double] = regular.indices.map { regular[$0] + jitter[$0 % 3] }
        let gap: [Double] = Array(regular.prefix(100)) + regular.prefix(100).map { 3601 + $0 }
        for times in [regular, jittered, gap] {
            let (out, spreader) = spread(times)
            #expect(out == times)
            #expect(spreader.sharing.samples == 0)
        }
    }

    @Test(arguments: [(0.1, 0.0), (0.1, 1e-6), (1.0, 0.0), (1.0, 20e-6), (5.0, 0.0)])
    func batchesAreSpreadBackOverTheirInterval(batch: Double, within: Double) {
        // A 100 Hz sensor: after the first batch, every sample lands one period after it was
        // taken (its batch's stamp is the end of the batch), evenly.
        let times = batched(count: 3000, rate: 100, batch: batch, within: within)
        let (out, spreader) = spread(times)
        #expect(out.count == 3000)
        let perBatch = Int((batch * 100).rounded())
        for index in perBatch..<3000 {
            #expect(abs(out[index] - (Double(index) / 100 + 0.01)) < 1e-6, "sample \(index) at \(out[index])")
        }
        // The first batch, with no batch before it, ends at its stamp at the mean rate.
        #expect(abs(out[perBatch - 1] - batch) < 1e-3)
        #expect(zip(out.dropFirst(), out).allSatisfy { $0 > $1 })
        #expect(spreader.sharing.samples == 3000)
        #expect(spreader.sharing.runs == 3000 / perBatch)
        #expect(abs((spreader.sharing.runInterval ?? 0) - batch) < 1e-6)
    }

    @Test func aBatchAfterAPauseEndsAtItsStampAtTheMeanRate() {
        // 0.1 s batches at 100 Hz, then nothing for 30 s (the app paused), then batches again.
        let before = batched(count: 500, rate: 100, batch: 0.1)
        let after = batched(count: 500, rate: 100, batch: 0.1).map { $0 + 35 }
        let (out, _) = spread(before + after)
        #expect(out.count == 1000)
        // The first batch after the pause: ten samples 10 ms apart, the last at its stamp.
        for index in 0..<10 {
            #expect(abs(out[500 + index] - (35.1 - Double(9 - index) * 0.01)) < 1e-6)
        }
    }

    @Test func aCoarseClockIsSpreadToo() {
        // 50 Hz stamped in whole seconds (rounded down): each second's samples over the second
        // before their stamp, so evenly 20 ms apart, one second late.
        let times = (0..<500).map { (Double($0) / 50).rounded(.down) }
        let (out, spreader) = spread(times)
        for index in 50..<500 {
            #expect(abs(out[index] - (Double(index) / 50 - 1 + 0.02)) < 1e-9)
        }
        #expect(spreader.sharing.runs == 10)
    }

    @Test func aSampleGoingBackwardsPassesAfterTheRunBeforeIt() {
        var times = batched(count: 300, rate: 100, batch: 0.1)
        times.insert(1.05, at: 250)  // after the batch stamped 2.5: backwards
        let (out, _) = spread(times)
        #expect(out.count == 301)
        #expect(out[250] == 1.05)
        #expect(abs(out[249] - 2.5) < 1e-9)
    }

    @Test func runsAreFoundAgainAfterAClockGoesBack() {
        // Two batched logs joined (the clock starting again): the second log's batches are
        // spread too, its first one, with no stamp before it in its clock, at the mean rate.
        let log = batched(count: 1000, rate: 100, batch: 0.1)
        let (out, spreader) = spread(log + log)
        #expect(out.count == 2000)
        #expect(Array(out.prefix(1000)) == Array(out.suffix(1000)))
        #expect(zip(out.suffix(1000).dropFirst(), out.suffix(1000)).allSatisfy { $0 > $1 })
        #expect(spreader.sharing.samples == 2000)
        #expect(spreader.sharing.runs == 200)
    }

    @Test func aRunLongerThanAnyBatchIsPlacedInParts() {
        // A regular second, then 150,000 samples at one time: held at most a run's length at
        // once, all passed on, in order.
        let times = (0..<100).map { Double($0) * 0.01 } + [Double](repeating: 3, count: 150_000)
        let (out, spreader) = spread(times)
        #expect(out.count == times.count)
        #expect(zip(out.dropFirst(), out).allSatisfy { $0 >= $1 })
        #expect(spreader.sharing.runs == 3)
    }

    @Test func samplesAllAtOneTimeCannotBeSpread() {
        let (out, spreader) = spread([Double](repeating: 4, count: 2000))
        #expect(out == [Double](repeating: 4, count: 2000))
        #expect(spreader.sharing.samples == 0)
    }
}
