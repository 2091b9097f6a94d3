import Foundation
@testable import PedometerCore
import TestSupport

/// A 3-vector for building signals.
struct Vec3 {
    var x, y, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    static let zero = Vec3(0, 0, 0)

    var normalized: Vec3 {
        let n = (x * x + y * y + z * z).squareRoot()
        return Vec3(x / n, y / n, z / n)
    }

    static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func * (s: Double, a: Vec3) -> Vec3 { Vec3(s * a.x, s * a.y, s * a.z) }
}

enum Synthetic {
    static let g = 9.81
    /// The phone's tilted "vertical": gravity and the gait acceleration lie along it.
    static let tiltedAxis = Vec3(0.3, 0.9, 0.3).normalized

    // MARK: Timestamps

    /// Regular timestamps at `rate` Hz over [0, duration).
    static func regularTimes(rate: Double, duration: Double) -> [Double] {
        let n = Int((duration * rate).rounded(.down))
        return (0..<n).map { Double($0) / rate }
    }

    /// Timestamps whose intervals are each uniform in [minInterval, maxInterval].
    static func jitteredTimes(minInterval: Double, maxInterval: Double, duration: Double, rng: inout SplitMix64) -> [Double] {
        var times: [Double] = []
        var t = 0.0
        while t < duration {
            times.append(t)
            t += rng.uniform(minInterval, maxInterval)
        }
        return times
    }

    // MARK: Gait

    /// Parameters of a synthetic walk or run.
    struct Gait {
        /// Steps per second.
        var cadence: Double
        /// Steps walked (the walk lasts `steps / cadence` seconds); even, so that the walk is
        /// whole strides and ends where it began, at zero.
        var steps: Int
        /// Amplitude of the step fundamental along the vertical, m/s^2. The second harmonic and
        /// the stride (left/right asymmetry) component scale with it: 0.32·A and 0.24·A
        /// (0.8 and 0.6 for A = 2.5).
        var amplitude = 2.5
        /// Per-axis Gaussian noise while walking, m/s^2.
        var noise = 0.3
        /// Per-axis Gaussian noise while standing still before and after, m/s^2.
        var stillNoise = 0.03
        /// Standing still before the walk and after it, seconds.
        var leadIn = 3.0
        var leadOut = 3.0

        var walkStart: Double { leadIn }
        var walkDuration: Double { Double(steps) / cadence }
        var walkEnd: Double { leadIn + walkDuration }
        var totalDuration: Double { walkEnd + leadOut }
    }

    /// The gait waveform along the vertical at `t` seconds into the walk: one fundamental
    /// cycle per step (so `steps` maxima in the walk), a second harmonic for the heel-strike
    /// shape, and a half-cadence stride term for the left/right asymmetry.
    static func gaitWaveform(_ t: Double, cadence f: Double, amplitude a: Double) -> Double {
        a * sin(2 * .pi * f * t) + 0.32 * a * sin(4 * .pi * f * t + 0.7) + 0.24 * a * sin(.pi * f * t)
    }

    /// The time into the waveform at which a walk starts: its first downward zero crossing,
    /// just after a maximum. The walk begins and, lasting whole strides (an even number of
    /// steps), ends there: at zero, falling, after its last impact, without a jump or a cut-off
    /// rise that the band-pass would turn into one more peak. It holds exactly `steps` maxima.
    static func walkPhase(cadence f: Double, amplitude a: Double) -> Double {
        var high = 0.5 / f, low = 0.7 / f  // w(high) > 0 > w(low)
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if gaitWaveform(mid, cadence: f, amplitude: a) > 0 { high = mid } else { low = mid }
        }
        return (low + high) / 2
    }

    /// Acceleration samples of `gait` at `times`. `.total`: gravity along ``tiltedAxis`` plus the
    /// gait waveform along it (the specific force along the vertical is floored at 0: a phone in
    /// free fall feels nothing, it cannot feel less), plus noise on each axis. `.user`: the gait
    /// waveform along the axis plus noise, without gravity.
    static func walk(_ gait: Gait, times: [Double], kind: AccelerationKind = .total, seed: UInt64) -> [AccelerationSample] {
        var rng = SplitMix64(seed: seed)
        let axis = tiltedAxis
        let phase = walkPhase(cadence: gait.cadence, amplitude: gait.amplitude)
        return times.map { t in
            let walking = t >= gait.walkStart && t < gait.walkEnd
            let w = walking ? gaitWaveform(t - gait.walkStart + phase, cadence: gait.cadence, amplitude: gait.amplitude) : 0
            let sigma = walking ? gait.noise : gait.stillNoise
            let vertical = kind == .total ? max(g + w, 0) : w
            let v = vertical * axis + sigma * Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian())
            return AccelerationSample(time: t, x: v.x, y: v.y, z: v.z)
        }
    }

    // MARK: Not walking

    /// Any signal: gravity along `gravityAxis` plus `extra(t)` plus per-axis noise `sigma`.
    static func samples(times: [Double], gravityAxis: Vec3 = Vec3(0, 0, 1), sigma: Double, seed: UInt64,
                        extra: (Double) -> Vec3 = { _ in .zero }) -> [AccelerationSample] {
        var rng = SplitMix64(seed: seed)
        return times.map { t in
            let v = g * gravityAxis + extra(t) + sigma * Vec3(rng.gaussian(), rng.gaussian(), rng.gaussian())
            return AccelerationSample(time: t, x: v.x, y: v.y, z: v.z)
        }
    }

    /// A phone ringing flat on a table for `duration` s at 100 Hz: a 40 Hz buzz of `amplitude`
    /// m/s², mostly in the phone's plane, 0.5 s on and 0.5 s off.
    static func ringingPhone(amplitude: Double, duration: Double = 60, seed: UInt64) -> [AccelerationSample] {
        let direction = Vec3(0.8, 0.5, 0.33).normalized
        return samples(times: regularTimes(rate: 100, duration: duration), sigma: 0.03, seed: seed) { t in
            let ringing = t.truncatingRemainder(dividingBy: 1) < 0.5
            return (ringing ? amplitude * sin(2 * .pi * 40 * t) : 0) * direction
        }
    }

    /// Random arrivals at mean rate `rate` per second over [0, duration): (time, amplitude).
    static func poissonEvents(rate: Double, duration: Double, amplitude: ClosedRange<Double>,
                              rng: inout SplitMix64) -> [(time: Double, amplitude: Double)] {
        var events: [(time: Double, amplitude: Double)] = []
        var t = rng.exponential(mean: 1 / rate)
        while t < duration {
            let a = rng.uniform(amplitude.lowerBound, amplitude.upperBound) * (rng.uniform() < 0.5 ? -1 : 1)
            events.append((t, a))
            t += rng.exponential(mean: 1 / rate)
        }
        return events
    }

    /// Band-limited Gaussian noise at `times` (regular, `rate` Hz) with standard deviation
    /// `sigma`: white noise through a 2-pole low-pass at `high` Hz minus its 2-pole low-pass at
    /// `low` Hz (a smoothed random walk without drift), rescaled to `sigma` exactly.
    static func bandLimitedNoise(count: Int, rate: Double, low: Double, high: Double, sigma: Double,
                                 rng: inout SplitMix64) -> [Double] {
        func alpha(_ f: Double) -> Double {
            let dt = 1 / rate
            let rc = 1 / (2 * .pi * f)
            return dt / (rc + dt)
        }
        let ah = alpha(high), al = alpha(low)
        var h1 = 0.0, h2 = 0.0, l1 = 0.0, l2 = 0.0
        var out: [Double] = []
        out.reserveCapacity(count)
        // Warm up so the slow filter starts in its steady state.
        let warmUp = Int(10 * rate / low)
        for i in 0..<(count + warmUp) {
            let x = rng.gaussian()
            h1 += ah * (x - h1)
            h2 += ah * (h1 - h2)
            l1 += al * (h2 - l1)
            l2 += al * (l1 - l2)
            if i >= warmUp { out.append(h2 - l2) }
        }
        let mean = out.reduce(0, +) / Double(count)
        let sd = (out.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(count)).squareRoot()
        return out.map { ($0 - mean) * sigma / sd }
    }

    // MARK: Running the detector

    /// Feeds `samples` to a fresh detector, finishes it and returns every step time.
    static func detect(_ samples: [AccelerationSample], kind: AccelerationKind = .total,
                       configuration: StepDetector.Configuration = .init()) -> [Double] {
        var detector = StepDetector(configuration: configuration)
        for sample in samples { detector.add(sample, kind: kind) }
        detector.finish()
        return detector.drainSteps()
    }

    /// Tolerance on a step count of `n` true steps: a step may be lost or gained at each end of
    /// a walk (the first and last cycles are partial in the detector's 4 s window), and 2 % of a
    /// long walk (what a phone pedometer is expected to get right).
    static func tolerance(_ n: Int) -> Int { max(2, Int((0.02 * Double(n)).rounded(.up))) }
}
