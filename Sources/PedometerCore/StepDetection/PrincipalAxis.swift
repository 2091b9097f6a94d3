/// Projects user acceleration (gravity removed) on the axis along which it varies most, found
/// by power iteration on an exponentially weighted covariance (time constant ``memory`` samples).
///
/// Without gravity the magnitude of acceleration rectifies the gait signal (doubling its
/// frequency); the projection keeps its sign. Walking moves the phone mostly along one axis
/// (vertical, or the swing of an arm), which this tracks as the phone turns.
struct PrincipalAxis: Sendable {
    /// Samples over which the covariance is averaged.
    var memory = 200.0
    private var xx = 0.0, yy = 0.0, zz = 0.0, xy = 0.0, xz = 0.0, yz = 0.0
    private var axis = (x: 0.577, y: 0.577, z: 0.577)

    mutating func project(_ sample: AccelerationSample) -> Double {
        let (x, y, z) = (sample.x, sample.y, sample.z)
        guard x.isFinite, y.isFinite, z.isFinite else { return .nan }
        let w = 1 / memory
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
        return x * axis.x + y * axis.y + z * axis.z
    }
}
