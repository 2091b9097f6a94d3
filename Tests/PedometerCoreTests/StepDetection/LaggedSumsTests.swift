import Testing
import TestSupport
@testable import PedometerCore

/// The running sums against sums computed directly from the samples.
@Suite struct LaggedSumsTests {
    private func directProduct(_ x: [Double], _ lag: Int, _ low: Int, _ high: Int) -> Double {
        var total = 0.0
        for k in low..<(high - lag) { total += x[k] * x[k + lag] }
        return total
    }

    private func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    @Test func windowSumsMatchDirectSumsAcrossGrowthAndWraparound() {
        var random = SplitMix64(seed: 7)
        let maximumLag = 101
        var sums = LaggedSums(maximumLag: maximumLag)
        var x: [Double] = []
        // 5000 samples: the history buffer wraps several times; windows of 200 every 12 samples
        // keep about 212 prefixes, and one stretch without discarding makes the ring grow.
        for index in 0..<5000 {
            let value = 3 * random.gaussian() + 0.5
            x.append(value)
            sums.append(value)
            #expect(sums.count == x.count)
            let high = x.count
            guard high % 12 == 0, high >= 200 else { continue }
            let low = high - 200
            #expect(close(sums.sum(low, high), x[low..<high].reduce(0, +)))
            #expect(close(sums.sumOfSquares(low, high), x[low..<high].reduce(0) { $0 + $1 * $1 }))
            for lag in [1, 2, 11, 50, 100, 101] {
                #expect(close(sums.laggedProduct(lag, low, high), directProduct(x, lag, low, high)))
            }
            if !(1000..<2000).contains(index) { sums.discard(before: high + 12 - 200) }
        }
    }

    /// The detector feeds the sums in batches (four samples a pass over the lags, two lags per
    /// SIMD lane pair, a remainder lag when `maximumLag` is odd): every sum must have the bits of
    /// one-at-a-time appending, across the history's wraparound and the ring's growth.
    @Test(arguments: [1, 2, 3, 4, 101])
    func batchesGiveTheBitsOfSingleAppends(maximumLag: Int) {
        var random = SplitMix64(seed: 11)
        var single = LaggedSums(maximumLag: maximumLag)
        var batched = LaggedSums(maximumLag: maximumLag)
        var x: [Double] = []
        var mismatches = 0
        while x.count < 3000 {
            let batch = (0..<Int.random(in: 1...9, using: &random)).map { _ in 3 * random.gaussian() + 0.5 }
            for value in batch { single.append(value) }
            batch.withUnsafeBufferPointer { batched.append(contentsOf: $0) }
            x += batch
            let high = x.count, low = max(0, high - 600)  // no discard: the ring grows
            if single.sum(low, high).bitPattern != batched.sum(low, high).bitPattern { mismatches += 1 }
            if single.sumOfSquares(low, high).bitPattern != batched.sumOfSquares(low, high).bitPattern { mismatches += 1 }
            for lag in Set([1, maximumLag / 2 + 1, maximumLag]) where high - low > lag {
                let expected = single.laggedProduct(lag, low, high), got = batched.laggedProduct(lag, low, high)
                if expected.bitPattern != got.bitPattern { mismatches += 1 }
            }
        }
        #expect(batched.count == x.count)
        #expect(mismatches == 0)
        #expect(close(batched.laggedProduct(maximumLag, 2400, 3000), directProduct(x, maximumLag, 2400, 3000)))
    }

    @Test func aResetStartsAFreshSegment() {
        var sums = LaggedSums(maximumLag: 3)
        for value in [5.0, -4, 3, 2] { sums.append(value) }
        sums.reset()
        for value in [1.0, 2, 3] { sums.append(value) }
        #expect(sums.count == 3)
        #expect(sums.sum(0, 3) == 6)
        #expect(sums.sumOfSquares(0, 3) == 14)
        #expect(sums.laggedProduct(1, 0, 3) == 1 * 2 + 2 * 3)
        #expect(sums.laggedProduct(2, 0, 3) == 1 * 3)
    }
}
