/// Projects total acceleration on the direction of gravity, which it estimates as the
/// acceleration low-passed below the gait band (one pole per axis, with the time step between
/// samples; its first-order coefficient puts the 0.5 Hz cut-off at 0.49 Hz at 100 Hz and
/// 0.46 Hz at 15 Hz. Discretised exactly (``OnePoleCoefficient``), it moved no count of the data
/// sets but one back-pocket walk sub-sampled to 15 Hz by 7 steps of handling: left as it is).
///
/// A vertical bounce `v` enters the projection as it enters the magnitude of total acceleration.
/// A sideways acceleration `h` does not: the magnitude, `√((g + v)² + h²)`, gains about `h²/2g`,
/// a term at twice the rhythm of a bag's or a pocket's sway; along the estimated gravity it is
/// `h·LP(h)/g − LP(h)²/2g`, which shrinks as the sway gets faster than the low-pass `LP` follows
/// (to about 0.6 of the magnitude's at 1.5 Hz). No fixed orientation is needed: the estimate
/// follows the phone as it turns.
struct GravityAxis: Sendable {
    /// Time constant of the low-pass, seconds.
    let timeConstant: Double
    private var gravity: (x: Double, y: Double, z: Double)?

    /// The estimated direction of gravity in the device's frame (a unit vector), `nil` before
    /// the first sample.
    var direction: SIMD3<Double>? {
        guard let g = gravity else { return nil }
        let norm = (g.x * g.x + g.y * g.y + g.z * g.z).squareRoot()
        return norm > 0 ? SIMD3(g.x, g.y, g.z) / norm : nil
    }

    /// `cutoff`: the low-pass's cut-off, Hz (the gait band's lower edge).
    init(cutoff: Double) {
        timeConstant = 1 / (2 * Double.pi * cutoff)
    }

    /// The component of `sample` along gravity, m/s^2 (`magnitude` is the sample's), and what is
    /// left of it across gravity (the horizontal acceleration and the share of gravity a turn
    /// of the device away from the estimate puts there), m/s^2 in the device's frame.
    /// `timeStep`: seconds since the previous sample, `nil` to start the estimate afresh from
    /// this one (a new segment). `nan` for a sample that is not finite, which leaves the estimate
    /// as it was.
    @inline(__always)
    mutating func split(
        _ sample: AccelerationSample, magnitude: Double, timeStep: Double?
    ) -> (along: Double, across: SIMD3<Double>) {
        guard magnitude.isFinite else { return (.nan, SIMD3(repeating: .nan)) }
        guard var g = gravity, let timeStep else {
            gravity = (sample.x, sample.y, sample.z)
            return (magnitude, .zero)  // the sample along itself
        }
        let alpha = timeStep / (timeConstant + timeStep)
        g.x += alpha * (sample.x - g.x)
        g.y += alpha * (sample.y - g.y)
        g.z += alpha * (sample.z - g.z)
        gravity = g
        let norm = (g.x * g.x + g.y * g.y + g.z * g.z).squareRoot()
        guard norm > 0 else { return (magnitude, .zero) }
        let along = (sample.x * g.x + sample.y * g.y + sample.z * g.z) / norm
        let scale = along / norm
        return (along, SIMD3(sample.x - scale * g.x, sample.y - scale * g.y, sample.z - scale * g.z))
    }
}
