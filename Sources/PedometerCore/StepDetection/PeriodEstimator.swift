/// Finds the step period of a window of band-passed acceleration from its normalised
/// autocorrelation, or decides that the window is not walking or running.
///
/// Walking is periodic twice over: every step (one foot strike) and every stride (two steps,
/// left and right, which differ when the phone is in a pocket, an armband or a swinging hand).
/// The first lag whose autocorrelation is a strong local maximum is the stride or the step
/// period; it is taken as a stride when half of it is also a step-like lag (the correlation at
/// half the lag is above ``Configuration/strideHalfCorrelation``), as a step otherwise. A bag or
/// an arm can also sway in a rhythm of its own: over three or four steps when the correlation
/// peaks (above that same level) at every step within the lag, and then the step is that
/// fraction of it; otherwise a lag longer than half the slowest stride that is not a stride is
/// no gait period, and the next strong lag is tried.
struct PeriodEstimator: Sendable {
    let configuration: StepDetector.Configuration
    /// Lags in samples at the detector's internal rate.
    let shortestLag: Int
    let longestLag: Int
    let shakingLag: Int
    /// The standard deviation of the last window ``stepPeriod(_:_:_:)`` was given, m/s^2 (0
    /// when it was too short to estimate).
    private(set) var lastDeviation = 0.0
    /// The lag, seconds, that the last window's period is half of when it was taken as a
    /// stride because the correlation at half of it is step-like; 0 otherwise.
    private(set) var lastStride = 0.0
    /// Scratch buffer, reused from window to window.
    private var correlation: [Double] = []
    /// Scratch buffer: per lag, the product of the energies of the overlapping head and tail.
    private var energies: [Double] = []

    init(configuration: StepDetector.Configuration) {
        self.configuration = configuration
        let rate = StepDetector.sampleRate
        shortestLag = Int((configuration.shortestStepPeriod * rate).rounded())
        longestLag = Int((configuration.longestStridePeriod * rate).rounded())
        shakingLag = Int((configuration.shortestShakePeriod * rate).rounded())
        correlation = [Double](repeating: 0, count: longestLag + 2)
        energies = correlation
    }

    /// The longest lag whose correlation is needed: the running sums must reach it.
    var maximumLag: Int { longestLag + 1 }

    /// The step period in seconds of the window `[low, high)` of the signal summed in `sums`;
    /// ``still`` when it is too short, too weak (under ``StepDetector/Configuration/
    /// minimumPeriodicAmplitude``, or under ``StepDetector/Configuration/minimumAmplitude``
    /// without a period) or shaking, ``aperiodic`` when it moves enough but shows no gait
    /// period.
    ///
    /// The correlation at each lag is that of the window's mean-removed samples, written in
    /// terms of running sums: with `m` the window's mean and `n` its length, the products of
    /// the overlapping parts sum to `Σx[k]x[k+L] − m·(Σhead + Σtail) + (n − L)·m²`.
    ///
    /// `searchedLag` (samples, at most ``longestLag``) shortens the lags searched, for a window
    /// too short to hold the slowest stride twice; the window needs 10 samples more than it.
    mutating func stepPeriod(_ sums: LaggedSums, _ low: Int, _ high: Int, searchedLag: Int? = nil) -> Double {
        let count = high - low
        let searchedLag = min(searchedLag ?? longestLag, longestLag)
        lastDeviation = 0
        lastStride = 0
        guard count >= searchedLag + 10 else { return Self.still }
        let n = Double(count)
        let mean = sums.sum(low, high) / n
        let energy = sums.sumOfSquares(low, high) - mean * sums.sum(low, high)
        let deviation = (max(energy, 0) / n).squareRoot()
        lastDeviation = deviation
        guard deviation >= min(configuration.minimumAmplitude, configuration.minimumPeriodicAmplitude) else {
            return Self.still
        }
        // Under minimumAmplitude only a period makes the window walking (a gentle walker).
        let weak = deviation < configuration.minimumAmplitude

        let maxLag = min(searchedLag + 1, count - 1)
        correlation.withUnsafeMutableBufferPointer { correlation in
            energies.withUnsafeMutableBufferPointer { energies in
                sums.withUnsafeView { sums in
                    Self.correlate(
                        sums, low, high, mean: mean, lags: 1...maxLag, into: correlation.baseAddress!,
                        energies: energies.baseAddress!)
                }
            }
        }
        correlation[0] = 1
        let searchEnd = min(searchedLag, maxLag)
        // The first of equal maxima, where max(_:_:) keeps the last: the same value (up to the
        // sign of a zero, which no comparison with the threshold sees), in one instruction a lag.
        var strongest = -Double.infinity
        for value in correlation[shortestLag..<searchEnd] { strongest = value > strongest ? value : strongest }
        let threshold = max(configuration.minimumCorrelation, configuration.relativeCorrelation * strongest)
        // A strong period shorter than any step is shaking or vibration, not gait.
        for lag in max(shakingLag, 1)..<shortestLag where isPeak(lag, threshold) {
            return Self.still
        }
        for lag in shortestLag..<searchEnd where isPeak(lag, threshold) {
            let period = interpolatedPeak(lag)
            // Three or four steps: the correlation peaks at every step within the lag.
            for steps in [4.0, 3.0] where period / steps >= Double(shortestLag) {
                let step = period / steps
                if (1..<Int(steps)).allSatisfy({ hasStepPeak(near: Double($0) * step) }) {
                    return step / StepDetector.sampleRate
                }
            }
            let half = period / 2
            let halfLag = Int(half.rounded())
            if half < Double(shortestLag)
                || (correlation[halfLag] <= configuration.strideHalfCorrelation && period <= Double(longestLag) / 2) {
                return period / StepDetector.sampleRate
            }
            lastStride = period / StepDetector.sampleRate
            return half / StepDetector.sampleRate
        }
        return weak ? Self.still : Self.aperiodic
    }

    /// Writes `correlation[L]` for every lag `L` in `lags`: with `n = high − low`, `m = mean`,
    /// `H` and `T` the sums of the head `[low, high − L)` and the tail `[low + L, high)`, `H²` and
    /// `T²` those of their squares and `P` the sum of their products,
    ///
    ///     dot  = P − m·(H + T) + (n − L)·m·m
    ///     head = H² − 2m·H + (n − L)·m·m,  tail = T² − 2m·T + (n − L)·m·m
    ///     correlation[L] = dot / (√(max(head, 0) · max(tail, 0)) + 10⁻¹²)
    ///
    /// First the numerators and the products under the square root, two lags at a time in SIMD
    /// lanes (each lane does the operations of one lag alone, in the same order; a lone last
    /// lag fills both lanes), then the quotients. `energies` is scratch space for the products.
    private static func correlate(
        _ sums: LaggedSums.UnsafeView, _ low: Int, _ high: Int, mean: Double, lags: ClosedRange<Int>,
        into correlation: UnsafeMutablePointer<Double>, energies: UnsafeMutablePointer<Double>
    ) {
        typealias Lanes = SIMD2<Double>
        let count = high - low
        let lowSlot = sums.slot(low), highSlot = sums.slot(high)
        let lowSum = sums.sums[lowSlot], lowSquares = sums.squares[lowSlot]
        let highSum = sums.sums[highSlot], highSquares = sums.squares[highSlot]
        let twiceMean = 2 * mean
        let width = sums.maximumLag
        sums.forEachRun(lags, low: low, high: high) { run, headSlot, tailSlot in
            // At lag `run.lowerBound + k`: the sums of prefix high − lag at [−k], those of prefix
            // low + lag at [k], its products at lag at `tailProducts` (a row and a lag further
            // each lag), and those of prefix high at `highProducts[k]`.
            let headSums = sums.sums + headSlot, headSquares = sums.squares + headSlot
            let tailSums = sums.sums + tailSlot, tailSquares = sums.squares + tailSlot
            let highProducts = sums.products + (highSlot &* width &+ run.lowerBound &- 1)
            var tailProducts = sums.products + (tailSlot &* width &+ run.lowerBound &- 1)
            let dots = correlation + run.lowerBound, products = energies + run.lowerBound
            let diagonal = width &+ 1

            /// Lags `k` and `next` (`next` is `k` or `k + 1`), with `overlap` their `n − lag`.
            @inline(__always)
            func pair(_ k: Int, _ next: Int, _ overlap: Lanes) {
                let headSum = Lanes(headSums[0 &- k], headSums[0 &- next]) - lowSum
                let tailSum = highSum - Lanes(tailSums[k], tailSums[next])
                let lagged =
                    Lanes(highProducts[k], highProducts[next])
                    - Lanes(tailProducts[0], tailProducts[(next &- k) &* diagonal])
                let dot = lagged - mean * (headSum + tailSum) + overlap * mean * mean
                let headEnergy =
                    Lanes(headSquares[0 &- k], headSquares[0 &- next]) - lowSquares - twiceMean * headSum
                    + overlap * mean * mean
                let tailEnergy =
                    highSquares - Lanes(tailSquares[k], tailSquares[next]) - twiceMean * tailSum
                    + overlap * mean * mean
                dots[k] = dot[0]
                dots[next] = dot[1]
                products[k] = max(headEnergy[0], 0) * max(tailEnergy[0], 0)
                products[next] = max(headEnergy[1], 0) * max(tailEnergy[1], 0)
            }

            let last = run.upperBound &- run.lowerBound
            var overlap = Lanes(Double(count &- run.lowerBound), Double(count &- run.lowerBound &- 1))
            var k = 0
            while k < last {
                pair(k, k &+ 1, overlap)
                overlap -= 2
                tailProducts += 2 &* diagonal
                k &+= 2
            }
            if k == last { pair(k, k, Lanes(repeating: overlap[0])) }
        }
        // The square roots apart: on this platform each may call the C library, which would
        // keep the loop above from holding its values in registers. Two lags at a time but
        // for the square roots, which SIMD does not keep in its lanes.
        var lag = lags.lowerBound
        while lag < lags.upperBound {
            let products = Lanes(loadingFrom: energies + lag)
            let roots = Lanes(products[0].squareRoot(), products[1].squareRoot())
            (Lanes(loadingFrom: correlation + lag) / (roots + 1e-12)).store(to: correlation + lag)
            lag &+= 2
        }
        if lag == lags.upperBound { correlation[lag] = correlation[lag] / (energies[lag].squareRoot() + 1e-12) }
    }

    /// Not walking: no movement, or shaking.
    static let still = 0.0
    /// Moving without a gait period: a turn, a stumble, handling the phone — or not walking.
    static let aperiodic = -1.0

    private func isPeak(_ lag: Int, _ threshold: Double) -> Bool {
        correlation[lag] >= threshold && correlation[lag] >= correlation[lag - 1] && correlation[lag] > correlation[lag + 1]
    }

    /// Whether the correlation has a step-like local maximum within a lag of `lag`.
    private func hasStepPeak(near lag: Double) -> Bool {
        let center = Int(lag.rounded())
        return (max(center - 1, 1)...min(center + 1, correlation.count - 2)).contains { l in
            correlation[l] > configuration.strideHalfCorrelation && correlation[l] >= correlation[l - 1]
                && correlation[l] >= correlation[l + 1]
        }
    }

    /// The lag of the parabola through the peak and its neighbours.
    private func interpolatedPeak(_ lag: Int) -> Double {
        let a = correlation[lag - 1], b = correlation[lag], c = correlation[lag + 1]
        let curvature = a - 2 * b + c
        guard curvature < 0 else { return Double(lag) }
        return Double(lag) + 0.5 * (a - c) / curvature
    }
}
