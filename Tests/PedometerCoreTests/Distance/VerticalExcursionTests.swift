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

    /// The filters rising from rest swing wider than the body at a stretch's start (a
    /// recording's, or the data's after a gap): no rise is answered over its first
    /// `settlingSeconds` (1.6 s at 0.5 Hz), and the steps there take their walk's (until
    /// 2026-11-26 a 20 s walk cut from a longer one came out 3 % short, its first steps'
    /// rises those of the transient).
    @Test func noRiseWhileTheFiltersSettle() {
        let excursion = bounce(amplitude: 0.02, frequency: 1.8, seconds: 10)
        let settling = VerticalExcursion.settlingSeconds(cutOff: 0.5)
        #expect(abs(settling - 1.59) < 0.01)
        #expect(excursion.excursion(from: 0.2, to: 0.2 + 1 / 1.8) == nil)
        #expect(excursion.excursion(from: settling - 0.1, to: settling + 0.5) == nil)
        let settled = try! #require(excursion.excursion(from: settling + 0.1, to: settling + 0.1 + 1 / 1.8))
        #expect(abs(settled - 0.04) < 0.04 * 0.1, "\(settled)")
    }

    @Test func aConstantTiltDoesNotPileUpAsDrift() {
        // 0.3 m/s^2 of gravity left in the signal (a tilted sensor) for a minute.
        let excursion = bounce(amplitude: 0.02, frequency: 1.8, bias: 0.3, seconds: 60)
        let rise = try! #require(excursion.excursion(from: 55, to: 55 + 1 / 1.8))
        #expect(abs(rise - 0.04) < 0.04 * 0.05, "\(rise)")
    }

    /// The rise between two grid times does not depend on how long the ring of heights has been
    /// wrapping: a 5 s ring answers exactly as one that holds all 10 minutes, on grids counted
    /// from a time as the detector's are (`origin + index / 50`). The oldest point's time used
    /// to be a running sum of 1/50 s, which drifted until a step's time met the grid point on
    /// the other side of it: the same step's rise asked before the ring was full and after
    /// came out 4 mm apart (GaitPy's demo fixture, a walk of 7 steps counted at its end or 8 s
    /// later).
    @Test(arguments: [0.0, 1234.567])
    func aRiseDoesNotDependOnHowLongTheRingHasWrapped(origin: Double) {
        let omega = 2 * Double.pi * 1.8
        var ring = VerticalExcursion(sampleRate: 50, cutOff: 0.5, span: 5)
        var whole = VerticalExcursion(sampleRate: 50, cutOff: 0.5, span: 600)
        var differing: [String] = []
        var asked = 0
        for index in 0..<(600 * 50) {
            let time = origin + Double(index) / 50
            let acceleration = -0.02 * omega * omega * sin(omega * (time - origin))
            ring.add(acceleration, at: time)
            whole.add(acceleration, at: time)
            guard index % 7 == 0, index >= 200 else { continue }
            for back in [28, 150] {
                let from = origin + Double(index - back) / 50
                asked += 1
                let (kept, all) = (ring.excursion(from: from, to: time), whole.excursion(from: from, to: time))
                if kept != all { differing.append("\(from - origin)–\(time - origin) s: \(String(describing: kept)), \(String(describing: all))") }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(asked) spans, e.g. \(differing.prefix(2))")
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
