import Foundation
import Testing

/// End-to-end tests of `pedometer summarize` on the bundled fixtures. Detected step counts are
/// not asserted here (the detector has its own tests); structure and reference values are.
@Suite struct SummarizeCommandTests {
    static let requiredKeys = [
        "source", "format", "durationSeconds", "activeDurationSeconds", "steps", "distanceMeters", "distanceMethod",
        "averageActivePaceSecondsPerMeter", "averageCadenceStepsPerSecond", "floorsAscended", "floorsDescended",
    ]


    /// The JSON objects of the lines of `text`, keyed by their last path component.
    private func objects(_ text: String) throws -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let source = try #require(object["source"] as? String)
            result[URL(fileURLWithPath: source).lastPathComponent] = object
        }
        return result
    }

    private func integer(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }
    private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// `--rate`: three headerless columns (the generic fixture's axes) read as x,y,z at that
    /// rate, the steps of the file they came from; a rate that is no rate is a usage error.
    @Test func aRateTimesAHeaderlessTable() throws {
        let source = try String(contentsOfFile: fixture("formats/generic/timestamp-ms.csv"), encoding: .utf8)
        let axes = source.split(separator: "\n").dropFirst().map { $0.split(separator: ",", maxSplits: 1)[1] }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-rate-\(UUID().uuidString).csv").path
        try (axes.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try objects(try CommandRunner.run(["summarize", "--format", "json", fixture("formats/generic/timestamp-ms.csv")]).stdout)
        let output = try CommandRunner.run(["summarize", "--format", "json", "--rate", "100", path])
        #expect(output.status == 0, "\(output.stderr)")
        let rated = try #require(try objects(output.stdout).values.first)
        #expect(integer(rated["steps"]) == integer(plain["timestamp-ms.csv"]?["steps"]))
        #expect(try CommandRunner.run(["summarize", "--rate", "0", path]).status == 64)
        #expect(try CommandRunner.run(["summarize", path]).status == 1)
    }

    @Test func jsonLinesHaveTheSchemaAndTheGroundTruth() throws {
        let output = try CommandRunner.run([
            "summarize", "--format", "json", fixture("oxford"), fixture("formats/sensor-logger/android"),
            fixture("formats/sensorlog/SensorLog_walk.csv"), fixture("formats/steps/cumulative.csv"),
        ])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        let byName = try objects(output.stdout)
        #expect(byName.count == 6)
        for (name, object) in byName {
            for key in Self.requiredKeys { #expect(object.keys.contains(key), "\(name) lacks \(key)") }
            #expect(object["stepsSource"] as? String == (name == "cumulative.csv" ? "device" : "acceleration"))
        }
        #expect(integer(byName["Samsung_Jamie_Hard_InHand_1"]?["groundTruthSteps"]) == 265)
        #expect(integer(byName["Samsung_Dario_Hard_BackPocket_1"]?["groundTruthSteps"]) == 198)
        #expect(integer(byName["Samsung_Carmelo_Hard_Armband_2"]?["groundTruthSteps"]) == 261)
        for name in ["Samsung_Jamie_Hard_InHand_1", "Samsung_Dario_Hard_BackPocket_1", "Samsung_Carmelo_Hard_Armband_2"] {
            let object = try #require(byName[name])
            #expect(object["format"] as? String == "oxford")
            #expect(object["referenceSteps"] == nil)
            // Phones that log gravity: walking steps are measured by the sensor's rise.
            #expect(object["distanceMethod"] as? String == "inverted-pendulum")
            #expect((number(object["durationSeconds"]) ?? 0) > 100)
        }
        // SensorLog: CMPedometer 0 → 31 steps and its distance; a barometer, so floors are known.
        let sensorLog = try #require(byName["SensorLog_walk.csv"])
        #expect(integer(sensorLog["referenceSteps"]) == 31)
        #expect(number(sensorLog["referenceDistanceMeters"]) != nil)
        #expect(integer(sensorLog["floorsAscended"]) != nil)
        #expect(sensorLog["startDate"] as? String == "2019-05-13T15:27:52.123Z")
        // CMPedometerData's endDate and currentCadence (until 2026-11-26 neither was in the
        // summary): the start + the duration, and the last row of `series`'s cadence.
        #expect(sensorLog["endDate"] as? String == "2019-05-13T15:28:12.090Z")
        let series = try CommandRunner.run(["series", fixture("formats/sensorlog/SensorLog_walk.csv")]).stdout
        let lastCadence = try #require(series.split(separator: "\n").last?.split(separator: ",", omittingEmptySubsequences: false)[2])
        #expect(number(sensorLog["currentCadenceStepsPerSecond"]).map { abs($0 - (Double(lastCadence) ?? 0)) < 1e-4 } == true, "\(lastCadence)")
        // Where the walker has stopped, neither current value.
        for name in ["Samsung_Dario_Hard_BackPocket_1", "Samsung_Carmelo_Hard_Armband_2"] {
            #expect(byName[name]?["currentPaceSecondsPerMeter"] == nil && byName[name]?["currentCadenceStepsPerSecond"] == nil, "\(name)")
        }
        // A step log: the device's steps and distance are all there is.
        let steps = try #require(byName["cumulative.csv"])
        #expect(integer(steps["steps"]) == 36)
        #expect(integer(steps["referenceSteps"]) == 36)
        #expect(abs((number(steps["distanceMeters"]) ?? 0) - 25.92) < 1e-9)
        #expect(steps["distanceMethod"] as? String == "device")
        #expect(integer(byName["android"]?["referenceSteps"]) != nil)
    }

    @Test func everyFormatFixtureIsSummarised() throws {
        let output = try CommandRunner.run(["summarize", "--format", "json", fixture("formats")])
        // The five-column headerless file needs --columns, HyperIMU's without its timestamp
        // --rate: reported, the others still summarised.
        #expect(output.status == 1)
        #expect(output.stderr.contains("headerless-accuracy.csv:1:1: unknown format"))
        #expect(output.stderr.contains("no-timestamp.csv:4:1: header names acceleration"))
        let lines = output.stdout.split(separator: "\n")
        // 57 since the two Xsens DOT exports, the two WISDM raw files and the three Garmin
        // FIT files through FitCSVTool (2026-11-29).
        #expect(lines.count == 57)
        #expect(lines.filter { $0.contains("\"error\"") }.count == 2)
        // Keyed by file name: the three phyphox files are all `Raw Data.csv`.
        let good = lines.filter { !$0.contains("\"error\"") }.joined(separator: "\n")
        #expect(try objects(good).count == 53)
    }

    @Test func theSameWalkHasOneDistanceAtEveryRate() throws {
        // The format fixtures are one 20 s walk exported at 30, 50, 60 and 100 Hz. The
        // distance of each step comes from how far the sensor rises, measured after the
        // anti-alias low-passes; while their coefficient depended on the rate, the 30 Hz files
        // came out 16.89 m and the 100 Hz ones 17.32 m (2.5 % apart).
        let output = try CommandRunner.run(["summarize", "--format", "json", fixture("formats")])
        let good = output.stdout.split(separator: "\n").filter { !$0.contains("\"error\"") }
        let walks = try objects(good.joined(separator: "\n")).filter {
            $0.value["distanceMethod"] as? String == "inverted-pendulum" && integer($0.value["steps"]) == 35
        }
        // 30 Hz (ActiGraph, SensorLog), 50 Hz (semicolon g), 60 Hz (DeviceMotion), 100 Hz.
        for name in ["raw-30hz.csv", "SensorLog_walk.csv", "semicolon-g.csv", "orientation-first.csv",
                     "timestamp-ms.csv", "android"] {
            #expect(walks[name] != nil, "\(name)")
        }
        let metres = walks.values.compactMap { number($0["distanceMeters"]) }
        let shortest = try #require(metres.min()), longest = try #require(metres.max())
        #expect(longest / shortest < 1.015, "\(metres.sorted())")
    }

    /// Half a second, a second or three missing from a 20 s walk (rows lost, a sensor pausing):
    /// the walk keeps its distance (within one step's share of it). Until 2026-11-26 the steps
    /// before a gap lost their rises (the detector's rise buffer was reset by the sample after
    /// the gap before they were drained) and took the population's length: 19.8–20.1 m for
    /// the 17.65 m walk.
    @Test func aGapInTheDataKeepsTheWalksDistance() throws {
        let source = fixture("formats/generic/timestamp-ms.csv")
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        func distance(_ path: String) throws -> Double {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(CommandRunner.run(["summarize", "--format", "json", path]).stdout.utf8)) as? [String: Any])
            return try #require(number(object["distanceMeters"]))
        }
        let whole = try distance(source)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-gap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Rows 802... are 8 s into the walk; 50, 100 and 300 rows are 0.5, 1 and 3 s.
        for missing in [50, 100, 300] {
            let path = folder.appendingPathComponent("gap-\(missing).csv").path
            try Data((lines[..<801] + lines[(801 + missing)...]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
            let gapped = try distance(path)
            #expect(abs(gapped - whole) < 0.04 * whole, "\(missing) rows missing: \(gapped) m, the whole walk \(whole) m")
        }
    }

    /// A step log that gives its own distance keeps it, and a --stride given says it was not
    /// used (until 2026-11-26 it was ignored without a word).
    @Test func aStrideGivenForADevicesDistanceSaysItIsNotUsed() throws {
        let output = try CommandRunner.run(["summarize", "--format", "json", "--stride", "0.5", fixture("formats/steps/cumulative.csv")])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["distanceMethod"] as? String == "device")
        #expect((object["warnings"] as? [String])?.contains("--stride not used: the distance is the device's own, from the log") == true)
    }

    /// Date-times without a zone give no absolute start; the summary says how to get one, as
    /// for ActiGraph (until 2026-11-26 only inspect said it), and not for times of day, which
    /// no zone places.
    @Test func datesWithoutAZoneAskForOne() throws {
        let note = "the start is the device's local time: give --time-zone to place it"
        func warnings(_ arguments: [String]) throws -> [String] {
            let output = try CommandRunner.run(["summarize", "--format", "json"] + arguments)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            return object["warnings"] as? [String] ?? []
        }
        #expect(try warnings([fixture("formats/axivity/omgui-export.csv")]).contains(note))
        #expect(try !warnings(["--time-zone", "UTC", fixture("formats/axivity/omgui-export.csv")]).contains(note))
        #expect(try !warnings([fixture("formats/physics-toolbox/all-sensors.csv")]).contains(note))
    }

    /// A negative number given to a numeric option is that option's value, refused with its
    /// range (until 2026-11-26 "Missing value for '--stride <m>'", the '-1' taken for an option).
    @Test func negativeValuesGetTheirOptionsRange() throws {
        let walk = fixture("oxford/Samsung_Jamie_Hard_InHand_1")
        let cases: [([String], String)] = [
            (["summarize", "--stride", "-1", walk], "--stride must be between 0.2 and 2.5 metres"),
            (["summarize", "--height", "-1.7", walk], "--height must be between 0.5 and 2.5 metres"),
            (["series", "--every", "-1s", walk], "--every: cannot read '-1s'"),
            (["pace", "--distance", "-5km", "--time", "30:00"], "--distance: cannot read '-5km'"),
            (["eval", "--tolerance", "-1", walk], "--tolerance must be a positive number of seconds"),
        ]
        for (arguments, message) in cases {
            let output = try CommandRunner.run(arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
    }

    @Test func csvHasItsHeaderOnce() throws {
        let output = try CommandRunner.run([
            "summarize", "--format", "csv", fixture("oxford"), fixture("formats/steps"),
        ])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 6)
        #expect(lines.first?.hasPrefix("source,format,startDate,endDate,durationSeconds,") == true)
        #expect(lines.filter { $0.hasPrefix("source,") }.count == 1)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(CommandRunner.packageRoot.path) })
        #expect(lines.contains { $0.contains("Samsung_Jamie_Hard_InHand_1,oxford,") && $0.contains(",265,") })
    }

    @Test func tableShowsGroundTruthAndUnits() throws {
        let output = try CommandRunner.run(["summarize", "--units", "imperial", fixture("oxford/Samsung_Dario_Hard_BackPocket_1")])
        #expect(output.status == 0)
        #expect(output.stdout.contains("ground truth 198"))
        #expect(output.stdout.contains("Steps:"))
        #expect(output.stdout.contains("min/mi"))
        #expect(!output.stdout.contains("min/km"))
    }

    @Test func aBadFileIsReportedAndTheOthersStillFinish() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-summarize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.csv").path
        try Data("time,x,y,z\n0,1,\"open\n".utf8).write(to: URL(fileURLWithPath: bad))
        let good = fixture("formats/generic/timestamp-ms.csv")
        let other = fixture("formats/generic/semicolon-g.csv")
        for format in ["json", "csv", "table"] {
            let output = try CommandRunner.run(["summarize", "--format", format, good, bad, other])
            #expect(output.status == 1)
            #expect(output.stderr == "\(bad):2:5: quoted field is never closed (unterminated quote)\n")
            #expect(output.stdout.components(separatedBy: "timestamp-ms.csv").count - 1 == 1)
            #expect(output.stdout.components(separatedBy: "semicolon-g.csv").count - 1 == 1)
        }
    }

    /// A recording with neither acceleration nor a step log (Sensor Logger's barometer alone)
    /// has nothing to count steps from: refused, not a walk of 0 steps and 0 floors (until
    /// 2026-11-26 the table said "0 (from the device's step log)", then "0 (no acceleration or
    /// step log)", with "Floors: 0 up, 0 down", and a batch counted it among its recordings).
    @Test func aRecordingWithoutStepsIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-summarize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Barometer.csv").path
        let rows = (0..<10).map { "\(1_557_761_272_123_000_000 + $0 * 200_000_000),\(0.2 * Double($0 + 1)),1012.03" }
        try Data((["time,seconds_elapsed,pressure"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let table = try CommandRunner.run(["summarize", path])
        #expect(table.status == 1)
        #expect(table.stdout.isEmpty)
        #expect(table.stderr == "\(path): no acceleration and no step counts of the device, only pressure: nothing to count steps from "
            + "(in a Sensor Logger export, summarise the whole folder or zip)\n")
        // What it holds is still shown by inspect.
        #expect(try CommandRunner.run(["inspect", path]).status == 0)
        // A step log still says where its steps come from.
        let log = try CommandRunner.run(["summarize", fixture("formats/steps/cumulative.csv")])
        #expect(log.stdout.contains("\n  Steps:        36 (from the device's step log)"), "\(log.stdout)")
    }

    @Test func samplesFarFromTimeZeroAreIgnoredAndReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-summarize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("far.csv").path
        // The last count is 579 days after the first, longer than a step log is read: a
        // timestamp in the wrong unit.
        try Data("time,steps\n0,0\n10,20\n20,40\n30,60\n50000000,70\n".utf8).write(to: URL(fileURLWithPath: path))
        let output = try CommandRunner.run(["summarize", "--format", "json", path])
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try #require(try objects(output.stdout)["far.csv"])
        #expect(integer(summary["steps"]) == 60)
        #expect(number(summary["durationSeconds"]) == 30)
        let warnings = summary["warnings"] as? [String] ?? []
        #expect(
            warnings.contains(
                "1 step counts ignored: time not finite or more than 366 days from time 0 (split a longer log into files of a year)"),
            "\(warnings)")
    }

    /// A health app's daily counts over more than a month (the limit of a sensor log) are all
    /// read (up to a year: `PedometerTests` tests the limit).
    @Test func aDailyStepLogLongerThanAMonthIsReadWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-summarize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("daily.csv").path
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = try #require(calendar.date(from: DateComponents(year: 2025, month: 1, day: 1)))
        var text = "date,steps\n"
        for day in 0..<45 {
            let parts = calendar.dateComponents([.year, .month, .day], from: try #require(calendar.date(byAdding: .day, value: day, to: first)))
            text += String(format: "%04d-%02d-%02d,%d\n", parts.year!, parts.month!, parts.day!, 8000 + day)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let output = try CommandRunner.run(["summarize", "--format", "json", path])
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try #require(try objects(output.stdout)["daily.csv"])
        // Each count is its day's, spread over the day.
        #expect(integer(summary["steps"]) == (0..<45).reduce(0) { $0 + 8000 + $1 })
        #expect(number(summary["durationSeconds"]) == 45 * 86_400.0)
        let warnings = summary["warnings"] as? [String] ?? []
        #expect(!warnings.contains { $0.contains("ignored") }, "\(warnings)")
    }

    /// A real walk whose log lost 2 s of acceleration every 10 s: the walk's steps in the holes
    /// count, and the summary says how many were placed there (inferred, not seen).
    @Test func stepsPlacedInGapsInTheDataAreReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-summarize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = fixture("oxford/Samsung_Jamie_Hard_InHand_1")
        for name in ["stepcounter.csv", "metadata.txt"] {
            try FileManager.default.copyItem(atPath: "\(source)/\(name)", toPath: folder.appendingPathComponent(name).path)
        }
        // Split on any line ending: the file's are "\r\n", one Character in Swift.
        let lines = try String(contentsOfFile: "\(source)/accelerometer.csv", encoding: .utf8)
            .split(whereSeparator: \.isNewline)
        let first = try #require(Double(lines[0].prefix { $0 != "," }))
        let kept = lines.filter { line in
            guard let ns = Double(line.prefix { $0 != "," }) else { return true }
            return !(5..<7).contains(((ns - first) / 1e9).truncatingRemainder(dividingBy: 10))
        }
        try Data((kept.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("accelerometer.csv"))
        let output = try CommandRunner.run(["summarize", "--format", "json", folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try #require(try objects(output.stdout).values.first)
        // 265 true steps; 262 measured (GroundTruthTests), 201 before holes were filled.
        #expect((260...265).contains(integer(summary["steps"]) ?? 0), "\(summary)")
        let warnings = summary["warnings"] as? [String] ?? []
        let placed = try #require(
            warnings.first { $0.hasSuffix("steps placed in gaps in the acceleration data, the walk going on at its cadence on both sides") },
            "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("acceleration (total, m/s^2): 14 gaps totalling") }, "\(warnings)")
        // Measured 61: the 14 holes of 2 s hold about 50 of this walk's steps, and each fill
        // spans from the last step seen before a hole to the first after it.
        let count = Int(placed.prefix { $0 != " " }) ?? 0
        #expect((50...66).contains(count), "\(placed)")
    }

    @Test func outputIsTheSameWhateverTheJobCount() throws {
        let arguments = ["summarize", "--format", "json", fixture("oxford"), fixture("formats/sensor-logger")]
        let one = try CommandRunner.run(arguments + ["--jobs", "1"])
        let two = try CommandRunner.run(arguments + ["--jobs", "3"])
        #expect(one.status == 0)
        #expect(one.stdout == two.stdout)
    }

    @Test func heightAndStrideChangeTheDistance() throws {
        let path = fixture("formats/generic/timestamp-ms.csv")
        let base = try objects(try CommandRunner.run(["summarize", "--format", "json", path]).stdout).values.first
        let tall = try objects(try CommandRunner.run(["summarize", "--format", "json", "--height", "2.0", path]).stdout).values.first
        let stride = try objects(try CommandRunner.run(["summarize", "--format", "json", "--stride", "0.9", path]).stdout).values.first
        #expect(stride?["distanceMethod"] as? String == "user-stride")
        if let steps = integer(base?["steps"]), steps > 0 {
            let metres = try #require(number(base?["distanceMeters"]))
            // Walking steps grow with the leg as √(2 l h − h²) for the same rise h (between
            // √(2/1.7) and 2/1.7 times); any step measured by cadence grows as 2/1.7.
            let ratio = (number(tall?["distanceMeters"]) ?? 0) / metres
            #expect(ratio > (2.0 / 1.7).squareRoot() && ratio <= 2.0 / 1.7 + 1e-9, "\(ratio)")
        }
    }

    @Test func usageErrorsExit64() throws {
        for arguments in [["--height", "9"], ["--stride", "0"], ["--units", "furlongs"], ["--format", "xml"], ["--jobs", "0"]] {
            let output = try CommandRunner.run(["summarize"] + arguments + ["x.csv"])
            #expect(output.status == 64, "\(arguments)")
            #expect(!output.stderr.isEmpty)
        }
        // A negative count is a value, refused as such (it was 'Missing value for --jobs').
        let negative = try CommandRunner.run(["summarize", "--jobs", "-1", "x.csv"])
        #expect(negative.status == 64 && negative.stderr.hasPrefix("Error: --jobs must be at least 1\n"), "\(negative.stderr)")
    }

    /// No path: the current folder; when it holds no recording, what was looked for and how to
    /// point at one, exit 1.
    @Test func withoutAPathTheCurrentFolder() throws {
        let here = try CommandRunner.run(["summarize", "--format", "csv"], in: URL(fileURLWithPath: fixture("oxford")))
        #expect(here.status == 0)
        #expect(here.stdout.split(separator: "\n").count == 4)
        #expect(here.stdout.contains("\nSamsung_Carmelo_Hard_Armband_2,oxford,"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try CommandRunner.run(["summarize"], in: empty)
        #expect(nothing.status == 1)
        #expect(nothing.stdout.isEmpty)
        #expect(nothing.stderr.contains(".: no recordings found (expected a Sensor Logger or Oxford folder, or .csv, .tsv, .txt or .zip files)"))
        #expect(nothing.stderr.contains("give a recording or a folder of them: pedometer summarize walk.csv"))
    }

    /// What tools/make-completions writes: completion scripts from the command's definitions.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(_ shell: String) throws {
        let output = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(output.status == 0)
        #expect(output.stdout.contains("summarize") && output.stdout.contains("time-zone"))
    }

    /// Issue 27: a zip bomb is refused at once with its entry named, a path-escaping entry
    /// refused and named, exit 1, and nothing is written to the temporary folder.
    @Test func zipBombAndEscapingEntryRefusedWithoutWritingAnything() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-tmpdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let bomb = fixture("malformed/zip-bomb.zip")
        let started = Date()
        let output = try CommandRunner.run(["summarize", bomb, fixture("malformed/zip-escape.zip")], environment: ["TMPDIR": tmp.path])
        print("SummarizeCommandTests: zip bomb refused in \(Date().timeIntervalSince(started)) s")
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(bomb)/rec/TotalAcceleration.csv: looks like a zip bomb: 67108891 bytes or more from 65262 compressed"))
        #expect(output.stderr.contains("zip-escape.zip: entry '../TotalAcceleration.csv' escapes the archive"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
        // Raised, the limit lets the bomb be read, and its zeros are what is then refused.
        let raised = try CommandRunner.run(["summarize", "--zip-max-ratio", "2000", bomb], environment: ["TMPDIR": tmp.path])
        #expect(raised.status == 1 && raised.stderr.contains("binary data"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    }
}
