import RealModule

/// The coefficient of a one-pole low-pass (`y += α (x − y)`) of time constant `timeConstant`
/// over a time step `dt`, discretised exactly: `α = 1 − exp(−dt / timeConstant)`, the input
/// held over the step. The filter is then the same at any sampling rate and with irregular
/// steps; the first-order form `dt / (timeConstant + dt)` lowers its cut-off as the rate falls
/// (by 10 % at 12.5 Hz for 0.5 Hz, by a third for 6 Hz). The last step's coefficient is kept,
/// so regular sampling computes it once.
struct OnePoleCoefficient: Sendable {
    /// Seconds.
    let timeConstant: Double
    private var last = (timeStep: Double.nan, alpha: 1.0)

    init(timeConstant: Double) {
        self.timeConstant = timeConstant
    }

    /// A low-pass of cut-off `frequency` Hz.
    init(cutoff frequency: Double) {
        self.init(timeConstant: 1 / (2 * Double.pi * frequency))
    }

    /// α for a step of `timeStep` seconds.
    @inline(__always)
    mutating func callAsFunction(_ timeStep: Double) -> Double {
        if timeStep != last.timeStep {
            last = (timeStep, Self.alpha(timeStep: timeStep, timeConstant: timeConstant))
        }
        return last.alpha
    }

    /// α for a step of `timeStep` seconds and a time constant of `timeConstant` seconds, not
    /// kept (for streams too slow to repeat a step, such as a barometer's).
    static func alpha(timeStep: Double, timeConstant: Double) -> Double {
        1 - .exp(-timeStep / timeConstant)
    }
}
