import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014): a small, fast, seeded generator, so that random test
/// data is the same on every run and platform. Shared by all test targets.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    public mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Uniform in [low, high).
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * uniform() }

    /// Standard normal (Box–Muller; one of the pair is discarded for simplicity).
    public mutating func gaussian() -> Double {
        let u1 = max(uniform(), 1e-300)
        let u2 = uniform()
        return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
    }

    /// Exponential with the given mean (Poisson inter-arrival times).
    public mutating func exponential(mean: Double) -> Double { -mean * Foundation.log(max(1 - uniform(), 1e-300)) }
}
