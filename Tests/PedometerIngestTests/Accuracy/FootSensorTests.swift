import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// A sensor on a foot: gaitmap's example recording (`Fixtures/foot/gaitmap-imu-sample.csv`, a
/// sensor on each foot, 204.8 Hz, 39 s of straight walking). Each foot's sensor feels its own
/// foot strike hard and the other foot's faintly, with its swing's acceleration between. The
/// package's own stride list (`stride_events_sample.csv`) has 59 initial contacts of both feet
/// from 1.52 s to 33.86 s (the strides it could segment; the first and last steps of the walk
/// are in none). Measured: 62 of ours over that span from the left foot, 61 from the right.
@Suite struct FootSensorTests {
    static let referenceContacts = 59
    static let span = 1.52...33.86

    @Test(arguments: ["left", "right"])
    func eitherFootCountsTheWalk(foot: String) throws {
        var options = IngestOptions(columns: try ColumnRoles(parsing: "x=\(foot)_sensor_acc_x,y=\(foot)_sensor_acc_y,z=\(foot)_sensor_acc_z"))
        options.sampleRate = 204.8
        let (_, sink) = try readRecording(Fixtures.path("foot/gaitmap-imu-sample.csv"), options)
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
            .filter { $0 >= Self.span.lowerBound - 0.3 && $0 <= Self.span.upperBound + 0.3 }
        // A ratchet at the figures measured (within 3 steps, 5 %, of the reference's contacts).
        #expect(abs(steps.count - Self.referenceContacts) <= 3, "\(foot) foot: \(steps.count) steps of \(Self.referenceContacts)")
    }
}
