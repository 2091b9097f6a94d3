import Foundation
import Testing
@testable import PedometerCore

/// A limb's swing (one oscillation across gravity per period, two beats of the magnitude)
/// told from a step, on signals with a known answer: first the test alone, then the detector
/// on one signal along gravity with swings of several kinds across it.
@Suite struct LimbSwingTests {
    static let halfCorrelation = StepDetector.Configuration().strideHalfCorrelation

    /// 200 samples at 50 Hz (a window) of `across(t)` across gravity and `magnitude(t)`.
    static func window(
        count: Int = 200, across: (Double) -> SIMD3<Double>, magnitude: (Double) -> Double
    ) -> ArraySlice<SIMD4<Double>> {
        ArraySlice((0..<count).map { index in
            let t = Double(index) / StepDetector.sampleRate
            let a = across(t)
            return SIMD4(a.x, a.y, a.z, 9.81 + magnitude(t))
        })
    }

    /// A swing of 3 m/s^2 along `direction` every `swing` seconds, and a magnitude beating
    /// `beats` times every 0.96 s.
    static func swing(
        every swing: Double, beats: Double = 2, direction: SIMD3<Double> = [0.6, 0, 0.8], count: Int = 200
    ) -> ArraySlice<SIMD4<Double>> {
        window(count: count, across: { 3 * sin(2 * .pi * $0 / swing) * direction }, magnitude: { cos(2 * .pi * beats * $0 / 0.96) })
    }

    static func isStride(_ samples: ArraySlice<SIMD4<Double>>, period: Double = 48) -> Bool {
        LimbSwing.isStride(samples, period: period, halfCorrelation: halfCorrelation)
    }

    @Test func aSwingOncePerPeriodWithTwoBeatsIsAStride() {
        #expect(Self.isStride(Self.swing(every: 0.96)))
        // In any direction: the correlation is of vectors.
        #expect(Self.isStride(Self.swing(every: 0.96, direction: [0, 1, 0])))
    }

    /// Across gravity: at half its period a swing is anti-correlated, and one twice as slow
    /// repeats once in two periods; two swings out of step with each other are none.
    @Test func noSingleSwingAtThePeriodIsNoStride() {
        #expect(!Self.isStride(Self.swing(every: 0.96), period: 24))
        #expect(!Self.isStride(Self.swing(every: 1.92)))
        let circling = Self.window(
            across: { t in SIMD3(3 * sin(2 * .pi * t / 0.96), 3 * sin(2 * .pi * t / 0.48), 0) },
            magnitude: { cos(4 * .pi * $0 / 0.96) })
        #expect(!Self.isStride(circling))
    }

    /// A trunk across gravity: a sideways sway once per stride (two steps of 0.96 s) and a
    /// forward brake and push every step, as strong: no single oscillation at the step.
    @Test func aTrunksSwayAndPushDoNotSwingOnce() {
        let trunk = Self.window(
            across: { t in SIMD3(1.5 * sin(2 * .pi * t / 0.96 + 0.4), 1.5 * sin(2 * .pi * t / 1.92), 0) },
            magnitude: { cos(2 * .pi * $0 / 0.96) })
        #expect(!Self.isStride(trunk))
    }

    /// A pedal stroke, a hammer blow, a push: a swing once per period whose magnitude beats
    /// once, not twice.
    @Test func aSwingWhoseMagnitudeBeatsOnceIsNoStride() {
        #expect(!Self.isStride(Self.swing(every: 0.96, beats: 1)))
    }

    @Test func tooShortAWindowOrNoLagIsNoStride() {
        #expect(!Self.isStride(Self.swing(every: 0.96, count: 50)))
        #expect(!Self.isStride(Self.swing(every: 0.02), period: 0.4))
    }

    /// 60 s of walking at 50 Hz between 3 s of standing, gravity along the device's z: along
    /// it, one oscillation of 2 m/s^2 every 0.96 s with a weaker one (0.6) twice as fast, so
    /// that the correlation at half the period is negative (−0.83) and the period reads as
    /// one step; across it (x), `amplitude` m/s^2 swinging every `swing` seconds, which puts
    /// `amplitude²/2g` into the magnitude twice per swing (√(g² + x²) − g).
    static func walk(swing: Double, amplitude: Double, seed: UInt64) -> [AccelerationSample] {
        let times = Synthetic.regularTimes(rate: 50, duration: 66)
        return Synthetic.samples(times: times, sigma: 0.05, seed: seed) { t in
            guard t >= 3, t < 63 else { return .zero }
            let along = 2 * sin(2 * .pi * t / 0.96) + 0.6 * sin(4 * .pi * t / 0.96 + 0.7)
            return Vec3(amplitude * sin(2 * .pi * t / swing), 0, along)
        }
    }

    /// The same signal along gravity three times. A watch on a brisk walker's wrist: the arm
    /// swings once per 0.96 s across gravity (9 m/s^2, an arm's), and the magnitude beats twice
    /// per swing, so 0.96 s is a stride and the walk steps every 0.48 s (125 steps in 60 s);
    /// counted at one step per 0.96 s (63), half, until 2026-11-29.
    @Test func aLimbSwingingOncePerPeriodMakesItAStride() {
        let steps = Synthetic.detect(Self.walk(swing: 0.96, amplitude: 9, seed: 1))
        #expect(abs(steps.count - 125) <= Synthetic.tolerance(125), "\(steps.count) steps for 125")
    }

    /// A slow walker stepping every 0.96 s (62 steps/min), swaying once per stride of 1.92 s
    /// across gravity: the period is a step (62 steps in 60 s).
    @Test func aSwayOncePerTwoPeriodsKeepsItAStep() {
        let steps = Synthetic.detect(Self.walk(swing: 1.92, amplitude: 9, seed: 2))
        #expect(abs(steps.count - 62) <= Synthetic.tolerance(62), "\(steps.count) steps for 62")
    }

    /// Across gravity a swing once per 0.96 s too weak (4 m/s^2) to beat in the magnitude, as a
    /// phone near the hip turns with a pedalling thigh: no stride (it was counted at twice
    /// its rate, 125, while the rule asked only the swing).
    @Test func aSwingThatDoesNotBeatInTheMagnitudeKeepsItAStep() {
        let steps = Synthetic.detect(Self.walk(swing: 0.96, amplitude: 4, seed: 3))
        #expect(abs(steps.count - 62) <= Synthetic.tolerance(62), "\(steps.count) steps for 62")
    }
}
