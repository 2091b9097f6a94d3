import Foundation
import Testing
@testable import PedometerCore

/// The projection on gravity against the magnitude, on signals with a known answer.
@Suite struct GravityAxisTests {
    /// A phone tilted in any direction (gravity along `up`, in its frame).
    static let up = (x: 0.3, y: 0.9, z: 0.3)
    static let norm = (up.x * up.x + up.y * up.y + up.z * up.z).squareRoot()

    /// 100 Hz samples for `seconds`: 9.81 m/s^2 plus `vertical(t)` along `up`, plus
    /// `sideways(t)` along a direction perpendicular to it.
    static func samples(seconds: Double, vertical: (Double) -> Double, sideways: (Double) -> Double) -> [AccelerationSample] {
        let u = (x: up.x / norm, y: up.y / norm, z: up.z / norm)
        let sideDirection = (x: 1 / 2.0.squareRoot(), y: 0.0, z: -1 / 2.0.squareRoot())  // ⟂ up
        return (0..<Int(seconds * 100)).map { index in
            let t = Double(index) / 100
            let along = 9.81 + vertical(t), across = sideways(t)
            return AccelerationSample(
                time: t, x: along * u.x + across * sideDirection.x, y: along * u.y + across * sideDirection.y,
                z: along * u.z + across * sideDirection.z)
        }
    }

    /// Amplitude of the `frequency` Hz component of `values` sampled at 100 Hz (a whole number
    /// of its periods long).
    static func amplitude(_ values: ArraySlice<Double>, frequency: Double) -> Double {
        var re = 0.0, im = 0.0
        for (offset, value) in values.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(offset) / 100
            re += value * cos(phase)
            im += value * sin(phase)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(values.count)
    }

    static func project(_ samples: [AccelerationSample]) -> [Double] {
        var axis = GravityAxis(cutoff: 0.5)
        return samples.enumerated().map { index, sample in
            axis.split(sample, magnitude: sample.magnitude, timeStep: index == 0 ? nil : 0.01).along
        }
    }

    @Test func aVerticalBounceInATiltedPhoneIsKeptExactly() {
        let samples = Self.samples(seconds: 10, vertical: { 2 * sin(2 * .pi * 2 * $0) }, sideways: { _ in 0 })
        let projected = Self.project(samples)
        for (sample, value) in zip(samples, projected) {
            #expect(abs(value - (9.81 + 2 * sin(2 * .pi * 2 * sample.time))) < 1e-9)
        }
    }

    /// A sideways sway `h` of 4 m/s^2 at 1.5 Hz puts `h²/2g` into the magnitude: a 3 Hz term
    /// of about 0.4 m/s^2 that looks like a brisk walk. Along the estimated gravity it enters as
    /// `h·LP(h)/g − LP(h)²/2g`, where the low-pass `LP` passes about a third of a 1.5 Hz sway:
    /// the 3 Hz term is about 0.6 of the magnitude's (less the faster the sway).
    @Test func aSidewaysSwayDoublesLessIntoTheSignal() {
        let settled = 1000..<2000  // 10 s after 10 s of settling: 30 periods of 3 Hz
        let samples = Self.samples(seconds: 20, vertical: { _ in 0 }, sideways: { 4 * sin(2 * .pi * 1.5 * $0) })
        let inMagnitude = Self.amplitude(samples.map(\.magnitude)[settled], frequency: 3)
        let alongGravity = Self.amplitude(Self.project(samples)[settled], frequency: 3)
        #expect(abs(inMagnitude - 16 / (4 * 9.81)) < 0.03)  // h²/2g is √(g² + h²) − g to first order
        #expect(alongGravity < 0.65 * inMagnitude, "3 Hz: \(alongGravity) along gravity, \(inMagnitude) in the magnitude")
    }

    /// What the projection leaves is across gravity: the sample less its component along the
    /// estimate, perpendicular to it, the two making up the sample's length. A vertical bounce
    /// leaves nothing across; a sideways sway (0.9 Hz, an arm's) shows there, less the share of
    /// it the lagging estimate follows (a first-order low-pass at 0.5 Hz passes about half).
    @Test func theAccelerationAcrossGravityIsWhatTheProjectionLeaves() {
        let samples = Self.samples(seconds: 20, vertical: { 2 * sin(2 * .pi * 2 * $0) }, sideways: { 3 * sin(2 * .pi * 0.9 * $0) })
        var axis = GravityAxis(cutoff: 0.5)
        var sideways: [Double] = []
        for (index, sample) in samples.enumerated() {
            let (along, across) = axis.split(sample, magnitude: sample.magnitude, timeStep: index == 0 ? nil : 0.01)
            let vector = SIMD3(sample.x, sample.y, sample.z)
            #expect(abs(along * along + (across * across).sum() - (vector * vector).sum()) < 1e-9)
            #expect(abs((across * axis.direction!).sum()) < 1e-9)
            sideways.append((across * SIMD3(1 / 2.0.squareRoot(), 0, -1 / 2.0.squareRoot())).sum())
        }
        let settled = 1000..<2000  // 10 s: 9 periods of the sway, 20 of the bounce
        let sway = Self.amplitude(sideways[settled], frequency: 0.9)
        #expect(sway > 1.5 && sway < 3, "the sway across gravity: \(sway) m/s^2 of 3")
        #expect(Self.amplitude(sideways[settled], frequency: 2) < 0.05)
    }

    @Test func aSampleThatIsNotFiniteIsSkippedAndARestartForgets() {
        var axis = GravityAxis(cutoff: 0.5)
        _ = axis.split(AccelerationSample(time: 0, x: 0, y: 0, z: 9.81), magnitude: 9.81, timeStep: nil).along
        let nan = AccelerationSample(time: 0.01, x: .nan, y: 0, z: 9.81)
        #expect(axis.split(nan, magnitude: nan.magnitude, timeStep: 0.01).along.isNaN)
        // The estimate is still straight down z: a sample along z projects to its length.
        #expect(abs(axis.split(AccelerationSample(time: 0.02, x: 0, y: 0, z: 12), magnitude: 12, timeStep: 0.01).along - 12) < 1e-12)
        // After a restart the new sample is gravity: it projects to its magnitude.
        let turned = AccelerationSample(time: 5, x: 9.81, y: 0, z: 0)
        #expect(axis.split(turned, magnitude: turned.magnitude, timeStep: nil).along == turned.magnitude)
    }
}
