import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Magnitude-only logs (a wrist watch's |a|): no axes invented, the scale taken from the
/// header or from still stretches, a one-row steps label read as ground truth.
@Suite struct MagnitudeReaderTests {
    let files = TemporaryFiles()

    @Test func rawCountsAreScaledSoThatStillReadsOneG() throws {
        var sink = CollectingSink()
        let info = try RecordingReader.read(Fixtures.path("formats/magnitude/watch-counts.csv"), into: &sink)
        #expect(info.format == .magnitude)
        #expect(sink.acceleration.isEmpty)
        #expect(sink.magnitudes.count == 550)
        #expect(info.notes.contains { $0.hasPrefix("magnitude in raw counts of unknown unit: scaled so that still reads 1 g") })
        // The label in the first row's Steps column is the recording's count, not a device stream.
        #expect(sink.stepTotal(.groundTruth) == 36)
        #expect(sink.steps[.device] == nil)
    }

    @Test func headerUnitIsUsed() throws {
        var sink = CollectingSink()
        let info = try RecordingReader.read(Fixtures.path("formats/magnitude/magnitude-g.csv"), into: &sink)
        #expect(info.format == .magnitude)
        #expect(sink.magnitudes.count == 1000)
        #expect(abs(sink.magnitudes[0].magnitude - 1.03969 * standardGravity) < 1e-9)
    }

    /// A still recording in m/s^2 with no unit in the header: inferred from its level.
    @Test func unitInferredFromStillSeconds() throws {
        var text = "time,magnitude\n"
        for i in 0..<300 { text += "\(Double(i) / 50),\(9.81 + (i % 2 == 0 ? 0.01 : -0.01))\n" }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("still.csv", text), into: &sink)
        #expect(info.notes.contains { $0.hasPrefix("magnitude in m/s^2 (inferred: still level 9.81") })
        #expect(abs(sink.magnitudes[0].magnitude - 9.82) < 1e-9)
    }

    @Test func badValueIsSkippedWithItsLineAndColumn() throws {
        var text = "time,magnitude (g)\n"
        for i in 0..<200 { text += "\(Double(i) / 50),\(i == 20 ? "n/a" : "1.0")\n" }
        let path = files.write("bad.csv", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(sink.magnitudes.count == 199)
        #expect(info.skipped.count == 1)
        // Row 20 is line 22 ("0.4,n/a"); the column counts bytes, as compilers do.
        #expect(info.skipped.examples.first?.location == SourceLocation(file: path, line: 22, column: 5))
    }
}
