import Foundation
import Testing
@testable import PedometerCore
import TestSupport

/// Running at 150–200 steps/min, constructed from the mechanics of a run (no running
/// recording with a step truth is available): each step a stance phase whose vertical force
/// averages out to 1 g over the step, topped by a heel-strike transient that brings the peak to
/// 3–5 g, then a flight phase in free fall (0 g); braking and push-off fore and aft, sway
/// sideways once per stride, left and right strikes of different strength, step times
/// jittered by ±3 %.
@Suite struct RunningTests {
    struct Run {
        var cadence: Double
        var seconds = 60.0
        /// Heel-strike transients of the left and right foot, in g, on top of the stance force.
        var strikes = (left: 3.5, right: 2.5)
        var leadIn = 3.0, leadOut = 3.0
    }

    /// The samples at 100 Hz and the true step count.
    static func samples(_ run: Run, seed: UInt64) -> (samples: [AccelerationSample], steps: Int) {
        var rng = SplitMix64(seed: seed)
        let g = Synthetic.g
        var starts: [Double] = []
        var t = run.leadIn
        while t < run.leadIn + run.seconds {
            starts.append(t)
            t += rng.uniform(0.97, 1.03) / run.cadence
        }
        let end = t
        let vertical = Synthetic.tiltedAxis
        let forward = Vec3(0.9, -0.3, 0).normalized
        let sideways = Vec3(0, -0.3, 0.9).normalized
        var samples: [AccelerationSample] = []
        var step = 0
        for time in Synthetic.regularTimes(rate: 100, duration: end + run.leadOut) {
            while step + 1 < starts.count && starts[step + 1] <= time { step += 1 }
            var force = Vec3(0, 0, g) // standing: gravity along the world's vertical
            var along = g, fore = 0.0, side = 0.0
            if time >= starts[0] && time < end {
                let period = (step + 1 < starts.count ? starts[step + 1] : end) - starts[step]
                let contact = 0.6 * period
                let u = time - starts[step]
                // Half-sine stance whose mean over the step is 1 g: peak g·π·period / (2·contact).
                along = u < contact ? g * .pi * period / (2 * contact) * sin(.pi * u / contact) : 0
                let strike = step % 2 == 0 ? run.strikes.left : run.strikes.right
                along += strike * g * exp(-pow((u - 0.02) / 0.012, 2))
                fore = u < contact ? -0.5 * g * sin(2 * .pi * u / contact) : 0
                side = 0.3 * g * sin(.pi * (time - starts[0]) * run.cadence)
            }
            force = along * vertical + fore * forward + side * sideways
            let noise = 0.3 * Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian())
            let v = force + noise
            samples.append(AccelerationSample(time: time, x: v.x, y: v.y, z: v.z))
        }
        return (samples, starts.count)
    }

    @Test(arguments: [150.0, 175.0, 200.0])
    func runningWithinThreePercent(stepsPerMinute: Double) {
        let (samples, truth) = Self.samples(Run(cadence: stepsPerMinute / 60), seed: UInt64(stepsPerMinute))
        // The construction: peaks of 3–5 g.
        let peak = samples.map(\.magnitude).max()! / Synthetic.g
        #expect((3...5).contains(peak), "peak \(peak) g")
        let steps = Synthetic.detect(samples)
        let error = Double(steps.count - truth) / Double(truth) * 100
        #expect(abs(error) <= 3, "\(stepsPerMinute) steps/min: \(steps.count) of \(truth) (\(error) %)")
    }

    /// A sensor whose range is smaller than a run's impacts (±2 g: Empatica's E4, older phones
    /// and loggers) clips each axis at it: the strike's transient becomes a plateau, and the run
    /// is still counted within 3 %. (±4 g clips these runs' 3–5 g by a tenth of a g at most.)
    @Test func runningClippedAtTheSensorsRange() {
        let range = 2.0
        for stepsPerMinute in [150.0, 175.0, 200.0] {
            let (samples, truth) = Self.samples(Run(cadence: stepsPerMinute / 60), seed: UInt64(stepsPerMinute))
            let limit = range * Synthetic.g
            func clip(_ value: Double) -> Double { min(max(value, -limit), limit) }
            let clipped = samples.map { AccelerationSample(time: $0.time, x: clip($0.x), y: clip($0.y), z: clip($0.z)) }
            let peak = (samples.map(\.magnitude).max() ?? 0) / Synthetic.g
            let clippedPeak = (clipped.map(\.magnitude).max() ?? 0) / Synthetic.g
            #expect(clippedPeak < peak - 0.3, "the range clips the impacts: \(peak) g → \(clippedPeak) g")
            let steps = Synthetic.detect(clipped)
            let error = Double(steps.count - truth) / Double(truth) * 100
            #expect(abs(error) <= 3, "±\(range) g, \(stepsPerMinute) steps/min: \(steps.count) of \(truth) (\(error) %)")
        }
    }

    /// A runner who stops for 6 s and bounces on the spot (once a second, 1.5 m/s^2, as much as
    /// the run moves the band-passed signal), then runs on at the same cadence: counted within
    /// 3 %, no more than the 2 steps the run's bridge finds in the first bounces. The steps of
    /// a walk's moving pause (``StepDetector``'s `stepsWalkedThrough`) are for walking only: a
    /// run's impacts outweigh any arm movement, so a runner whose rhythm pauses has stopped
    /// (without that rule: 8 steps in the stop, +6.6 %).
    @Test func aRunnerWhoStopsAndBouncesDoesNotRunOn() {
        let (first, firstSteps) = Self.samples(Run(cadence: 3, seconds: 30, leadOut: 0), seed: 31)
        let stopStart = first.last!.time + 0.01, stopLength = 6.0
        var rng = SplitMix64(seed: 32)
        let bounce = Synthetic.regularTimes(rate: 100, duration: stopLength).map { t -> AccelerationSample in
            let v = (Synthetic.g + 1.5 * sin(2 * .pi * t)) * Synthetic.tiltedAxis
                + 0.3 * Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian())
            return AccelerationSample(time: stopStart + t, x: v.x, y: v.y, z: v.z)
        }
        let (second, secondSteps) = Self.samples(Run(cadence: 3, seconds: 30, leadIn: 0), seed: 33)
        let resumed = second.map { AccelerationSample(time: $0.time + stopStart + stopLength, x: $0.x, y: $0.y, z: $0.z) }
        let steps = Synthetic.detect(first + bounce + resumed)
        let inStop = steps.filter { $0 > stopStart + 0.5 && $0 < stopStart + stopLength - 0.5 }
        #expect(inStop.count <= 2, "steps in the stop: \(inStop)")
        let truth = firstSteps + secondSteps
        let error = Double(steps.count - truth) / Double(truth) * 100
        #expect(abs(error) <= 3, "\(steps.count) of \(truth) (\(error) %)")
    }

    /// A run that turns at once into a walk at half its cadence (174 → 87 steps/min, the walk's
    /// step lag equal to the run's stride) is counted within 3 %: the walk's steps are not read
    /// as the run's strides (the stride rule of ``StepDetector`` holds for walking only).
    @Test func runTurningIntoAWalkAtHalfItsCadence() {
        let (running, runSteps) = Self.samples(Run(cadence: 2.9, seconds: 30, leadOut: 0), seed: 29)
        let end = running.last!.time + 0.01
        let gait = Synthetic.Gait(cadence: 1.45, steps: 44, leadIn: 0)
        let walking = Synthetic.walk(gait, times: Synthetic.regularTimes(rate: 100, duration: gait.totalDuration), seed: 30)
            .map { AccelerationSample(time: $0.time + end, x: $0.x, y: $0.y, z: $0.z) }
        let steps = Synthetic.detect(running + walking)
        let truth = runSteps + gait.steps
        let error = Double(steps.count - truth) / Double(truth) * 100
        #expect(abs(error) <= 3, "\(steps.count) of \(truth) (\(error) %)")
    }
}
