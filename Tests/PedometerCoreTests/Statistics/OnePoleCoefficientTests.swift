import Foundation
import Testing
@testable import PedometerCore

@Suite struct OnePoleCoefficientTests {
    /// Gain at `frequency` Hz of a one-pole low-pass run at `rate` Hz with coefficient `alpha`.
    static func gain(alpha: Double, frequency: Double, rate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / rate
        let re = 1 - (1 - alpha) * cos(omega), im = (1 - alpha) * sin(omega)
        return alpha / (re * re + im * im).squareRoot()
    }

    @Test func twoHalfStepsAreOneStep() {
        // Exact for a held input: what remains of a step change after dt is what remains after
        // dt/2 twice, so irregular time steps add up.
        var coefficient = OnePoleCoefficient(cutoff: 5.1)
        for dt in [0.0025, 0.01, 0.04, 0.08] {
            let whole = 1 - coefficient(dt)
            let half = 1 - coefficient(dt / 2)
            #expect(abs(whole - half * half) < 1e-12)
        }
    }

    @Test func aStepsBounceIsPassedAlikeAtEveryRate() {
        // A step's 1.8 Hz through the anti-alias cut-off, and a slow 0.05 Hz turn through the
        // principal axis' 4 s average, within 2 % of the continuous filter at 20-400 Hz (the
        // first-order form dt / (RC + dt) is 7.5 % under it at 20 Hz for the step).
        for (cutoff, frequency) in [(5.1, 1.8), (1 / (2 * Double.pi * 4), 0.05)] {
            var coefficient = OnePoleCoefficient(cutoff: cutoff)
            let continuous = 1 / (1 + (frequency / cutoff) * (frequency / cutoff)).squareRoot()
            for rate in [20.0, 25, 50, 60, 100, 200, 400] {
                let gain = Self.gain(alpha: coefficient(1 / rate), frequency: frequency, rate: rate)
                #expect(abs(gain / continuous - 1) < 0.02, "\(cutoff) Hz at \(rate) Hz: \(gain), \(continuous)")
            }
        }
        let rc = 1 / (2 * Double.pi * 5.1)
        let firstOrder = Self.gain(alpha: 0.05 / (rc + 0.05), frequency: 1.8, rate: 20)
        #expect(firstOrder / (1 / (1 + (1.8 / 5.1) * (1.8 / 5.1)).squareRoot()) < 0.93)
    }
}
