/// The first rows of an acceleration table as unit inference reads them
/// (``UnitInference/acceleration(_:meanVector:)``): each row's magnitude, and their mean vector.
struct AccelerationPreview {
    private(set) var magnitudes: [Double] = []
    private var sum = (x: 0.0, y: 0.0, z: 0.0)

    /// Adds a row's axes, in the table's own unit.
    mutating func add(_ x: Double, _ y: Double, _ z: Double) {
        magnitudes.append((x * x + y * y + z * z).squareRoot())
        sum = (sum.x + x, sum.y + y, sum.z + z)
    }

    /// The length of the rows' mean vector (0 without rows).
    var meanVector: Double {
        (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot() / Double(max(magnitudes.count, 1))
    }

    /// The median magnitude (0 without rows).
    var medianMagnitude: Double {
        let sorted = magnitudes.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
