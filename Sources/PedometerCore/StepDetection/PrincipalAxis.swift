/// Projects user acceleration (gravity removed) on the axis along which it varies most, found
/// by power iteration on an exponentially weighted covariance of the last ``timeConstant``
/// seconds (``OnePoleCoefficient``: the same at any sampling rate and with irregular steps).
///
/// Without gravity the magnitude of acceleration rectifies the gait signal (doubling its
/// frequency); the projection keeps its sign. Walking moves the phone mostly along one axis
/// (vertical, or the swing of an arm), which this tracks as the phone turns. The covariance
/// must span steps, not follow the acceleration's direction within one: an axis that turns
/// with each step's push and strike projects them all on one sign.
struct PrincipalAxis: Sendable {
    /// Seconds over which the covariance is averaged.
    var timeConstant: Double { average.timeConstant }
    private var average: OnePoleCoefficient
    private var xx = 0.0, yy = 0.0, zz = 0.0, xy = 0.0, xz = 0.0, yz = 0.0
    private var axis = (x: 0.577, y: 0.577, z: 0.577)

    init(timeConstant: Double) {
        average = OnePoleCoefficient(timeConstant: timeConstant)
    }

    /// The component of `sample` along the axis, m/s^2. `timeStep`: seconds since the previous
    /// sample, `nil` for the first of a segment (which then does not move the estimate).
    /// `nan` for a sample that is not finite, which leaves the estimate as it was.
    mutating func project(_ sample: AccelerationSample, timeStep: Double?) -> Double {
        let (x, y, z) = (sample.x, sample.y, sample.z)
        guard x.isFinite, y.isFinite, z.isFinite else { return .nan }
        if let timeStep {
            let w = average(timeStep)
            xx += w * (x * x - xx)
            yy += w * (y * y - yy)
            zz += w * (z * z - zz)
            xy += w * (x * y - xy)
            xz += w * (x * z - xz)
            yz += w * (y * z - yz)
            let nx = xx * axis.x + xy * axis.y + xz * axis.z
            let ny = xy * axis.x + yy * axis.y + yz * axis.z
            let nz = xz * axis.x + yz * axis.y + zz * axis.z
            let norm = (nx * nx + ny * ny + nz * nz).squareRoot()
            if norm > 1e-12 { axis = (nx / norm, ny / norm, nz / norm) }
        }
        return x * axis.x + y * axis.y + z * axis.z
    }
}
