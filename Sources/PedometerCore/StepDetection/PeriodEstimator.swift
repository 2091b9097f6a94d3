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
    /// Scratch buffer, reused from window to window.
    private var correlation: [Double] = []

    init(configuration: StepDetector.Configuration) {
        self.configuration = configuration
        let rate = StepDetector.sampleRate
        shortestLag = Int((configuration.shortestStepPeriod * rate).rounded())
        longestLag = Int((configuration.longestStridePeriod * rate).rounded())
        shakingLag = Int((configuration.shortestShakePeriod * rate).rounded())
        correlation = [Double](repeating: 0, count: longestLag + 2)
    }

    /// The fewest samples a window needs before a period can be estimated.
    var minimumWindow: Int { longestLag + 10 }

    /// The longest lag whose correlation is needed: the running sums must reach it.
    var maximumLag: Int { longestLag + 1 }

    /// The step period in seconds of the window `[low, high)` of the signal summed in `sums`;
    /// ``still`` when it is too short, too weak or shaking, ``aperiodic`` when it moves enough
    /// but shows no gait period.
    ///
    /// The correlation at each lag is that of the window's mean-removed samples, written in
    /// terms of running sums: with `m` the window's mean and `n` its length, the products of
    /// the overlapping parts sum to `Σx[k]x[k+L] − m·(Σhead + Σtail) + (n − L)·m²`.
    mutating func stepPeriod(_ sums: LaggedSums, _ low: Int, _ high: Int) -> Double {
        let count = high - low
        guard count >= minimumWindow else { return Self.still }
        let n = Double(count)
        let mean = sums.sum(low, high) / n
        let energy = sums.sumOfSquares(low, high) - mean * sums.sum(low, high)
        let deviation = (max(energy, 0) / n).squareRoot()
        guard deviation >= configuration.minimumAmplitude else { return Self.still }

        let maxLag = min(maximumLag, count - 1)
        correlation.withUnsafeMutableBufferPointer { correlation in
            sums.withUnsafeView { sums in
                for lag in 1...maxLag {
                    let overlap = Double(count - lag)
                    let headSum = sums.sum(low, high - lag)
                    let tailSum = sums.sum(low + lag, high)
                    let dot = sums.laggedProduct(lag, low, high) - mean * (headSum + tailSum) + overlap * mean * mean
                    let head = sums.sumOfSquares(low, high - lag) - 2 * mean * headSum + overlap * mean * mean
                    let tail = sums.sumOfSquares(low + lag, high) - 2 * mean * tailSum + overlap * mean * mean
                    correlation[lag] = dot / ((max(head, 0) * max(tail, 0)).squareRoot() + 1e-12)
                }
            }
        }
        correlation[0] = 1
        let searchEnd = min(longestLag, maxLag)
        var strongest = -Double.infinity
        for lag in shortestLag..<searchEnd { strongest = max(strongest, correlation[lag]) }
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
            if half < Double(shortestLag) || correlation[halfLag] <= configuration.strideHalfCorrelation {
                guard period <= Double(longestLag) / 2 else { continue }  // too slow for a step
                return period / StepDetector.sampleRate
            }
            return half / StepDetector.sampleRate
        }
        return Self.aperiodic
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
