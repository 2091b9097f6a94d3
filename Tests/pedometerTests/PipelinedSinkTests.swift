import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport
import Testing
@testable import pedometer

/// Processing on several threads (`SummaryBuilder.process` with `threads` > 1: rows parsed
/// in stretches, or the engine on a second thread through `PipelinedSink` for step logs)
/// gives exactly the results of processing inline, for every kind of stream (acceleration,
/// device steps, GPS, pressure).
@Suite struct PipelinedSinkTests {
    static let fixtures = [
        "Fixtures/oxford/Samsung_Jamie_Hard_InHand_1",
        "Fixtures/formats/sensor-logger/android.zip",
        "Fixtures/formats/sensorlog/SensorLog_walk.csv",
        "Fixtures/formats/steps/events.csv",
    ]

    @Test(arguments: fixtures)
    func sameSummaryAsInline(_ relative: String) throws {
        let path = CommandRunner.packageRoot.appendingPathComponent(relative).path
        let configuration = PedometerConfiguration()
        let inline = try SummaryBuilder.process(path, options: IngestOptions(), configuration: configuration)
        var stretches = IngestOptions()
        stretches.stretchBytes = 4096
        for threads in [2, 3] {
            let piped = try SummaryBuilder.process(path, options: stretches, configuration: configuration, threads: threads)
            #expect(piped.pedometer.steps == inline.pedometer.steps)
            #expect(SummaryWriter.json(SummaryBuilder.summary(piped)) == SummaryWriter.json(SummaryBuilder.summary(inline)))
        }
    }

    @Test func aFailingRecordingStopsTheConsumer() throws {
        let path = CommandRunner.packageRoot.appendingPathComponent("Fixtures/malformed/stray-quote.csv").path
        #expect(throws: IngestError.self) {
            try SummaryBuilder.process(path, options: IngestOptions(), configuration: PedometerConfiguration(), threads: 2)
        }
    }
}
