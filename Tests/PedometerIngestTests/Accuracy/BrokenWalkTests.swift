import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// A walk seen only in short bouts, with pauses longer than ``StepDetector/Configuration/lookBack``
/// between them: the wrist-watch walks of `../shared/datasets/wrist-watch-magnitude/`, whose
/// magnitude shows the walk's rhythm for a few seconds at a time between arm movements that
/// leave 5–7 s without a period. No shared recording has a step truth for it, so it is made from
/// a real one: the steady minute of the Oxford in-hand walk (``StridePeriodicTests/steadyMinute()``),
/// magnitude only, kept in pieces of `piece` seconds with the magnitude held at its mean between
/// them (faded in and out over a quarter second). The truth is the foot switches' steps inside
/// the pieces: at least those clear of the fades, at most all that a piece touches (a faded
/// step at either end may show or not).
@Suite struct BrokenWalkTests {
    /// Seconds of walking kept in each piece, and the fade at each of its ends.
    static let piece = 3.5, fade = 0.25

    /// The minute in pieces starting every `piece + pause` seconds, every other piece slowed by
    /// `slowing` (1: as recorded); the number of true steps clear of the fades, and of all the
    /// pieces hold.
    static func construct(pause: Double, slowing: Double = 1) throws -> (samples: [AccelerationMagnitudeSample], clear: Int, all: Int) {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first]
        let minute = acceleration.filter { $0.time >= start && $0.time < start + 60 }
        let mean = minute.reduce(0) { $0 + $1.magnitude } / Double(minute.count)
        var samples: [AccelerationMagnitudeSample] = []
        var clear = 0, all = 0
        var recorded = start, placed = 0.0
        var index = 0
        // Standing before the first piece, as between the others.
        for t in stride(from: 0.0, to: pause, by: 0.01) { samples.append(.init(time: t, magnitude: mean)) }
        placed = pause
        while recorded + piece <= start + 60 {
            let scale = index % 2 == 1 ? slowing : 1
            for sample in acceleration where sample.time >= recorded && sample.time < recorded + piece {
                let t = sample.time - recorded
                let weight = min(1, t / fade, (piece - t) / fade)
                samples.append(.init(time: placed + t * scale, magnitude: mean + weight * (sample.magnitude - mean)))
            }
            clear += stepTimes.filter { $0 >= recorded + fade && $0 < recorded + piece - fade }.count
            all += stepTimes.filter { $0 >= recorded && $0 < recorded + piece }.count
            placed += piece * scale
            for t in stride(from: 0.0, to: pause, by: 0.01) { samples.append(.init(time: placed + t, magnitude: mean)) }
            placed += pause
            recorded += piece
            index += 1
        }
        return (samples, clear, all)
    }

    /// The detector's steps in `samples`.
    static func steps(_ samples: [AccelerationMagnitudeSample]) -> [Double] {
        var detector = StepDetector()
        for sample in samples { detector.add(magnitude: sample) }
        detector.finish()
        return detector.drainSteps()
    }

    /// Seventeen pieces of about six steps, with 4.5–7 s of stillness between them: more than
    /// ``StepDetector/Configuration/lookBack`` from one piece's last step to the next one's first,
    /// less than twice it. At one cadence they are one walk, and every piece's steps count
    /// (until 2026-11-27 none did: each bout was too short to be a walk, the next too far).
    @Test(arguments: [4.5, 5.0, 5.5, 6.0, 6.5, 7.0])
    func boutsAtOneCadenceAreOneWalk(pause: Double) throws {
        let (samples, clear, all) = try Self.construct(pause: pause)
        let steps = Self.steps(samples)
        #expect(steps.count >= clear && steps.count <= all, "pause \(pause) s: \(steps.count) steps, \(clear)–\(all) true")
    }

    /// Every other piece slowed by half (its cadence two thirds of the others'): bouts at
    /// different rhythms, 6 s apart, are no walk (handling moves a device so), and so are bouts
    /// of one cadence more than twice ``StepDetector/Configuration/lookBack`` apart.
    @Test(arguments: [(6.0, 1.5), (9.0, 1.0)])
    func boutsAtOtherCadencesOrFarApartAreNoWalk(pause: Double, slowing: Double) throws {
        let samples = try Self.construct(pause: pause, slowing: slowing).samples
        let steps = Self.steps(samples)
        #expect(steps.isEmpty, "pause \(pause) s, every other piece slowed \(slowing)×: \(steps.count) steps")
    }
}
