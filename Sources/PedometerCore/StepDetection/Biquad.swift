import RealModule

/// A second-order IIR section (direct form II transposed), designed with the bilinear transform.
struct Biquad: Sendable, Hashable {
    private var b0, b1, b2, a1, a2: Double
    private var z1 = 0.0, z2 = 0.0

    private init(b0: Double, b1: Double, b2: Double, a0: Double, a1: Double, a2: Double) {
        self.b0 = b0 / a0
        self.b1 = b1 / a0
        self.b2 = b2 / a0
        self.a1 = a1 / a0
        self.a2 = a2 / a0
    }

    /// Butterworth (Q = 1/√2) low-pass with cut-off `frequency` Hz at `sampleRate` Hz.
    static func lowPass(frequency: Double, sampleRate: Double) -> Biquad {
        let k = Double.tan(Double.pi * frequency / sampleRate)
        let q = 1 / 2.0.squareRoot()
        let norm = 1 + k / q + k * k
        return Biquad(b0: k * k, b1: 2 * k * k, b2: k * k, a0: norm, a1: 2 * (k * k - 1), a2: 1 - k / q + k * k)
    }

    /// Butterworth (Q = 1/√2) high-pass with cut-off `frequency` Hz at `sampleRate` Hz.
    static func highPass(frequency: Double, sampleRate: Double) -> Biquad {
        let k = Double.tan(Double.pi * frequency / sampleRate)
        let q = 1 / 2.0.squareRoot()
        let norm = 1 + k / q + k * k
        return Biquad(b0: 1, b1: -2, b2: 1, a0: norm, a1: 2 * (k * k - 1), a2: 1 - k / q + k * k)
    }

    /// Filters one sample.
    @inline(__always)
    mutating func callAsFunction(_ x: Double) -> Double {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }

    /// Forgets the past (zero state).
    mutating func reset() {
        z1 = 0
        z2 = 0
    }
}
