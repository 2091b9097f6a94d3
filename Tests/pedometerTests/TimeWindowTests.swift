import Foundation
import Testing

/// `--from`/`--to` on summarize and series: CMPedometer's `queryPedometerData(from:to:)` on a
/// real recording, against the whole recording's steps in that window and against the window
/// cut out of the file by hand.
@Suite struct TimeWindowTests {
    private func json(_ output: CommandRunner.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test func windowOfARealWalk() throws {
        let recording = fixture("oxford/Samsung_Jamie_Hard_InHand_1")
        let window = try json(try CommandRunner.run(["summarize", "--format", "json", "--from", "30s", "--to", "1:30", recording]))
        // The whole recording's steps that fall in [30, 90).
        let all = try CommandRunner.run(["series", "--steps", recording]).stdout.split(separator: "\n").dropFirst().compactMap { Double($0) }
        let inside = all.filter { $0 >= 30 && $0 < 90 }
        #expect((window["steps"] as? Int) == inside.count)
        #expect(abs((window["durationSeconds"] as? Double ?? 0) - 60) < 1e-9)
        // The foot switches' steps in the window, counted from the file by hand.
        let series = try CommandRunner.run(["series", "--steps", "--from", "30", "--to", "90", recording]).stdout
        #expect(series.split(separator: "\n").count == inside.count + 1)
        #expect((window["groundTruthSteps"] as? Int).map { abs($0 - inside.count) <= 3 } == true)

        // The same minute cut out of the accelerometer file: read on its own, the detector sees
        // no walking before it, so its first steps are found by looking back; within 2 steps.
        // (CRLF lines: "\r\n" is one Character, so split on the newline set.)
        let lines = try String(contentsOfFile: recording + "/accelerometer.csv", encoding: .utf8)
            .components(separatedBy: .newlines).filter { !$0.isEmpty }
        let first = try #require(Int64(lines[0].split(separator: ",")[0]))
        let cut = lines.filter { line in
            let t = Double(Int64(line.split(separator: ",")[0])! - first) / 1e9
            return t >= 30 && t < 90
        }.map { line -> String in
            let fields = line.split(separator: ",")
            return "\(fields[0]),\(fields[2]),\(fields[3]),\(fields[4])"
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("minute.csv")
        try ("timestamp_ns,x,y,z\n" + cut.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let alone = try json(try CommandRunner.run(["summarize", "--format", "json", file.path]))
        let steps = try #require(alone["steps"] as? Int, "\(alone)")
        #expect(abs(steps - inside.count) <= 2, "cut out: \(steps), window: \(inside.count)")
    }

    /// Windows on a log of counts per quarter hour hold the quarter hours' counts, ours and the
    /// device's alike (until 2026-11-26 08:00–08:15 said 811 steps and device 0: the count
    /// stamped 08:15 read as 08:15 plus 4 ns, after the window, and our last step of the
    /// quarter hour on its end, outside the half-open window).
    @Test func windowsOfQuarterHourCounts() throws {
        let log = fixture("formats/google-fit/2019-05-13.csv")
        for (from, to, count) in [("8:00:00", "8:15:00", 812), ("8:15:00", "8:30:00", 1330), ("8:00:00", "8:45:00", 2544)] {
            let window = try json(try CommandRunner.run(["summarize", "--format", "json", "--from", from, "--to", to, log]))
            #expect(window["steps"] as? Int == count, "\(from)–\(to)")
            #expect(window["referenceSteps"] as? Int == count, "\(from)–\(to)")
        }
        let day = try json(try CommandRunner.run(["summarize", "--format", "json", "--to", "24:00:00", fixture("formats/google-fit/Daily activity metrics.csv")]))
        #expect(day["steps"] as? Int == 8342)
        #expect(day["referenceSteps"] as? Int == 8342)
    }

    /// A window that cuts a row of a step log (a day of a daily log, a record of Apple Health)
    /// reads the device's count spread over the row's interval as the steps are: the device's
    /// steps are the summary's, to the half step that rounds the spread count, and its metres
    /// the summary's (until 2026-11-28 36 h of a daily log said 11,099 steps and device 6,260,
    /// "+77.3 %", its first day whole against a day and a half).
    @Test func aWindowCuttingAStepLogsRowSpreadsTheDevicesCountAsItsSteps() throws {
        for (arguments, steps, device) in [
            (["--to", "36h", fixture("formats/fitbit/fitbit_export_20200308.csv")], 11099, 11100),
            (["--from", "12h", "--to", "36h", fixture("formats/fitbit/fitbit_export_20200308.csv")], 7969, 7970),
            (["--to", "59", fixture("formats/apple-health/StepCount.csv")], 108, 108),
        ] {
            let window = try json(try CommandRunner.run(["summarize", "--format", "json"] + arguments))
            #expect(window["steps"] as? Int == steps, "\(arguments)")
            #expect(window["referenceSteps"] as? Int == device, "\(arguments)")
            if let device = window["referenceDistanceMeters"] as? Double {
                #expect(abs(device - (window["distanceMeters"] as? Double ?? 0)) < 1e-9, "\(arguments)")
            }
        }
    }

    /// A window inside the first step's interval holds no step but a share of its interval:
    /// its cadence and its pace are both of that share (until 2026-11-28 a cadence and no pace,
    /// the active time known).
    /// The device's count over a window stays the log's own: the steps it added faster than
    /// anyone walks (500 in a second), which the summary does not place, are in it, so the
    /// difference shows (the review's log: 999 steps by 500 s, device 1,500).
    @Test func aWindowsDeviceCountKeepsTheStepsNotPlaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pedometer-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var rows = ["time,steps"]
        var total = 0
        for t in stride(from: 0, through: 600, by: 10) {
            rows.append("\(t),\(total)")
            if t == 300 {
                total += 500
                rows.append("301,\(total)")
            }
            total += 20
        }
        let log = folder.appendingPathComponent("jump.csv").path
        try (rows.joined(separator: "\n") + "\n").write(toFile: log, atomically: true, encoding: .utf8)
        let window = try json(try CommandRunner.run(["summarize", "--format", "json", "--to", "500", log]))
        // 999 placed: the log's 1,000 by 500 s less the step placed at 500 s itself, which the
        // half-open window leaves to the next.
        #expect(window["steps"] as? Int == 999, "\(window)")
        #expect(window["referenceSteps"] as? Int == 1500, "\(window)")
    }

    @Test func aWindowInsideAStepsIntervalHasItsCadenceAndPace() throws {
        let window = try json(try CommandRunner.run(["summarize", "--format", "json", "--to", "0.2", fixture("formats/generic/timestamp-ms.csv")]))
        let whole = try json(try CommandRunner.run(["summarize", "--format", "json", fixture("formats/generic/timestamp-ms.csv")]))
        #expect(window["steps"] as? Int == 0)
        #expect(abs((window["activeDurationSeconds"] as? Double ?? 0) - 0.2) < 1e-9)
        let cadence = try #require(window["averageCadenceStepsPerSecond"] as? Double)
        let pace = try #require(window["averageActivePaceSecondsPerMeter"] as? Double)
        // The first step's length, at the cadence of its interval: as the whole walk's, within a fifth.
        let wholePace = try #require(whole["averageActivePaceSecondsPerMeter"] as? Double)
        let wholeCadence = try #require(whole["averageCadenceStepsPerSecond"] as? Double)
        let stepLength = 1 / (pace * cadence), wholeStepLength = 1 / (wholePace * wholeCadence)
        #expect(abs(stepLength / wholeStepLength - 1) < 0.2, "\(stepLength) m a step, the walk's \(wholeStepLength)")
    }

    /// The current cadence and pace of a window are those of its own last seconds: a window
    /// after the last step has none (until 2026-11-26 it showed the recording's last pace beside
    /// its 0 steps), and one starting 2 s before the end measures those 2 s only.
    @Test func aWindowsCurrentPaceIsItsOwn() throws {
        let recording = fixture("oxford/Samsung_Jamie_Hard_InHand_1")
        let all = try CommandRunner.run(["series", "--steps", recording]).stdout.split(separator: "\n").dropFirst().compactMap { Double($0) }
        let last = try #require(all.last)
        let after = try json(try CommandRunner.run(["summarize", "--format", "json", "--from", "\(last + 0.01)", recording]))
        #expect((after["steps"] as? Int) == 0)
        #expect(after["currentPaceSecondsPerMeter"] == nil || after["currentPaceSecondsPerMeter"] is NSNull, "\(after)")
        let tail = try json(try CommandRunner.run(["summarize", "--format", "json", "--from", "\(last - 2)", recording]))
        let inTail = all.filter { $0 >= last - 2 }
        let cadence = Double(inTail.count - 1) / (inTail.last! - inTail.first!)
        let whole = try json(try CommandRunner.run(["summarize", "--format", "json", recording]))
        #expect((tail["steps"] as? Int) == inTail.count)
        #expect(tail["currentPaceSecondsPerMeter"] as? Double != whole["currentPaceSecondsPerMeter"] as? Double)
        #expect(inTail.count >= 3 && cadence > 1.5 && cadence < 2.5)
    }

    @Test func clockTimesAndErrors() throws {
        let sensorLog = fixture("formats/sensorlog/SensorLog_walk.csv")  // starts 2019-05-13 17:27:52.123 +02:00
        let byClock = try json(try CommandRunner.run(["summarize", "--format", "json", "--time-zone", "+02:00", "--from", "@17:28:00", sensorLog]))
        let byOffset = try json(try CommandRunner.run(["summarize", "--format", "json", "--from", "7.877", sensorLog]))
        #expect(byClock["steps"] as? Int == byOffset["steps"] as? Int)
        #expect(byClock["startDate"] as? String == "2019-05-13T15:28:00.000Z")
        // Hours and minutes alone are a clock time too (until 2026-11-27 read as minutes and
        // seconds: @17:28 was 00:17:28, before this recording's day began).
        let byMinute = try json(try CommandRunner.run(["summarize", "--format", "json", "--time-zone", "+02:00", "--from", "@17:28", sensorLog]))
        #expect(byMinute["steps"] as? Int == byClock["steps"] as? Int && byMinute["startDate"] as? String == "2019-05-13T15:28:00.000Z")
        // The first day's end, @24:00 (as a date-time's 24:00): the whole of this evening's walk.
        let dayEnd = try json(try CommandRunner.run(["summarize", "--format", "json", "--time-zone", "+02:00", "--to", "@24:00", sensorLog]))
        let whole = try json(try CommandRunner.run(["summarize", "--format", "json", sensorLog]))
        #expect(dayEnd["steps"] as? Int == whole["steps"] as? Int && dayEnd["durationSeconds"] as? Double == whole["durationSeconds"] as? Double)
        for late in ["@24:00:01", "@24:01", "@25:00", "@17", "@17:60", "@1:2:3:4"] {
            let refused = try CommandRunner.run(["summarize", "--to", late, sensorLog])
            #expect(refused.status == 64 && refused.stderr.contains("--to: cannot read '\(late)'"), "\(late): \(refused.stderr)")
        }
        let instant = try json(try CommandRunner.run(["summarize", "--format", "json", "--to", "2019-05-13T17:28:00+02:00", sensorLog]))
        #expect(abs((instant["durationSeconds"] as? Double ?? 0) - 7.877) < 1e-6)

        let noStart = try CommandRunner.run(["summarize", "--from", "@10:00", fixture("runwalk/runwalk.csv")])
        #expect(noStart.status == 1)
        #expect(noStart.stderr.contains("a clock time needs the recording's absolute start"))
        // Where a zone would date it, the message says how (a stranger read "this export does not give" of a zoneless log).
        #expect(noStart.stderr.contains("give it with --time-zone"))
        let outside = try CommandRunner.run(["summarize", "--from", "1h", fixture("runwalk/runwalk.csv")])
        #expect(outside.status == 1 && outside.stderr.contains("fall outside the recording"))
        let unreadable = try CommandRunner.run(["summarize", "--from", "soon", fixture("runwalk/runwalk.csv")])
        #expect(unreadable.status == 64 && unreadable.stderr.contains("--from: cannot read 'soon'"))
        // A window ending before it begins, both offsets: a usage error, before any reading
        // (until 2026-11-26 exit 1, as a recording's error).
        let reversed = try CommandRunner.run(["summarize", "--from", "30s", "--to", "10s", fixture("runwalk/runwalk.csv")])
        #expect(reversed.status == 64 && reversed.stderr.contains("--from 30s is not before --to 10s"))
        // Likewise an offset --to of 0 alone (QA pass: exit 1, each recording failing).
        let empty = try CommandRunner.run(["summarize", "--to", "0", fixture("runwalk/runwalk.csv")])
        #expect(empty.status == 64 && empty.stderr.contains("--to 0 is not after the recording's start"), "\(empty.stderr)")
    }
}
