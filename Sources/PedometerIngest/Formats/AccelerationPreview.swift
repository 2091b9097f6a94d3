import PedometerCore

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

    /// Whether the rows average to gravity as a body's acceleration does: a mean vector of a
    /// third of their median magnitude or more (``UnitInference/acceleration(_:meanVector:)``),
    /// that median about 1 g in g, m/s^2 or mg (0.7–1.3 g: a walk's stays near 1 g). A
    /// gyroscope averages out; a magnetometer reads 0.25–0.65 gauss, 25–65 µT.
    var showsGravity: Bool {
        let median = medianMagnitude
        guard median > 0, meanVector >= median / 3 else { return false }
        return [1, standardGravity, 1000].contains { (0.7 * $0...1.3 * $0).contains(median) }
    }

    /// The median magnitude (0 without rows).
    var medianMagnitude: Double {
        let sorted = magnitudes.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
