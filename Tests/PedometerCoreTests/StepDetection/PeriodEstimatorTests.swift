import Foundation
import Testing
@testable import PedometerCore

/// The period of one 4 s window (200 samples at the detector's 50 Hz) of a synthetic signal.
@Suite struct PeriodEstimatorTests {
    private func period(_ signal: (Double) -> Double) -> Double {
        var estimator = PeriodEstimator(configuration: StepDetector.Configuration())
        var sums = LaggedSums(maximumLag: estimator.maximumLag)
        let count = 200
        for index in 0..<count { sums.append(signal(Double(index) / StepDetector.sampleRate)) }
        return estimator.stepPeriod(sums, 0, count)
    }

    private func sine(period: Double, amplitude: Double = 1) -> (Double) -> Double {
        { amplitude * sin(2 * .pi * $0 / period) }
    }

    @Test func aStepRhythmIsItsOwnPeriod() {
        #expect(abs(period(sine(period: 0.5)) - 0.5) < 0.01)
    }

    @Test func aStrideWhoseHalfIsStepLikeGivesTheStep() {
        // Left and right steps that differ: a 1 s stride, each of its halves a 0.5 s step.
        let stride = { (t: Double) in sin(2 * .pi * t / 0.5) + 0.5 * sin(2 * .pi * t / 1.0) }
        #expect(abs(period(stride) - 0.5) < 0.01)
    }

    @Test func aSwayOverThreeOrFourStepsGivesTheStep() {
        // A purse swinging once every three steps (0.48 s each) or every four, more strongly
        // than the steps themselves: the first strong lag is the sway, with a correlation peak
        // at every step within it.
        let three = { (t: Double) in sin(2 * .pi * t / 0.48) + 0.8 * sin(2 * .pi * t / 1.44) }
        #expect(abs(period(three) - 0.48) < 0.01)
        let four = { (t: Double) in sin(2 * .pi * t / 0.48) + 0.9 * sin(2 * .pi * t / 1.92) }
        #expect(abs(period(four) - 0.48) < 0.01)
    }

    @Test func aRhythmOnlyAtTheStrideLagIsTwoStepsPerPeriod() {
        // A phone on one leg, or pushed along, feels one sway per stride and little of the other
        // foot: periodic at 1.2 s with the correlation at 0.6 s negative. Two steps a period
        // (until issue 23 such windows were "not walking", and whole minutes of walks were lost).
        #expect(abs(period(sine(period: 1.2)) - 0.6) < 0.01)
        // A rhythm slower than one step a second can only be a stride: two steps per period.
        #expect(abs(period(sine(period: 1.7)) - 0.85) < 0.02)
        // At the limit, one step a second is still a step.
        #expect(abs(period(sine(period: 0.98)) - 0.98) < 0.02)
        // Slower than the slowest stride (2 s): no gait.
        #expect(period(sine(period: 2.6)) == PeriodEstimator.aperiodic)
    }

    @Test func noMovementIsStill() {
        #expect(period(sine(period: 0.5, amplitude: 0.1)) == PeriodEstimator.still)
    }
}
