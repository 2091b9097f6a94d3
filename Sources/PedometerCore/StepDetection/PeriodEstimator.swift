/// Finds the step period of a window of band-passed acceleration from its normalised
/// autocorrelation, or decides that the window is not walking or running.
///
/// Walking is periodic twice over: every step (one foot strike) and every stride (two steps,
/// left and right, which differ when the phone is in a pocket, an armband or a swinging hand).
/// The first lag whose autocorrelation is a strong local maximum is the stride or the step
/// period; it is taken as a stride when half of it is also a step-like lag (the correlation at
/// half the lag is above ``Configuration/strideHalfCorrelation``), as a step otherwise.
struct PeriodEstimator: Sendable {
    let configuration: StepDetector.Configuration
    /// Lags in samples at the detector's internal rate.
    let shortestLag: Int
    let longestLag: Int
    let shakingLag: Int
    /// Scratch buffers, reused from window to window.
    private var centred: [Double] = []
    private var squares: [Double] = []
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

    /// The step period in seconds of `window`; ``still`` when it is too short, too weak or
    /// shaking, ``aperiodic`` when it moves enough but shows no gait period.
    mutating func stepPeriod(_ window: ArraySlice<Double>) -> Double {
        let count = window.count
        guard count >= minimumWindow else { return Self.still }
        var mean = 0.0
        for value in window { mean += value }
        mean /= Double(count)
        centred.removeAll(keepingCapacity: true)
        squares.removeAll(keepingCapacity: true)
        // squares[k] = sum of centred[0..<k]^2: the energies of the overlapping parts in O(1).
        squares.append(0)
        var energy = 0.0
        for value in window {
            let c = value - mean
            centred.append(c)
            energy += c * c
            squares.append(energy)
        }
        let deviation = (energy / Double(count)).squareRoot()
        guard deviation >= configuration.minimumAmplitude else { return Self.still }

        let maxLag = min(longestLag + 1, count - 1)
        centred.withUnsafeBufferPointer { x in
            let base = UnsafeRawPointer(x.baseAddress!)
            let stride = MemoryLayout<Double>.stride
            for lag in 1...maxLag {
                // Eight lanes of partial sums: the products vectorise (the summation order is
                // fixed, so the result is the same on every run).
                let length = count - lag
                var lanes = SIMD4<Double>(repeating: 0)
                var more = SIMD4<Double>(repeating: 0)
                var k = 0
                while k + 8 <= length {
                    let a = base.loadUnaligned(fromByteOffset: k * stride, as: SIMD4<Double>.self)
                    let b = base.loadUnaligned(fromByteOffset: (k + lag) * stride, as: SIMD4<Double>.self)
                    let c = base.loadUnaligned(fromByteOffset: (k + 4) * stride, as: SIMD4<Double>.self)
                    let d = base.loadUnaligned(fromByteOffset: (k + 4 + lag) * stride, as: SIMD4<Double>.self)
                    lanes += a * b
                    more += c * d
                    k += 8
                }
                var dot = (lanes + more).sum()
                while k < length {
                    dot += x[k] * x[k + lag]
                    k += 1
                }
                let head = squares[count - lag]            // sum over x[0..<count-lag]
                let tail = squares[count] - squares[lag]   // sum over x[lag..<count]
                correlation[lag] = dot / ((head * tail).squareRoot() + 1e-12)
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
            let half = period / 2
            let halfLag = Int(half.rounded())
            if half < Double(shortestLag) || correlation[halfLag] <= configuration.strideHalfCorrelation {
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

    /// The lag of the parabola through the peak and its neighbours.
    private func interpolatedPeak(_ lag: Int) -> Double {
        let a = correlation[lag - 1], b = correlation[lag], c = correlation[lag + 1]
        let curvature = a - 2 * b + c
        guard curvature < 0 else { return Double(lag) }
        return Double(lag) + 0.5 * (a - c) / curvature
    }
}
