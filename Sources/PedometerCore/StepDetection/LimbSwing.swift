/// Tells a limb's swing from a slow walker's step, in a window whose signal along gravity
/// repeats once per period, slower than a run's stride, and not at half of it.
///
/// A limb swings forward and back once per stride (two steps): a device on a wrist, in a hand
/// or a trouser pocket turns with it, so across gravity it feels one oscillation per stride
/// (the swing's own acceleration and the share of gravity the turn tips into it), and along
/// gravity that swing can outweigh the foot strikes at a brisk pace (a watch on a walker's
/// wrist at 125 steps/min reads 0.96 s, as if 63 steps/min). A slow walker's step of that
/// length has its stride twice as long: across gravity the trunk sways sideways once per
/// stride and brakes and pushes forward at every step, and a swinging limb still swings once
/// per stride, so the acceleration across gravity is no single oscillation at the step.
///
/// Other motions repeat once per period across gravity too, without a step: a pedalling
/// thigh (a phone in a trouser pocket while cycling), a hammer, a push on a wheel or on a
/// trolley at each step. What a walking stride has besides is two beats in the magnitude of
/// acceleration, which the device's turning does not change: the feet strike twice, and a
/// swinging arm pulls the wrist towards the shoulder as it passes the bottom of each swing,
/// forward and back. So the magnitude must read a stride as the estimator reads one along
/// gravity (its correlation at half the period above ``StepDetector/Configuration/
/// strideHalfCorrelation``), where those motions beat once (an adversarial review's cycling,
/// hammering, wheel-pushing and trolley-walking signals: −0.6 to −0.9, all of them counted at
/// twice their rate without this).
///
/// Measured: of the windows read as a step of 0.75 s or longer, the Pebble wrist walk above
/// swings so in 196 of 197, 95 of them with a magnitude that reads a stride (the walk's own
/// holds carry the rest); the Oxford walks played 1.7 times slower (65 steps/min), 1.4 times
/// slower and as recorded in none of their 28,493, 10,968 and 201; no other recording of the
/// data sets' in more than one.
///
/// The acceleration across gravity is a vector (``GravityAxis/split(_:magnitude:timeStep:)``),
/// low-passed and resampled with the step signal but not band-passed, as is the magnitude:
/// each window's mean is taken out, and the dot products of vectors stand for the products of
/// values, so the correlation does not depend on how the device is turned.
enum LimbSwing {
    /// How plainly the acceleration across gravity must swing once per period: correlated at
    /// least this much at the period and anti-correlated as much at half of it, as a single
    /// oscillation is (a sine correlates 1 at its period and −1 at half of it; the wrist walk's
    /// windows, measured offline, 0.87 and −0.79 at the median).
    static let correlation = 0.7

    /// Whether the window `samples` (per sample: the acceleration across gravity in `[0]` to
    /// `[2]`, a vector in the device's frame, and the magnitude of acceleration in `[3]`), read
    /// as one step of `period` samples along gravity, is a walking stride: across gravity it
    /// swings once per period (see ``correlation``), and the magnitude, which the device's
    /// turning does not change, correlates above `halfCorrelation` at half the period, as the
    /// estimator asks of a stride's signal along gravity (two beats a period).
    static func isStride(_ samples: ArraySlice<SIMD4<Double>>, period: Double, halfCorrelation: Double) -> Bool {
        let lag = Int(period.rounded()), halfLag = Int((period / 2).rounded())
        guard halfLag > 0, lag + 10 <= samples.count else { return false }
        let mean = samples.reduce(.zero, +) / Double(samples.count)
        let atPeriod = correlations(samples, mean: mean, lag: lag)
        guard atPeriod.across >= correlation else { return false }
        let atHalf = correlations(samples, mean: mean, lag: halfLag)
        return atHalf.across <= -correlation && atHalf.magnitude > halfCorrelation
    }

    /// The correlations of the mean-removed samples with themselves `lag` samples later, over
    /// their overlap, as ``PeriodEstimator`` computes it for the signal along gravity: of the
    /// vectors across gravity (the dot products of vectors for the products of values: the same
    /// whichever way the device is turned), and of the magnitude.
    private static func correlations(
        _ samples: ArraySlice<SIMD4<Double>>, mean: SIMD4<Double>, lag: Int
    ) -> (across: Double, magnitude: Double) {
        var dot = SIMD4<Double>.zero, head = SIMD4<Double>.zero, tail = SIMD4<Double>.zero
        var index = samples.startIndex
        while index + lag < samples.endIndex {
            let a = samples[index] - mean, b = samples[index + lag] - mean
            dot += a * b
            head += a * a
            tail += b * b
            index += 1
        }
        func across(_ v: SIMD4<Double>) -> Double { v[0] + v[1] + v[2] }
        return (
            across(dot) / ((across(head) * across(tail)).squareRoot() + 1e-12),
            dot[3] / ((head[3] * tail[3]).squareRoot() + 1e-12)
        )
    }
}
