import Foundation
import Testing
@testable import PedometerCore
import TestSupport

/// Synthetic signals with known answers (see `SyntheticSignals.swift`).
///
/// Counting tolerance: `Synthetic.tolerance(n)` = max(2, ⌈2 % of n⌉) — one step may be lost or
/// gained at each end of a walk, whose first and last cycles are partial, plus 2 % of a long walk.
@Suite struct StepDetectorTests {
    typealias Gait = Synthetic.Gait

    private func expectCount(_ steps: [Double], _ expected: Int, _ label: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let tolerance = Synthetic.tolerance(expected)
        #expect(abs(steps.count - expected) <= tolerance,
                "\(label): expected \(expected) ± \(tolerance), got \(steps.count)",
                sourceLocation: sourceLocation)
    }

    private func expectAscending(_ steps: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 }, "step times are not strictly ascending",
                sourceLocation: sourceLocation)
    }

    // MARK: 1–3. Sampling rates and timestamps

    /// 1. A 2 Hz walk of 120 steps (60 s) at common rates.
    @Test(arguments: [50.0, 100.0, 400.0])
    func walkAtCommonRates(rate: Double) {
        let gait = Gait(cadence: 2, steps: 120)
        let samples = Synthetic.walk(gait, times: Synthetic.regularTimes(rate: rate, duration: gait.totalDuration),
                                     seed: UInt64(rate))
        let steps = Synthetic.detect(samples)
        expectCount(steps, 120, "2 Hz walk at \(rate) Hz")
        expectAscending(steps)
    }

    /// 2. The extremes of the supported input rates (2500 Hz: a lab system's accelerometer).
    @Test(arguments: [15.0, 500.0, 2500.0])
    func walkAtExtremeRates(rate: Double) {
        let gait = Gait(cadence: 2, steps: 120)
        let samples = Synthetic.walk(gait, times: Synthetic.regularTimes(rate: rate, duration: gait.totalDuration),
                                     seed: 1000 + UInt64(rate))
        let steps = Synthetic.detect(samples)
        expectCount(steps, 120, "2 Hz walk at \(rate) Hz")
        expectAscending(steps)
    }

    /// 3. 100 Hz nominal, each interval uniform in 5–15 ms.
    @Test func walkWithJitteredTimestamps() {
        let gait = Gait(cadence: 2, steps: 120)
        var rng = SplitMix64(seed: 3)
        let times = Synthetic.jitteredTimes(minInterval: 0.005, maxInterval: 0.015, duration: gait.totalDuration, rng: &rng)
        let steps = Synthetic.detect(Synthetic.walk(gait, times: times, seed: 33))
        expectCount(steps, 120, "jittered 100 Hz")
        expectAscending(steps)
    }

    // MARK: 4. Gaps

    /// 4. A 120 s, 240-step walk at 100 Hz with two 2 s holes (no samples), as a logger that
    /// drops data (a phone's background throttling, a Bluetooth sensor's lost packets) writes.
    ///
    /// The walker took 240 steps: missing data is not a pause. Each hole ends a segment (2 s >
    /// `maximumGap` 0.5 s), and the walk that goes on at its cadence when the data resume
    /// fills it with its steps, evenly: about 4 in each hole, a step apart, and says how many it
    /// placed (``StepDetector/stepsInDataGaps``). (Until 2026-11-25
    /// the holes' 8 steps were not counted: 228...234 was expected, of the 232 "observable".)
    @Test func walkWithTwoHoles() {
        let gait = Gait(cadence: 2, steps: 240)
        let holes = [(gait.walkStart + 30.0, gait.walkStart + 32.0), (gait.walkStart + 80.0, gait.walkStart + 82.0)]
        let times = Synthetic.regularTimes(rate: 100, duration: gait.totalDuration).filter { t in
            !holes.contains { t >= $0.0 && t < $0.1 }
        }
        var detector = StepDetector()
        for sample in Synthetic.walk(gait, times: times, seed: 4) { detector.add(sample) }
        detector.finish()
        let steps = detector.drainSteps()
        expectCount(steps, 240, "two 2 s holes in a walk")
        #expect((6...10).contains(detector.stepsInDataGaps), "steps placed in the holes: \(detector.stepsInDataGaps)")
        for hole in holes {
            let around = steps.filter { $0 > hole.0 - 0.5 && $0 < hole.1 + 0.5 }
            #expect((4...6).contains(around.count), "hole \(hole) and the half second either side: \(around)")
            let intervals = zip(around, around.dropFirst()).map { $1 - $0 }
            #expect(intervals.allSatisfy { abs($0 - 0.5) <= 0.1 }, "steps across the hole \(hole) not a step apart: \(around)")
        }
        expectAscending(steps)
    }

    /// 4b. A hole longer than ``StepDetector/Configuration/longestBridge`` (5 s > 4 s) is not
    /// filled: that long, the walker may as well have stopped. About 10 steps are lost.
    @Test func walkWithAHoleLongerThanABridge() {
        let gait = Gait(cadence: 2, steps: 240)
        let hole = (gait.walkStart + 50.0, gait.walkStart + 55.0)
        let times = Synthetic.regularTimes(rate: 100, duration: gait.totalDuration).filter { $0 < hole.0 || $0 >= hole.1 }
        let steps = Synthetic.detect(Synthetic.walk(gait, times: times, seed: 5))
        expectCount(steps, 230, "a 5 s hole in a walk")
        #expect(steps.allSatisfy { $0 <= hole.0 || $0 >= hole.1 }, "steps placed in a 5 s hole")
    }

    /// 4c. A walk that ends inside a hole (the walker stops while the logger drops 2 s) gets no
    /// steps after its last one: no walk resumes beyond the hole.
    @Test func walkEndingInAHole() {
        let gait = Gait(cadence: 2, steps: 120)
        let hole = (gait.walkEnd - 0.5, gait.walkEnd + 1.5)
        let times = Synthetic.regularTimes(rate: 100, duration: gait.totalDuration).filter { $0 < hole.0 || $0 >= hole.1 }
        let steps = Synthetic.detect(Synthetic.walk(gait, times: times, seed: 6))
        expectCount(steps, 119, "a walk ending in a hole (one step inside it)")
        #expect(steps.allSatisfy { $0 <= hole.0 }, "steps placed in or after the hole the walk ended in")
    }

    /// 4d. Across a 2 s hole the cadence changes from 2 to 1.4 steps/s (30 % or more): not the
    /// same walk going on, so the hole is not filled.
    @Test func holeBetweenTwoCadences() {
        let brisk = Gait(cadence: 2, steps: 60, leadOut: 0)
        var slow = Gait(cadence: 1.4, steps: 42)
        slow.leadIn = brisk.walkEnd + 2
        let times = Synthetic.regularTimes(rate: 100, duration: slow.totalDuration)
        let samples =
            Synthetic.walk(brisk, times: times.filter { $0 < brisk.walkEnd }, seed: 7)
            + Synthetic.walk(slow, times: times.filter { $0 >= slow.walkStart }, seed: 8)
        let steps = Synthetic.detect(samples)
        expectCount(steps, 102, "2 then 1.4 steps/s across a hole")
        #expect(steps.allSatisfy { $0 <= brisk.walkEnd || $0 >= slow.walkStart }, "steps placed in the hole between two cadences")
    }

    // MARK: 5. Step times

    /// 5. A clean 1.8 steps/s walk: evenly spaced, ascending step times from the walk's start.
    @Test func stepTimesFollowTheCadence() {
        let gait = Gait(cadence: 1.8, steps: 108, noise: 0.1)
        let steps = Synthetic.detect(Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: 5))
        expectCount(steps, 108, "clean 1.8 Hz walk")
        expectAscending(steps)
        let intervals = zip(steps, steps.dropFirst()).map { $1 - $0 }.sorted()
        #expect(!intervals.isEmpty)
        let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        #expect(abs(median - 1 / 1.8) <= 0.05 / 1.8, "median interval \(median) s, expected \(1 / 1.8) ± 5 %")
        if let first = steps.first, let last = steps.last {
            // The onset and the end themselves: see `Robustness.noStepsBeforeOrAfterAWalk`.
            #expect(first <= gait.walkStart + 1.5, "first step at \(first) s, walk starts at \(gait.walkStart) s")
            #expect(last >= gait.walkEnd - 1.5, "last step at \(last) s, walk ends at \(gait.walkEnd) s")
        }
    }

    /// 5. The first steps of a short walk are not lost: 10 s at 1.8 steps/s is 18 steps.
    @Test func shortWalkKeepsItsFirstSteps() {
        let gait = Gait(cadence: 1.8, steps: 18, noise: 0.1)
        let steps = Synthetic.detect(Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: 55))
        #expect(abs(steps.count - 18) <= 2, "10 s walk: expected 18 ± 2, got \(steps.count)")
        if let first = steps.first {
            #expect(first <= gait.walkStart + 1.5, "first step at \(first) s, walk starts at \(gait.walkStart) s")
        }
    }

    // MARK: 6–9. Not walking

    /// 6. Ten minutes of a phone lying still.
    @Test(arguments: [0.02, 0.05])
    func lyingStill(sigma: Double) {
        let samples = Synthetic.samples(times: Synthetic.regularTimes(rate: 100, duration: 600),
                                        gravityAxis: Synthetic.tiltedAxis, sigma: sigma, seed: 6)
        let steps = Synthetic.detect(samples)
        #expect(steps.isEmpty, "lying still, noise σ \(sigma): expected 0, got \(steps.count)")
    }

    /// 7. Buzzing on a table: a 30–50 Hz vibration of 0.5–2 m/s² for 60 s.
    @Test(arguments: [100.0, 400.0], [(30.0, 0.5), (30.0, 2.0), (40.0, 1.0), (50.0, 0.5), (50.0, 2.0)])
    func vibratingOnATable(rate: Double, vibration: (frequency: Double, amplitude: Double)) {
        // The motor shakes the phone mostly in its plane; gravity is along z (flat on the table).
        let direction = Vec3(0.8, 0.5, 0.33).normalized
        let phase = 0.4
        let samples = Synthetic.samples(times: Synthetic.regularTimes(rate: rate, duration: 60), sigma: 0.03,
                                        seed: 7) { t in
            (vibration.amplitude * sin(2 * .pi * vibration.frequency * t + phase)) * direction
        }
        let steps = Synthetic.detect(samples)
        #expect(steps.count <= 1, "vibrating \(vibration) at \(rate) Hz: expected ≤ 1, got \(steps.count)")
    }

    /// 7. A ringing phone on a table: the buzz pulsed on and off (0.5 s / 0.5 s: a 1 Hz
    /// envelope, in the gait band), 2 m/s², 60 s.
    @Test func pulsedBuzzOnATable() {
        let samples = Synthetic.ringingPhone(amplitude: 2, seed: 77)
        let steps = Synthetic.detect(samples)
        #expect(steps.count <= 1, "pulsed 2 m/s² buzz: expected ≤ 1, got \(steps.count)")
    }

    /// 9. Shaking the phone by hand at 5–6 Hz, ±15 m/s², for 30 s.
    @Test(arguments: ["horizontal", "vertical"])
    func shakingByHand(direction name: String) {
        let direction = name == "horizontal" ? Vec3(1, 0.2, -0.3).normalized : Synthetic.tiltedAxis
        let samples = Synthetic.samples(times: Synthetic.regularTimes(rate: 100, duration: 30),
                                        gravityAxis: Synthetic.tiltedAxis, sigma: 0.3, seed: 9) { t in
            // 5.5 ± 0.5 Hz, the hand's rate drifting over 5 s.
            let phase = 2 * Double.pi * (5.5 * t - 0.5 / (2 * .pi * 0.2) * cos(2 * .pi * 0.2 * t))
            return (15 * sin(phase)) * direction
        }
        let steps = Synthetic.detect(samples)
        #expect(steps.count <= 5, "shaking \(name): expected ≤ 5, got \(steps.count)")
    }

    /// 9. Irregular vigorous handling: 0.5–5 Hz band-limited noise, σ 3 m/s² per axis, 60 s.
    /// A 2 Hz walk of 60 s is 120 steps; at most 10 % of that.
    @Test(arguments: [92 as UInt64, 93])
    func irregularHandling(seed: UInt64) {
        Self.expectFewStepsWhileHandling(seed: seed)
    }

    /// 60 s of irregular vigorous handling at 100 Hz: 0.5–5 Hz band-limited noise, σ 3 m/s² per axis.
    static func handlingSamples(seed: UInt64) -> [AccelerationSample] {
        let rate = 100.0, count = 6000
        var rng = SplitMix64(seed: seed)
        let nx = Synthetic.bandLimitedNoise(count: count, rate: rate, low: 0.5, high: 5, sigma: 3, rng: &rng)
        let ny = Synthetic.bandLimitedNoise(count: count, rate: rate, low: 0.5, high: 5, sigma: 3, rng: &rng)
        let nz = Synthetic.bandLimitedNoise(count: count, rate: rate, low: 0.5, high: 5, sigma: 3, rng: &rng)
        return Synthetic.samples(times: Synthetic.regularTimes(rate: rate, duration: 60),
                                 gravityAxis: Synthetic.tiltedAxis, sigma: 0, seed: seed) { t in
            let i = min(Int((t * rate).rounded()), count - 1)
            return Vec3(nx[i], ny[i], nz[i])
        }
    }

    static func expectFewStepsWhileHandling(seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) {
        let steps = Synthetic.detect(handlingSamples(seed: seed))
        #expect(steps.count <= 12, "irregular handling (seed \(seed)): expected ≤ 12, got \(steps.count)",
                sourceLocation: sourceLocation)
    }

    // MARK: 10–12. Other gaits and streams

    /// 11. A slow walk: 1.4 steps/s (84 steps/min) for 60 s.
    @Test func slowWalk() {
        let gait = Gait(cadence: 1.4, steps: 84)
        let steps = Synthetic.detect(Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: 11))
        expectCount(steps, 84, "slow walk 1.4 Hz")
        expectAscending(steps)
    }

    /// 12. User acceleration (gravity removed by the device): just the gait and the noise.
    @Test func userAcceleration() {
        let gait = Gait(cadence: 2, steps: 120)
        let samples = Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration),
                                     kind: .user, seed: 12)
        let steps = Synthetic.detect(samples, kind: .user)
        expectCount(steps, 120, "user acceleration 2 Hz")
        expectAscending(steps)
    }

    // MARK: 13. Determinism

    /// 13. Draining after every sample or only at the end, or running twice, gives the same steps.
    @Test func deterministicAndIndependentOfDraining() {
        let samples = Self.walkStandWalk()

        var eager = StepDetector()
        var eagerSteps: [Double] = []
        for sample in samples {
            eager.add(sample)
            eagerSteps += eager.drainSteps()
        }
        eager.finish()
        eagerSteps += eager.drainSteps()

        let lazySteps = Synthetic.detect(samples)
        let againSteps = Synthetic.detect(samples)
        #expect(eagerSteps == lazySteps)
        #expect(lazySteps == againSteps)
        #expect(!lazySteps.isEmpty)
        expectAscending(lazySteps)
    }

    // MARK: 14. Short bouts

    /// Walks one after the other, each with its own stillness before and after (a pause between
    /// two is the first's `leadOut` plus the second's `leadIn`), at 100 Hz.
    static func walks(_ gaits: [Gait], seed: UInt64) -> [AccelerationSample] {
        var samples: [AccelerationSample] = []
        var offset = 0.0
        for (index, gait) in gaits.enumerated() {
            let times = Synthetic.regularTimes(rate: 100, duration: gait.totalDuration)
            samples += Synthetic.walk(gait, times: times, seed: seed &+ UInt64(index))
                .map { AccelerationSample(time: $0.time + offset, x: $0.x, y: $0.y, z: $0.z) }
            offset += gait.totalDuration
        }
        return samples
    }

    /// 14a. Six steps alone, 10 s of stillness either side, the phone turned by 90° over the
    /// 2 s before them (taken out of a pocket, raised to be read): fewer than
    /// ``StepDetector/Configuration/confirmingSteps``, far from any walk, the device handled,
    /// so no walk (handling a phone shows such periodic seconds every few tens of seconds).
    @Test func shortBoutAloneIsNoWalk() {
        let samples = Self.walks([Gait(cadence: 2, steps: 6, leadIn: 10, leadOut: 10)], seed: 141)
        let steps = Synthetic.detect(Self.turned(samples, by: .pi / 2, over: 8...10))
        #expect(steps.isEmpty, "6 steps alone after a turn: expected none, got \(steps.count)")
    }

    /// 14g. The same lone walk with the device steady (a sensor worn on the body, a phone left
    /// in a pocket): from standing to standing, a walk of its own (to a door, a shelf), counted
    /// from two strides on (``StepDetector/Configuration/shortestWalk``). (Until 2026-11-26
    /// every walk under ten steps was dropped: a lower-back sensor's daily living came out at a
    /// third of its steps.) The irregular handling of 9 moves as much before its periodic
    /// seconds as in them: no walk from standing (``irregularHandling(seed:)``).
    @Test(arguments: [(6, 6), (4, 4)])
    func shortWalkFromStandingCounts(walked: Int, counted: Int) {
        let steps = Synthetic.detect(Self.walks([Gait(cadence: 2, steps: walked, leadIn: 10, leadOut: 10)], seed: 141))
        #expect(steps.count == counted, "\(walked) steps alone, the device steady: expected \(counted), got \(steps.count)")
    }

    /// 14h. The same lone walk with the device leaning 35° and back over the 3 s before it, a
    /// sensor on the lower back as its walker rises from a chair (Mobilise-D's daily living:
    /// 36° at the rise, 11° over the walk): the rise is no handling, the walk counts. Leaning
    /// so and staying leaned is a turn of the device (14a's, milder): no walk.
    @Test(arguments: [(true, 6), (false, 0)])
    func shortWalkAfterRisingCounts(leansBack: Bool, counted: Int) {
        let samples = Self.walks([Gait(cadence: 2, steps: 6, leadIn: 10, leadOut: 10)], seed: 141)
        let leaned = Self.turned(samples, by: 35 * .pi / 180, over: 7...8)
        let steps = Synthetic.detect(leansBack ? Self.turned(leaned, by: -35 * .pi / 180, over: 8.5...9.5) : leaned)
        #expect(steps.count == counted, "6 steps after leaning \(leansBack ? "and back" : "for good"): expected \(counted), got \(steps.count)")
    }

    /// `samples` with the device turned by `angle` about its x axis over `range` (seconds),
    /// evenly, and held so after it.
    static func turned(_ samples: [AccelerationSample], by angle: Double, over range: ClosedRange<Double>) -> [AccelerationSample] {
        samples.map { sample in
            let a = angle * min(max((sample.time - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
            return AccelerationSample(
                time: sample.time, x: sample.x, y: sample.y * cos(a) - sample.z * sin(a), z: sample.y * sin(a) + sample.z * cos(a))
        }
    }

    /// 14b–c. Six steps, 2 s standing, 40 steps, or the other way round: the short bout lies
    /// within ``StepDetector/Configuration/lookBack`` of the walk, so 46 steps. The cadences
    /// differ (1.5 and 2.2 steps/s); for one cadence on both sides see 14f.
    @Test(arguments: [true, false])
    func shortBoutNextToAWalkCounts(shortBoutFirst: Bool) {
        var gaits = [Gait(cadence: 1.5, steps: 6, leadIn: 5, leadOut: 1), Gait(cadence: 2.2, steps: 40, leadIn: 1, leadOut: 5)]
        if !shortBoutFirst {
            gaits = [Gait(cadence: 2.2, steps: 40, leadIn: 5, leadOut: 1), Gait(cadence: 1.5, steps: 6, leadIn: 1, leadOut: 5)]
        }
        let steps = Synthetic.detect(Self.walks(gaits, seed: shortBoutFirst ? 142 : 143))
        expectCount(steps, 46, shortBoutFirst ? "6 steps, 2 s standing, 40 steps" : "40 steps, 2 s standing, 6 steps")
        expectAscending(steps)
    }

    /// 14d. Four bouts of six steps with 2 s standing between them (browsing shelves): each too
    /// short, but together a walk with short pauses, so 24 steps. The last bout starts more than
    /// ``StepDetector/Configuration/lookBack`` after the first chain's last step: it counts as
    /// continuing the walk through the third.
    @Test func shortBoutsWithShortPausesMakeAWalk() {
        var gaits = [1.5, 2.2, 1.5, 2.2].map { Gait(cadence: $0, steps: 6, leadIn: 1, leadOut: 1) }
        gaits[0].leadIn = 5
        gaits[3].leadOut = 5
        let steps = Synthetic.detect(Self.walks(gaits, seed: 144))
        expectCount(steps, 24, "4 × (6 steps, 2 s standing)")
        expectAscending(steps)
    }

    /// 14f. A pause of 1–3 s standing between two walks at one cadence: the period stays known
    /// across it (the windows and the bridge see walking on both sides), but an interval that
    /// lacks more than ``StepDetector/Configuration/maximumMissedSteps`` steps is standing,
    /// not steps whose peaks do not show. Six steps then 40, and 30 then 30, at 1.6 and
    /// 2 steps/s (these gave up to 52 and 66 when every such interval was filled).
    @Test(arguments: [1.0, 2.0, 3.0])
    func pauseBetweenWalksOfOneCadenceIsNoSteps(pause: Double) {
        for cadence in [1.6, 2.0] {
            for (first, second) in [(6, 40), (30, 30)] {
                let gaits = [Gait(cadence: cadence, steps: first, leadIn: 5, leadOut: pause / 2),
                             Gait(cadence: cadence, steps: second, leadIn: pause / 2, leadOut: 5)]
                let steps = Synthetic.detect(Self.walks(gaits, seed: 145))
                expectCount(steps, first + second, "\(first) steps, \(pause) s standing, \(second) steps at \(cadence) steps/s")
                expectAscending(steps)
            }
        }
    }

    /// 14e. Held steps come out within ``StepDetector/latency`` of the newest sample, as every
    /// step does (``Pedometer`` takes earlier seconds as final): drained after every sample, over
    /// handling noise (short bouts held and dropped), the walks above (held and counted), and
    /// short walks with the phone turned between them (pauses with the device handled, across
    /// which a bout goes on: ``StepDetector/Configuration/handlingTurn``).
    @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
    func stepsComeOutWithinLatency(seed: UInt64) {
        let handling = Self.handlingSamples(seed: seed)
        let shortBouts = Self.walks([1.5, 2.2, 1.5, 2.2].map { Gait(cadence: $0, steps: 6, leadIn: 1, leadOut: 1) }, seed: seed)
        for samples in [handling, shortBouts, Self.shortWalksBetweenTurns(seed: seed)] {
            var detector = StepDetector()
            var late: [String] = []
            for sample in samples {
                detector.add(sample)
                for step in detector.drainSteps() where step < sample.time - detector.latency {
                    late.append("step at \(step) s out at \(sample.time) s")
                }
            }
            #expect(late.isEmpty, "\(late.prefix(3))")
        }
    }

    /// Fourteen walks of 3 steps at 1 step/s, the phone turned by 90° about a horizontal axis
    /// (and back) over the first 1.5 s of the 2.5 s of noisy handling between them; at 100 Hz.
    static func shortWalksBetweenTurns(seed: UInt64) -> [AccelerationSample] {
        func turned(_ v: Vec3, _ angle: Double) -> Vec3 {
            Vec3(v.x, v.y * cos(angle) - v.z * sin(angle), v.y * sin(angle) + v.z * cos(angle))
        }
        var rng = SplitMix64(seed: seed)
        var samples: [AccelerationSample] = []
        var offset = 0.0
        for piece in 0..<14 {
            let angle = piece % 2 == 0 ? 0 : Double.pi / 2, next = Double.pi / 2 - angle
            let gait = Gait(cadence: 1, steps: 3, leadIn: 0.2, leadOut: 0.2)
            let times = Synthetic.regularTimes(rate: 100, duration: gait.totalDuration)
            for sample in Synthetic.walk(gait, times: times, seed: seed &+ UInt64(piece)) {
                let v = turned(Vec3(sample.x, sample.y, sample.z), angle)
                samples.append(AccelerationSample(time: sample.time + offset, x: v.x, y: v.y, z: v.z))
            }
            offset += gait.totalDuration
            for tick in 0..<250 {
                let t = Double(tick) / 100
                let v = turned(
                    Synthetic.g * Synthetic.tiltedAxis + 1.5 * Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian()),
                    angle + (next - angle) * min(t / 1.5, 1))
                samples.append(AccelerationSample(time: offset + t, x: v.x, y: v.y, z: v.z))
            }
            offset += 2.5
        }
        return samples
    }

    // MARK: 15. Handling at a walk's end

    /// A 40-step walk at `cadence` steps/s, then the phone is lifted (from an ear, out of a
    /// pocket): one 0.3 s bump along the vertical, `lift` m/s² high, peaking 0.8 of a step after
    /// the walk's end (about a step after its last impact), then standing still 6 s; at 100 Hz.
    static func walkThenLift(_ lift: Double, cadence: Double = 2, seed: UInt64) -> [AccelerationSample] {
        let gait = Gait(cadence: cadence, steps: 40, leadIn: 3, leadOut: 6)
        let width = 0.3, start = gait.walkEnd + 0.8 / cadence - width / 2
        return Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: seed)
            .map { sample in
                let s = sample.time - start
                guard s >= 0, s < width else { return sample }
                let bump = lift * 0.5 * (1 - cos(2 * .pi * s / width))
                let v = Vec3(sample.x, sample.y, sample.z) + bump * Synthetic.tiltedAxis
                return AccelerationSample(time: sample.time, x: v.x, y: v.y, z: v.z)
            }
    }

    /// 15a. The lift's peak is several times the walk's steps' (``StepDetector/Configuration/
    /// handlingPeakRatio``): the walk's 40 steps, as without the lift, at a slow, usual and
    /// brisk cadence with a lift of 4 times the step's amplitude (2.5 m/s²), and of 8 times at
    /// the two quicker ones. Without the rule (an infinite ratio) the lift is one more step, as
    /// in the hand-counted walks where the phone is taken from the ear at the end (28 counted
    /// of 26 and 27). Limit, with or without the rule: at 1.6 steps/s a lift of 6 times or more
    /// falls in the window of the walk's last step, whose peak is then under half that window's
    /// level: that step is lost (39), and the lift's own window shows no period.
    @Test(arguments: zip([1.6, 2.0, 2.4, 2.0, 2.4], [10.0, 10.0, 10.0, 20.0, 20.0]))
    func liftingThePhoneAfterAWalkIsNoStep(cadence: Double, lift: Double) {
        let seed = UInt64(cadence * 10 + lift)
        let withoutLift = Synthetic.detect(Self.walkThenLift(0, cadence: cadence, seed: seed))
        let withLift = Synthetic.detect(Self.walkThenLift(lift, cadence: cadence, seed: seed))
        var noRule = StepDetector.Configuration()
        noRule.handlingPeakRatio = .infinity
        let withLiftNoRule = Synthetic.detect(Self.walkThenLift(lift, cadence: cadence, seed: seed), configuration: noRule)
        let label = "\(cadence) steps/s, lift \(lift) m/s²"
        expectCount(withoutLift, 40, label)
        #expect(withLift == withoutLift, "\(label): \(withLift.count) with the lift, \(withoutLift.count) without")
        #expect(withLiftNoRule.count == withoutLift.count + 1, "\(label): the lift is a peak the detector would count")
    }

    /// 15b. A hard last step, a bump 1.2 times the step's amplitude a step after the last
    /// impact, still counts: its peak stays under twice the steps' (the hardest last step of
    /// the 110 Oxford and lower-back walks is 1.42 times the median).
    @Test func hardLastStepCounts() {
        let withoutLift = Synthetic.detect(Self.walkThenLift(0, seed: 4))
        let hardLast = Synthetic.detect(Self.walkThenLift(3, seed: 4))
        #expect(hardLast.count == withoutLift.count + 1, "a hard last step: \(hardLast.count), without it \(withoutLift.count)")
    }

    /// Walking 58 steps at 1.9 steps/s, standing 10 s, walking 48 steps at 1.6 steps/s: 106 steps.
    static func walkStandWalk() -> [AccelerationSample] {
        let first = Gait(cadence: 1.9, steps: 58, leadIn: 2, leadOut: 10)
        let firstSamples = Synthetic.walk(first, times: Synthetic.regularTimes(rate: 100, duration: first.totalDuration), seed: 13)
        let second = Gait(cadence: 1.6, steps: 48, leadIn: 0, leadOut: 3)
        let offset = first.totalDuration
        let secondSamples = Synthetic.walk(second, times: Synthetic.regularTimes(rate: 100, duration: second.totalDuration), seed: 131)
            .map { AccelerationSample(time: $0.time + offset, x: $0.x, y: $0.y, z: $0.z) }
        return firstSamples + secondSamples
    }
}

// MARK: - Known failures

extension StepDetectorTests {
    /// Edges of walks, running, a car and a strong buzz: these failed with earlier versions of
    /// the detector (steps counted in noise up to 1.5 s before a walk, gap filling after it;
    /// 24 steps in the car; 58 for the strong buzz).
    @Suite struct Robustness {
        typealias Gait = Synthetic.Gait

        /// No step more than 0.25 s before a walk's first impact or after its last one (the
        /// band-pass delays a peak by ≈ 0.12 s). Standing still around the walk: σ 0.03 m/s².
        @Test(arguments: [1.4, 2.0, 2.8])
        func noStepsBeforeOrAfterAWalk(cadence: Double) {
            let gait = Gait(cadence: cadence, steps: Int((30 * cadence / 2).rounded()) * 2)
            let steps = Synthetic.detect(Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: 21))
            let before = steps.filter { $0 < gait.walkStart - 0.25 }
            let after = steps.filter { $0 > gait.walkEnd + 0.25 }
            #expect(before.isEmpty, "\(cadence) steps/s, walk starts at \(gait.walkStart) s: steps before it at \(before)")
            #expect(after.isEmpty, "\(cadence) steps/s, walk ends at \(gait.walkEnd) s: steps after it at \(after)")
            #expect(abs(steps.count - gait.steps) <= Synthetic.tolerance(gait.steps),
                    "\(cadence) steps/s: expected \(gait.steps) ± \(Synthetic.tolerance(gait.steps)), got \(steps.count)")
        }

        /// 13. Walk, stand, walk: 58 + 48 = 106 steps.
        @Test func walkStandWalkCount() {
            let steps = Synthetic.detect(StepDetectorTests.walkStandWalk())
            let tolerance = Synthetic.tolerance(106)
            #expect(abs(steps.count - 106) <= tolerance, "walk, stand, walk: expected 106 ± \(tolerance), got \(steps.count)")
        }

        /// 10. Running: 2.8 steps/s with 10 m/s² impacts for 60 s at 100 Hz.
        @Test func running() {
            let gait = Gait(cadence: 2.8, steps: 168, amplitude: 10)
            let steps = Synthetic.detect(Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: 10))
            #expect(abs(steps.count - 168) <= Synthetic.tolerance(168), "running 2.8 Hz: expected 168 ± \(Synthetic.tolerance(168)), got \(steps.count)")
        }

        /// 8. Five minutes in a car: engine vibration, broadband noise and random road bumps.
        @Test func inACar() {
            let rate = 100.0, duration = 300.0
            var rng = SplitMix64(seed: 8)
            let bumps = Synthetic.poissonEvents(rate: 1, duration: duration, amplitude: 0.5...2, rng: &rng)
            let engineDirection = Vec3(0.5, 0.5, 0.7).normalized
            let vertical = Synthetic.tiltedAxis
            var first = 0
            let samples = Synthetic.samples(times: Synthetic.regularTimes(rate: rate, duration: duration),
                                            gravityAxis: vertical, sigma: 0.2, seed: 88) { t in
                // Engine: 25–40 Hz, sweeping with the revs over a minute (phase = ∫ 2π f dt).
                let phase = 2 * Double.pi * (32.5 * t - 7.5 * 60 / (2 * .pi) * cos(2 * .pi * t / 60))
                var a = (0.3 * sin(phase)) * engineDirection
                // Road bumps: a damped 1.5 Hz oscillation each, decaying with τ = 0.2 s (gone in ~0.5 s).
                while first < bumps.count && bumps[first].time < t - 2 { first += 1 }
                var bump = 0.0
                var k = first
                while k < bumps.count && bumps[k].time <= t {
                    let s = t - bumps[k].time
                    bump += bumps[k].amplitude * exp(-s / 0.2) * sin(2 * .pi * 1.5 * s)
                    k += 1
                }
                a = a + bump * vertical
                return a
            }
            let steps = Synthetic.detect(samples)
            #expect(steps.count <= 10, "5 min in a car (\(bumps.count) bumps): expected ≤ 10, got \(steps.count)")
        }

        /// 7. A ringing phone with a strong buzz: 4 m/s² (0.4 g, within what phone motors
        /// produce), 0.5 s on / 0.5 s off, 60 s. Beyond the 0.5–2 m/s² asked for; at 2 m/s²
        /// see `pulsedBuzzOnATable`.
        @Test func strongPulsedBuzzOnATable() {
            let steps = Synthetic.detect(Synthetic.ringingPhone(amplitude: 4, seed: 77))
            #expect(steps.count <= 1, "pulsed 4 m/s² buzz: expected ≤ 1, got \(steps.count)")
        }

        /// 9. Irregular handling, the seed that gave the most steps of the three: 13 > 12 (10 % of
        /// the 120 steps of a 2 Hz walk of the same 60 s), in three isolated bouts of 3–6 steps
        /// (a short bout counts only in or near a walk of ``StepDetector/Configuration/confirmingSteps``).
        @Test func irregularHandlingWorstSeed() {
            StepDetectorTests.expectFewStepsWhileHandling(seed: 91)
        }
    }
}
