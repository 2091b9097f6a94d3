import Testing
@testable import PedometerCore

@Suite struct StrideModelTests {
    @Test func walkingStrideIsAboutFourTenthsOfHeight() {
        let model = StrideModel(height: 1.75)
        #expect(abs(model.stepLength(cadence: 1.8) - 0.415 * 1.75) < 1e-12)
        // A usual walk: 1.8 steps/s at ~0.73 m is ~1.3 m/s.
        #expect((1.25...1.45).contains(1.8 * model.stepLength(cadence: 1.8)))
    }

    @Test func runningStepsAreLongerAndTheCurveIsContinuous() {
        let model = StrideModel(height: 1.75)
        let speeds = stride(from: 1.2, through: 3.4, by: 0.1).map { $0 * model.stepLength(cadence: $0) }
        #expect(zip(speeds, speeds.dropFirst()).allSatisfy { $0 < $1 })
        // Running at 2.75 steps/s is about 3 m/s for a 1.75 m person.
        #expect((2.8...3.6).contains(2.75 * model.stepLength(cadence: 2.75)))
        #expect(abs(StrideModel.heightRatio(cadence: 2.0 - 1e-9) - StrideModel.heightRatio(cadence: 2.0 + 1e-9)) < 1e-6)
    }

    @Test func aRiseGivesTheInvertedPendulumsStep() {
        // A leg of 0.53 × 1.70 m vaulting a 0.70 m step raises the hip by l − √(l² − 0.35²).
        let model = StrideModel(height: 1.70)
        let leg = 0.53 * 1.70
        let rise = leg - (leg * leg - 0.35 * 0.35).squareRoot()
        #expect(abs(model.stepLength(excursion: rise) - 1.25 * 0.70) < 1e-12)
        // More rise, a longer step; none, none; a rise beyond the leg is capped at it.
        #expect(model.stepLength(excursion: rise * 1.2) > model.stepLength(excursion: rise))
        #expect(model.stepLength(excursion: 0) == 0)
        #expect(model.stepLength(excursion: -0.01) == 0)
        #expect(abs(model.stepLength(excursion: 5) - 1.25 * 2 * leg) < 1e-12)
        // A taller walker with the same rise takes a longer step, less than in proportion.
        let tall = StrideModel(height: 2.0).stepLength(excursion: 0.04) / model.stepLength(excursion: 0.04)
        #expect(tall > (2.0 / 1.70).squareRoot() && tall < 2.0 / 1.70)
        // Scale (a user's stride, GPS) multiplies it.
        #expect(abs(StrideModel(height: 1.70, scale: 1.1).stepLength(excursion: rise) - 1.1 * 1.25 * 0.70) < 1e-12)
    }

    @Test func noWalkingStepIsFasterThanTheWalkToRunSpeed() {
        // Froude 0.5 with a 0.901 m leg is 2.10 m/s: at 2 steps/s, 1.05 m a step.
        let model = StrideModel(height: 1.70)
        let speed = (0.5 * 9.80665 * 0.53 * 1.70).squareRoot()
        #expect(abs(model.longestWalkingStep(cadence: 2) - speed / 2) < 1e-12)
        #expect(abs(speed - 2.10) < 0.01)
        #expect(model.longestWalkingStep(cadence: 1) > model.longestWalkingStep(cadence: 2))
    }

    @Test func userStrideRescalesTheCurve() {
        let model = StrideModel(height: 1.60, walkingStride: 0.80)
        #expect(abs(model.stepLength(cadence: StrideModel.referenceCadence) - 0.80) < 1e-12)
        #expect(model.stepLength(cadence: 2.8) > 0.80)
    }
}

@Suite struct GPSCalibrationTests {
    /// Fixes along a meridian every second at `speed` m/s.
    private func track(seconds: Int, speed: Double, accuracy: Double) -> [LocationSample] {
        let metersPerDegree = 6_371_008.8 * Double.pi / 180
        return (0...seconds).map { t in
            LocationSample(time: Double(t), latitude: 51.5 + Double(t) * speed / metersPerDegree, longitude: -0.12, horizontalAccuracy: accuracy)
        }
    }

    @Test func haversineMatchesAKnownDistance() {
        // One degree of latitude is ~111.2 km on the mean sphere.
        let a = LocationSample(time: 0, latitude: 0, longitude: 0)
        let b = LocationSample(time: 0, latitude: 1, longitude: 0)
        #expect(abs(GPSCalibration.distance(a, b) - 111_195) < 1)
    }

    @Test func fitsTheScaleOnSteadyWalking() throws {
        let fixes = track(seconds: 300, speed: 1.5, accuracy: 5)
        let walking = [Activity](repeating: .walking, count: 301)
        // The model says 1.2 m/s: the fit must scale it by 1.25.
        let fit = try #require(GPSCalibration().fit(fixes: fixes, activities: walking) { ($1 - $0) * 1.2 })
        #expect(abs(fit.scale - 1.25) < 1e-3)
        #expect(fit.gpsDistance > 400)
    }

    @Test func refusesPoorFixesAndNonWalking() {
        let walking = [Activity](repeating: .walking, count: 301)
        #expect(GPSCalibration().fit(fixes: track(seconds: 300, speed: 1.5, accuracy: 25), activities: walking) { ($1 - $0) * 1.2 } == nil)
        let standing = [Activity](repeating: .stationary, count: 301)
        #expect(GPSCalibration().fit(fixes: track(seconds: 300, speed: 1.5, accuracy: 5), activities: standing) { ($1 - $0) * 1.2 } == nil)
        // Too short a walk.
        #expect(GPSCalibration().fit(fixes: track(seconds: 40, speed: 1.5, accuracy: 5), activities: walking) { ($1 - $0) * 1.2 } == nil)
    }
}
