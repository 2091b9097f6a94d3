import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Research wearables' exports with no header over their rows (reconstructed fixtures, see
/// Fixtures/README.md): rows of a date-time and numbers (Axivity, Garmin, GENEActiv below its
/// 100-line preamble) and Empatica E4's start-and-rate rows. Each is read with no option, and
/// its walk has its steps (`FormatFixtureTests.formatFixtureWithinTwoSteps`).
@Suite struct ResearchExportTests {
    let files = TemporaryFiles()

    /// Every fixture: detected as it should be, all its rows read, in m/s^2 (about 1 g), its
    /// start where the export gives one.
    @Test(arguments: [
        ("formats/axivity/omgui-export.csv", RecordingFormat.generic, "headerless rows of a date-time and 3 numbers (t,x,y,z)", nil as Double?),
        ("formats/garmin/acc.csv", .generic, "headerless rows of a date-time and 3 numbers (t,x,y,z)", 1_557_761_272.123),
        ("formats/geneactiv/raw.csv", .generic,
         "GENEActiv raw data (time, x, y, z, light, button, temperature), on line 101 below lines that are no rows of the table ('Device Identity' …)", nil),
        ("formats/empatica/ACC.csv", .empatica,
         "headerless, 3 columns below a start (1557761272.123) and a rate (32 Hz) row (Empatica E4 ACC.csv)", 1_557_761_272.123),
    ])
    func readWithoutOptions(_ relative: String, _ format: RecordingFormat, _ reason: String, _ start: Double?) throws {
        let expected = Fixtures.expected(relative)
        let (info, sink) = try readRecording(Fixtures.path(relative))
        #expect(info.format == format)
        #expect(info.detectionReason == reason)
        #expect(sink.acceleration.count == expected.int("accelerationSamples"))
        #expect(info.skipped.count == 0)
        // Garmin's milli-g are stated nowhere: the scale is the one making the median magnitude
        // 1 g (1001 counts here), right to 0.1 %; the others' units are known exactly.
        let mean = sink.acceleration.map(\.magnitude).reduce(0, +) / Double(sink.acceleration.count)
        let tolerance = relative.hasPrefix("formats/garmin") ? 0.002 * expected.double("meanMagnitude") : 0.005
        #expect(abs(mean - expected.double("meanMagnitude")) < tolerance, "mean |a| \(mean)")
        #expect(abs((info.stream("acceleration")?.rate ?? 0) - expected.double("rate")) < 0.01 * expected.double("rate"))
        if let start {
            #expect(abs((info.startDate ?? 0) - start) < 1e-6)
        } else {
            #expect(info.startDate == nil)  // the device's local time: --time-zone places it
        }
    }

    @Test func empaticaIsInSixtyFourthsOfGAtItsRate() throws {
        let (info, sink) = try readRecording(Fixtures.path("formats/empatica/ACC.csv"))
        let lines = try String(contentsOfFile: Fixtures.path("formats/empatica/ACC.csv"), encoding: .utf8).split(separator: "\n")
        let first = lines[2].split(separator: ",").map { Double($0)! }
        #expect(abs(sink.acceleration[0].x - first[0] * standardGravity / 64) < 1e-12)
        #expect(abs(sink.acceleration[0].z - first[2] * standardGravity / 64) < 1e-12)
        #expect(sink.acceleration[32].time == 1)
        #expect(info.notes.contains("Empatica E4 ACC.csv: 32 Hz from the start in its first row, x, y, z in 1/64 g"))
        // Two repeated rows that are no start and rate: three plain numeric columns, refused as before.
        let plain = files.write("three.csv", "1,2,3\n4,5,6\n7,8,9\n")
        #expect(readError(plain)?.reason == "unknown format: headerless with 3 numeric columns, no time; if they are x,y,z, give the rate: --rate HZ")
    }

    @Test func geneActivMillisecondsAfterAColonAndItsOtherColumnsPassedOver() throws {
        let (info, sink) = try readRecording(Fixtures.path("formats/geneactiv/raw.csv"))
        #expect(info.notes.contains("the lines above the first row passed over (no rows of the table)"))
        #expect(info.notes.contains("time from ISO 8601 date-times without a zone"))
        #expect(abs(sink.acceleration[1].time - 0.02) < 1e-9)
        #expect(abs(sink.acceleration[0].x - 0.0793 * standardGravity) < 1e-9)
        // Its epoch-compressed export (12 columns of means) holds no steps: refused, said why.
        let text = try String(contentsOfFile: Fixtures.path("formats/geneactiv/raw.csv"), encoding: .utf8)
        let epochs = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index < 100 || line.isEmpty ? String(line) : line + ",1.2,0.01,0.01,0.01,250"
        }
        let error = readError(files.write("epochs.csv", epochs.joined(separator: "\n")))
        #expect(error?.description.hasSuffix(
            "epochs.csv:101:1: GENEActiv export with 12 columns: not raw data (an epoch-compressed export holds means over each epoch, no steps); export the raw data") == true)
    }

    /// An activity monitor's epoch summaries, one row per 30 s or 60 s (biobankAccelerometerAnalysis'
    /// `timeSeries.csv` as pyActigraphy's tests ship it: mean acceleration and activity
    /// classes; a headerless `date-time,x,y,z` of minute means): refused where the second
    /// row's time shows it, saying why, instead of asking for --columns (until 2026-11-26: "give
    /// --columns (e.g. t,x,y,z,_,_,_)", which would have read activity classes as axes). Rows
    /// 0.5 s apart are still read as samples.
    @Test func epochSummariesAreRefusedAsSuch() throws {
        var biobank = ["time,acc,light,moderate-vigorous,sedentary,sleep,MET"]
        for index in 0..<20 {
            let minute = 29 + (index + 1) / 2, second = index % 2 == 0 ? 50 : 20
            biobank.append(String(format: "2014-05-07 13:%02d:%02d.439000+0100 [Europe/London],%d.5,0.0,0.0,1.0,0.0,1.56", minute, second, 5 + index))
        }
        let timeSeries = files.write("timeSeries.csv", biobank.joined(separator: "\n") + "\n")
        #expect(readError(timeSeries)?.description == timeSeries + ":3:1: rows 30 s apart: epoch summaries (one row per epoch: activity counts or mean acceleration), not acceleration samples, and no steps can be found in them; export the raw samples")
        let minutes = files.write("minutes.csv", (0..<20).map { String(format: "2019-05-13 17:%02d:00,0.01,0.02,0.98", $0) }.joined(separator: "\n") + "\n")
        #expect(readError(minutes)?.reason.hasPrefix("rows 60 s apart: epoch summaries") == true)
        let halves = files.write("halves.csv", (0..<40).map { String(format: "2019-05-13 17:27:%02d.%d,0.01,0.02,0.98", $0 / 2, 5 * ($0 % 2)) }.joined(separator: "\n") + "\n")
        #expect(try readRecording(halves).1.acceleration.count == 40)
    }

    /// A workout's log of 1 s rows under a header naming no acceleration (a watch's
    /// `Time,Speed,Cadence,HeartRate,Altitude,Distance`) is refused saying what it holds, not
    /// as epoch summaries of activity counts or mean acceleration (until 2026-11-26).
    @Test func aWorkoutLogWithoutAccelerationIsRefusedAsSuch() throws {
        let rows = (0..<20).map { String(format: "2019-05-13T15:27:%02dZ,1.33,54,95,35,%.1f", $0, 1.33 * Double($0)) }
        let path = files.write("suunto.csv", (["Time,Speed,Cadence,HeartRate,Altitude,Distance"] + rows).joined(separator: "\n") + "\n")
        #expect(readError(path)?.description == path + ":3:1: rows 1 s apart of 'Speed', 'Cadence', 'HeartRate', 'Altitude', 'Distance', no acceleration: a log of other measures (a workout's speed, cadence or heart rate), not acceleration samples, and no steps can be found in them; export the raw acceleration")
    }

    @Test func datedRowsWithMoreColumnsNeedColumns() throws {
        // GENEActiv's rows without its preamble: which numbers are the axes is not known.
        let rows = try String(contentsOfFile: Fixtures.path("formats/geneactiv/raw.csv"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(100).joined(separator: "\n")
        let path = files.write("rows.csv", rows)
        #expect(readError(path)?.description == "\(path):1:1: unknown format: headerless rows of a date-time and 6 numbers; give each column's role with --columns (t the time, x,y,z the acceleration, _ any other), perhaps t,x,y,z,_,_,_ (guessed from the first rows: check it)")
        let (info, sink) = try readRecording(path, IngestOptions(columns: try ColumnRoles(parsing: "t,x,y,z,_,_,_")))
        #expect(sink.acceleration.count == 1000)
        #expect(info.detectionReason == "headerless rows of a date-time and numbers, columns given by --columns")
        // A header the detector cannot read, above rows of plain numbers, is still refused
        // (only a date-time is evidence enough that the lines above are no header).
        let numbers = files.write("unknown-header.csv", "a,b,c,d\n0.00,0.1,0.2,9.8\n0.01,0.1,0.2,9.8\n")
        #expect(readError(numbers)?.reason.hasPrefix("unknown format: header 'a,b,c,d' names no time") == true)
        // A text that is no table (a licence whose quotes libcsv refuses further down) keeps the
        // error of its first line, not one from the search below it.
        let text = "GNU AFFERO GENERAL PUBLIC LICENSE\n" + String(repeating: "Some words here.\n", count: 60) + "a \"quoted\" word\n"
        #expect(readError(files.write("LICENSE.txt", text))?.reason.hasPrefix("unknown format: header 'GNU AFFERO GENERAL PUBLIC LICENSE'") == true)
        // A date without a time of day times no acceleration: a daily summary stays unknown.
        let days = files.write("days.csv", "2024-05-01,8000,5.2,300\n2024-05-02,7000,4.9,280\n")
        #expect(readError(days)?.reason.hasPrefix("unknown format: header '2024-05-01,8000,5.2,300'") == true)
    }
}
