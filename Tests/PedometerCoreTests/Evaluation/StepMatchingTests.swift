import Testing
import TestSupport
@testable import PedometerCore

/// Pairing detected step times with true ones, on sequences whose pairing is known.
@Suite struct StepMatchingTests {
    @Test func aLaggingDetectorPairsEveryStep() throws {
        let truth = (0..<20).map { 1 + Double($0) * 0.55 }
        let matching = StepMatching(detected: truth.map { $0 + 0.08 }, truth: truth)
        #expect(matching.matched == 20)
        #expect(matching.missed.isEmpty && matching.extra.isEmpty)
        #expect(abs(try #require(matching.meanOffset) - 0.08) < 1e-12)
    }

    /// A foot switch that bounces (Oxford's Pixel_Jamie_Hard_SwingingArm_1 at 8 s): two true
    /// events 0.32 s apart, one step. The detected step pairs with the nearer event and the
    /// next detected step with the next true step, not with the bounce.
    @Test func aBouncePairsWithTheNearerTrueStep() {
        let truth = [7.514, 8.008, 8.324, 8.505, 9.045]
        let detected = [7.56, 8.1, 8.6, 9.14]
        let matching = StepMatching(detected: detected, truth: truth)
        #expect(matching.matched == 4)
        #expect(matching.missed == [8.324])
        #expect(matching.extra.isEmpty)
    }

    @Test func extraStepsBeforeAndAfterTheWalkAreCounted() {
        let truth = [1.5, 2.0, 2.5, 3.0]
        let detected = [0.1, 0.6, 1.55, 2.05, 2.3, 2.55, 3.05, 4.0]
        let matching = StepMatching(detected: detected, truth: truth)
        #expect(matching.matched == 4)
        #expect(matching.extra == [0.1, 0.6, 2.3, 4.0])
        #expect(matching.extraBeforeTruth == 2)
        #expect(matching.extraAfterTruth == 1)
        #expect(matching.missed.isEmpty)
    }

    @Test func stepsFartherApartThanTheTolerancePairWithNothing() {
        let late = StepMatching(detected: [1.3], truth: [1.0], tolerance: 0.25)
        #expect(late.matched == 0 && late.missed == [1.0] && late.extra == [1.3])
        #expect(late.meanOffset == nil)
        let within = StepMatching(detected: [1.3], truth: [1.0], tolerance: 0.35)
        #expect(within.matched == 1)
    }

    @Test func emptySides() {
        let noTruth = StepMatching(detected: [1, 2], truth: [])
        #expect(noTruth.matched == 0 && noTruth.extra == [1, 2] && noTruth.extraBeforeTruth == 0)
        let noSteps = StepMatching(detected: [], truth: [1, 2])
        #expect(noSteps.matched == 0 && noSteps.missed == [1, 2])
    }

    /// Whatever the sequences, every step is paired once or listed once, and pairs lie within
    /// the tolerance.
    @Test func everyStepIsPairedOrListedOnce() {
        var random = SplitMix64(seed: 61)
        for _ in 0..<200 {
            var truth: [Double] = []
            var time = random.uniform(0, 2)
            for _ in 0..<Int(random.uniform(0, 60)) {
                time += random.uniform(0.2, 0.8)
                truth.append(time)
            }
            var detected = truth.filter { _ in random.uniform() > 0.1 }.map { $0 + random.uniform(-0.3, 0.3) }
            for _ in 0..<Int(random.uniform(0, 6)) { detected.append(random.uniform(0, time + 2)) }
            detected.sort()
            let matching = StepMatching(detected: detected, truth: truth)
            #expect(matching.matched + matching.missed.count == truth.count)
            #expect(matching.matched + matching.extra.count == detected.count)
            #expect(Set(matching.missed).isSubset(of: Set(truth)))
            #expect(Set(matching.extra).isSubset(of: Set(detected)))
            if let offset = matching.meanOffset { #expect(abs(offset) <= matching.tolerance) }
        }
    }
}
