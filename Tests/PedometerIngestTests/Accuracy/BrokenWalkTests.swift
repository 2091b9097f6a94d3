import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// A walk seen only in short bouts, with pauses longer than ``StepDetector/Configuration/lookBack``
/// between them. On a wrist, the magnitude shows a walk's rhythm for a few seconds at a time
/// between arm movements that leave 5–7 s without a period; the walk goes on through them, the
/// device moving, at its cadence. A walker who stands still that long has stopped.
@Suite struct BrokenWalkTests {
    /// Normal walk 4 of the wrist set (`Fixtures/wrist-watch/`, hand-counted 101 steps): from 19
    /// to 50 s its rhythm shows only in bouts of 3–9 steps at 0.6–0.75 s a step, 6–7 s apart,
    /// the wrist moving between them. Those bouts count, at one cadence through moving pauses,
    /// and so do the steps of the pauses in which the wrist moved at least as much as the walk
    /// (`StepDetector.stepsWalkedThrough(pauseAfter:every:before:every:)`). A lone window that
    /// misreads an arm movement's shape between two stretches without a period, the walk's
    /// cadence read again for two windows after them, no longer splits their bridge: from 41.5
    /// to 48 s the walk goes on (8 steps, none until 2026-11-29). 99 steps; 92 before that rule,
    /// 62 until 2026-11-28 (the bouts alone), 46 until 2026-11-27. A ratchet: raise the lower
    /// bound when the count improves; the upper bound is the wrist's 5 %.
    @Test func aWristWalkBrokenByArmMovementsGoesOn() throws {
        let (detected, truth) = try GroundTruthTests.detect("wrist-watch/l2-25hz-normal-walking4.csv")
        #expect(truth == 101)
        #expect(detected >= 99 && detected <= truth + 5, "\(detected) of \(truth)")
        let steps = try Self.stepTimes(of: "wrist-watch/l2-25hz-normal-walking4.csv")
        #expect(steps.filter { $0 >= 41.5 && $0 < 48 }.count >= 8, "\(steps.filter { $0 >= 41.5 && $0 < 48 })")
    }

    /// Fast walk 1 of the wrist set (`Fixtures/wrist-watch/`, hand-counted 156 steps, a step
    /// every 0.45 s throughout): arm movements leave its windows without a period for seconds at
    /// a time, and a window next to them can misread the cadence (0.69 s at 22.6 s). A walk's
    /// period is the median of its last window's length of hops, not its newest hop's, so that
    /// misreading does not become the walk's: the halves of the windows after it read the walk's
    /// 0.43–0.47 s and the walk goes on (17 steps from 20 to 28 s, 10 while the newest hop was
    /// the walk's period; 137 in all, 123 then). A ratchet: raise the bounds as it improves.
    @Test func aWristWalkWhoseCadenceOneWindowMisreadsGoesOn() throws {
        let steps = try Self.stepTimes(of: "wrist-watch/l2-25hz-fast-walking1.csv")
        #expect(steps.filter { $0 >= 20 && $0 < 28 }.count >= 17, "\(steps.filter { $0 >= 20 && $0 < 28 })")
        #expect(steps.count >= 137 && steps.count <= 164, "\(steps.count) of 156")
    }

    /// The 12.5 Hz fast walk in shoes of the wrist set (`Fixtures/wrist-watch/`, hand-counted 238
    /// steps, a step every 0.45–0.48 s): from 10 to 15 s the magnitude repeats once per stride
    /// and its windows read a step of 0.93–0.98 s, then 3.4 s show no period, and from 18.8 s
    /// the windows read the walk's step. Cadence does not double across such a stretch: the walk
    /// before it was read at its stride, and the stretch is walked at the step after it (7 steps
    /// from 15.4 to 18.8 s, none until 2026-11-29; 230 in all, 219 then). A ratchet: raise the
    /// bounds as it improves; the upper bound is the wrist's 5 %.
    @Test func aWristWalkReadAtItsStrideThenAtItsStepGoesOnBetween() throws {
        let steps = try Self.stepTimes(of: "wrist-watch/l1-12hz-fast-walking-sh.csv")
        #expect(steps.filter { $0 >= 15.4 && $0 < 18.8 }.count >= 6, "\(steps.filter { $0 >= 15.4 && $0 < 18.8 })")
        #expect(steps.count >= 230 && steps.count <= 249, "\(steps.count) of 238")
    }

    /// The step times the detector finds in a magnitude-only fixture (`relative` to `Fixtures/`).
    static func stepTimes(of relative: String) throws -> [Double] {
        let (_, sink) = try readRecording(Fixtures.path(relative))
        var detector = StepDetector()
        for sample in sink.magnitudes { detector.add(magnitude: sample) }
        detector.finish()
        return detector.drainSteps()
    }

    /// Seconds at which each arm movement of ``armMovements(over:)`` starts, after the steady
    /// minute's start, and how long it lasts: longer than ``StepDetector/Configuration/longestBridge``
    /// with the window it spoils, shorter than twice ``StepDetector/Configuration/lookBack``.
    static let movements = [34.0], movementLength = 6.5

    /// An arm's gestures over `length` seconds: one swing after another, each a single cycle
    /// under a Hann window, 0.3–1.2 s long and 20–40 m/s^2 at its peak, along directions that
    /// change from one to the next, at no steady rhythm (a seeded generator), fading in and out
    /// over the first and last half second. Several times the walk's own movement, as the
    /// wrist set's arm movements are.
    static func armMovements(over length: Double) -> [(start: Double, duration: Double, amplitude: Double, direction: SIMD3<Double>)] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func uniform(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        var swings: [(Double, Double, Double, SIMD3<Double>)] = []
        var t = 0.0
        while true {
            let duration = uniform(0.3...1.2)
            guard t + duration <= length else { break }
            let direction = HandlingTests.normalized(SIMD3(uniform(-1...1), uniform(-1...1), uniform(-1...1)))
            swings.append((t, duration, uniform(20...40), direction))
            t += duration + uniform(0...0.3)
        }
        return swings
    }

    /// `samples` with the arm movements of ``armMovements(over:)`` added from each of `starts`.
    static func withArmMovements(_ samples: [AccelerationSample], from starts: [Double]) -> [AccelerationSample] {
        let swings = armMovements(over: movementLength)
        return samples.map { sample in
            var v = SIMD3(sample.x, sample.y, sample.z)
            for start in starts where sample.time >= start && sample.time < start + movementLength {
                let t = sample.time - start
                let fade = min(1, t / 0.5, (movementLength - t) / 0.5)
                for swing in swings where t >= swing.start && t < swing.start + swing.duration {
                    let phase = 2 * Double.pi * (t - swing.start) / swing.duration
                    let push: Double = fade * swing.amplitude * (0.5 - 0.5 * cos(phase)) * sin(phase)
                    v += push * swing.direction
                }
            }
            return AccelerationSample(time: sample.time, x: v.x, y: v.y, z: v.z)
        }
    }

    /// The steady minute of the Oxford in-hand walk (``StridePeriodicTests/steadyMinute()``) as
    /// a magnitude, as a watch logs it, with 6.5 s of arm movements over the walk from 34 s on:
    /// its seconds show no period, longer than a bridge, and the walk's rhythm resumes after
    /// them at its cadence. The walker walked on throughout, so the minute is counted within
    /// 3 % with no stride-long interval: 112 of 112. Before 2026-11-28 the movement left 6.5 s
    /// without steps (101). Other gestures (other seeds, other places in the minute) often keep
    /// the walk's windows periodic and are bridged as before; docs/accuracy.md, the wrist, has
    /// the figures.
    @Test func aWalkGoesOnThroughArmMovements() throws {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first], end = start + 60
        let truth = stepTimes.filter { $0 >= start && $0 < end }
        let samples = Self.withArmMovements(
            acceleration.filter { $0.time < end + 1 }, from: Self.movements.map { start + $0 })
        AsymmetricGaitTests.expectMinuteCounted(
            AsymmetricGaitTests.steps(in: samples, magnitudeOnly: true), truth: truth, "arm movements")
    }

    /// Seconds of walking kept in each piece, and the fade at each of its ends.
    static let piece = 3.5, fade = 0.25

    /// The steady minute of the Oxford in-hand walk (``StridePeriodicTests/steadyMinute()``),
    /// magnitude only, kept in pieces of `piece` seconds (faded in and out over a quarter
    /// second) that start every `piece + pause` seconds, the device still between them.
    static func construct(pause: Double) throws -> [AccelerationMagnitudeSample] {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first]
        let minute = acceleration.filter { $0.time >= start && $0.time < start + 60 }
        let mean = minute.reduce(0) { $0 + $1.magnitude } / Double(minute.count)
        var samples: [AccelerationMagnitudeSample] = []
        var recorded = start, placed = 0.0
        func addPause() {
            for t in stride(from: 0.0, to: pause, by: 0.01) { samples.append(.init(time: placed + t, magnitude: mean)) }
            placed += pause
        }
        addPause()
        while recorded + piece <= start + 60 {
            for sample in acceleration where sample.time >= recorded && sample.time < recorded + piece {
                let t = sample.time - recorded
                let weight = min(1, t / fade, (piece - t) / fade)
                samples.append(.init(time: placed + t, magnitude: mean + weight * (sample.magnitude - mean)))
            }
            placed += piece
            addPause()
            recorded += piece
        }
        return samples
    }

    /// Seventeen pieces of about six steps of a real walk at one cadence, with 4.5–7 s of
    /// stillness between them, from the magnitude alone: each bout too short to be a walk, and
    /// the walker stood still between them, so they are no walk (a watch has no gravity to
    /// tell a walk from standing, ``StepDetector/Configuration/shortestWalk``). Bouts of regular
    /// taps or blows at a walking rhythm, 4–8 s apart, are as much a walk as these.
    @Test(arguments: [4.5, 5.5, 7.0])
    func boutsAfterStandingStillAreNoWalk(pause: Double) throws {
        var detector = StepDetector()
        for sample in try Self.construct(pause: pause) { detector.add(magnitude: sample) }
        detector.finish()
        let steps = detector.drainSteps()
        #expect(steps.isEmpty, "pause \(pause) s: \(steps.count) steps")
    }
}
