import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// Daily living seen from the lower back: walks of 4–18 steps between standing, sitting and
/// reaching. Mobilise-D's example recording of a healthy adult's simulated daily living
/// (`Fixtures/mobilise-d/HA-001-daily-living.csv`, 100 Hz, no time column: read with its
/// rate), with the INDIP reference system's 63 foot strikes in six walking bouts. Every walk
/// under ten steps used to be dropped as possible handling of a phone: 23 steps. A walk of
/// two strides or more that rises out of standing with the device not turned is a walk
/// (``StepDetector/Configuration/shortestWalk``): 54. The first bout follows its walker rising
/// from a chair, the trunk leaning 36° and back before the first step, which was taken for a
/// phone's handling until the turn was asked over the steps counted only (2026-11-28): 62.
@Suite struct ShortWalkTests {
    /// The reference's walking bouts, seconds: first and last foot strike.
    static let bouts = [(6.33, 9.88), (28.65, 33.25), (38.54, 50.85), (76.42, 86.21), (94.52, 99.32), (119.90, 125.17)]

    @Test func dailyLivingFromTheLowerBack() throws {
        var options = IngestOptions()
        options.sampleRate = 100
        let (_, sink) = try readRecording(Fixtures.path("mobilise-d/HA-001-daily-living.csv"), options)
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        // Measured: 62 of 63 (7 of the fourth bout's 16 not found, its walker turning; a step
        // after the first bout's last strike).
        #expect((60...66).contains(steps.count), "\(steps.count) steps of the reference's 63")
        // The first bout, 7 strikes after its walker rose from a chair, is found.
        let first = steps.filter { $0 >= Self.bouts[0].0 - 0.5 && $0 <= Self.bouts[0].1 + 1 }
        #expect((6...8).contains(first.count), "\(first.count) steps in the first bout's 7: \(first)")
        // Walking only where the reference saw walking (within 2.5 s of a bout: our walk after
        // the third bout goes on 2.4 s past its last strike, at the same rhythm).
        let outside = steps.filter { step in !Self.bouts.contains { step >= $0.0 - 2.5 && step <= $0.1 + 2.5 } }
        #expect(outside.isEmpty, "steps outside the reference's walking bouts: \(outside)")
    }
}
