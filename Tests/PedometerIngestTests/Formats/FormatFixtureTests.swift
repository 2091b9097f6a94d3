import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Every bundled format fixture (`Fixtures/formats`, written by `tools/make-format-fixtures`
/// from a real Oxford walking trace) and the three copied Oxford traces (`Fixtures/oxford`),
/// read through ``RecordingReader`` and checked against `Fixtures/formats/expected.json` and
/// the data set's `stats.csv`.
@Suite struct FormatFixtureTests {
    private func read(_ relative: String, _ options: IngestOptions = .init()) throws -> (RecordingInfo, CollectingSink) {
        var sink = CollectingSink()
        let info = try RecordingReader.read(Fixtures.path(relative), options: options, into: &sink)
        return (info, sink)
    }

    /// Reads the fixture at `relative` (a path under Fixtures/), expects the format detected
    /// and checks its acceleration against the expected values (``checkAcceleration(_:_:_:)``).
    private func readChecked(
        _ relative: String, as format: RecordingFormat, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (RecordingInfo, CollectingSink, Fixtures.Expected) {
        let expected = Fixtures.expected(relative)
        let (info, sink) = try read(relative)
        #expect(info.format == format, sourceLocation: sourceLocation)
        checkAcceleration(info, sink, expected, sourceLocation: sourceLocation)
        return (info, sink, expected)
    }

    private static func mean(_ samples: [AccelerationSample]) -> Double {
        samples.map(\.magnitude).reduce(0, +) / Double(max(samples.count, 1))
    }

    /// Acceleration as generated: kind, count, first and last time, units normalised to m/s^2.
    private func checkAcceleration(
        _ info: RecordingInfo, _ sink: CollectingSink, _ expected: Fixtures.Expected,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let kind: AccelerationKind = expected.string("accelerationKind") == "user" ? .user : .total
        #expect(sink.accelerationKinds == [kind], sourceLocation: sourceLocation)
        #expect(sink.acceleration.count == expected.int("accelerationSamples"), sourceLocation: sourceLocation)
        #expect(info.stream("acceleration")?.sampleCount == expected.int("accelerationSamples"), sourceLocation: sourceLocation)
        guard let first = sink.acceleration.first, let last = sink.acceleration.last else {
            Issue.record("no acceleration", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(first.time - expected.double("firstTime")) < 1e-6, sourceLocation: sourceLocation)
        #expect(abs(last.time - expected.double("lastTime")) < 1e-4, "last time \(last.time)", sourceLocation: sourceLocation)
        let mean = Self.mean(sink.acceleration)
        #expect(abs(mean - expected.double("meanMagnitude")) < 0.005, "mean |a| \(mean)", sourceLocation: sourceLocation)
        if kind == .total {
            #expect(abs(mean - 9.81) < 0.6, "mean |a| \(mean) m/s^2 should be about 1 g", sourceLocation: sourceLocation)
        } else {
            #expect(mean < 3, "mean |a| \(mean) m/s^2 should have no 1 g offset", sourceLocation: sourceLocation)
        }
        // Rows a fixture holds that cannot be read (WISDM's two rows on a line), said in expected.json.
        let skipped = expected.has("skippedRows") ? expected.int("skippedRows") : 0
        #expect(info.skipped.count == skipped, "\(info.skipped.examples)", sourceLocation: sourceLocation)
    }

    // MARK: Copied Oxford traces (unchanged from the data set)

    @Test(arguments: [
        ("Samsung_Jamie_Hard_InHand_1", 14537, 265, 262, 145.36, "K2HH Acceleration"),
        ("Samsung_Dario_Hard_BackPocket_1", 22730, 198, 200, 107.48, "MPU6500 Acceleration Sensor"),
        ("Samsung_Carmelo_Hard_Armband_2", 31018, 261, 261, 139.21, "MPU6500 Acceleration Sensor"),
    ])
    func oxfordTraces(folder: String, samples: Int, statsSteps: Int, alternating: Int, seconds: Double, chip: String) throws {
        let (info, sink) = try read("oxford/" + folder)
        #expect(info.format == .oxford)
        #expect(info.detectionReason.contains("Oxford step-counter layout"))
        #expect(sink.accelerationKinds == [.total])
        #expect(sink.acceleration.count == samples)
        #expect(info.skipped.count == 0)
        // Ground truth equals optimisation/stats.csv's `steps` for the trace.
        #expect(sink.stepTotal(.groundTruth) == Double(statsSteps))
        #expect(info.notes.contains { $0.hasPrefix("ground truth: foot-switch steps") })
        // Presses that do not alternate feet, corrected (counted by hand from stepcounter.csv:
        // InHand_1 has 4 presses 0.29 s after the same foot's and one 1.17 s after it,
        // BackPocket_1 two 1.02 and 1.07 s after it, with median intervals of 0.58 and 0.49 s).
        #expect(info.alternatingGroundTruthSteps == alternating)
        #expect(info.notes.contains { $0.contains("foot-switch presses come from the foot that pressed last") } == (alternating != statsSteps))
        #expect(sink.steps[.device] == nil)
        #expect(info.device == chip)
        let stream = try #require(info.stream("acceleration"))
        #expect(abs(stream.duration - seconds) < 0.01)
        // Units are m/s^2: the median magnitude is about 1 g (the mean is higher in a back
        // pocket, where the impacts of each step are large: 11.6 m/s^2 for Dario's trace).
        let magnitudes = sink.acceleration.map(\.magnitude).sorted()
        #expect(abs(magnitudes[magnitudes.count / 2] - 9.81) < 0.8)
        #expect(info.startDate == nil)  // nanoseconds since boot: no absolute date
        // The accelerometer.csv alone is recognised as the same folder recording.
        let (fileInfo, fileSink) = try read("oxford/\(folder)/accelerometer.csv")
        #expect(fileInfo.format == .oxford)
        #expect(fileSink.acceleration.count == samples)
        #expect(fileSink.stepTotal(.groundTruth) == Double(statsSteps))
    }

    // MARK: SensorLog

    @Test func sensorLogWithUnits() throws {
        let relative = "formats/sensorlog/SensorLog_walk.csv"
        let (info, sink, expected) = try readChecked(relative, as: .sensorLog)
        #expect(info.detectionReason.contains("loggingTime(txt)"))
        #expect(info.stream("acceleration")?.detail == "total, g")
        #expect(abs((info.stream("acceleration")?.rate ?? 0) - expected.double("rate")) < 0.1)

        // Pressure: the altimeter clock is seconds since reboot, like the accelerometer's.
        #expect(sink.pressures.count == expected.int("pressureSamples"))
        let firstPressure = expected.nested("firstPressure")
        let pressure = try #require(sink.pressures.first)
        #expect(abs(pressure.time - firstPressure.double("time")) < 1e-6)
        #expect(pressure.pressure == firstPressure.double("pressure"))
        #expect(pressure.relativeAltitude == firstPressure.double("relativeAltitude"))

        let device = expected.nested("device")
        let steps = try #require(sink.steps[.device])
        // Pedometer: -1 before the first update; one sample per update afterwards; distances.
        #expect(steps.allSatisfy { $0.distance == nil || abs($0.distance! - $0.steps * 0.72) < 0.006 })
        #expect(steps.last?.steps == device.double("lastSteps"))
        #expect(steps.contains { $0.currentCadence != nil })
        #expect(steps.first { $0.steps > 0 }?.currentPace == nil)  // -1: not yet available

        // Needs DateParser.parseEpochSeconds (ISO 8601 with offset):
        #expect(info.startDate == expected.double("startDate"), "start date from loggingTime")
        // Cumulative since pedometerStartDate: a zero count at the start date, then the counts
        // at their pedometerEndDate (not at the row that delivered them).
        #expect(steps.count == device.int("samples"))
        #expect(steps.first.map { abs($0.time - device.double("startTime")) < 1e-6 && $0.steps == 0 } == true,
                "first device sample \(String(describing: steps.first))")
        #expect(steps.last.map { abs($0.time - device.double("lastTime")) < 1e-6 } == true,
                "last device sample \(String(describing: steps.last))")
        #expect(sink.stepTotal(.device) == device.double("groundTruthSteps"))
        #expect(sink.locations.count == expected.int("locations"))
        let firstFix = expected.nested("firstLocation")
        if let fix = sink.locations.first {
            #expect(abs(fix.time - firstFix.double("time")) < 1e-6)
            #expect(fix.latitude == firstFix.double("latitude"))
            #expect(fix.longitude == firstFix.double("longitude"))
            #expect(fix.horizontalAccuracy == firstFix.double("horizontalAccuracy"))
            #expect(fix.speed == firstFix.double("speed"))
        }
    }

    @Test func sensorLogOlderVersionWithoutUnits() throws {
        let relative = "formats/sensorlog/SensorLog_v1_no_units.csv"
        let (info, sink, expected) = try readChecked(relative, as: .sensorLog)
        #expect(info.detectionReason.contains("loggingTime"))
        let device = expected.nested("device")
        let steps = try #require(sink.steps[.device])
        // No pedometerStartDate: counts as logged, placed at the rows where they change.
        #expect(steps.count == device.int("samples"))
        #expect(steps.first?.steps == device.double("firstSteps"))
        #expect(steps.first?.time == 0)
        #expect(steps.last?.steps == device.double("lastSteps"))
        #expect(sink.stepTotal(.device) == device.double("stepTotal"))
        #expect(sink.locations.isEmpty)
        #expect(sink.pressures.isEmpty)
        // Needs DateParser.parseEpochSeconds:
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true, "start date from loggingTime")
    }

    // MARK: Sensor Logger

    private func checkSensorLoggerAndroid(_ relative: String) throws -> CollectingSink {
        let (info, sink, expected) = try readChecked(relative, as: .sensorLogger)
        #expect(info.stream("acceleration")?.file.hasSuffix("TotalAcceleration.csv") == true)
        #expect(info.notes.contains { $0.hasPrefix("TotalAcceleration.csv: acceleration in m/s^2, gravity included") })
        #expect(info.device == expected.string("device"))
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)

        let deviceSteps = expected.nested("deviceSteps")
        let steps = try #require(sink.steps[.device])
        // The file's rows, after the reader's count of 0 at the recording's start.
        #expect(steps.count == deviceSteps.int("samples") + 1)
        #expect(steps.first?.steps == 0 && steps.first?.time == 0)
        #expect(steps.dropFirst().first?.steps == deviceSteps.double("firstSteps"))
        #expect(steps.last?.steps == deviceSteps.double("lastSteps"))
        #expect(steps.last.map { abs($0.time - deviceSteps.double("lastTime")) < 1e-6 } == true)

        #expect(sink.locations.count == expected.int("locations"))
        let firstFix = expected.nested("firstLocation")
        let fix = try #require(sink.locations.first)
        #expect(abs(fix.time - firstFix.double("time")) < 1e-6)
        #expect(fix.latitude == firstFix.double("latitude"))
        #expect(fix.longitude == firstFix.double("longitude"))
        #expect(fix.horizontalAccuracy == firstFix.double("horizontalAccuracy"))
        #expect(fix.speed == firstFix.double("speed"))
        #expect(fix.altitude == firstFix.double("altitude"))

        #expect(sink.pressures.count == expected.int("pressureSamples"))
        let firstPressure = expected.nested("firstPressure")
        let pressure = try #require(sink.pressures.first)
        #expect(abs(pressure.time - firstPressure.double("time")) < 1e-6)
        // Barometer.csv is in hPa (mbar): read as kPa.
        #expect(abs((pressure.pressure ?? 0) - firstPressure.double("pressure")) < 1e-9)
        #expect(pressure.relativeAltitude == nil)
        return sink
    }

    @Test func sensorLoggerAndroidFolder() throws {
        _ = try checkSensorLoggerAndroid("formats/sensor-logger/android")
    }

    @Test func sensorLoggerAndroidZip() throws {
        let zipSink = try checkSensorLoggerAndroid("formats/sensor-logger/android.zip")
        let (info, _) = try read("formats/sensor-logger/android.zip")
        #expect(info.detectionReason.contains("zip"))
        #expect(info.stream("acceleration")?.file == Fixtures.path("formats/sensor-logger/android.zip") + "/TotalAcceleration.csv")
        let (_, folderSink) = try read("formats/sensor-logger/android")
        #expect(zipSink.acceleration == folderSink.acceleration)
        #expect(zipSink.steps == folderSink.steps)
        #expect(zipSink.locations == folderSink.locations)
        #expect(zipSink.pressures == folderSink.pressures)
    }

    @Test func sensorLoggerUserAccelerationPlusGravity() throws {
        let relative = "formats/sensor-logger/user-gravity"
        let (info, sink, expected) = try readChecked(relative, as: .sensorLogger)
        #expect(info.detectionReason.contains("Accelerometer.csv"))
        #expect(info.notes.contains { $0.hasPrefix("total acceleration = Accelerometer.csv (gravity removed) + Gravity.csv") })
        #expect(info.device == expected.string("device"))
        // Recombined sample by sample: the same as the export's TotalAcceleration.csv, to the
        // rounding of the written values.
        try expectAndroidTotalAcceleration(sink, within: 5e-6)
        #expect(sink.steps.isEmpty)
    }

    /// `sink`'s acceleration is the Android fixture's TotalAcceleration.csv, sample by sample, to
    /// within `tolerance` m/s^2 on every axis (the rounding of the values each file was written with).
    private func expectAndroidTotalAcceleration(
        _ sink: CollectingSink, within tolerance: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (_, total) = try read("formats/sensor-logger/android")
        #expect(sink.acceleration.count == total.acceleration.count, sourceLocation: sourceLocation)
        var worst = 0.0
        for (a, b) in zip(sink.acceleration, total.acceleration) {
            #expect(a.time == b.time, sourceLocation: sourceLocation)
            worst = max(worst, abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
        }
        #expect(worst < tolerance, "largest difference from TotalAcceleration.csv: \(worst)", sourceLocation: sourceLocation)
    }

    /// Only the Accelerometer enabled: Sensor Logger's `Accelerometer.csv` is user acceleration in
    /// m/s^2 on both platforms. A walk's is about 1 m/s^2, which a magnitude alone reads as total
    /// acceleration in g (until 2026-11-25: 11 steps of this walk's 36, now 35).
    @Test func sensorLoggerUserAccelerationAlone() throws {
        let relative = "formats/sensor-logger/user-only"
        let (info, _, expected) = try readChecked(relative, as: .sensorLogger)
        #expect(info.notes.contains("Accelerometer.csv: acceleration in m/s^2 without gravity (Sensor Logger's Accelerometer; no Gravity.csv to add it back)"))
        // Given on its own, the file is read the same way.
        let (alone, aloneSink) = try read("formats/sensor-logger/user-only/Accelerometer.csv")
        #expect(aloneSink.accelerationKinds == [.user])
        #expect(alone.stream("acceleration")?.sampleCount == expected.int("accelerationSamples"))
    }

    /// The watch app's `WristMotion.csv` alone: Core Motion's user acceleration and gravity in g,
    /// added row by row into the total acceleration (the same as the phone fixture's
    /// TotalAcceleration.csv, to the rounding of the written values); the file on its own too.
    @Test func sensorLoggerWatchWristMotion() throws {
        let relative = "formats/sensor-logger/watch"
        let (info, sink, _) = try readChecked(relative, as: .sensorLogger)
        #expect(info.notes.contains("total acceleration = WristMotion.csv acceleration (gravity removed) + its gravity, row by row (g)"))
        try expectAndroidTotalAcceleration(sink, within: 5e-5)
        let (_, alone) = try read("formats/sensor-logger/watch/WristMotion.csv")
        #expect(alone.acceleration == sink.acceleration)
    }

    @Test func sensorLoggerVersion2() throws {
        let relative = "formats/sensor-logger/v2"
        let (info, sink, expected) = try readChecked(relative, as: .sensorLogger)
        #expect(info.device == expected.string("device"))
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)
        // The lone file is recognised by its header too.
        let (fileInfo, fileSink) = try read(relative + "/TotalAcceleration.csv")
        #expect(fileInfo.format == .sensorLogger)
        #expect(fileSink.acceleration == sink.acceleration)
    }

    @Test func sensorLoggerIOS() throws {
        let relative = "formats/sensor-logger/ios"
        let (info, sink, expected) = try readChecked(relative, as: .sensorLogger)
        #expect(info.stream("acceleration")?.file.hasSuffix("AccelerometerUncalibrated.csv") == true)
        #expect(info.stream("acceleration")?.detail == "total, g")
        #expect(info.notes.contains { $0.hasPrefix("AccelerometerUncalibrated.csv: acceleration in g, gravity included") })
        #expect(abs((info.stream("acceleration")?.rate ?? 0) - 100) < 0.1)
        #expect(info.device == expected.string("device"))
        let deviceSteps = expected.nested("deviceSteps")
        let steps = try #require(sink.steps[.device])
        #expect(steps.count == deviceSteps.int("samples") + 1)  // with the reader's 0 at time 0
        #expect(steps.first?.steps == 0)
        #expect(steps.last?.steps == deviceSteps.double("lastSteps"))
        #expect(sink.locations.count == expected.int("locations"))
        #expect(sink.pressures.count == expected.int("pressureSamples"))
        let firstPressure = expected.nested("firstPressure")
        #expect(abs((sink.pressures.first?.pressure ?? 0) - firstPressure.double("pressure")) < 1e-9)
        #expect(sink.pressures.first?.relativeAltitude == firstPressure.double("relativeAltitude"))
        #expect(sink.pressures.last?.relativeAltitude == 0.38)
    }

    // MARK: phyphox

    @Test func phyphoxWithGravity() throws {
        let relative = "formats/phyphox/Acceleration with g/Raw Data.csv"
        let (info, sink) = try read(relative)
        #expect(info.format == .phyphox)
        #expect(info.detectionReason.contains("Time (s)"))
        checkAcceleration(info, sink, Fixtures.expected(relative))
        #expect(info.stream("acceleration")?.detail == "total, m/s^2")
        #expect(info.startDate == nil)
    }

    @Test func phyphoxLinearAcceleration() throws {
        let relative = "formats/phyphox/Linear Acceleration/Raw Data.csv"
        let (info, sink) = try read(relative)
        #expect(info.format == .phyphox)
        checkAcceleration(info, sink, Fixtures.expected(relative))
        #expect(info.stream("acceleration")?.detail == "user, m/s^2")
    }

    // MARK: Xsens DOT

    /// The DOT app's custom mode 5: `Acc_*` with gravity, SampleTimeFine in microseconds that
    /// wrap past 2^32 seven seconds in, the start from the preamble's `StartTime:`.
    @Test func xsensDotCustomMode5() throws {
        let relative = "formats/xsens/dot-custom-mode-5.csv"
        let (info, sink, expected) = try readChecked(relative, as: .xsens)
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)
        #expect(info.stream("acceleration")?.detail == "total, m/s^2")
    }

    /// The DOT app's default Extended (Euler) mode: its only acceleration is `FreeAcc_*`,
    /// gravity removed (read as such, not as g because its magnitude is about 1).
    @Test func xsensDotFreeAcceleration() throws {
        let relative = "formats/xsens/dot-extended-euler.csv"
        let (info, _, expected) = try readChecked(relative, as: .xsens)
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)
        #expect(info.stream("acceleration")?.detail == "user, m/s^2")
    }

    // MARK: WISDM raw files

    /// The 2019 set's `1600,A,252207666810782,x,y,z;` rows: found without a header or
    /// --columns, time in ns, m/s^2 with gravity.
    @Test func wisdm2019PhoneFile() throws {
        let relative = "formats/wisdm/data_1600_accel_phone.txt"
        let (info, _, _) = try readChecked(relative, as: .generic)
        #expect(info.detectionReason == "headerless rows labelled in column 2 ('A'): read as _,_,t,x,y,z (WISDM's user,activity,time,x,y,z)")
        #expect(info.notes.contains { $0.hasPrefix("time in ns") })
    }

    /// WISDM_ar_v1.1_raw.txt's flaws, each reported where it is: two rows on one line
    /// skipped with their location, the zero row and the row written twice dropped.
    @Test func wisdmV11RawFileWithItsFlaws() throws {
        let (info, sink, expected) = try readChecked("formats/wisdm/WISDM_ar_v1.1_raw.txt", as: .generic)
        #expect(abs((sink.acceleration.last?.time ?? 0) - expected.double("lastTime")) < 1e-6)
        #expect(info.detectionReason.hasPrefix("headerless rows labelled in column 2 ('Walking')"))
        #expect(info.skipped.examples.first?.location.line == 219)
        #expect(info.skipped.examples.first?.reason == "expected 6 fields, found 11")
        let problems = info.stream("acceleration")?.problems ?? []
        #expect(problems.contains("1 rows repeating the row before them exactly, time and values (dropped)"), "\(problems)")
        #expect(problems.contains("1 samples stamped far from the samples on both sides of them (dropped)"), "\(problems)")
    }

    // MARK: Garmin FIT through FitCSVTool

    /// A watch's accelerometer_data messages, 25 samples each, in the tool's default layout and
    /// its --data layout: calibrated values in milli-g under a `g` label, read as milli-g by
    /// their magnitude; counts alone read through the file's calibration message. The start
    /// from FIT's epoch (1989-12-31 UTC).
    @Test(arguments: ["formats/fit-csv/watch.csv", "formats/fit-csv/watch_data.csv", "formats/fit-csv/counts-only.csv"])
    func garminFitThroughFitCSVTool(relative: String) throws {
        let (info, _, expected) = try readChecked(relative, as: .fitCSV)
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)
        let unit = relative.hasSuffix("counts-only.csv") ? "total, g" : "total, mg"
        #expect(info.stream("acceleration")?.detail == unit)
    }

    // MARK: Oxford app log

    @Test func oxfordLogWithoutHardwareCounter() throws {
        let relative = "formats/oxford-log/Samsung_Jamie_Hard_InHand_1_no-hardware.csv"
        let (info, sink, expected) = try readChecked(relative, as: .oxford)
        #expect(info.detectionReason.contains("Oxford app log"))
        #expect(sink.stepTotal(.groundTruth) == expected.double("groundTruthSteps"))
        #expect(sink.stepTotal(.algorithm) == expected.double("algorithmSteps"))
        #expect(sink.steps[.device] == nil)
        #expect(info.notes.contains { $0.contains("hardware step counter column never changes") })
    }

    @Test func oxfordLogWithHardwareCounter() throws {
        let relative = "formats/oxford-log/Samsung_Jamie_Hard_InHand_1_hardware.csv"
        let (info, sink, expected) = try readChecked(relative, as: .oxford)
        #expect(sink.stepTotal(.groundTruth) == expected.double("groundTruthSteps"))
        #expect(sink.stepTotal(.algorithm) == expected.double("algorithmSteps"))
        #expect(sink.stepTotal(.device) == expected.double("deviceSteps"))
        #expect(!info.notes.contains { $0.contains("hardware step counter") })
    }

    // MARK: Generic CSV

    @Test func genericMillisecondsHeader() throws {
        let relative = "formats/generic/timestamp-ms.csv"
        let (info, _, expected) = try readChecked(relative, as: .generic)
        #expect(info.notes.contains { $0.hasPrefix("time in ms (inferred") })
        #expect(info.notes.contains { $0.hasPrefix("acceleration in m/s^2, gravity included (inferred") })
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)
        #expect(abs((info.stream("acceleration")?.rate ?? 0) - 100) < 0.01)
    }

    @Test func genericSemicolonInG() throws {
        let relative = "formats/generic/semicolon-g.csv"
        let (info, sink) = try read(relative)
        #expect(info.format == .generic)
        checkAcceleration(info, sink, Fixtures.expected(relative))
        #expect(info.notes.contains { $0.hasPrefix("time in s (inferred") })
        #expect(info.notes.contains { $0.hasPrefix("acceleration in g, gravity included (inferred") })
        #expect(abs((info.stream("acceleration")?.rate ?? 0) - 50) < 0.01)
        // The delimiter given explicitly reads the same.
        let (_, explicit) = try read(relative, IngestOptions(delimiter: UInt8(ascii: ";")))
        #expect(explicit.acceleration == sink.acceleration)
    }

    @Test func genericHeaderlessNanoseconds() throws {
        let relative = "formats/generic/headerless-ns.csv"
        let (info, sink, expected) = try readChecked(relative, as: .generic)
        #expect(info.notes.contains("headerless: columns taken as t,x,y,z (use --columns to change)"))
        #expect(info.notes.contains { $0.hasPrefix("time in ns (inferred") })
        let options = IngestOptions(columns: try ColumnRoles(parsing: expected.string("columns")), timeUnit: .nanoseconds,
                                    accelerationUnit: .metersPerSecondSquared)
        let (given, givenSink) = try read(relative, options)
        #expect(given.detectionReason == "headerless, columns given by --columns")
        #expect(!given.notes.contains { $0.hasPrefix("headerless") || $0.contains("inferred") })
        #expect(givenSink.acceleration == sink.acceleration)
    }

    @Test func genericHeaderlessNeedsColumns() throws {
        let relative = "formats/generic/headerless-accuracy.csv"
        let expected = Fixtures.expected(relative)
        let error = readError(Fixtures.path(relative))
        #expect(error?.description == Fixtures.path(relative)
            + ":1:1: unknown format: headerless with 5 numeric columns; give each column's role with --columns (t the time, x,y,z the acceleration, _ any other), perhaps t,_,x,y,z (guessed from the first rows: check it)")
        let (info, sink) = try read(relative, IngestOptions(columns: try ColumnRoles(parsing: expected.string("columns"))))
        #expect(info.format == .generic)
        checkAcceleration(info, sink, expected)
    }

    // MARK: Lab and school software (reconstructed)

    /// Vernier's exports name each column after its data set (`Data Set 1:Time(s)`,
    /// `"Latest: Time (s)"`): the time is found behind the label (until 2026-11-27 both were
    /// refused as having no time column).
    @Test(arguments: [
        ("formats/vernier/graphical-analysis.csv", "time 'Data Set 1:Time(s)', x 'Data Set 1:X-axis acceleration(m/s²)'"),
        ("formats/vernier/logger-pro.csv", "time 'Latest: Time (s)', x 'Latest: X-axis acceleration (m/s²)'"),
    ])
    func vernierExports(relative: String, columns: String) throws {
        let (info, _, _) = try readChecked(relative, as: .generic)
        #expect(info.streams.first?.columns.hasPrefix(columns) == true, "\(info.streams.first?.columns ?? "")")
    }

    /// Shimmer Consensys with its formatted time: the units row gives the date's layout as the
    /// time's unit (until 2026-11-27 taken for a data row, and the file refused).
    @Test func shimmerConsensysFormattedTime() throws {
        let (info, _, _) = try readChecked("formats/shimmer/consensys-formatted-time.csv", as: .generic)
        #expect(info.notes.contains("units from the row under the header"))
        #expect(info.notes.contains { $0.hasPrefix("time from date-times (yyyy/M/d) without a zone") })
        #expect(info.detectionReason.contains("units in the row below it ('yyyy/mm/dd hh:mm:ss.000,m/s^2,m/s^2,m/s^2'), on line 2"))
    }

    /// HyperIMU with its timestamp switched off: axes under two `@` lines, timed by `--rate`;
    /// without it the refusal asks for the rate at the header's line.
    @Test func hyperIMUWithoutTimestamp() throws {
        let relative = "formats/hyperimu/no-timestamp.csv"
        #expect(
            throws: IngestError(
                file: Fixtures.path(relative), line: 4, column: 1,
                "header names acceleration 'MPL_Accelerometer.x', 'MPL_Accelerometer.y', 'MPL_Accelerometer.z' but no time column: give the sampling rate (--rate HZ: sample n at n / HZ seconds) or the time column (--columns)")
        ) { try read(relative) }
        let expected = Fixtures.expected(relative)
        var options = IngestOptions()
        options.sampleRate = 50
        let (info, sink) = try read(relative, options)
        #expect(info.format == .generic)
        checkAcceleration(info, sink, expected)
        #expect(info.detectionReason.contains("timed by --rate 50, on line 4 below lines that are no rows of the table"))
    }

    /// Physics Toolbox writes rows of zeros for sensors not yet delivering: those before the
    /// accelerometer's first reading are dropped and said (until 2026-11-27 they were read as
    /// samples, and the jump to 1 g moved the walk's count).
    @Test func zerosBeforeTheSensorStartsAreDropped() throws {
        let (info, sink, _) = try readChecked("formats/physics-toolbox/sensors-starting.csv", as: .generic)
        #expect(info.stream("acceleration")?.zeroRowsBeforeFirstReading == 5)
        #expect(info.stream("acceleration")?.problems.contains("5 rows reading 0 on every axis before the sensor's first reading (dropped: not started)") == true)
        let (_, plain) = try read("formats/physics-toolbox/all-sensors.csv")
        #expect(sink.acceleration.map(\.x) == plain.acceleration.map(\.x))
    }

    // MARK: Step logs

    @Test func cumulativeStepLog() throws {
        let relative = "formats/steps/cumulative.csv"
        let expected = Fixtures.expected(relative)
        let (info, sink) = try read(relative)
        #expect(info.format == .steps)
        #expect(info.notes.contains("cumulative step counts"))
        #expect(sink.acceleration.isEmpty)
        let steps = try #require(sink.steps[.device])
        #expect(steps.count == expected.int("samples"))
        #expect(sink.stepTotal(.device) == expected.double("deviceSteps"))
        #expect(steps.last?.distance == expected.double("lastDistance"))
        #expect(steps.last?.time == expected.double("lastTime"))
    }

    @Test func stepEventLog() throws {
        let relative = "formats/steps/events.csv"
        let expected = Fixtures.expected(relative)
        let (info, sink) = try read(relative)
        #expect(info.format == .steps)
        #expect(info.notes.contains("one row per step event"))
        // The count the events start from is no row of the file: 36 rows, 36 samples, no
        // duplicate time (until 2026-11-26: 37 samples and "1 duplicate timestamps").
        let stream = try #require(info.streams.first { $0.stream == "steps" })
        #expect(stream.sampleCount == 36 && stream.duplicateTimestamps == 0 && stream.problems.isEmpty, "\(stream)")
        let steps = try #require(sink.steps[.device])
        #expect(steps.count == expected.int("samples"))
        #expect(sink.stepTotal(.device) == expected.double("deviceSteps"))
        #expect(steps.last.map { abs($0.time - expected.double("lastTime")) < 1e-9 } == true)
        #expect(info.startDate.map { abs($0 - expected.double("startDate")) < 1e-6 } == true)
    }

    /// Every format fixture derived from the trace keeps its ground truth in expected.json.
    @Test func everyFormatFixtureHasGroundTruth() throws {
        #expect(Fixtures.expected.count == 49)
        for (path, _) in Fixtures.expected {
            let expected = Fixtures.expected(path)
            #expect(expected.int("groundTruthSteps") > 0, "\(path)")
            #expect(FileManager.default.fileExists(atPath: Fixtures.path(path)), "\(path)")
        }
    }
}
