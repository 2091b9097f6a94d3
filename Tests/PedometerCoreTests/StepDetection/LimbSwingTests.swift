import Foundation
import Testing
@testable import PedometerCore

/// A limb's swing (one oscillation across gravity per period) told from a step, on signals
/// with a known answer: first the test alone, then the detector on one signal along gravity
/// with two swings across it.
@Suite struct LimbSwingTests {
    /// `count` samples at 50 Hz of `value(t)`, a vector across gravity.
    static func signal(count: Int = 200, _ value: (Double) -> SIMD3<Double>) -> ArraySlice<SIMD3<Double>> {
        ArraySlice((0..<count).map { value(Double($0) / StepDetector.sampleRate) })
    }

    /// A swing along `direction` of 3 m/s^2 every `period` seconds.
    static func swing(period: Double, direction: SIMD3<Double> = [0.6, 0, 0.8]) -> ArraySlice<SIMD3<Double>> {
        signal { 3 * sin(2 * .pi * $0 / period) * direction }
    }

    @Test func aSingleOscillationSwingsOnceAtItsPeriodOnly() {
        let swing = Self.swing(period: 0.96)
        #expect(LimbSwing.swingsOnce(swing, period: 48))
        // At half its period it is anti-correlated, at twice its period it repeats twice.
        #expect(!LimbSwing.swingsOnce(swing, period: 24))
        #expect(!LimbSwing.swingsOnce(Self.swing(period: 1.92), period: 48))
    }

    /// A trunk across gravity: a sideways sway once per stride (two steps of 0.96 s) and a
    /// forward brake and push every step, as strong: no single oscillation at the step.
    @Test func aTrunksSwayAndPushDoNotSwingOnce() {
        let trunk = Self.signal { t in
            SIMD3(1.5 * sin(2 * .pi * t / 0.96 + 0.4), 1.5 * sin(2 * .pi * t / 1.92), 0)
        }
        #expect(!LimbSwing.swingsOnce(trunk, period: 48))
    }

    /// The correlation is of vectors: a swing is one whichever way the device is turned, and
    /// swings along two axes out of step with each other are none.
    @Test func aSwingIsOneInAnyDirectionButNotTwoOutOfStep() {
        #expect(LimbSwing.swingsOnce(Self.swing(period: 0.96, direction: [0, 1, 0]), period: 48))
        let circling = Self.signal { t in SIMD3(3 * sin(2 * .pi * t / 0.96), 3 * sin(2 * .pi * t / 0.48), 0) }
        #expect(!LimbSwing.swingsOnce(circling, period: 48))
    }

    @Test func tooShortAWindowOrNoLagIsNoSwing() {
        #expect(!LimbSwing.swingsOnce(Self.swing(period: 0.96).prefix(50), period: 48))
        #expect(!LimbSwing.swingsOnce(Self.swing(period: 0.02), period: 0.4))
    }

    /// 60 s of walking at 50 Hz between 3 s of standing, gravity along the device's z: along
    /// it, one oscillation of 2 m/s^2 every 0.96 s with a weaker one (0.6) twice as fast, so
    /// that the correlation at half the period is negative (−0.83) and the period reads as
    /// one step; across it (x), 3 m/s^2 swinging every `swing` seconds.
    static func walk(swing: Double, seed: UInt64) -> [AccelerationSample] {
        let times = Synthetic.regularTimes(rate: 50, duration: 66)
        return Synthetic.samples(times: times, sigma: 0.05, seed: seed) { t in
            guard t >= 3, t < 63 else { return .zero }
            let along = 2 * sin(2 * .pi * t / 0.96) + 0.6 * sin(4 * .pi * t / 0.96 + 0.7)
            return Vec3(3 * sin(2 * .pi * t / swing), 0, along)
        }
    }

    /// The same signal along gravity twice. A watch on a brisk walker's wrist: the arm swings
    /// once per 0.96 s across gravity, so 0.96 s is a stride and the walk steps every 0.48 s
    /// (125 steps in 60 s); counted at one step per 0.96 s (62), half, until 2026-11-29.
    @Test func aLimbSwingingOncePerPeriodMakesItAStride() {
        let steps = Synthetic.detect(Self.walk(swing: 0.96, seed: 1))
        #expect(abs(steps.count - 125) <= Synthetic.tolerance(125), "\(steps.count) steps for 125")
    }

    /// A slow walker stepping every 0.96 s (62 steps/min), whose trunk sways once per stride
    /// of 1.92 s across gravity: the period is a step (62 steps in 60 s).
    @Test func aSwayOncePerTwoPeriodsKeepsItAStep() {
        let steps = Synthetic.detect(Self.walk(swing: 1.92, seed: 2))
        #expect(abs(steps.count - 62) <= Synthetic.tolerance(62), "\(steps.count) steps for 62")
    }
}
