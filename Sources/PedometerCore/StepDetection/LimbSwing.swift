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
/// Measured: of the windows read as a step of 0.75 s or longer, the Pebble wrist walk above
/// swings so in all 197; the Oxford walks played 1.7 times slower (65 steps/min) in 34 of
/// 28,493 (their counts unchanged), 1.4 times slower in none of 10,968, as recorded in none
/// of 201; no other recording of the data sets' in more than one.
///
/// The acceleration across gravity is a vector (``GravityAxis/split(_:magnitude:timeStep:)``),
/// low-passed and resampled with the step signal but not band-passed: each window's mean is
/// taken out, and the dot products of vectors stand for the products of values, so the
/// correlation does not depend on how the device is turned.
enum LimbSwing {
    /// How plainly the acceleration across gravity must swing once per period: correlated at
    /// least this much at the period and anti-correlated as much at half of it, as a single
    /// oscillation is (a sine correlates 1 at its period and −1 at half of it; the wrist walk's
    /// windows, measured offline, 0.87 and −0.79 at the median).
    static let correlation = 0.7

    /// Whether `across`, the acceleration across gravity over a window (a vector in the
    /// device's frame), swings once every `period` samples (see ``correlation``).
    static func swingsOnce(_ across: ArraySlice<SIMD3<Double>>, period: Double) -> Bool {
        let lag = Int(period.rounded()), halfLag = Int((period / 2).rounded())
        guard halfLag > 0, lag + 10 <= across.count else { return false }
        let mean = across.reduce(.zero, +) / Double(across.count)
        return Self.correlation(across, mean: mean, lag: lag) >= correlation
            && Self.correlation(across, mean: mean, lag: halfLag) <= -correlation
    }

    /// The correlation of the mean-removed vectors with themselves `lag` samples later, over
    /// their overlap, as ``PeriodEstimator`` computes it for the signal along gravity (the dot
    /// products of vectors for the products of values: the same whichever way the device is
    /// turned).
    private static func correlation(_ samples: ArraySlice<SIMD3<Double>>, mean: SIMD3<Double>, lag: Int) -> Double {
        var dot = SIMD3<Double>.zero, head = SIMD3<Double>.zero, tail = SIMD3<Double>.zero
        var index = samples.startIndex
        while index + lag < samples.endIndex {
            let a = samples[index] - mean, b = samples[index + lag] - mean
            dot += a * b
            head += a * a
            tail += b * b
            index += 1
        }
        return dot.sum() / ((head.sum() * tail.sum()).squareRoot() + 1e-12)
    }
}
