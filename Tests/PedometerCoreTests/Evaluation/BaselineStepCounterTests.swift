import Foundation
import Testing
@testable import PedometerCore

/// The plain comparison counter of `pedometer eval`: band-pass + peaks with a refractory period.
@Suite struct BaselineStepCounterTests {
    /// `count` from a magnitude sampled at `rate` Hz for `seconds`.
    private func count(rate: Double, seconds: Double, _ magnitude: (Double) -> Double) -> Int {
        var counter = BaselineStepCounter()
        for i in 0..<Int(seconds * rate) {
            let t = Double(i) / rate
            counter.add(time: t, magnitude: magnitude(t))
        }
        counter.finish()
        return counter.steps
    }

    @Test(arguments: [(1.5, 100.0), (2.0, 50.0), (2.8, 25.0)])
    func countsOnePeakPerCycleOfAGaitBandSignal(cadence: Double, rate: Double) {
        let steps = count(rate: rate, seconds: 30) { 9.81 + 2 * sin(2 * .pi * cadence * $0) }
        // The band-pass settles within the first cycle or two.
        #expect(abs(steps - Int(30 * cadence)) <= 2, "\(steps) at \(cadence) Hz")
    }

    @Test func stillAndSlowDriftAreNotSteps() {
        #expect(count(rate: 50, seconds: 60) { 9.81 + 0.05 * sin(2 * .pi * 7 * $0) } == 0)
        #expect(count(rate: 50, seconds: 60) { 9.81 + 3 * sin(2 * .pi * 0.05 * $0) } == 0)
    }

    @Test func refractoryPeriodMergesADoublePeak() {
        // Two impulses 0.1 s apart each half second: one step each.
        let steps = count(rate: 100, seconds: 20) { t in
            let phase = t.truncatingRemainder(dividingBy: 0.5)
            return 9.81 + 4 * (exp(-pow((phase - 0.1) / 0.02, 2)) + exp(-pow((phase - 0.2) / 0.02, 2)))
        }
        #expect(abs(steps - 40) <= 2, "\(steps)")
    }

    @Test func gapStartsAfreshWithoutInventingSteps() {
        var counter = BaselineStepCounter()
        for i in 0..<500 { counter.add(time: Double(i) / 50, magnitude: 9.81 + 2 * sin(2 * .pi * 2 * Double(i) / 50)) }
        for i in 0..<500 { counter.add(time: 100 + Double(i) / 50, magnitude: 9.81) }
        counter.finish()
        #expect(abs(counter.steps - 20) <= 2)
    }
}
