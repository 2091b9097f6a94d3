import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Generic tables read by their header's names: column orders, named roles, interleaved sensor
/// rows, decimal commas and date-time columns.
@Suite struct GenericReaderTests {
    let files = TemporaryFiles()

    private func read(_ path: String, _ options: IngestOptions = .init()) throws -> (RecordingInfo, CollectingSink) {
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, options: options, into: &sink)
        return (info, sink)
    }

    // MARK: Core Motion logs

    /// CMDeviceMotion's `userAcceleration` beside its `gravity` (MotionSense's layout, no time
    /// column): their sum, in g, is read as total acceleration (until 2026-11-26 the user
    /// acceleration alone, 0.1 g, read as m/s^2 without gravity: a walk of 114 steps gave 0).
    /// The same pair named otherwise (`user_acc_x`, `gravity_x`) with a time column: summed,
    /// the unit inferred from the sum.
    @Test func userAccelerationBesideGravityIsTotalAcceleration() throws {
        var motionSense = ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,"
            + "rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        var named = "time,user_acc_x,user_acc_y,user_acc_z,gravity_x,gravity_y,gravity_z\n"
        for index in 0..<200 {
            let bounce = 0.25 * sin(2 * Double.pi * 1.9 * Double(index) / 50)
            motionSense += "\(index),1.5,-0.7,0.3,0.02,0.99,0.07,0.1,0.2,0.3,0.01,\(bounce),0.02\n"
            named += "\(Double(index) / 50),0.1,\(bounce * 9.80665),0.2,0.2,9.7,0.7\n"
        }
        var options = IngestOptions()
        options.sampleRate = 50
        let (info, sink) = try read(files.write("sub_1.csv", motionSense), options)
        #expect(sink.accelerationKinds == [.total])
        #expect(info.stream("acceleration")?.detail == "total, g")
        let first = try #require(sink.acceleration.first)
        #expect(abs(first.y - 0.99 * 9.80665) < 1e-9)
        #expect(abs(first.x - 0.03 * 9.80665) < 1e-9)
        #expect(info.notes.contains("total acceleration = the axes (gravity removed) + gravity 'gravity.x', 'gravity.y', 'gravity.z', row by row"))

        let (other, otherSink) = try read(files.write("named.csv", named))
        #expect(otherSink.accelerationKinds == [.total])
        #expect(other.stream("acceleration")?.detail == "total, m/s^2")
        // Gravity is not also listed as passed over (review QA: "not acceleration: 'gravity_x' …").
        #expect(!other.notes.contains { $0.contains("not acceleration") }, "\(other.notes)")
        #expect(otherSink.acceleration.first.map { abs($0.z - 0.9) < 1e-9 } == true)
    }

    /// An Apple Watch logger writing CMDeviceMotion's user acceleration as `accelerationX` …
    /// beside `gravityX` …, in g: the axes' names say nothing of gravity, their rows average
    /// out, so they are added to gravity as `userAccelerationX` … are (until 2026-11-26 read
    /// alone as m/s^2 without gravity, median 0.034: QA's 148-step walk gave 0 steps). A
    /// phone's `accX` … holding gravity already beside its gravity sensor's columns is not.
    @Test func axesNamedPlainlyBesideGravityAreAddedWhenWithoutIt() throws {
        var watch = "timestamp,accelerationX,accelerationY,accelerationZ,gravityX,gravityY,gravityZ\n"
        var phone = "time,accX,accY,accZ,gravX,gravY,gravZ\n"
        for index in 0..<200 {
            let bounce = 0.25 * sin(2 * Double.pi * 1.9 * Double(index) / 50)
            watch += "\(345678 + Double(index) / 50),0.01,\(bounce),0.02,0.0,0.955,0.296\n"
            phone += "\(Double(index) / 50),0.2,\(9.7 + bounce * 9.8),0.7,0.2,9.7,0.7\n"
        }
        let (info, sink) = try read(files.write("watch.csv", watch))
        #expect(sink.accelerationKinds == [.total])
        #expect(info.stream("acceleration")?.detail == "total, g")
        #expect(sink.acceleration.first.map { abs($0.y - 0.955 * 9.80665) < 1e-9 } == true)
        #expect(info.notes.contains("total acceleration = the axes (gravity removed) + gravity 'gravityX', 'gravityY', 'gravityZ', row by row"))

        let (other, otherSink) = try read(files.write("phone.csv", phone))
        #expect(otherSink.accelerationKinds == [.total])
        #expect(other.stream("acceleration")?.detail == "total, m/s^2")
        #expect(otherSink.acceleration.first.map { abs($0.y - 9.7) < 1e-9 } == true)
        #expect(other.notes.contains { $0.hasPrefix("gravity 'gravX', 'gravY', 'gravZ' not added to the axes: their rows hold gravity already") }, "\(other.notes)")
    }

    /// CMDeviceMotion's `userAcceleration` alone (MotionSense's layout without its gravity
    /// columns) is in g by Apple's definition, without gravity: read so (until 2026-11-26 its
    /// 0.1 g read as m/s^2 without gravity: QA's 108-step walk gave 0 steps). Chosen with
    /// `--columns` and `--accel-unit g`, the names still say without gravity: not total
    /// acceleration warned as far from 1 g (QA: "median magnitude 1.242 m/s^2 is far from 1 g").
    @Test func userAccelerationAloneIsInGWithoutGravity() throws {
        var text = ",userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        for index in 0..<200 {
            let bounce = 0.25 * sin(2 * Double.pi * 1.9 * Double(index) / 50)
            text += "\(index),0.01,\(bounce),0.02\n"
        }
        let path = files.write("useronly.csv", text)
        var options = IngestOptions()
        options.sampleRate = 50
        let (info, sink) = try read(path, options)
        #expect(sink.accelerationKinds == [.user])
        #expect(info.stream("acceleration")?.detail == "user, g")
        #expect(!info.notes.contains { $0.contains("inferred") }, "\(info.notes)")
        let peak = try #require(sink.acceleration.map(\.y).max())
        #expect(abs(peak - 0.25 * 9.80665) < 0.01)

        options.columns = try ColumnRoles(parsing: "_,x,y,z")
        options.accelerationUnit = .g
        let (chosen, chosenSink) = try read(path, options)
        #expect(chosenSink.accelerationKinds == [.user])
        #expect(chosen.stream("acceleration")?.problems.isEmpty == true, "\(chosen.stream("acceleration")?.problems ?? [])")
    }

    // MARK: Browser DeviceMotion logs

    /// A log of the event's `acceleration` alone (W3C: without gravity, m/s^2) is read as such,
    /// not as total acceleration in g, which its walking magnitude of about 1 resembles (until
    /// 2026-11-25: 11 steps of this walk's 36, now 35).
    @Test func deviceMotionAccelerationWithoutGravity() throws {
        let path = "formats/devicemotion/w3c-acceleration.csv"
        let expected = Fixtures.expected(path)
        let (info, sink) = try read(Fixtures.path(path))
        #expect(sink.accelerationKinds == [.user])
        #expect(sink.acceleration.count == expected.int("accelerationSamples"))
        let mean = sink.acceleration.map(\.magnitude).reduce(0, +) / Double(sink.acceleration.count)
        #expect(abs(mean - expected.double("meanMagnitude")) < 0.005, "mean |a| \(mean) m/s^2, not scaled as g")
        #expect(!info.notes.contains { $0.contains("inferred: median magnitude") })
        var detector = StepDetector()
        for sample in sink.acceleration { detector.add(sample, kind: .user) }
        detector.finish()
        #expect(abs(detector.drainSteps().count - expected.int("groundTruthSteps")) <= 2)
    }

    /// A logger that stamps samples when the phone delivers them, in batches, with a clock that
    /// reads the same for a whole batch, and a header that gives no unit: the unit comes from
    /// the mean spacing (the median is nothing), the batches are spread back over their time
    /// (``SharedStampSpreader``), and the walk has its steps as recorded. (Until 2026-11-25
    /// the 1 s batches were read in microseconds, 0 steps, and of the 0.1 s batches one sample
    /// a batch was kept, a 10 Hz log without an anti-alias filter.)
    @Test(arguments: [0.1, 1.0])
    func samplesStampedOnDeliveryInBatchesKeepTheirWalk(batch: Double) throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let first = try #require(Int(lines[1].prefix { $0 != "," }))
        let length = Int(batch * 1000)
        let stamped = lines.dropFirst().map { line in
            let fields = line.split(separator: ",", maxSplits: 1)
            return "\(first + ((Int(fields[0])! - first) / length + 1) * length),\(fields[1])"
        }
        let copy = files.write("delivered.csv", ([String(lines[0])] + stamped).joined(separator: "\n") + "\n")

        let (info, sink) = try read(copy)
        #expect(info.notes.contains { $0.hasPrefix("time in ms (inferred: mean spacing of samples stamped together") }, "\(info.notes)")
        #expect(sink.acceleration.count == lines.count - 1)
        let stream = try #require(info.stream("acceleration"))
        #expect(stream.sharedTimestamps?.samples == lines.count - 1)
        let runs = Int((20 / batch).rounded())
        #expect(stream.problems.contains { $0.hasPrefix("2000 samples shared their timestamps in \(runs) runs, about \(String(format3: batch)) s apart") }, "\(stream.problems)")
        let asRecorded = try read(Fixtures.path(path)).1
        #expect(abs(steps(in: sink) - steps(in: asRecorded)) <= 1, "\(steps(in: sink)) steps, \(steps(in: asRecorded)) as recorded")
    }

    /// A logger that stamps each batch once, on its first row, and leaves the time of the
    /// batch's other rows empty (Movesense's CSV export: `599025762,0.31,-0.31,9.93` then
    /// `,0.28,-0.32,9.95`): those rows are taken with the stamp above them and spread over the
    /// batch's interval, so the walk keeps its rate and its steps; rows without a stamp above
    /// them (the file's first), and rows of another sensor without a time (their magnitude not
    /// the stamped rows'), are skipped and located. (Until 2026-11-27 every unstamped row
    /// was skipped: a 52 Hz walk was read at 13 Hz, its distance 8 % short.)
    @Test func rowsWithoutATimeBelowABatchsStampAreItsSamples() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let rows = lines.dropFirst().enumerated().map { index, line in
            index % 4 == 0 ? String(line) : String(line.drop { $0 != "," })
        }
        let batched = files.write("batched.csv", ([String(lines[0])] + rows).joined(separator: "\n") + "\n")
        let (info, sink) = try read(batched)
        #expect(sink.acceleration.count == rows.count)
        #expect(info.notes.contains { $0.hasPrefix("\(rows.count - (rows.count + 3) / 4) rows without a time read as taken with the stamped row above them") }, "\(info.notes)")
        #expect(info.skipped.count == 0)
        let asRecorded = try read(Fixtures.path(path))
        let recordedRate = try #require(asRecorded.0.stream("acceleration")?.rate)
        #expect(abs(try #require(info.stream("acceleration")?.rate) - recordedRate) < 0.02 * recordedRate)
        #expect(abs(steps(in: sink) - steps(in: asRecorded.1)) <= 1, "\(steps(in: sink)) steps, \(steps(in: asRecorded.1)) as recorded")

        // Another sensor's rows without a time (a gyroscope's, in rad/s, after each accelerometer
        // row) are no samples of the batch: skipped and located, the walk read as recorded.
        let interleaved = lines.dropFirst().flatMap { line in [String(line), ",0.012,-0.031,0.004"] }
        let (gyroInfo, gyroSink) = try read(files.write("gyro-rows.csv", ([String(lines[0])] + interleaved).joined(separator: "\n") + "\n"))
        #expect(gyroSink.acceleration == asRecorded.1.acceleration)
        #expect(gyroInfo.skipped.count == lines.count - 1)

        let unstampedFirst = files.write("unstamped-first.csv", ([String(lines[0])] + rows.dropFirst()).joined(separator: "\n") + "\n")
        let (firstInfo, firstSink) = try read(unstampedFirst)
        #expect(firstInfo.skipped.count == 3)
        #expect(firstInfo.skipped.examples.first?.description.hasSuffix("unstamped-first.csv:2:1: empty timestamp") == true, "\(firstInfo.skipped.examples)")
        #expect(firstSink.acceleration.count == rows.count - 4)
    }

    /// A header naming a date beside the samples' clock, in English or another language
    /// (`Date,Timestamp,…`: the recording's start date on every row beside Unix seconds;
    /// `Datum,Zeit,…`), is timed by the clock; a clock ticking once a second beside one of
    /// milliseconds since the start (`Timestamp,Milliseconds,…`) by the milliseconds, said in
    /// a note. The walk is read as recorded. (Until 2026-11-27 the first was taken: 0 s and 0
    /// steps, or each second's samples spread as a delivered batch; the German names were no
    /// time, refused.) A column that does not count up is no clock whatever its name and its
    /// values (a millisecond within its second beside the time: read by the time), and a time
    /// that holds one value is refused, named (a date alone, or given with `--columns`).
    @Test func theTimeColumnIsTheOneThatTicksWithTheRows() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, asRecorded) = try read(Fixtures.path(path))
        let first = try #require(Int(lines[1].prefix { $0 != "," }))
        var dated = ["Date,Timestamp,accX,accY,accZ"], coarse = ["Timestamp,Milliseconds,accX,accY,accZ"]
        var german = ["Datum,Zeit,accX,accY,accZ"], withinSecond = ["time,ms,accX,accY,accZ"], dateOnly = ["fecha,accX,accY,accZ"]
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 1)
            let milliseconds = Int(fields[0])! - first
            dated.append("2019-05-13 15:27:52,\(Double(Int(fields[0])!) / 1000),\(fields[1])")
            coarse.append(String(format: "2019-05-13 15:27:%02d,", 52 + milliseconds / 1000) + "\(milliseconds),\(fields[1])")
            german.append(String(format: "13.05.2019,15:28:%06.3f,", Double(milliseconds) / 1000) + fields[1])
            withinSecond.append("\(Double(milliseconds) / 1000),\(milliseconds % 1000),\(fields[1])")
            dateOnly.append("2019-05-13,\(fields[1])")
        }
        for (name, rows, clock, note) in [
            ("dated.csv", dated, "Timestamp", nil),
            ("coarse.csv", coarse, "Milliseconds", "time from 'Milliseconds', not 'Timestamp': over the first 256 rows 'Timestamp' takes 3 value(s), 'Milliseconds' 256"),
            ("german.csv", german, "Zeit", nil),
            ("within-second.csv", withinSecond, "time", nil),
        ] {
            let (info, sink) = try read(files.write(name, rows.joined(separator: "\n") + "\n"))
            #expect(note.map { note in info.notes.contains { $0.hasPrefix(note) } } ?? !info.notes.contains { $0.hasPrefix("time from '") }, "\(info.notes)")
            #expect(info.stream("acceleration")?.columns.hasPrefix("time '\(clock)'") == true)
            #expect(info.detectionReason.hasPrefix("header names time column '\(clock)'"), "\(info.detectionReason)")
            #expect(sink.acceleration.count == asRecorded.acceleration.count)
            #expect(abs(steps(in: sink) - steps(in: asRecorded)) <= 1, "\(name): \(steps(in: sink)) steps, \(steps(in: asRecorded)) as recorded")
        }
        let onlyADate = files.write("date-only.csv", dateOnly.joined(separator: "\n") + "\n")
        #expect(readError(onlyADate)?.description == onlyADate + ":2:1: the time column 'fecha' holds one value over the first 256 rows ('2019-05-13'): no clock of the samples; name the time column (--columns) or time the rows by their rate (--rate HZ)")
        let named = IngestOptions(columns: try ColumnRoles(parsing: "time=Date,x=accX,y=accY,z=accZ"))
        #expect(readError(files.write("given.csv", dated.joined(separator: "\n") + "\n"), named)?.reason.hasPrefix("the time column 'Date' holds one value") == true)
    }

    /// Headerless rows of four numbers whose last column counts up and first does not (an
    /// Arduino's serial log, `x, y, z, millis`) are read as `x,y,z,t` (until 2026-11-27 the
    /// x axis was taken for the time and the file refused as rows "newest first"); rows of more
    /// columns are refused with a guess at their roles from the first rows: the time where a
    /// column counts up, the axes the next three columns that vary and are no second clock,
    /// constant label, missing heart rate or small whole number (PAMAP2's 54 columns: time,
    /// activity, heart rate, temperature, then the hand's acceleration).
    @Test func headerlessRowsAreTimedByTheColumnThatCountsUp() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, asRecorded) = try read(Fixtures.path(path))
        let timeLast = lines.dropFirst().map { line in
            let fields = line.split(separator: ",")
            return "\(fields[1]), \(fields[2]), \(fields[3]), \(fields[0])"
        }
        let (info, sink) = try read(files.write("arduino.csv", timeLast.joined(separator: "\n") + "\n"))
        #expect(info.notes.contains("headerless: the last column counts up and the first does not: columns taken as x,y,z,t (use --columns to change)"))
        #expect(sink.acceleration == asRecorded.acceleration)
        // A last column numbering the rows is no clock whose unit could be told: refused, as before.
        let counted = lines.dropFirst().enumerated().map { index, line in
            let fields = line.split(separator: ",")
            return "\(fields[1]),\(fields[2]),\(fields[3]),\(index)"
        }
        #expect(readError(files.write("counter.csv", counted.joined(separator: "\n") + "\n")) != nil)

        let pamap = lines.dropFirst().enumerated().map { index, line in
            let fields = line.split(separator: ",")
            let time = Double(Int(fields[0])! - 1_557_761_272_123) / 1000
            return "\(time) 4 \(index % 9 == 0 ? "104" : "NaN") 30.375 \(fields[1]) \(fields[2]) \(fields[3]) 1 0 0 0 32.1875"
        }
        let refused = try #require(readError(files.write("subject101.csv", pamap.map { $0.replacingOccurrences(of: " ", with: ",") }.joined(separator: "\n") + "\n")))
        #expect(refused.reason.hasSuffix("perhaps t,_,_,_,x,y,z,_,_,_,_,_ (guessed from the first rows: check it)"), "\(refused)")
    }

    /// The rows of a second walk on the same clock as `rows` (`time,x,y,z`): theirs with x
    /// mirrored, the same magnitudes. (The same rows again would be one log written twice, its
    /// second copy dropped.)
    private static func anotherWalk(_ rows: [String]) -> [String] {
        rows.map { row in
            var fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[1] = fields[1].hasPrefix("-") ? String(fields[1].dropFirst()) : "-" + fields[1]
            return fields.joined(separator: ",")
        }
    }

    /// Two logs joined into one file (`cat`, with or without the second header, which is no bad
    /// row) keep both walks, the second placed 10 s after the first; one row stamped a year ahead, or a day
    /// back, is dropped and nothing else. (Until 2026-11-25 the rows after a clock going back
    /// were dropped: the second walk was lost, and a row stamped ahead lost the rest of the
    /// file, 17 steps of 35.) ``ClockJumpFilter``. One log joined to itself is its rows written
    /// again: read once (``ReorderBuffer``).
    @Test func aJoinedLogOrAStrayTimestampKeepsEveryWalk() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        let header = lines[0]
        let rows = Array(lines.dropFirst())
        let (original, asRecorded) = try read(Fixtures.path(path))
        let alone = steps(in: asRecorded)
        let second = Self.anotherWalk(rows)

        for (name, joined) in [("joined.csv", [header] + rows + second), ("joined-header.csv", [header] + rows + [header] + second)] {
            let (info, sink) = try read(files.write(name, joined.joined(separator: "\n") + "\n"))
            #expect(sink.acceleration.count == 2 * rows.count)
            #expect(steps(in: sink) == 2 * alone, "\(name): \(steps(in: sink)) steps, \(alone) in each log")
            let stream = try #require(info.stream("acceleration"))
            #expect(stream.clockRestartCount == 1 && stream.outOfOrder == 0)
            // The second header is no bad row: passed over, said once.
            #expect(info.skipped.count == 0)
            #expect(info.notes.contains("the header repeated on 1 line(s) below it (files joined?): passed over") == (name == "joined-header.csv"))
            #expect(abs((stream.lastTime ?? 0) - (2 * (original.stream("acceleration")?.lastTime ?? 0) + StreamInfo.ClockRestart.gap)) < 1e-6)
        }
        let (twiceInfo, twice) = try read(files.write("twice.csv", ([header] + rows + rows).joined(separator: "\n") + "\n"))
        #expect(twice.acceleration == asRecorded.acceleration)
        #expect(twiceInfo.stream("acceleration")?.resentRows == rows.count)

        for shift in [365 * 86_400_000, -86_400_000] {
            var stray = rows
            var fields = stray[1000].split(separator: ",").map(String.init)
            fields[0] = String(Int(fields[0])! + shift)
            stray[1000] = fields.joined(separator: ",")
            let (info, sink) = try read(files.write("stray.csv", ([header] + stray).joined(separator: "\n") + "\n"))
            #expect(sink.acceleration.count == rows.count - 1)
            #expect(steps(in: sink) == alone, "a row stamped \(shift) ms off: \(steps(in: sink)) steps, \(alone) without it")
            #expect(info.stream("acceleration")?.strayTimestamps == 1)
        }
    }

    /// A real walk whose clock is set back while it is logged (a phone's clock corrected over
    /// the network: 300 ms at 6 s, 40 ms at 17 s, within the clock's jitter, 1 s at 18 s) keeps
    /// every sample and every step, and lasts as long as the walk (until 2026-11-28 the
    /// 300 ms dropped 29 samples, the 1 s put 10 s into the walk). ``ClockJumpFilter``.
    @Test func aClockSetBackKeepsTheWalkWhole() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        let (original, asRecorded) = try read(Fixtures.path(path))
        var rows = Array(lines.dropFirst())
        for (from, back) in [(600, 300), (1700, 40), (1800, 1000)] {
            for index in from..<rows.count {
                var fields = rows[index].split(separator: ",").map(String.init)
                fields[0] = String(Int(fields[0])! - back)
                rows[index] = fields.joined(separator: ",")
            }
        }
        let (info, sink) = try read(files.write("set-back.csv", ([lines[0]] + rows).joined(separator: "\n") + "\n"))
        let stream = try #require(info.stream("acceleration"))
        #expect(stream.clockCorrectionCount == 2 && stream.clockRestartCount == 0)
        // The 40 ms back (four intervals) is read as before: the three samples behind the one
        // before it dropped, the fourth sharing its time.
        #expect(sink.acceleration.count == asRecorded.acceleration.count - 3)
        #expect(stream.outOfOrder == 3 && stream.duplicateTimestamps == 1)
        #expect(steps(in: sink) == steps(in: asRecorded))
        #expect(abs((stream.lastTime ?? 0) - (original.stream("acceleration")?.lastTime ?? 0)) < 0.05)
    }

    /// Two logs joined under a header that differs from the first (other units, a time in
    /// seconds, the axes in another order, a column inserted, another sensor's columns): the
    /// file is refused at the second header, whose rows the first header does not describe,
    /// in stretches on several threads as on one, strict or not. (Until 2026-11-26 it was one
    /// bad row and the rows below were read with the first header's units and columns: 18
    /// steps of 35 under `accX [g]`, the axes swapped silently.)
    @Test(arguments: [1, 2])
    func aJoinedLogUnderAnotherHeaderIsRefusedAtIt(threads: Int) throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        let rows = Array(lines.dropFirst())
        var options = IngestOptions()
        options.threads = threads
        options.stretchBytes = 4096
        let header = "timestamp [ms],accX [m/s^2],accY [m/s^2],accZ [m/s^2]"
        for (second, secondRows) in [
            ("timestamp [ms],accX [g],accY [g],accZ [g]", rows),
            ("timestamp (s),accX [m/s^2],accY [m/s^2],accZ [m/s^2]", rows),
            ("timestamp [ms],accZ [m/s^2],accY [m/s^2],accX [m/s^2]", rows),
            ("timestamp [ms],temp,accX [m/s^2],accY [m/s^2],accZ [m/s^2]", rows.map { $0.replacingOccurrences(of: ",", with: ",25.0,", options: [], range: $0.range(of: ",")) }),
            ("timestamp [ms],gyroX,gyroY,gyroZ", rows),
        ] {
            let file = files.write("joined.csv", ([header] + rows + [second] + secondRows).joined(separator: "\n") + "\n")
            for strict in [false, true] {
                options.strict = strict
                let error = try #require(readError(file, options), "\(second) was read")
                #expect(error.location == SourceLocation(file: file, line: rows.count + 2, column: 1), "\(error)")
                #expect(error.reason.hasPrefix("the header changes: '\(second.prefix(60))"), "\(error)")
                #expect(error.reason.hasSuffix("split the file at this line and read each part"), "\(error)")
            }
        }
    }

    /// The header repeated as `cat` of two exports gives it (after a byte-order mark, in
    /// capitals, with other spacing, or right under the first, where it is no row of units) is
    /// passed over and noted, no bad row: both logs are read. (Until 2026-11-26 the one after a
    /// byte-order mark or in capitals was a bad row, and the one right under the header was
    /// taken for a row of units.)
    @Test func theHeaderRepeatedAsCatGivesItIsPassedOver() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        let header = lines[0]  // timestamp,accX,accY,accZ
        let rows = Array(lines.dropFirst())
        for second in ["\u{FEFF}" + header, header.uppercased(), "timestamp, accX, accY, accZ"] {
            let (info, sink) = try read(files.write("joined.csv", ([header] + rows + [second] + Self.anotherWalk(rows)).joined(separator: "\n") + "\n"))
            #expect(info.skipped.count == 0, "\(second): \(info.skipped.examples)")
            #expect(sink.acceleration.count == 2 * rows.count)
            #expect(info.notes.contains("the header repeated on 1 line(s) below it (files joined?): passed over"), "\(second)")
        }
        let (info, sink) = try read(files.write("twice.csv", ([header, header] + rows).joined(separator: "\n") + "\n"))
        #expect(!info.notes.contains("units from the row under the header"))
        #expect(info.notes.contains("the header repeated on 1 line(s) below it (files joined?): passed over"))
        #expect(info.skipped.count == 0 && sink.acceleration.count == rows.count)
    }

    /// The mHealth specification's layout (`HEADER_TIME_STAMP,X_IN_G,Y_IN_G,Z_IN_G`, local
    /// date-times, g): read with no option, the unit from the names, the walk's steps as in the
    /// same samples under `timestamp,accX,accY,accZ`. (Until 2026-11-25: no triplet found.)
    @Test func mHealthNamesWithTheAxisAsAWord() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let first = try #require(Int(lines[1].prefix { $0 != "," }))
        let rows = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",").map(String.init)
            let ms = Int(fields[0])! - first
            let second = 27 * 60 + 52 + ms / 1000
            let time = String(format: "2019-05-13 17:%02d:%02d.%03d", second / 60, second % 60, ms % 1000)
            return ([time] + fields.dropFirst().map { String(format: "%.6f", Double($0)! / standardGravity) }).joined(separator: ",")
        }
        let copy = files.write("mhealth.csv", (["HEADER_TIME_STAMP,X_IN_G,Y_IN_G,Z_IN_G"] + rows).joined(separator: "\n") + "\n")
        let (info, sink) = try read(copy)
        #expect(info.streams.first?.columns == "time 'HEADER_TIME_STAMP', x 'X_IN_G', y 'Y_IN_G', z 'Z_IN_G'")
        #expect(info.streams.first?.detail == "total, g")
        #expect(!info.notes.contains { $0.hasPrefix("acceleration in") })  // stated, not inferred
        #expect(info.skipped.count == 0)
        let asRecorded = try read(Fixtures.path(path)).1
        #expect(steps(in: sink) == steps(in: asRecorded))
    }

    /// Milli-g stated in the header (Polar Sensor Logger's `X [mg]`) or given with `--accel-unit
    /// mg`: read exactly (until 2026-11-25 an unknown unit scaled to make the median 1 g, 0.1 %
    /// off here); a file labelled mg whose gravity reads 1 is in g, read so and said.
    @Test func milliGStatedOrGiven() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, plain) = try read(Fixtures.path(path))
        func rows(_ scale: Double) -> [String] {
            lines.dropFirst().map { line in
                let fields = line.split(separator: ",").map(String.init)
                return ([fields[0]] + fields.dropFirst().map { String(Double($0)! / standardGravity * scale) }).joined(separator: ";")
            }
        }
        let stated = files.write("polar.txt", (["timestamp;X [mg];Y [mg];Z [mg]"] + rows(1000)).joined(separator: "\n") + "\n")
        let (info, sink) = try read(stated)
        #expect(info.streams.first?.detail == "total, mg")
        #expect(!info.notes.contains { $0.hasPrefix("acceleration in") })
        for (a, b) in zip(sink.acceleration, plain.acceleration) {
            #expect(abs(a.x - b.x) < 1e-9 && abs(a.z - b.z) < 1e-9 && a.time == b.time)
        }
        let unstated = files.write("mg.csv", (["timestamp;ax;ay;az"] + rows(1000)).joined(separator: "\n") + "\n")
        let (_, given) = try read(unstated, IngestOptions(accelerationUnit: .milliG))
        #expect(given.acceleration == sink.acceleration)
        let mislabelled = files.write("g-as-mg.txt", (["timestamp;X [mg];Y [mg];Z [mg]"] + rows(1)).joined(separator: "\n") + "\n")
        let (mislabelledInfo, asG) = try read(mislabelled)
        #expect(mislabelledInfo.notes.contains { $0.hasPrefix("acceleration headed in mg reads like gravity in g") })
        #expect(abs(asG.acceleration[0].z - plain.acceleration[0].z) < 1e-9)
    }

    /// `--rate`: a table with no usable time column is timed by its rate. The fixture walk
    /// (100 Hz) as three headerless columns, and with its time column re-saved by a spreadsheet
    /// at whole minutes (useless): read with `--rate 100`, the samples are the plain file's.
    /// (Until 2026-11-25: refused, no option reading them.)
    @Test func aRateTimesRowsWithoutAUsableTimeColumn() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, plain) = try read(Fixtures.path(path))
        var rated = IngestOptions()
        rated.sampleRate = 100
        let xyz = files.write("xyz.csv", lines.dropFirst().map { $0.split(separator: ",", maxSplits: 1)[1] }.joined(separator: "\n") + "\n")
        #expect(readError(xyz)?.reason == "unknown format: headerless with 3 numeric columns, no time; if they are x,y,z, give the rate: --rate HZ")
        let (info, sink) = try read(xyz, rated)
        #expect(info.notes.contains("times from --rate: 100 samples a second"))
        #expect(info.streams.first?.columns == "x 1, y 2, z 3")
        let minutes = files.write("minutes.csv", (["Time,X,Y,Z"] + lines.dropFirst().map { "13/05/2019 17:27," + $0.split(separator: ",", maxSplits: 1)[1] }).joined(separator: "\n") + "\n")
        let (minutesInfo, minutesSink) = try read(minutes, rated)
        #expect(minutesInfo.notes.contains("times from --rate: 100 samples a second, the time column not read"))
        for other in [sink, minutesSink] {
            #expect(other.acceleration.count == plain.acceleration.count)
            for (a, b) in zip(other.acceleration, plain.acceleration) {
                #expect(abs(a.time - b.time) < 1e-9 && a.x == b.x && a.z == b.z)
            }
        }
        // The time may be left out of --columns only with a rate.
        rated.columns = try ColumnRoles(parsing: "x=X,y=Y,z=Z")
        #expect(try read(minutes, rated).1.acceleration.count == plain.acceleration.count)
        #expect(readError(minutes, IngestOptions(columns: rated.columns))?.reason == "--columns gives no time column: name one (t), or time the rows with --rate HZ")
    }

    /// mHealth's logs: headerless, tab-separated, 24 numbers a row (the chest's x, y, z first,
    /// an activity label last), no time column. The refusal asks for the rate with the columns,
    /// which read it (until 2026-11-26 it asked for `--columns (e.g. t,x,y,z,_)` alone, no
    /// time column there to give); rows whose first column increases keep that hint.
    @Test func headerlessRowsWithoutATimeColumnAreAskedForTheRate() throws {
        let rows = (0..<200).map { index -> String in
            let bounce = 2 * sin(2 * Double.pi * 1.9 * Double(index) / 50)
            return ([9.5 + bounce, 1.9, 1.1] + (0..<20).map { Double(($0 * 7 + index) % 5) - 2 } + [0]).map { "\($0)" }.joined(separator: "\t")
        }
        let mHealth = files.write("mHealth_subject1.log", rows.joined(separator: "\n") + "\n")
        #expect(readError(mHealth)?.reason
            == "unknown format: headerless with 24 numeric columns, none increasing from row to row (no time column); give the rate and each column's role: --rate HZ --columns x,y,z,_ (the axes where they are, other columns _)")
        var options = IngestOptions(columns: try ColumnRoles(parsing: "x,y,z,_"))
        options.sampleRate = 50
        let (info, sink) = try read(mHealth, options)
        #expect(info.stream("acceleration")?.sampleCount == 200 && sink.acceleration.first.map { abs($0.x - 9.5) < 1e-9 } == true)
        let timed = files.write("timed.tsv", rows.enumerated().map { "\(Double($0) / 50)\t" + $1 }.joined(separator: "\n") + "\n")
        #expect(readError(timed)?.reason == "unknown format: headerless with 25 numeric columns; give each column's role with --columns (t the time, x,y,z the acceleration, _ any other), perhaps t,x,y,z,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_ (guessed from the first rows: check it)")
    }

    /// A serial capture whose first line was cut (`6,-1023,16` above rows of
    /// `millis,ax,ay,az`): the rows below decide the layout, the cut line is passed over
    /// (until 2026-11-26 its 3 fields asked for `--rate`; with it, 1 sample was read and every
    /// other row skipped, 0 steps, exit 0). With `--rate` or `--columns` alike.
    @Test func aFirstLineCutShortIsPassedOver() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, plain) = try read(Fixtures.path(path))
        let cut = files.write("serial.csv", (["6,-1023,16"] + lines.dropFirst()).joined(separator: "\n") + "\n")
        var rated = IngestOptions()
        rated.sampleRate = 100
        for options in [IngestOptions(), IngestOptions(columns: try ColumnRoles(parsing: "t,x,y,z")), rated] {
            let (info, sink) = try read(cut, options)
            #expect(info.detectionReason.hasSuffix("below a first line cut short ('6,-1023,16': 3 fields, the rows below 4) passed over"), "\(info.detectionReason)")
            #expect(info.notes.contains("the lines above the first row passed over (no rows of the table)"))
            #expect(info.skipped.count == 0)
            #expect(sink.acceleration.count == plain.acceleration.count)
        }
    }

    /// Most rows longer than the first (a logger's layout changing after 10 rows of 3 fields,
    /// no cut line), timed by `--rate`: refused as every row longer than the header is, not
    /// read as the 10 rows that fit (until 2026-11-26: 10 samples, the rest skipped, exit 0).
    @Test func mostRowsLongerThanTheFirstAreRefused() throws {
        let rows = (0..<10).map { _ in "0.1,9.7,0.2" } + (0..<1000).map { "\($0 * 10),0.1,9.7,0.2" }
        let path = files.write("changed.csv", rows.joined(separator: "\n") + "\n")
        var rated = IngestOptions()
        rated.sampleRate = 100
        let error = try #require(readError(path, rated))
        #expect(error.location.line == 11, "\(error)")
        #expect(error.reason.hasPrefix("rows have more fields than the header (4, the header 3)"), "\(error)")
        #expect(error.reason.contains("--columns (e.g. t,x,y,z)"), "\(error)")
    }

    /// Headerless rows read with positional `--columns`: text in a column it skips (WISDM's
    /// `33,Walking,49105962326000,…` under `_,_,t,x,y,z`) or an empty first field
    /// (`,0.000,0.828,…` under `_,t,x,y,z`) makes no header of the first row (until 2026-11-26
    /// it did: QA's WISDM walk read 1319 of its 1320 rows, the first shown as column names);
    /// WISDM v1.1's rows end with `;`, dropped (``CSVReader/delimiter``).
    /// Without `--columns`, rows whose first field is empty are refused asking for a `_` there.
    @Test func aFirstRowWithTextInSkippedColumnsOrEmptyFirstIsData() throws {
        let rows = try String(contentsOfFile: Fixtures.path("formats/generic/timestamp-ms.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).dropFirst()
        let labelled = files.write("wisdm.txt", rows.map { "33,Walking," + $0 + ";" }.joined(separator: "\n") + "\n")
        let blank = files.write("blank.csv", rows.map { "," + $0 }.joined(separator: "\n") + "\n")
        for (path, roles) in [(labelled, "_,_,t,x,y,z"), (blank, "_,t,x,y,z")] {
            let (info, sink) = try read(path, IngestOptions(columns: try ColumnRoles(parsing: roles)))
            #expect(info.stream("acceleration")?.sampleCount == rows.count, "\(roles)")
            #expect(info.streams.first?.columns == (roles.hasPrefix("_,_") ? "time 3, x 4, y 5, z 6" : "time 2, x 3, y 4, z 5"))
            #expect(sink.acceleration.first.map { abs($0.x - 0.7781) < 1e-9 } == true)
        }
        #expect(readError(blank)?.reason == "unknown format: headerless with 5 columns, the first empty; give --columns with _ for it (e.g. _,t,x,y,z)")
    }

    /// A header that names its axes but no time, as Mobilise-D's example data is written
    /// (`samples,acc_x,acc_y,acc_z,gyr_x,gyr_y,gyr_z`, a sample number, g, deg/s): the
    /// error asks for the rate, and with `--rate` the axes are read by their names, the
    /// gyroscope passed over (until 2026-11-26 refused either way, even with `--rate` and
    /// `--columns`, unless `--input-format generic` was given too). `--columns` alone reads a
    /// header that names no column the detection knows.
    @Test func aHeaderWithAxesButNoTimeIsTimedByTheRate() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, plain) = try read(Fixtures.path(path))
        let rows = lines.dropFirst().enumerated().map { index, line in
            "\(index)," + line.split(separator: ",", maxSplits: 1)[1] + ",0.5,-0.25,1.5"
        }
        let untimed = files.write("untimed.csv", (["samples,acc_x,acc_y,acc_z,gyr_x,gyr_y,gyr_z"] + rows).joined(separator: "\n") + "\n")
        #expect(readError(untimed)?.reason == "header names acceleration 'acc_x', 'acc_y', 'acc_z' but no time column: give the sampling rate (--rate HZ: sample n at n / HZ seconds) or the time column (--columns)")
        var rated = IngestOptions()
        rated.sampleRate = 100
        let (info, sink) = try read(untimed, rated)
        #expect(info.detectionReason == "header names axes 'acc_x', 'acc_y', 'acc_z', no time column: timed by --rate 100")
        #expect(info.streams.first?.columns == "x 'acc_x', y 'acc_y', z 'acc_z'")
        #expect(sink.acceleration.count == plain.acceleration.count)
        for (a, b) in zip(sink.acceleration, plain.acceleration) {
            #expect(abs(a.time - b.time) < 1e-9 && a.x == b.x && a.y == b.y && a.z == b.z)
        }
        // Columns the detection does not know, named by --columns.
        let unknown = files.write("unknown.csv", (["n,a,b,c"] + rows.map { $0.split(separator: ",").prefix(4).joined(separator: ",") }).joined(separator: "\n") + "\n")
        #expect(readError(unknown)?.reason.hasPrefix("unknown format: header 'n,a,b,c' names no time") == true)
        var named = IngestOptions(columns: try ColumnRoles(parsing: "x=a,y=b,z=c"))
        named.sampleRate = 100
        let (namedInfo, namedSink) = try read(unknown, named)
        #expect(namedInfo.detectionReason == "header 'n,a,b,c', columns given by --columns")
        #expect(namedSink.acceleration.count == plain.acceleration.count)
    }

    /// A table below Excel's `sep=;` line that names no acceleration: the refusal quotes the
    /// table's header on line 2 (it quoted `sep=;` as 'sep=,', the line split at its `;`).
    @Test func refusalBelowExcelsSeparatorLineNamesTheTablesHeader() throws {
        let path = files.write("excel.csv", "sep=;\nname;age\nann;34\nbob;29\n")
        let error = try #require(readError(path))
        #expect(error.location.line == 2)
        #expect(error.reason == "unknown format: header 'name,age' names no time and x/y/z acceleration columns (see --input-format and --columns)")
    }

    /// WISDM's raw rows of several users in one file (the v1.1 set is one file of 36): refused
    /// where the second user's rows begin, saying how to split it; one user's rows are read.
    @Test func labelledRowsOfSeveralUsersAreRefusedWhereTheNextBegins() throws {
        var text = ""
        for i in 0..<200 { text += "33,Walking,\(49_611_692_312_000 + i * 50_000_000),0.5,\(i % 10 < 5 ? 6.0 : 7.0),8.1;\n" }
        for i in 0..<50 { text += "34,Jogging,\(12_000_000_000 + i * 50_000_000),0.5,6.0,8.1;\n" }
        let path = files.write("wisdm.txt", text)
        let error = try #require(readError(path))
        #expect(error.location.line == 201 && error.location.column == 1)
        #expect(error.reason.hasPrefix("rows of another user ('34'; the rows above are '33'): a recording is one user's, so split the file"))
        // No header: the split keeps no first line (another user's row when splitting for 34).
        #expect(error.reason.hasSuffix("awk -F',' '$1==\"33\"' FILE > 33.csv"))
        // A change within the first rows the detection reads is refused as well.
        let early = files.write("early.txt", text.split(separator: "\n").prefix(8).joined(separator: "\n") + "\n"
            + (0..<100).map { "34,Walking,\(49_613_000_000_000 + $0 * 50_000_000),0.5,6.0,8.1;" }.joined(separator: "\n") + "\n")
        #expect(readError(early)?.location.line == 9)
        let one = files.write("wisdm-33.txt", text.split(separator: "\n").prefix(200).joined(separator: "\n") + "\n")
        let (info, sink) = try read(one)
        #expect(info.detectionReason.hasPrefix("headerless rows labelled in column 2 ('Walking')"))
        #expect(sink.acceleration.count == 200)
    }

    /// WISDM 2019's gyroscope files share the accelerometer's layout: by their name and their
    /// axes without gravity they are refused, not read as a walk (the review: 29 steps).
    /// Labelled rows with more than three numbers after the time (`walk,t,gx,gy,gz,ax,ay,az`)
    /// are not guessed at.
    @Test func labelledRowsOfAnotherSensorOrMoreAxesAreNotRead() throws {
        let gyro = files.write("data_1600_gyro_phone.txt", (0..<100).map { i in
            "1600,A,\(252_207_666_810_782 + i * 50_354_000),\(i % 10 < 5 ? 0.4 : -0.4),-0.1,0.05;"
        }.joined(separator: "\n") + "\n")
        #expect(readError(gyro)?.reason.hasPrefix("headerless labelled rows in a file whose name says a gyroscope") == true)
        let wide = files.write("wide.csv", (0..<100).map { i in
            "walk,\(1_557_761_272_123 + i * 20),0.01,0.02,0.03,0.7,\(i % 10 < 5 ? 6.0 : 7.0),8.1"
        }.joined(separator: "\n") + "\n")
        #expect(readError(wide)?.reason.hasPrefix("unknown format") == true)
    }

    /// Rows of zeros (WISDM writes `33,Walking,0,0,0,0.0;` where it lost a sample) among the
    /// first rows, and first: the rule holds, and those first are passed over rather than
    /// setting time 0 hours before the walk.
    @Test func wisdmRowsOfZeros() throws {
        var rows = (0..<200).map { i in "33,Walking,\(49_611_692_312_000 + i * 50_000_000),0.5,\(i % 10 < 5 ? 6.0 : 7.0),8.1;" }
        for index in [3, 6, 9, 12] { rows[index] = "33,Walking,0,0,0,0.0;" }
        rows.insert("33,Walking,0,0,0,0.0;", at: 0)
        let path = files.write("zeros.txt", rows.joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        #expect(info.detectionReason.hasSuffix("(WISDM's user,activity,time,x,y,z), below 1 rows of zeros"))
        #expect(sink.acceleration.count == 196)
        #expect(abs((sink.acceleration.last?.time ?? 0) - 199 * 0.05) < 1e-9)
    }

    /// Labelled rows whose numbers hold no rising column are no samples in time: refused as
    /// before, not read as WISDM's.
    @Test func labelledRowsWithoutATimeAreNotWisdms() throws {
        let path = files.write("labels.csv", (0..<20).map { "\($0 % 3),walk,0.5,6.0,8.1,\($0 % 2)" }.joined(separator: "\n") + "\n")
        let error = try #require(readError(path))
        #expect(error.reason.hasPrefix("unknown format: header"))
    }

    /// Two rows of column names, as pandas writes a table whose columns have two levels.
    /// gaitmap's example recording (`Fixtures/foot/gaitmap-imu-sample.csv`:
    /// `sensor,left_sensor,right_sensor,…` over `axis,acc_x,acc_x,…`, a sample number, two
    /// foot-mounted sensors at 204.8 Hz), whose second row alone names no table, is read with
    /// its rate by the joined names: the left foot's acceleration, the right foot's and both
    /// gyroscopes passed over (until 2026-11-26 "unknown format"). Where the second row alone
    /// is a header (`,phone,phone,phone` over `t,acc_x,acc_y,acc_z`), the first is passed over
    /// as a line above it and the walk reads as the plain file.
    @Test func twoRowsOfColumnNames() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, plain) = try read(Fixtures.path(path))
        let twoRows = files.write("two-rows.csv", ([",phone,phone,phone", "t,acc_x,acc_y,acc_z"] + lines.dropFirst()).joined(separator: "\n") + "\n")
        let (info, sink) = try read(twoRows)
        #expect(info.notes.contains("the lines above the header passed over (no rows of the table)"))
        #expect(sink.acceleration == plain.acceleration)

        let gaitmap = Fixtures.path("foot/gaitmap-imu-sample.csv")
        #expect(readError(gaitmap)?.reason.hasPrefix("header names acceleration 'left_sensor_acc_x', 'left_sensor_acc_y', 'left_sensor_acc_z' but no time column") == true)
        var rated = IngestOptions()
        rated.sampleRate = 204.8
        let (footInfo, foot) = try read(gaitmap, rated)
        #expect(footInfo.notes.contains("column names from two header rows, a level over another, joined by '_'"))
        #expect(footInfo.streams.first?.columns == "x 'left_sensor_acc_x', y 'left_sensor_acc_y', z 'left_sensor_acc_z'")
        #expect(foot.acceleration.count == 7928)
        #expect(abs((foot.acceleration.last?.time ?? 0) - 7927 / 204.8) < 1e-9)
    }

    /// Times as counts of days with their fraction: a spreadsheet's serial date-time (days since
    /// 1899-12-30) or MATLAB's datenum (days since the year 0), written with ten decimals
    /// (8.6 µs). Inferred from the spacing (0.01 s) and the values (days of 1950–2100): the
    /// plain file's samples to within that rounding, and no absolute start (no zone is
    /// stated). (Until 2026-11-25: 'cannot infer the time unit'.)
    @Test(arguments: [("excel-days", 25_569.0), ("datenum", 719_529.0)])  // each one's 1970-01-01
    func timesAsCountsOfDays(_ unit: String, _ epoch: Double) throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let (_, plain) = try read(Fixtures.path(path))
        let rows = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",", maxSplits: 1)
            return String(format: "%.10f", epoch + Double(fields[0])! / 86_400_000) + "," + fields[1]
        }
        let (info, sink) = try read(files.write("days.csv", (["Time,X,Y,Z"] + rows).joined(separator: "\n") + "\n"))
        #expect(info.notes.contains { $0.hasPrefix("time in \(unit) (inferred: median spacing 0.01 s → 100.") })
        #expect(info.startDate == nil)
        #expect(sink.acceleration.count == plain.acceleration.count)
        for (a, b) in zip(sink.acceleration, plain.acceleration) {
            #expect(abs(a.time - b.time) < 2e-5 && a.x == b.x)
        }
        // Milliseconds in the same range are no days: their spacing, one, is a day count's only
        // at one sample a day.
        let counter = files.write("counter.csv", "t,x,y,z\n" + (0..<200).map { "\(30_000 + 10 * $0),0.1,0.2,9.8" }.joined(separator: "\n") + "\n")
        #expect(try read(counter).0.notes.contains { $0.hasPrefix("time in ms (inferred: median spacing 10 → 100 Hz)") })
    }

    /// Seconds at a lab system's rate (2000 Hz, 0.5 ms apart) are inferred as seconds, as at a
    /// phone's (until 2026-11-26 the inference stopped at 1250 Hz and refused such a file as
    /// having "no regular sampling"); rows 0.2 ms apart (5000 Hz) fit no unit, and the refusal
    /// says what spacing was found and which intervals a unit must give.
    @Test func secondsAtALabSystemsRateAreInferred() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        func written(rate: Double) -> String {
            let rows = lines.dropFirst().enumerated().map { index, line in
                String(format: "%.6f", Double(index) / rate) + "," + line.split(separator: ",", maxSplits: 1)[1]
            }
            return files.write("rate-\(Int(rate)).csv", (["t,x,y,z"] + rows).joined(separator: "\n") + "\n")
        }
        let (info, sink) = try read(written(rate: 2000))
        #expect(info.notes.contains("time in s (inferred: median spacing 0.0005 → 2000 Hz)"), "\(info.notes)")
        #expect(sink.acceleration.count == lines.count - 1)
        #expect(abs((sink.acceleration.last?.time ?? 0) - Double(lines.count - 2) / 2000) < 1e-9)
        let tooFast = written(rate: 5000)
        let error = #expect(throws: IngestError.self) { try read(tooFast) }
        #expect(error?.description == "\(tooFast): cannot infer the time unit: the first rows' median spacing 0.0002 is no sampling interval (0.4–250 ms) in ns, us, ms or s; give --time-unit ns|us|ms|s, or time the rows by their rate: --rate HZ")
    }

    /// Times that are Unix times (2000–2100) in one unit are read in it when their spacing
    /// there is a logger's rate, whatever unit the spacing alone would pick: epoch microseconds
    /// at 4 kHz (until 2026-11-26 milliseconds at 4 Hz: 5.5 h, 0 steps), epoch milliseconds at
    /// 2 Hz, then refused as too slow for steps (until then microseconds at 2000 Hz: 0.02 s, 0
    /// steps, exit 0), unless `--time-unit` is given. Milliseconds since a boot 23 days ago at
    /// 1 kHz stay milliseconds (as Unix seconds they would be 1 Hz), the alternative noted;
    /// epoch milliseconds at 100 Hz are inferred as before.
    @Test func unixTimesDecideTheUnitTheSpacingAloneMistakes() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        func written(_ name: String, first: Int64, step: Int64) -> String {
            let rows = lines.dropFirst().enumerated().map { index, line in
                "\(first + Int64(index) * step)," + line.split(separator: ",", maxSplits: 1)[1]
            }
            return files.write(name, (["timestamp,accX,accY,accZ"] + rows).joined(separator: "\n") + "\n")
        }
        let (fast, fastSink) = try read(written("4khz-us.csv", first: 1_557_761_272_123_000, step: 250))
        #expect(fast.notes.contains("time in us (inferred: values are Unix times in us, median spacing 250 → 4000 Hz)"), "\(fast.notes)")
        #expect(abs((fastSink.acceleration.last?.time ?? 0) - Double(lines.count - 2) / 4000) < 1e-9)
        #expect(fast.startDate == 1_557_761_272.123)

        let slow = written("2hz-ms.csv", first: 1_557_761_272_123, step: 500)
        let error = try #require(readError(slow))
        #expect(error.description == "\(slow): acceleration rows 0.5 s apart in ms (median spacing 500, 2 Hz): too few samples to find steps in (a walk's come about 2 a second; at least 4 Hz is needed): record at a higher rate, or give the time unit if it is not ms (--time-unit ns|us|ms|s)")
        let (given, givenSink) = try read(slow, IngestOptions(timeUnit: .milliseconds))
        #expect(givenSink.acceleration.count == lines.count - 1 && given.stream("acceleration")?.rate == 2)

        let (boot, bootSink) = try read(written("boot-ms.csv", first: 2_000_000_000, step: 1))
        #expect(boot.notes.contains("time in ms (inferred: median spacing 1 → 1000 Hz); read as Unix times in s they would be 1 Hz: --time-unit s if they are"), "\(boot.notes)")
        #expect(abs((bootSink.acceleration.last?.time ?? 0) - Double(lines.count - 2) / 1000) < 1e-9)

        let (epoch, _) = try read(Fixtures.path(path))
        #expect(epoch.notes.contains("time in ms (inferred: median spacing 10 → 100 Hz)"), "\(epoch.notes)")
    }

    /// AndroSensor's `Time since start in ms` states its unit in words, as `time_ms` does: at
    /// the app's default 0.5 s the file is refused as too slow for steps (until 2026-11-26 read
    /// as microseconds, 2000 Hz over 0.09 s, 0 steps, exit 0); at 20 Hz it is read in ms, not
    /// inferred.
    @Test func aTimeColumnNamedInMsStatesItsUnit() throws {
        func written(_ name: String, step: Int) -> String {
            let rows = (0..<180).map { "\($0 * step),-0.077,9.330,2.924" }
            return files.write(name, (["Time since start in ms,accX,accY,accZ"] + rows).joined(separator: "\n") + "\n")
        }
        let slow = written("androsensor-2hz.csv", step: 500)
        let error = try #require(readError(slow))
        #expect(error.description.hasPrefix("\(slow): acceleration rows 0.5 s apart in ms (median spacing 500, 2 Hz): too few samples"), "\(error)")
        let (info, sink) = try read(written("androsensor-20hz.csv", step: 50))
        #expect(info.stream("acceleration")?.rate == 20)
        #expect(sink.acceleration.count == 180)
        #expect(!info.notes.contains { $0.hasPrefix("time in") }, "\(info.notes)")
    }

    /// The same names written twice (`accX,accY,accZ,accX,accY,accZ`, the first set zeros): the
    /// first set is read, and a note names both by their columns with the option that chooses
    /// the other, as for any header of several triplets. (Until 2026-11-26 nothing was said:
    /// 0 steps, the second set never mentioned.)
    @Test func namesWrittenTwiceAreTwoTripletsAndTheChoiceIsSaid() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let rows = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",", maxSplits: 1)
            return "\(fields[0]),0,0,0,\(fields[1])"
        }
        let file = files.write("twice.csv", (["timestamp,accX,accY,accZ,accX,accY,accZ"] + rows).joined(separator: "\n") + "\n")
        let (info, _) = try read(file)
        #expect(info.notes.contains(
            "columns by name: time 'timestamp', acceleration 'accX' (column 2), 'accY' (column 3), 'accZ' (column 4) (acceleration); "
                + "also acceleration: 'accX' (column 5), 'accY' (column 6), 'accZ' (column 7) (the first is used: choose with --columns, e.g. time=1,x=5,y=6,z=7)"),
            "\(info.notes)")
        var options = IngestOptions()
        options.columns = try ColumnRoles(parsing: "time=1,x=5,y=6,z=7")
        let (_, chosen) = try read(file, options)
        let (_, original) = try read(Fixtures.path(path))
        #expect(chosen.acceleration == original.acceleration)
    }

    /// A file of several runs, each its own time and axes (Vernier's `Data Set 2:`, PASCO's
    /// `Run 2`): the first run is read, and the option that chooses the next names that run's
    /// own time (until 2026-11-27 the first run's, with the second run's axes: 24 steps of 200).
    @Test func theNextRunIsChosenWithItsOwnTime() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let rows = lines.dropFirst().enumerated().map { index, line in
            // Run 1 is its first second; run 2 the whole walk.
            (index < 100 ? String(line) : ",,,") + "," + line
        }
        let header = "Time (s) Run 1,Acceleration x Run 1,Acceleration y Run 1,Acceleration z Run 1,"
            + "Time (s) Run 2,Acceleration x Run 2,Acceleration y Run 2,Acceleration z Run 2"
        let file = files.write("runs.csv", ([header] + rows).joined(separator: "\n") + "\n")
        let (info, sink) = try read(file)
        #expect(sink.acceleration.count == 100)
        #expect(info.notes.contains { $0.hasSuffix("(the first is used: choose with --columns, e.g. time=5,x=6,y=7,z=8)") }, "\(info.notes)")
        var options = IngestOptions()
        options.columns = try ColumnRoles(parsing: "time=5,x=6,y=7,z=8")
        let (_, second) = try read(file, options)
        let (_, original) = try read(Fixtures.path(path))
        #expect(second.acceleration == original.acceleration)
    }

    /// Rows reading 0 on every axis are dropped only before the sensor's first reading, and
    /// only when a reading follows within 1024 of them: a sensor that reads 0 for longer (user
    /// acceleration at rest, a coarse resolution) or to the end keeps every row.
    @Test func rowsOfZerosAreDroppedOnlyBeforeASensorStarts() throws {
        func table(zeros: Int, readings: Int) -> String {
            let rows = (0..<(zeros + readings)).map { index in
                let time = String(format: "%.2f", Double(index) / 100)
                return index < zeros ? "\(time),0,0,0" : "\(time),0.12,0.2,\(index % 2 == 0 ? "0.3" : "0")"
            }
            return (["time,userAccelerationX,userAccelerationY,userAccelerationZ"] + rows).joined(separator: "\n") + "\n"
        }
        let (started, startedSink) = try read(files.write("started.csv", table(zeros: 30, readings: 500)))
        #expect(startedSink.acceleration.count == 500)
        #expect(started.stream("acceleration")?.zeroRowsBeforeFirstReading == 30)
        let (still, stillSink) = try read(files.write("still.csv", table(zeros: 1100, readings: 500)))
        #expect(stillSink.acceleration.count == 1600)
        #expect(still.stream("acceleration")?.zeroRowsBeforeFirstReading == 0)
        // Passed on in order, on their own clock (the review: the first 2 s placed after the
        // rest, a clock "going back" and 20 s more).
        #expect(stillSink.acceleration.map(\.time) == (0..<1600).map { Double($0) / 100 })
        #expect(still.stream("acceleration")?.clockRestartCount == 0)
        let (_, zerosSink) = try read(files.write("zeros.csv", table(zeros: 300, readings: 0)))
        #expect(zerosSink.acceleration.map(\.time) == (0..<300).map { Double($0) / 100 })
        // Zeros after the first reading are readings.
        let (_, laterSink) = try read(files.write("later.csv", table(zeros: 0, readings: 10) + (0..<20).map { "\(0.1 + Double($0) / 100),0,0,0\n" }.joined()))
        #expect(laterSink.acceleration.count == 30)
    }

    /// Comment lines naming some of the columns (`# ax,ay,az` above `ms,x,y,z` rows) are no
    /// header of axes without a time (the review: refused, asking for --rate, until a header
    /// below a preamble had to be as wide as its rows); a calibration block's header above
    /// other rows' heads no table of them.
    @Test func commentsNamingSomeColumnsAreNoHeader() throws {
        func row(_ index: Int) -> String {
            let vertical: Double = 1 + 0.3 * sin(2 * Double.pi * 1.8 * Double(index) / 100)
            return String(format: "%d,0.1,0.2,%.3f", index * 10, vertical)
        }
        let rows: [String] = (0..<3000).map(row)
        let (info, sink) = try read(files.write("mpu.csv", (["# MPU6050 log 100Hz", "# ax,ay,az"] + rows).joined(separator: "\n") + "\n"))
        #expect(sink.acceleration.count == 3000)
        #expect(info.format == RecordingFormat.generic)
        let dated: [String] = (0..<300).map { String(format: "2019-05-13 17:27:%02d.%02d0,0.1,0.2,9.8", 52 + $0 / 100, $0 % 100) }
        let calibration = ["Calibration", "time,x,y,z", "0,0.012,-0.020,0.031", "", "Data", "timestamp,x,y,z"]
        let (_, calibrated) = try read(files.write("calibration.csv", (calibration + dated).joined(separator: "\n") + "\n"))
        #expect(calibrated.acceleration.count == 300)
    }

    /// Times in days from 0 (Axivity's `cwa-convert -t:days`): the refusal says the spacing is
    /// one in days and how to read them.
    @Test func timesInDaysAreSaid() throws {
        let rows = (0..<300).map { String(format: "%.12f,0.1,0.2,1.0", Double($0) * 0.01 / 86_400) }
        let file = files.write("days.csv", rows.joined(separator: "\n") + "\n")
        let error = try #require(readError(file))
        #expect(error.description.hasSuffix("is no sampling interval (0.4–250 ms) in ns, us, ms or s, but is one in days (0.01 s): give --time-unit excel-days if the times are days"), "\(error)")
        var options = IngestOptions()
        options.timeUnit = .spreadsheetDays
        let (_, sink) = try read(file, options)
        #expect(sink.acceleration.count == 300)
        #expect(abs((sink.acceleration.last?.time ?? 0) - 2.99) < 1e-3)
    }

    /// Fields separated by `|` or by spaces: refused saying the delimiter is not one the reader
    /// splits at, and how to replace it (until 2026-11-26: "header names no time and x/y/z
    /// acceleration columns").
    @Test(arguments: [("|", "'|'", "tr '|' ','"), (" ", "spaces", Self.spacesCommand), ("   ", "spaces", Self.spacesCommand)])
    func anUnsupportedDelimiterIsNamed(delimiter: String, name: String, command: String) throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let file = files.write("piped.csv", lines.map { $0.replacingOccurrences(of: ",", with: delimiter) }.joined(separator: "\n") + "\n")
        #expect(readError(file)?.description
            == "\(file):1:1: fields separated by \(name): only commas, semicolons and tabs separate fields (--delimiter comma|semicolon|tab); replace them, e.g. \(command) < piped.csv > fixed.csv")
    }

    /// The command suggested for fields separated by spaces.
    static let spacesCommand = "sed -E 's/^ +| +$//g; s/ +/,/g'"

    /// Right-aligned columns separated by spaces (a fixed-width export): the suggested command,
    /// run, gives a file read as the walk written plainly (until 2026-11-26 it was
    /// `tr -s ' ' ','`, which turned the leading spaces into an empty first field: that file
    /// was refused in turn).
    @Test func theCommandSuggestedForSpacesReadsRightAlignedColumns() throws {
        let path = Fixtures.path("formats/generic/timestamp-ms.csv")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
        let aligned = lines.map { line in
            line.split(separator: ",").map { String(repeating: " ", count: 16 - $0.count) + $0 }.joined() + "  "
        }
        let file = files.write("aligned.txt", aligned.joined(separator: "\n") + "\n")
        #expect(readError(file)?.reason.hasSuffix("replace them, e.g. \(Self.spacesCommand) < aligned.txt > fixed.csv") == true)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.currentDirectoryURL = files.folder
        shell.arguments = ["-c", Self.spacesCommand + " < aligned.txt > fixed.csv"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let (_, fixed) = try read(files.path("fixed.csv"))
        let (_, original) = try read(path)
        #expect(!fixed.acceleration.isEmpty && fixed.acceleration == original.acceleration)
    }

    /// Shimmer's export: Excel's `sep=` line, a header, a row of units under it, tab-separated
    /// rows ending in a tab. The units row states the units (nothing inferred, no row skipped)
    /// and the samples are those of the same walk written plainly. (Until 2026-11-25: refused,
    /// the `sep=` line taken for a header; without it the units row was a skipped bad row.)
    @Test func aUnitsRowUnderTheHeaderStatesTheUnits() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline)
        let names = ["Shimmer_8A3D_Timestamp_Unix_CAL", "Shimmer_8A3D_Accel_LN_X_CAL", "Shimmer_8A3D_Accel_LN_Y_CAL", "Shimmer_8A3D_Accel_LN_Z_CAL"]
        let rows = lines.dropFirst().map { $0.replacingOccurrences(of: ",", with: "\t") + "\t" }
        let body = [names.joined(separator: "\t") + "\t", "ms\tm/(s^2)\tm/(s^2)\tm/(s^2)\t"] + rows
        let (plainInfo, plain) = try read(Fixtures.path(path))
        for (name, text) in [("shimmer.csv", "\"sep=\t\"\n" + body.joined(separator: "\n")), ("units.csv", body.joined(separator: "\n"))] {
            let (info, sink) = try read(files.write(name, text + "\n"))
            #expect(sink.acceleration == plain.acceleration, "\(name)")
            #expect(info.skipped.count == 0)
            #expect(info.notes.contains("units from the row under the header"))
            #expect(!info.notes.contains { $0.contains("inferred") }, "\(info.notes)")
            #expect(info.detectionReason.contains("units in the row below it ('ms,m/s^2,m/s^2,m/s^2')"))
            #expect(info.startDate == plainInfo.startDate)
        }
    }

    /// A header below Excel's `sep=` line over rows whose time is a date-time, ending in a
    /// delimiter: Shimmer's `Timestamp_FormattedUnix_CAL` export (comma or tab, with its units
    /// row) and a plain `time,accX,accY,accZ,`. Read as without the `sep=` line (until
    /// 2026-11-26 refused: the row under the header had to hold a number as its time).
    @Test func aHeaderBelowTheSepLineOverDateTimes() throws {
        let rows = (0..<200).map { index -> [String] in
            let time = String(format: "2019/05/13 17:27:%06.3f", 52.123 + Double(index) / 50)
            return [time, "0.2756", String(9.2103 + sin(2 * Double.pi * 1.9 * Double(index) / 50)), "2.7302"]
        }
        let shimmer = ["Shimmer_8A3D_Timestamp_FormattedUnix_CAL", "Shimmer_8A3D_Accel_WR_X_CAL", "Shimmer_8A3D_Accel_WR_Y_CAL", "Shimmer_8A3D_Accel_WR_Z_CAL"]
        let units = ["no units", "m/(s^2)", "m/(s^2)", "m/(s^2)"]
        func table(_ delimiter: String, _ lines: [[String]]) -> String {
            lines.map { $0.joined(separator: delimiter) + delimiter }.joined(separator: "\n") + "\n"
        }
        let plainText = table(",", [["time", "accX", "accY", "accZ"]] + rows)
        let (_, plain) = try read(files.write("plain.csv", plainText))
        #expect(plain.acceleration.count == 200)
        for (name, text) in [
            ("g.csv", "sep=,\n" + plainText),
            ("shimmer.csv", "\"sep=,\"\n" + table(",", [shimmer, units] + rows)),
            ("shimmer.tsv", "\"sep=\t\"\n" + table("\t", [shimmer, units] + rows)),
        ] {
            let (info, sink) = try read(files.write(name, text))
            #expect(sink.acceleration == plain.acceleration, "\(name)")
            #expect(info.skipped.count == 0, "\(name)")
            #expect(info.detectionReason.contains("on line 2 below lines that are no rows of the table"), "\(info.detectionReason)")
        }
    }

    /// The steps a detector finds in the total acceleration of `sink`.
    private func steps(in sink: CollectingSink) -> Int {
        var detector = StepDetector()
        for sample in sink.acceleration { detector.add(sample, kind: .total) }
        detector.finish()
        return detector.drainSteps().count
    }

    /// A log of several sensors in one table, a column naming each row's (`sensor`:
    /// accelerometer, gyroscope, magnetometer; Android's `type`: TYPE_ACCELEROMETER …): the
    /// accelerometer's rows are the acceleration, the others passed over and counted, and the
    /// units and rate come from the accelerometer's rows (until 2026-11-26 the gyroscope's
    /// rows were read as acceleration, and a walk's count moved by 4–14 steps).
    @Test(arguments: [("sensor", "accelerometer", ["gyroscope", "magnetometer"]),
                      ("type", "TYPE_ACCELEROMETER", ["TYPE_GYROSCOPE", "TYPE_LINEAR_ACCELERATION"])])
    func rowsOfSeveralSensorsInOneTable(_ column: String, _ accelerometer: String, _ others: [String]) throws {
        let path = "formats/generic/timestamp-ms.csv"
        let (_, plain) = try read(Fixtures.path(path))
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        var rows = ["timestamp,\(column),x,y,z"]
        for line in lines {
            let fields = line.split(separator: ",").map(String.init)
            rows.append([fields[0], accelerometer, fields[1], fields[2], fields[3]].joined(separator: ","))
            for (offset, other) in others.enumerated() {
                let t = (Int(fields[0]) ?? 0) + 3 + offset
                rows.append("\(t),\(other),0.0\(offset + 1),-0.2,0.05")
            }
        }
        let (info, sink) = try read(files.write("\(column).csv", rows.joined(separator: "\n") + "\n"))
        #expect(sink.acceleration == plain.acceleration)
        #expect(info.notes.contains("rows of several sensors: the accelerometer's ('\(accelerometer)' in column '\(column)') read"))
        #expect(info.notes.contains("\(others.count * lines.count) rows without acceleration (other sensors' rows of an interleaved log) passed over"))
        #expect(info.notes.contains { $0.hasPrefix("time in ms (inferred: median spacing 10 → 100 Hz)") }, "\(info.notes)")
    }

    /// Sensors numbered, not named, in one table (SensorRecorder's `relms;id;values`: 0 the
    /// accelerometer, 1 gravity, 2 linear acceleration): which number is the accelerometer the
    /// app says, so the table is refused at its number column, saying how to keep one sensor's
    /// rows; those rows alone read as the walk. Until 2026-11-27 the three sensors' rows were
    /// read as one stream (the QA pass of other apps' layouts: 258 steps and 89 m for a walk
    /// of 263 and 134 m), and the rows, their time repeated for each sensor, were said to have
    /// no time column. A column of a flag that changes now and then (a step marker, 0 or 1)
    /// is no sensor number. Named sensors in headerless rows (the LiU Sensor Fusion app's
    /// `ACC`, `GYR`, `MAG`) are refused with the roles to give.
    @Test func rowsOfSeveralSensorsNumbered() throws {
        let path = "formats/generic/timestamp-ms.csv"
        let (_, plain) = try read(Fixtures.path(path))
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        var numbered: [String] = [], accelerometer: [String] = [], named: [String] = [], flagged = ["timestamp,x,y,z,step"]
        for (row, line) in lines.enumerated() {
            let fields = line.split(separator: ",").map(String.init)
            let t = (Int(fields[0]) ?? 0) - 1_557_761_272_123
            numbered.append("\(t);0;\(fields[1]);\(fields[2]);\(fields[3])")
            accelerometer.append("\(t);0;\(fields[1]);\(fields[2]);\(fields[3])")
            numbered.append("\(t);1;0.3;5.9;7.9")
            numbered.append("\(t);2;0.05;-0.1;0.2")
            named.append("\(t)\tACC\t\(fields[1])\t\(fields[2])\t\(fields[3])")
            named.append("\(t)\tGYR\t0.01\t-0.02\t0.03")
            flagged.append(line + (row % 50 == 7 ? ",1" : ",0"))
        }
        let mixed = files.write("1518819953744.csv", numbered.joined(separator: "\n") + "\n")
        #expect(readError(mixed)?.reason == "unknown format: headerless with 5 numeric columns; give each column's role with --columns (t the time, x,y,z the acceleration, _ any other), perhaps t,_,x,y,z (guessed from the first rows: check it)")
        var options = IngestOptions()
        options.columns = .positional([.time, .skip, .x, .y, .z])
        let error = readError(mixed, options)
        #expect(error?.location == SourceLocation(file: mixed, line: 1, column: 2))
        #expect(error?.reason == "rows of several sensors numbered in column 2 (0, 1, 2): keep the accelerometer's (its number is in the app's "
            + "documentation, often the lowest) and read those, e.g. awk -F';' '$2==0' FILE > accelerometer.csv")
        // Below a header and a line above it, the command keeps both.
        let headed = files.write("headed.csv", "Exported by SensorRecorder\ntime;id;x;y;z\n" + numbered.joined(separator: "\n") + "\n")
        #expect(readError(headed)?.reason.hasSuffix("awk -F';' 'NR<=2 || $2==0' FILE > accelerometer.csv") == true, "\(String(describing: readError(headed)))")
        let (_, kept) = try read(files.write("accelerometer.csv", accelerometer.joined(separator: "\n") + "\n"), options)
        #expect(kept.acceleration.map(\.x) == plain.acceleration.map(\.x))
        let (_, withFlag) = try read(files.write("flagged.csv", flagged.joined(separator: "\n") + "\n"))
        #expect(withFlag.acceleration == plain.acceleration)
        let liu = files.write("sensorLog.txt", named.joined(separator: "\n") + "\n")
        #expect(readError(liu)?.reason == "unknown format: headerless rows of several sensors named in column 2 ('ACC' …): give each "
            + "column's role, e.g. --columns t,_,x,y,z (the time, then the axes; the accelerometer's rows are read)")
        let (_, liuRows) = try read(liu, options)
        #expect(liuRows.acceleration.map(\.x) == plain.acceleration.map(\.x))
    }

    /// A `;`-separated file with a decimal comma under a header of bare names: its first row is
    /// data, not a row of units (until 2026-11-26 '0,0000', '-0,35075' … were taken for units,
    /// and the first sample was lost), with `;` and with tabs.
    @Test(arguments: [";", "\t"])
    func aDecimalCommaRowIsNoRowOfUnits(_ delimiter: String) throws {
        let path = "formats/generic/timestamp-ms.csv"
        let (_, plain) = try read(Fixtures.path(path))
        let lines = try String(contentsOfFile: Fixtures.path(path), encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst()
        let rows = lines.map { line in
            line.split(separator: ",").map { $0.replacingOccurrences(of: ".", with: ",") }.joined(separator: delimiter)
        }
        let file = files.write("comma.csv", (["time", "x", "y", "z"].joined(separator: delimiter) + "\n") + rows.joined(separator: "\n") + "\n")
        let (info, sink) = try read(file)
        #expect(sink.acceleration.count == plain.acceleration.count)
        #expect(sink.acceleration.first?.x == plain.acceleration.first?.x)
        #expect(!info.notes.contains("units from the row under the header"))
    }

    @Test func deviceMotionInEitherColumnOrderGivesTheSameSamples() throws {
        let (first, firstSink) = try read(Fixtures.path("formats/devicemotion/orientation-first.csv"))
        let (second, secondSink) = try read(Fixtures.path("formats/devicemotion/rotation-first.csv"))
        #expect(firstSink.acceleration.count == 1200)
        #expect(firstSink.acceleration == secondSink.acceleration)
        for info in [first, second] {
            #expect(info.streams.first?.columns == "time 'time', x 'm_accG_x', y 'm_accG_y', z 'm_accG_z'")
            #expect(info.notes.contains { $0.hasPrefix("columns by name: time 'time', acceleration 'm_accG_x', 'm_accG_y', 'm_accG_z' (acceleration with gravity)") })
            #expect(info.skipped.count == 0)
        }
        // The orientation rows: one summary line, not a warning per row.
        #expect(first.notes.contains("600 rows without acceleration (other sensors' rows of an interleaved log) passed over"))
        #expect(!second.notes.contains { $0.contains("without acceleration") })

        // Named roles give the same; positions copied from the other file do not.
        let named = try ColumnRoles(parsing: "time=time,x=m_accG_x,y=m_accG_y,z=m_accG_z")
        let (_, namedSink) = try read(Fixtures.path("formats/devicemotion/rotation-first.csv"), IngestOptions(format: .generic, columns: named))
        #expect(namedSink.acceleration == firstSink.acceleration)
        let positions = try ColumnRoles(parsing: "t,_,_,_,_,_,_,x,y,z")  // right for orientation-first only
        let (_, rightSink) = try read(Fixtures.path("formats/devicemotion/orientation-first.csv"), IngestOptions(format: .generic, columns: positions))
        #expect(rightSink.acceleration == firstSink.acceleration)
        let (_, wrongSink) = try read(Fixtures.path("formats/devicemotion/rotation-first.csv"), IngestOptions(format: .generic, columns: positions))
        #expect(wrongSink.acceleration != firstSink.acceleration)
    }

    @Test func deviceMotionStepsMatchNamedRoles() throws {
        func steps(_ relative: String, _ options: IngestOptions = .init()) throws -> Int {
            var sink = StepSink()
            _ = try RecordingReader.read(Fixtures.path(relative), options: options, into: &sink)
            return sink.finish()
        }
        let named = IngestOptions(format: .generic, columns: try ColumnRoles(parsing: "time=time,x=m_accG_x,y=m_accG_y,z=m_accG_z"))
        let reference = try steps("formats/devicemotion/orientation-first.csv", named)
        #expect(reference > 30)
        #expect(try steps("formats/devicemotion/orientation-first.csv") == reference)
        #expect(try steps("formats/devicemotion/rotation-first.csv") == reference)
        #expect(try steps("formats/devicemotion/rotation-first.csv", named) == reference)
    }

    /// Counts the steps of the acceleration it is given.
    struct StepSink: SampleSink {
        var detector = StepDetector()
        var kind = AccelerationKind.total
        var count = 0
        mutating func beginAcceleration(kind: AccelerationKind) { self.kind = kind }
        mutating func accept(_ sample: AccelerationSample) {
            detector.add(sample, kind: kind)
            count += detector.drainSteps().count
        }
        mutating func finish() -> Int {
            detector.finish()
            return count + detector.drainSteps().count
        }
    }

    // MARK: Decimal commas

    @Test func decimalCommaExportReadsAsItsDecimalPointTwin() throws {
        let (pointInfo, point) = try read(Fixtures.path("formats/phyphox/Acceleration with g/Raw Data.csv"))
        let (commaInfo, comma) = try read(Fixtures.path("formats/phyphox/Acceleration with g, decimal comma/Raw Data.csv"))
        #expect(commaInfo.format == .phyphox && pointInfo.format == .phyphox)
        #expect(comma.acceleration.count == point.acceleration.count && !comma.acceleration.isEmpty)
        #expect(comma.acceleration == point.acceleration)
        #expect(commaInfo.skipped.count == 0)
        // Forced to a decimal point, the commas are no numbers: refused, located.
        let error = readError(Fixtures.path("formats/phyphox/Acceleration with g, decimal comma/Raw Data.csv"), IngestOptions(decimal: .point))
        #expect(error?.location.line == 2)
        #expect(error?.reason.contains("not a finite number: '1,230000000E-2'") == true)
    }

    /// Comment lines above the rows (`#`, `;`, `@`, `%` first: a logger's banner and settings)
    /// are passed over, and the last one's names are the header when they name the rows' columns
    /// (numpy's `savetxt` writes `# time,x,y,z`; a GCDC logger `;Headers, time,Ax,Ay,Az`); the
    /// samples are those of the rows alone. Until 2026-11-27 each was refused, its first comment
    /// taken for a header (the QA pass of other apps' layouts: HyperIMU, GCDC, Sensors-Data-Logger).
    @Test func commentLinesAboveTheRows() throws {
        let lines = try String(contentsOfFile: Fixtures.path("formats/generic/timestamp-ms.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        let rows = lines.joined(separator: "\n") + "\n"
        let (_, reference) = try read(files.write("rows.csv", rows))
        #expect(reference.acceleration.count == 2000)
        let layouts: [(name: String, comments: String, reason: String)] = [
            ("created.csv", "# Created at Mon Aug 12 13:16:15 PDT 2019\n",
             "headerless, 4 numeric columns, on line 2 below 1 comment line(s) ('# Created at Mon Aug 12 13:16:15 PDT 201' …)"),
            ("banner.csv", "@ HyperIMU - ianovir\n\n@ SamplingTime: 10ms\n",
             "headerless, 4 numeric columns, on line 4 below 2 comment line(s) ('@ HyperIMU - ianovir' …)"),
            // A header below lines that are none is found as any such header is.
            ("savetxt.csv", "% recorded 2019-05-13\n# timestamp,accX,accY,accZ\n",
             "header names time column '# timestamp' and axes 'accX', 'accY', 'accZ', on line 2 below lines that are no rows of the table ('% recorded 2019-05-13' …)"),
            ("gcdc.csv", ";Title, http://www.gcdataconcepts.com, x16-1d\n;SampleRate, 100,Hz\n;Headers, timestamp,accX,accY,accZ\n",
             "names from the comment line above the rows, on line 4 below 3 comment line(s) (';Title,http://www.gcdataconcepts.com,x16' …)"),
        ]
        for layout in layouts {
            let (info, sink) = try read(files.write(layout.name, layout.comments + rows))
            #expect(info.detectionReason.hasSuffix(layout.reason), "\(info.detectionReason)")
            #expect(sink.acceleration == reference.acceleration, "\(layout.name)")
            #expect(info.skipped.count == 0)
        }
        // Rows of six numbers and no time below comments: which column is which, the user
        // says; the error is located at the first row.
        let six = rows.split(separator: "\n").map { $0.split(separator: ",").dropFirst().joined(separator: ",") + ",0.1,0.2,0.3" }
        let untimed = files.write("himu.csv", "@ HyperIMU - ianovir\n@ SamplingTime: 10ms\n" + six.joined(separator: "\n") + "\n")
        let error = readError(untimed)
        #expect(error?.location.line == 3)
        #expect(error?.reason.contains("--rate HZ --columns") == true, "\(String(describing: error))")
        var options = IngestOptions()
        options.sampleRate = 100
        options.columns = .positional([.x, .y, .z, .skip, .skip, .skip])
        let (_, byRate) = try read(untimed, options)
        #expect(byRate.acceleration.count == 2000)
        #expect(byRate.acceleration.map(\.x) == reference.acceleration.map(\.x))
        // Rows separated by spaces below a comment: refused as such, at their first line.
        let spaced = files.write("acce.txt", "# Created at Mon Aug 12\n" + rows.replacingOccurrences(of: ",", with: " "))
        let spacedError = readError(spaced)
        #expect(spacedError?.location.line == 2)
        #expect(spacedError?.reason.hasPrefix("fields separated by spaces, on line 2 below 1 comment line(s)") == true, "\(String(describing: spacedError))")
    }

    /// Headers behind a comment mark are headers, as before comment lines were passed over
    /// (its first version, 860056c, misread or refused each of these: the review of 2026-11-27):
    /// `;`, `#`, `@` and `%` before the names above `;`-separated rows with decimal commas
    /// (pandas writes `;time;x;y;z` above an index), an index column named `#`, a step log's
    /// `#time,steps`, names given by `--columns`, a header above a second comment line, and
    /// names of another sensor's axes (`# timestamp,gx,gy,gz`), refused at the header still;
    /// and what its fix missed (the second review): `;` before tab-separated names, comments
    /// with commas above rows that another delimiter separates.
    /// A banner's hint looks at the rows below it: a column rises, so it is the time.
    @Test func headersBehindACommentMark() throws {
        let source = Fixtures.path("formats/generic/timestamp-ms.csv")
        let (_, reference) = try read(source)
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").map(String.init) }
        func table(_ header: String, _ delimiter: String = ",", index: Bool = false, decimalComma: Bool = false, extra: String = "") -> String {
            let rows = lines.enumerated().map { row, fields in
                let values = decimalComma ? fields.map { $0.replacingOccurrences(of: ".", with: ",") } : fields
                return ((index ? ["\(row)"] : []) + values).joined(separator: delimiter) + extra
            }
            return header + "\n" + rows.joined(separator: "\n") + "\n"
        }
        let layouts = [
            ("pandas.csv", table(";timestamp;x;y;z", ";", index: true, decimalComma: true)),
            ("hash.csv", table("#timestamp;x;y;z", ";", decimalComma: true)),
            ("at.csv", table("@timestamp;x;y;z", ";", decimalComma: true)),
            ("percent.csv", table("%timestamp;x;y;z", ";", decimalComma: true)),
            ("index.csv", table("#,timestamp,x,y,z", index: true)),
            ("index.tsv", table("#\ttimestamp\tx\ty\tz", "\t", index: true)),
            // The second review's: a `;` before tab-separated names, comments with commas
            // above another delimiter's header, a header above a comment.
            ("semicolon.tsv", table(";timestamp\tx\ty\tz", "\t", decimalComma: true)),
            ("device.tsv", table("#Device: Pixel 7, Android 14\n#Rate: 100 Hz\ntimestamp\tx\ty\tz", "\t", decimalComma: true)),
            ("device.csv", table("@ Device: Pixel 7, Android 14\ntimestamp;x;y;z", ";", decimalComma: true)),
            ("below.csv", table("#timestamp;x;y;z\n# sampled at 100 Hz", ";", decimalComma: true)),
        ]
        for (name, text) in layouts {
            let (_, sink) = try read(files.write(name, text))
            #expect(sink.acceleration == reference.acceleration, "\(name)")
        }
        let named = files.write("named.csv", table("# t_ms,acc_1,acc_2,acc_3"))
        let (_, byName) = try read(named, IngestOptions(columns: try ColumnRoles(parsing: "time=t_ms,x=acc_1,y=acc_2,z=acc_3")))
        #expect(byName.acceleration == reference.acceleration)
        // The second comment line is no row of the header's table: reported where it is.
        let (twoComments, belowTwo) = try read(files.write("two.csv", table("# timestamp,x,y,z\n# sampled at 100 Hz")))
        #expect(belowTwo.acceleration == reference.acceleration)
        #expect(twoComments.skipped.count == 1)
        let (stepInfo, _) = try read(files.write("steps.csv", "#time,steps\n1700000000,0\n1700000060,95\n1700000120,190\n1700000180,290\n"))
        #expect(stepInfo.format == .steps)
        let gyroscope = readError(files.write("gyro.csv", table("# timestamp,gx,gy,gz")))
        #expect(gyroscope?.location.line == 1)
        // Its axes are named as another sensor's (since 2026-11-27 the refusal says so, where it
        // said "no x/y/z acceleration and no step counts").
        #expect(
            gyroscope?.reason == "header '# timestamp,gx,gy,gz' names a time ('# timestamp') and no acceleration: its x/y/z columns 'gx', 'gy', "
                + "'gz' are another sensor's (gyroscope or gravity); pedometer reads acceleration", "\(String(describing: gyroscope))")
        let banner = readError(files.write("banner.csv", table("# Created at 2026-11-27 10:00", extra: ",3")))
        #expect(banner?.location.line == 2)
        #expect(banner?.reason.hasPrefix("unknown format: headerless with 5 numeric columns; give each column's role with --columns (t the time, x,y,z the acceleration, _ any other), perhaps t,x,y,z,_ (guessed from the first rows: check it)") == true, "\(String(describing: banner))")
    }

    /// A number column beside one sensor's rows is no sensor number: a counter modulo 8, an
    /// accuracy flipping between 2 and 3, a sound level in dB, a heart rate, a foot-contact flag
    /// at 10 Hz; the axes move no further where it changes, and the rows read as without it
    /// (the first version, 69db7d8, refused each: the review of 2026-11-27; its fix still
    /// refused flags of impacts at 10 Hz and counters beside a still start: the second review).
    /// Two devices' rows alternating by `device_id` are refused as two devices'.
    @Test func numberColumnsOfOneSensor() throws {
        let lines = try String(contentsOfFile: Fixtures.path("formats/generic/timestamp-ms.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let columns: [(name: String, every: Int, value: (Int, [String]) -> String)] = [
            ("seq", 1, { row, _ in "\(row % 8)" }),
            ("accuracy", 1, { row, _ in row % 2 == 0 ? "3" : "2" }),
            ("dB", 1, { row, _ in "\(40 + row * 5 % 7)" }),
            ("heart_rate", 1, { row, _ in "\(91 + row * 3 % 4)" }),
            ("contact", 10, { _, fields in (Double(fields[3]) ?? 0) > 9.8 ? "1" : "0" }),
            ("impact", 10, { _, fields in (Double(fields[3]) ?? 0) > 10.5 ? "1" : "0" }),
            ("heel", 10, { _, fields in (Double(fields[3]) ?? 0) > 11 ? "1" : "0" }),
            ("still_seq", 1, { row, _ in "\(row % 8)" }),
        ]
        // Three seconds lying still first (the same values repeated): the axes do not move
        // where the number changes, nor anywhere else.
        let start = Int(lines[0][0]) ?? 0
        let still = (1...300).reversed().map { ["\(start - 10 * $0)", "0.02", "0.01", "9.81"] }
        for column in columns {
            let rows = ((column.name.hasPrefix("still") ? still : []) + lines).enumerated().filter { $0.offset % column.every == 0 }
            let plain = rows.map { $0.element.joined(separator: ",") }
            let with = rows.map { $0.element.joined(separator: ",") + "," + column.value($0.offset, $0.element) }
            let (_, reference) = try read(files.write("plain-\(column.name).csv", "timestamp,x,y,z\n" + plain.joined(separator: "\n") + "\n"))
            let (_, sink) = try read(files.write("\(column.name).csv", "timestamp,x,y,z,\(column.name)\n" + with.joined(separator: "\n") + "\n"))
            #expect(sink.acceleration == reference.acceleration, "\(column.name)")
        }
        let devices = lines.enumerated().map { row, fields in ([fields[0], row % 2 == 0 ? "1" : "2"] + fields.dropFirst()).joined(separator: ",") }
        let error = readError(files.write("devices.csv", "timestamp,device_id,x,y,z\n" + devices.joined(separator: "\n") + "\n"))
        #expect(error?.reason.hasPrefix("rows of another device_id") == true, "\(String(describing: error))")
    }

    /// Lines above the header that are no rows of the table (an app's banner, the device, a
    /// blank line) are passed over, said so: the samples are those of the file without them.
    @Test func aHeaderBelowAPreambleIsFound() throws {
        let source = Fixtures.path("formats/generic/timestamp-ms.csv")
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let path = files.write("preamble.csv", "# Exported by SomeApp 2.1\nDevice,Pixel 7\n\nRate,100 Hz\n" + text)
        let (info, sink) = try read(path)
        let (_, reference) = try read(source)
        #expect(info.format == .generic)
        #expect(info.detectionReason.hasSuffix("on line 5 below lines that are no rows of the table ('# Exported by SomeApp 2.1' …)"))
        #expect(info.notes.contains("the lines above the header passed over (no rows of the table)"))
        #expect(sink.acceleration == reference.acceleration)
        #expect(info.skipped.count == 0)
        // No header within the lines searched: refused as before, at the first line.
        let lost = files.write(
            "lost.csv", String(repeating: "note,\n", count: FormatDetector.longestPreamble + 1) + text)
        #expect(readError(lost)?.reason.hasPrefix("unknown format: header 'note,'") == true)
    }

    /// A log in milli-g, ft/s^2 or a sensor's raw counts (16384 or 256 a g) and a header that
    /// does not say: gravity, which the median magnitude of total acceleration is, reads 1 g
    /// once scaled, so the walk is the same to within the median's spread (until 2026-11-25
    /// such a log was taken as m/s^2: its steps right, its distance 2.3 times too long).
    /// Milli-g, whose walk's median is within 850–1150, is read in mg since 2026-11-26 (the
    /// same values exactly, where rescaling by a walk's median made distances ~4 % short).
    @Test(arguments: [1000 / 9.80665, 1 / 0.3048, 16384 / 9.80665, 256 / 9.80665])
    func anUnknownUnitIsScaledSoThatGravityReadsOneG(perMetrePerSecondSquared factor: Double) throws {
        let source = Fixtures.path("formats/generic/timestamp-ms.csv")
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(whereSeparator: \.isNewline)
        let scaled = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",")
            return ([String(fields[0])] + fields.dropFirst().map { String(Double($0)! * factor) }).joined(separator: ",")
        }
        let path = files.write("scaled.csv", ([String(lines[0])] + scaled).joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        let (_, reference) = try read(source)
        #expect(sink.accelerationKinds == [.total])
        let milliG = factor == 1000 / 9.80665
        #expect(info.notes.contains { $0.hasPrefix(milliG ? "acceleration in mg, gravity included" : "acceleration in an unknown unit, gravity included") })
        #expect(sink.acceleration.count == reference.acceleration.count)
        let ratios = zip(sink.acceleration, reference.acceleration).map { $0.magnitude / $1.magnitude }
        #expect(ratios.allSatisfy { abs($0 - ratios[0]) < 1e-3 }, "one scale for every sample")
        #expect(abs(ratios[0] - 1) < (milliG ? 1e-9 : 0.02), "scaled \(ratios[0]) times the m/s^2 values")
    }

    /// A header whose unit the data contradict: gravity steady at 1 under "(m/s^2)" (read as
    /// stated, a walk in g had no 1 g offset and came out 0 steps, as acceleration without
    /// gravity) or steady at 9.8 under "(g)" (its steps right, its distance 2.4 times too long).
    /// The data's unit is read, said in a note; --accel-unit keeps the header's.
    @Test(arguments: [("m/s^2", 1 / 9.80665), ("g", 1.0)])
    func aHeadersUnitThatGravityContradictsGivesWayToTheData(stated: String, factor: Double) throws {
        let source = Fixtures.path("formats/generic/timestamp-ms.csv")
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(whereSeparator: \.isNewline)
        let rows = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",")
            return ([String(fields[0])] + fields.dropFirst().map { String(Double($0)! * factor) }).joined(separator: ",")
        }
        let header = "timestamp,ax (\(stated)),ay (\(stated)),az (\(stated))"
        let path = files.write("mislabelled.csv", ([header] + rows).joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        let (_, reference) = try read(source)
        #expect(sink.accelerationKinds == [.total])
        #expect(info.notes.contains { $0.hasPrefix("acceleration headed in \(stated) reads like gravity in") })
        #expect(sink.acceleration.count == reference.acceleration.count)
        #expect(zip(sink.acceleration, reference.acceleration).allSatisfy { abs($0.magnitude - $1.magnitude) < 1e-3 })
        var kept = IngestOptions()
        kept.accelerationUnit = stated == "g" ? .g : .metersPerSecondSquared
        let (forced, _) = try read(path, kept)
        #expect(!forced.notes.contains { $0.hasPrefix("acceleration headed in") })
    }

    /// Acceleration without gravity headed in m/s^2 keeps its unit: its magnitude, a rectified
    /// signal, is no steady gravity (the Sensor Logger walk without gravity, about 1 m/s^2).
    @Test func accelerationWithoutGravityHeadedInMetresPerSecondSquaredStaysSo() throws {
        let source = Fixtures.path("formats/sensor-logger/user-only/Accelerometer.csv")
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(whereSeparator: \.isNewline)
        let rows = lines.dropFirst().map { line -> String in
            let fields = line.split(separator: ",")  // time,seconds_elapsed,z,y,x
            return [fields[1], fields[4], fields[3], fields[2]].joined(separator: ",")
        }
        let path = files.write("user.csv", (["t (s),ax (m/s^2),ay (m/s^2),az (m/s^2)"] + rows).joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        #expect(sink.accelerationKinds == [.user])
        #expect(!info.notes.contains { $0.hasPrefix("acceleration headed in") })
    }

    @Test(arguments: [
        ("t;x;y;z\n0,00;0,31;1,12;9,79\n0,01;0,31;1,12;9,79\n", true),
        ("t\tx\ty\tz\n0,00\t0,31\t-1,5E-2\t9,79\n", true),
        ("t;x;y;z\n0.00;0.31;1.12;9.79\n", false),
        ("t;x;y;z\n0,5;0.31;1.12;9.79\n", false),  // points too: not a decimal-comma file
        ("t,x,y,z\n0,00,0,31\n", false),  // a comma delimiter is never a decimal mark
    ])
    func decimalCommaIsDetectedOnlyWhereItCanBe(_ text: String, _ expected: Bool) throws {
        let reader = try CSVReader(path: files.write("numbers.csv", text))
        #expect(reader.decimalComma == expected)
    }

    // MARK: Date-time columns

    @Test func isoTimesWithAZoneGiveTheStart() throws {
        var text = "time,x,y,z\n"
        for i in 0..<300 { text += String(format: "2019-05-13T17:27:%02d.%02d0+02:00,0.1,0.2,9.8\n", 10 + i / 50, (i % 50) * 2) }
        let (info, sink) = try read(files.write("iso.csv", text))
        #expect(info.format == .generic)
        #expect(sink.acceleration.count == 300)
        #expect(abs((info.startDate ?? 0) - 1_557_761_230) < 1e-6)
        #expect(abs(sink.acceleration[1].time - 0.02) < 1e-9)
        #expect(info.notes.contains("time from ISO 8601 date-times with their zone"))
    }

    @Test func zonelessDateTimesAreALocalClockUntilAZoneIsGiven() throws {
        // Europe/London springs forward at 01:00 on 2023-03-26: the logger's wall clock jumps an hour.
        var text = "timestamp;accX;accY;accZ\n"
        for i in 0..<100 { text += "2023-03-26 00:59:\(String(format: "%06.3f", 58.0 + Double(i) * 0.01));0,1;0,2;9,8\n" }
        for i in 0..<100 { text += "2023-03-26 02:00:\(String(format: "%06.3f", Double(i) * 0.01));0,1;0,2;9,8\n" }
        let path = files.write("local.csv", text)
        let (local, localSink) = try read(path)
        #expect(local.startDate == nil)
        #expect(local.notes.contains("time from date-times (yyyy-MM-dd) without a zone") || local.notes.contains { $0.hasPrefix("time from") && $0.hasSuffix("without a zone") })
        #expect(abs(localSink.acceleration[100].time - localSink.acceleration[99].time - 3601.01) < 1e-6)
        // Said, with what places it (until 2026-11-28 the only hint was a gap of 3,601 s).
        #expect(local.notes.contains("the local times jump an hour ahead after 0.99 s: a daylight-saving change? give --time-zone (Europe/Paris …), which places them"), "\(local.notes)")
        let (zoned, zonedSink) = try read(path, IngestOptions(timeZone: TimeZoneRule("Europe/London")))
        #expect(abs((zoned.startDate ?? 0) - 1_679_792_398) < 1e-6)  // 00:59:58 GMT
        #expect(abs(zonedSink.acceleration[100].time - zonedSink.acceleration[99].time - 1.01) < 1e-6)
    }

    /// Slashed dates whose day and month fit either order over the first rows take the order
    /// that the first change of date settles: `05/03` then `06/03` a day apart (month first, a
    /// month), `12/03` then `13/03` only day first (until 2026-11-28 read month first: a walk
    /// across midnight lasted 30 days, or lost its rows after midnight as no date-times).
    @Test func theDayOrderIsSettledByTheFirstChangeOfDate() throws {
        let lines = try String(contentsOfFile: Fixtures.path("formats/generic/timestamp-ms.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).dropFirst()
        let (_, plain) = try read(Fixtures.path("formats/generic/timestamp-ms.csv"))
        for (day, next, start) in [("05/03/2024", "06/03/2024", 1_709_683_190.0), ("12/03/2024", "13/03/2024", 1_710_287_990.0)] {
            let rows = lines.enumerated().map { index, line -> String in
                let tenths = 23 * 3600 * 100 + 59 * 6000 + 50 * 100 + index  // 23:59:50.00 on, 10 ms a row
                let wrapped = tenths % (24 * 3600 * 100)
                let clock = String(format: "%02d:%02d:%02d.%02d0", wrapped / 360_000, wrapped / 6000 % 60, wrapped / 100 % 60, wrapped % 100)
                return "\(tenths >= 24 * 3600 * 100 ? next : day) \(clock)," + line.split(separator: ",").dropFirst().joined(separator: ",")
            }
            let (info, sink) = try read(files.write("midnight.csv", (["time,x,y,z"] + rows).joined(separator: "\n") + "\n"), IngestOptions(timeZone: TimeZoneRule("UTC")))
            #expect(info.skipped.count == 0 && sink.acceleration.count == plain.acceleration.count, "\(day): \(info.skipped.examples)")
            #expect(steps(in: sink) == steps(in: plain))
            #expect(info.startDate == start, "\(day)")
            #expect(info.notes.contains("day and month in the order that the first change of date ('\(day)' to '\(next)') says"), "\(info.notes)")
        }
        // Month first, as English writes it, where the change says so.
        let english = lines.prefix(200).enumerated().map { index, line in
            "\(index < 100 ? "03/05/2024 23:59:59" : "03/06/2024 00:00:00").\(String(format: "%02d0", index % 100))," + line.split(separator: ",").dropFirst().joined(separator: ",")
        }
        let (englishInfo, englishSink) = try read(files.write("english.csv", (["time,x,y,z"] + english).joined(separator: "\n") + "\n"))
        #expect(!englishInfo.notes.contains { $0.hasPrefix("day and month in the order") }, "\(englishInfo.notes)")
        #expect(englishInfo.skipped.count == 0 && abs((englishSink.acceleration.last?.time ?? 0) - 1.99) < 1e-6)
    }

    @Test func timesOfDayRollOverMidnightAndTimeGoingBackIsReported() throws {
        var text = "time,x,y,z\n"
        for i in 0..<100 { text += String(format: "23:59:59.%02d,0.1,0.2,9.8\n", i) }
        for i in 0..<100 { text += String(format: "00:00:00.%02d,0.1,0.2,9.8\n", i) }
        text += "00:00:00.50,0.1,0.3,9.8\n"  // back in time: reported, not taken
        for i in 100..<150 { text += String(format: "00:00:01.%02d,0.1,0.2,9.8\n", i - 100) }
        let (info, sink) = try read(files.write("midnight.csv", text))
        #expect(info.notes.contains("times of day passed midnight 1 time(s)"))
        #expect(abs(sink.acceleration[100].time - 1.0) < 1e-9)
        #expect(sink.acceleration.count == 250)
        #expect(info.streams.first?.outOfOrder == 1)
    }

    @Test func aBadDateIsSkippedAtItsLineAndColumn() throws {
        var text = "accX,accY,accZ,time\n"
        for i in 0..<200 { text += "0.1,0.2,9.8," + (i == 50 ? "yesterday" : String(format: "2019-05-13T17:27:%02d.%02d0Z", 10 + i / 50, (i % 50) * 2)) + "\n" }
        let path = files.write("bad-date.csv", text)
        let (info, sink) = try read(path)
        #expect(sink.acceleration.count == 199)
        #expect(info.skipped.examples.first?.description == "\(path):52:13: timestamp is not a date-time like the first rows': 'yesterday'")
    }

    // MARK: App exports read by name (reconstructed fixtures)

    /// Physics Toolbox, MATLAB Mobile and OxWearables files: read with no flags, the right
    /// columns, and a corrupted field skipped at its line and column.
    @Test(arguments: [
        ("formats/physics-toolbox/all-sensors.csv", "time 'time', x 'gFx', y 'gFy', z 'gFz'", 2000),
        ("formats/matlab-mobile/acceleration.csv", "time 'Timestamp', x 'X', y 'Y', z 'Z'", 1000),
        ("formats/oxwearables/accelerometer.csv", "time 'time', x 'x', y 'y', z 'z'", 2000),
    ])
    func appExports(_ relative: String, _ columns: String, _ samples: Int) throws {
        let (info, sink) = try read(Fixtures.path(relative))
        #expect(info.format == .generic)
        #expect(info.streams.first?.columns == columns)
        #expect(sink.acceleration.count == samples)
        #expect(info.skipped.count == 0)
        // Line 40: its time, then its second axis, made unreadable.
        var lines = try String(contentsOfFile: Fixtures.path(relative), encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[39].components(separatedBy: ",")
        fields[0] = "soon"
        lines[39] = fields.joined(separator: ",")
        // In all three the axes are the 2nd–4th fields: the y axis is the 3rd.
        var other = lines[40].components(separatedBy: ",")
        other[2] = "n/a"
        lines[40] = other.joined(separator: ",")
        let broken = files.write("broken.csv", lines.joined(separator: "\n"))
        let (brokenInfo, brokenSink) = try read(broken)
        #expect(brokenSink.acceleration.count == samples - 2)
        let located = brokenInfo.skipped.examples.map { "\($0.location.line ?? 0):\($0.location.column ?? 0)" }
        let yColumn = other[0...1].joined(separator: ",").count + 2  // bytes before it, its comma, 1-based
        #expect(located == ["40:1", "41:\(yColumn)"])
    }

    /// A step-counter column of the log (DeviceMotion's `steps`, on rows of their own) is the
    /// device's count, on the acceleration's clock; a bad count is skipped and located.
    /// A table of several people's or devices' rows (HHAR's `User` and `Device` columns) is
    /// refused where another begins, saying how to split it: until 2026-11-26 two phones'
    /// rows of one walk were read as one recording, every step counted twice (218 of 108).
    @Test func rowsOfAnotherUserOrDeviceAreRefused() throws {
        let header = "Index,Arrival_Time,Creation_Time,x,y,z,User,Model,Device,gt"
        func rows(_ device: String, from: Int) -> [String] {
            (0..<50).map { "\(from + $0),\(1_424_696_633_908 + 10 * (from + $0)),\(1_424_696_631_913_248_572 + 10_000_000 * (from + $0)),0.66,9.6,1.9,a,nexus4,\(device),walk" }
        }
        let one = files.write("one.csv", ([header] + rows("nexus4_1", from: 0) + rows("nexus4_1", from: 50)).joined(separator: "\n") + "\n")
        let (_, sink) = try read(one)
        #expect(sink.acceleration.count == 100)
        let two = files.write("two.csv", ([header] + rows("nexus4_1", from: 0) + rows("s3_1", from: 50)).joined(separator: "\n") + "\n")
        #expect(throws: IngestError(
            file: two, line: 52, column: 60,
            "rows of another Device ('s3_1'; the rows above are 'nexus4_1'): a recording is one Device's, so split the file by that column, e.g. awk -F',' 'NR==1 || $9==\"nexus4_1\"' FILE > nexus4_1.csv"
        )) {
            try read(two)
        }
    }

    /// What is no person or device: a sensor column named `device` (the accelerometer's rows
    /// read, as under `sensor`), and a first row without a value (the first value decides).
    /// Both from the review of 9a14ad8.
    @Test func aSensorColumnNamedDeviceIsNoSourceAndTheFirstValueDecides() throws {
        let rows = (0..<100).flatMap { i in ["\(1_557_761_272_123 + 10 * i),gyroscope,0.01,0.02,0.03", "\(1_557_761_272_123 + 10 * i),accelerometer,0.78,6.03,8.19"] }
        let sensors = files.write("sensors.csv", (["timestamp,device,x,y,z"] + rows).joined(separator: "\n") + "\n")
        let (info, sink) = try read(sensors)
        #expect(sink.acceleration.count == 100)
        #expect(info.notes.contains("rows of several sensors: the accelerometer's ('accelerometer' in column 'device') read"))
        let people = (0..<100).map { i in "\(1_557_761_272_123 + 10 * i),0.78,6.03,8.19,\(i == 0 ? "" : i < 50 ? "a" : "b")" }
        let path = files.write("people.csv", (["timestamp,x,y,z,subject"] + people).joined(separator: "\n") + "\n")
        #expect(throws: IngestError.self) { try read(path) }
    }

    /// One person's id written as an integer and as a number (a spreadsheet's resave) is one
    /// person; ids differing in letter case are two (until 2026-11-26 `7` and `7.0` were two).
    @Test func aSourceIdWrittenAsAnotherNumberIsTheSameSource() throws {
        func rows(_ id: (Int) -> String) -> [String] {
            ["timestamp,x,y,z,subject"] + (0..<100).map { i in "\(1_557_761_272_123 + 10 * i),0.78,6.03,8.19,\(id(i))" }
        }
        let (_, sink) = try read(files.write("ids.csv", rows { $0 < 50 ? "7" : " 7.0" }.joined(separator: "\n") + "\n"))
        #expect(sink.acceleration.count == 100)
        #expect(throws: IngestError.self) { try read(files.write("case.csv", rows { $0 < 50 ? "s1" : "S1" }.joined(separator: "\n") + "\n")) }
        #expect(throws: IngestError.self) { try read(files.write("seven.csv", rows { $0 < 50 ? "7" : "7.5" }.joined(separator: "\n") + "\n")) }
        // Ids longer than a Double holds exactly are compared as written (the review: two
        // 19-digit device ids differing in the last digit were read as one).
        #expect(throws: IngestError.self) {
            try read(files.write("long.csv", rows { $0 < 50 ? "1234567890123456789" : "1234567890123456788" }.joined(separator: "\n") + "\n"))
        }
    }

    /// Minute times cannot time samples many a second: refused, not read as a walk of 0 steps
    /// (the review: 22e6da9 made them date-times).
    @Test func accelerationTimedToTheMinuteIsRefused() throws {
        let rows = (0..<200).map { i in "2019-05-13 15:27,0.78,6.03,\(8.19 + Double(i % 7) / 10)" }
        let path = files.write("minutes.csv", (["time,x,y,z"] + rows).joined(separator: "\n") + "\n")
        #expect(throws: IngestError(file: path, line: 2, "times to the minute ('2019-05-13 15:27'): acceleration samples need their times in seconds; export them with seconds, or time the rows by their rate (--rate HZ)")) {
            try read(path)
        }
        // A first time written without its seconds (a whole minute, ISO 8601 allows it) among
        // times with seconds is read (the second review: refused for the first alone).
        let seconds = (1..<200).map { i in "2024-01-01T08:00:\(String(format: "%02d", i / 100)).\(String(format: "%02d", i % 100)),0.78,6.03,\(8.19 + Double(i % 7) / 10)" }
        let mixed = files.write("mixed.csv", (["time,x,y,z", "2024-01-01T08:00,0.78,6.03,8.19"] + seconds).joined(separator: "\n") + "\n")
        let (_, sink) = try read(mixed)
        #expect(sink.acceleration.count == 200)
    }

    /// Names under several reverse-domain prefixes are a hierarchy, kept whole (the
    /// accelerometer's chosen), and axes and gravity stating other units are not summed (each
    /// from the review of 77c3dd9 and a5ce0ad: the gyroscope read, 0 steps; 8.3 m of 17.6).
    @Test func hierarchicalNamesAndMixedUnitsAreKeptApart() throws {
        let rows = (0..<50).map { i in "\(1_557_761_272_123 + 10 * i),0.01,-0.02,0.03,0.78,6.03,8.19" }
        let hierarchy = files.write("hierarchy.csv", (["timestamp,com.foo.gyro.x,com.foo.gyro.y,com.foo.gyro.z,com.foo.acc.x,com.foo.acc.y,com.foo.acc.z"] + rows).joined(separator: "\n") + "\n")
        let (info, _) = try read(hierarchy)
        #expect(info.streams.first?.columns == "time 'timestamp', x 'com.foo.acc.x', y 'com.foo.acc.y', z 'com.foo.acc.z'", "\(info.streams)")
        let mixed = (0..<50).map { i in "\(1_557_761_272_123 + 10 * i),0.079,0.615,0.835,0.778,6.029,8.186" }
        let units = files.write("units.csv", (["timestamp,accX (g),accY (g),accZ (g),gravityX (m/s^2),gravityY (m/s^2),gravityZ (m/s^2)"] + mixed).joined(separator: "\n") + "\n")
        let (unitsInfo, _) = try read(units)
        #expect(!(unitsInfo.streams.first?.columns.contains("gravity") ?? true), "\(unitsInfo.streams)")
    }

    @Test func theLogsOwnStepCounterIsTheDeviceStream() throws {
        var text = "time;m_accG_x;m_accG_y;m_accG_z;steps\n"
        for i in 0..<600 {
            text += "\(i * 20);0,1;0,2;9,8;\n"
            if i % 50 == 10 { text += "\(i * 20 + 5);;;;\(i == 510 ? "lots" : String(i / 50 * 2))\n" }
        }
        let path = files.write("motion.csv", text)
        let (info, sink) = try read(path)
        let device = try #require(sink.steps[.device])
        #expect(device.count == 11)
        #expect(abs(device[0].time - 0.205) < 1e-9 && device[0].steps == 0)
        #expect(sink.stepTotal(.device) == 22)  // 0 at 0.205 s … 22 at 11.205 s
        #expect(info.notes.contains("device steps: the log's own counter in column 'steps'"))
        #expect(info.skipped.examples.first?.description.hasSuffix("step count is not a finite number: 'lots'") == true)
        #expect(info.streams.map(\.columns).contains("time 'time', steps 'steps'"))
    }

    /// Another sensor's file is refused, saying what it holds: its axes' unit (a gyroscope in
    /// dps, a magnetometer in tesla), or, for axes named by their letters alone in a file named
    /// as another sensor's (HHAR's `Phones_gyroscope.csv`, Polar's magnetometer in `[G]`auss,
    /// which reads as g), rows that average to no gravity. A walk in such a file is read (the
    /// name is a hint, the rows decide), and `--columns` reads any of them. (Until 2026-11-27
    /// each was read as acceleration; 33766e9 refused by the name alone, the walks too.) A row
    /// of units under the names states them as a header does.
    @Test func anotherSensorsFileIsRefused() throws {
        // A gyroscope swinging once a stride about a mean of 0 (rad/s), and a walk in g.
        func rows(_ row: (Double) -> String) -> String { (0..<500).map { row(Double($0) / 50) }.joined(separator: "\n") + "\n" }
        let gyroscope = rows { "\($0),\(0.99 * cos($0 * 2 * .pi * 0.9)),\(0.4 * sin($0 * 2 * .pi * 1.8)),0.05" }
        let walk = rows { "\($0),0.05,\(1 + 0.25 * sin($0 * 2 * .pi * 1.8)),0.1" }
        files.write("Polar_Sense_B5C2E02A_20240513_113320_GYRO.txt", "sensor timestamp [s];X [dps];Y [dps];Z [dps]\n" + gyroscope.replacingOccurrences(of: ",", with: ";"))
        let polar = files.path("Polar_Sense_B5C2E02A_20240513_113320_GYRO.txt")
        #expect(
            readError(polar)?.description == "\(polar):1:2: header 'sensor timestamp [s],X [dps],Y [dps],Z [dps]' names a time ('sensor timestamp [s]') "
                + "and no acceleration: its x/y/z columns 'X [dps]', 'Y [dps]', 'Z [dps]' are another sensor's (a gyroscope: angular velocity); "
                + "pedometer reads acceleration")
        files.write("MetaWear_C8E2_Magnetometer_1.7.3.csv", "elapsed (s),x-axis (T),y-axis (T),z-axis (T)\n" + walk)
        #expect(readError(files.path("MetaWear_C8E2_Magnetometer_1.7.3.csv"))?.description.contains("(a magnetometer: magnetic field)") == true)
        files.write("Phones_gyroscope.csv", "Creation_Time,x,y,z\n" + gyroscope)
        let hhar = files.path("Phones_gyroscope.csv")
        let refusal = readError(hhar)?.description ?? ""
        #expect(
            refusal.hasPrefix(
                "\(hhar):1:2: the file's name says a gyroscope, and its columns 'x', 'y', 'z' are named by their axes alone, with rows that "
                    + "average to no gravity"), "\(refusal)")
        #expect(refusal.hasSuffix("not read as acceleration (if they are, say so: --columns t=1,x=2,y=3,z=4)"), "\(refusal)")
        // Polar's magnetometer in gauss: 0.25–0.65, no acceleration's gravity.
        let field = rows { "\($0),-0.18,\(0.32 + 0.02 * sin($0 * 5)),-0.38" }
        files.write("Polar_Sense_MAGN.txt", "sensor timestamp [s];X [G];Y [G];Z [G]\n" + field.replacingOccurrences(of: ",", with: ";"))
        #expect(readError(files.path("Polar_Sense_MAGN.txt"))?.description.contains("the file's name says a magnetometer") == true)
        // A walk is a walk whatever the file is called; said otherwise by the user, a gyroscope is read.
        for name in ["orientation_test_walk.csv", "mag_walk.csv", "Gyroscope_study.csv"] {
            files.write(name, "time,x,y,z\n" + walk)
            let (_, read) = try read(files.path(name))
            #expect(read.acceleration.count == 500, "\(name)")
        }
        // The units in a row of their own under the names (`s,rad/s,rad/s,rad/s` under
        // `time,x,y,z`), in a file named as no sensor (until 2026-11-28 read as acceleration in
        // g, the units row a bad row); acceleration's units there are read.
        files.write("log.csv", "time,x,y,z\ns,rad/s,rad/s,rad/s\n" + gyroscope)
        #expect(readError(files.path("log.csv"))?.description.contains("are another sensor's (a gyroscope: angular velocity)") == true)
        files.write("log-g.csv", "time,x,y,z\ns,g,g,g\n" + walk)
        #expect(try read(files.path("log-g.csv")).1.acceleration.count == 500)
        let (_, forced) = try read(hhar, IngestOptions(columns: try ColumnRoles(parsing: "t=1,x=2,y=3,z=4")))
        #expect(forced.acceleration.count == 500)
        let (_, byName) = try read(polar, IngestOptions(columns: try ColumnRoles(parsing: "time=sensor timestamp [s],x=X [dps],y=Y [dps],z=Z [dps]")))
        #expect(byName.acceleration.count == 500)
    }

    /// A gravity sensor's output under a header stating its unit (as MetaWear's sensor-fusion
    /// gravity, `x-axis (g)`) is said to be one, as when its unit is inferred: its magnitude
    /// holds to a float's digits while its direction turns (until 2026-11-27 read without a
    /// word: a walk of no steps).
    @Test func aGravitySensorIsSaidWhateverItsHeaderStates() throws {
        let rows = (0..<500).map { index -> String in
            let t = Double(index) / 50
            let pitch = 0.35 * sin(2 * Double.pi * 0.9 * t), roll = 0.2 + 0.1 * sin(2 * Double.pi * 0.37 * t)
            let axes = [sin(pitch), cos(pitch) * sin(roll), cos(pitch) * cos(roll)].map { String(Double(Float($0))) }
            return "\(t)," + axes.joined(separator: ",")
        }
        let (info, _) = try read(files.write("sensor_fusion.csv", "elapsed (s),x-axis (g),y-axis (g),z-axis (g)\n" + rows.joined(separator: "\n") + "\n"))
        #expect(info.notes.contains { $0.hasPrefix("acceleration in g as its header says, but its magnitude holds") && $0.contains("as a gravity sensor's output does") }, "\(info.notes)")
        // Rounded to three decimals, as MetaWear's CSV writes it (until 2026-11-28 read without
        // a word: its magnitude then moves by 2e-4, beyond a float's digits).
        let rounded = rows.map { row in
            row.split(separator: ",").enumerated().map { $0.offset == 0 ? String($0.element) : String(format: "%.3f", Double($0.element)!) }
                .joined(separator: ",")
        }
        let (roundedInfo, _) = try read(files.write("sensor_fusion_3.csv", "elapsed (s),x-axis (g),y-axis (g),z-axis (g)\n" + rounded.joined(separator: "\n") + "\n"))
        #expect(roundedInfo.notes.contains { $0.contains("its magnitude holds (median deviation 2") && $0.contains("as a gravity sensor's output does") }, "\(roundedInfo.notes)")
    }

    /// A spreadsheet's export of milli-g in German, its thousands grouped (`0,02;22,0;98,4;1.120,0`),
    /// in English, quoted (`0.02,"22.0","98.4","1,120.0"`), or in Swiss German (`1'120.0`): every row read, at the values
    /// meant (until 2026-11-27 each row above 1 g was skipped: half the walk's samples, its
    /// distance 41 % short).
    @Test func thousandsGroupedBySpreadsheets() throws {
        func german(_ value: Double) -> String {
            let text = String(format: "%.1f", value)
            let parts = text.split(separator: ".")
            var whole = String(parts[0])
            if whole.count > 3 { whole.insert(".", at: whole.index(whole.endIndex, offsetBy: -3)) }
            return whole + "," + parts[1]
        }
        let samples = (0..<300).map { index -> (Double, Double) in
            let t = Double(index) / 50
            return (t, 1000 + 250 * sin(2 * Double.pi * 1.8 * t))
        }
        let de = "Zeit (s);X (mg);Y (mg);Z (mg)\n" + samples.map { String(format: "%.2f", $0.0).replacingOccurrences(of: ".", with: ",") + ";15,8;16,3;" + german($0.1) }.joined(separator: "\n") + "\n"
        let en = "time (s),X (mg),Y (mg),Z (mg)\n" + samples.map { String(format: "%.2f", $0.0) + ",\"15.8\",\"16.3\",\"" + german($0.1).replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: ",", with: ".").replacingOccurrences(of: "_", with: ",") + "\"" }.joined(separator: "\n") + "\n"
        // And in Swiss German, grouped by apostrophes (`1'120.0`; until 2026-11-28 skipped).
        let ch = "Zeit (s);X (mg);Y (mg);Z (mg)\n" + samples.map { String(format: "%.2f", $0.0) + ";15.8;16.3;" + german($0.1).replacingOccurrences(of: ".", with: "'").replacingOccurrences(of: ",", with: ".") }.joined(separator: "\n") + "\n"
        for (name, text) in [("de.csv", de), ("en.csv", en), ("ch.csv", ch)] {
            let (info, sink) = try read(files.write(name, text))
            #expect(info.skipped.count == 0 && sink.acceleration.count == 300, "\(name): \(info.skipped.byReason)")
            let top = sink.acceleration.map(\.magnitude).max() ?? 0
            #expect(abs(top - 1.25 * 9.80665) < 0.01, "\(name): \(top)")
        }
    }
}
