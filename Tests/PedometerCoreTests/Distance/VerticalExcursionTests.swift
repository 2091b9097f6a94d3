import Foundation
import Testing
@testable import PedometerCore

@Suite struct VerticalExcursionTests {
    /// The acceleration of a height `amplitude` × sin(2π `frequency` t), plus `bias`, on a
    /// 50 Hz grid for `seconds`.
    private func bounce(
        amplitude: Double, frequency: Double, bias: Double = 0, seconds: Double, span: Double = 30
    ) -> VerticalExcursion {
        var excursion = VerticalExcursion(sampleRate: 50, cutOff: 0.5, span: span)
        let omega = 2 * Double.pi * frequency
        for index in 0..<Int(seconds * 50) {
            let time = Double(index) / 50
            excursion.add(bias - amplitude * omega * omega * sin(omega * time), at: time)
        }
        return excursion
    }

    @Test func aStepsRiseAndFallIsRecovered() {
        // 2 cm up and down at 1.8 steps/s: 4 cm from top to bottom within any one step.
        let excursion = bounce(amplitude: 0.02, frequency: 1.8, seconds: 20)
        for start in [8.0, 12.3, 19.0] {
            let rise = try! #require(excursion.excursion(from: start, to: start + 1 / 1.8))
            #expect(abs(rise - 0.04) < 0.04 * 0.03, "\(start): \(rise)")
        }
        // Half a step sees about half the travel of a sine at most, never more than all of it.
        let half = try! #require(excursion.excursion(from: 10, to: 10 + 0.5 / 1.8))
        #expect(half <= 0.04 * 1.03)
    }

    @Test func aConstantTiltDoesNotPileUpAsDrift() {
        // 0.3 m/s^2 of gravity left in the signal (a tilted sensor) for a minute.
        let excursion = bounce(amplitude: 0.02, frequency: 1.8, bias: 0.3, seconds: 60)
        let rise = try! #require(excursion.excursion(from: 55, to: 55 + 1 / 1.8))
        #expect(abs(rise - 0.04) < 0.04 * 0.05, "\(rise)")
    }

    @Test func onlyTheKeptSpanIsAnswered() {
        var excursion = bounce(amplitude: 0.02, frequency: 1.8, seconds: 20, span: 5)
        #expect(excursion.excursion(from: 10, to: 10.5) == nil)
        #expect(excursion.excursion(from: 19, to: 21) == nil)
        #expect(excursion.excursion(from: 19.5, to: 19.5) == nil)
        #expect(excursion.excursion(from: 16, to: 16.5) != nil)
        excursion.reset()
        #expect(excursion.excursion(from: 16, to: 16.5) == nil)
    }
}
