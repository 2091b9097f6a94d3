import Foundation
import Testing
@testable import PedometerIngest
import PedometerCore
import TestSupport

/// What the first rows of an acceleration table say of its unit and of gravity.
@Suite struct UnitInferenceTests {
    /// Rows over 5 s at 100 Hz: `vector(t)` per row.
    private func rows(_ vector: (Double) -> (Double, Double, Double)) -> AccelerationPreview {
        var rows = AccelerationPreview()
        for index in 0..<512 {
            let (x, y, z) = vector(Double(index) / 100)
            rows.add(x, y, z)
        }
        return rows
    }

    /// A real walk's acceleration without gravity, in m/s^2 (Sensor Logger's Accelerometer.csv
    /// of the `user-only` fixture), has a median magnitude that reads as g (1.0 here); it is
    /// neither steady nor offset, so it is read as what it is (until 2026-11-26 as g with
    /// gravity: a Physics Toolbox linear-acceleration export, and Sensor Logger's
    /// Accelerometer.csv under another name, counted twice their steps).
    @Test func aWalkWithoutGravityIsNoGravityInG() throws {
        let lines = try String(contentsOfFile: Fixtures.path("formats/sensor-logger/user-only/Accelerometer.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().prefix(512)
        var rows = AccelerationPreview()
        for line in lines {
            let axes = line.split(separator: ",").suffix(3).compactMap { Double($0) }
            rows.add(axes[0], axes[1], axes[2])
        }
        let inferred = UnitInference.acceleration(rows.magnitudes, meanVector: rows.meanVector)
        #expect(inferred.kind == .user)
        #expect(inferred.scale == 1)
        #expect(UnitInference.acceleration(rows.magnitudes).kind == .total)  // magnitudes alone cannot tell
        // The same walk in milli-g (a median of 102): without gravity in mg (until 2026-11-28
        // scaled as gravity in an unknown unit, 8 times too strong).
        var milliG = AccelerationPreview()
        for line in lines {
            let axes = line.split(separator: ",").suffix(3).compactMap { Double($0) }.map { $0 / standardGravity * 1000 }
            milliG.add(axes[0], axes[1], axes[2])
        }
        let inMilliG = UnitInference.acceleration(milliG.magnitudes, meanVector: milliG.meanVector)
        #expect(inMilliG.kind == .user && inMilliG.unitName == "mg" && inMilliG.scale == standardGravity / 1000, "\(inMilliG.note)")
        #expect(inMilliG.note.hasPrefix("acceleration in mg without gravity (inferred: median magnitude 10"), "\(inMilliG.note)")
    }

    /// A gravity sensor's output read as acceleration (Sensor Logger's Gravity.csv alone):
    /// its magnitude holds at 1 g to a millionth while the phone turns, which no accelerometer
    /// does, and it has no steps; the note says so and what to read instead. An accelerometer
    /// turned as slowly, with a phone's noise (0.01 m/s^2), and one at rest are not taken for it,
    /// nor a still accelerometer whose rounded values repeat in two positions (the review's:
    /// a median deviation of 0 where gravity's is 1e-8 to 1e-5).
    @Test func aGravitySensorsOutputIsSaid() {
        let g = 9.80665
        func turning(noise: Double) -> AccelerationPreview {
            var generator = SplitMix64(seed: 7)
            return rows { t in
                let angle = 0.35 * sin(2 * Double.pi * 0.9 * t)
                let wobble = noise == 0 ? 0 : Double.random(in: -noise...noise, using: &generator)
                return ((g + wobble) * sin(angle), 0, (g + wobble) * cos(angle))
            }
        }
        // Gravity's magnitude exact to a float's digits, as a phone's sensor reports it.
        let gravity = rows { t in
            let pitch = 0.35 * sin(2 * Double.pi * 0.9 * t), roll = 0.2 + 0.1 * sin(2 * Double.pi * 0.37 * t)
            let axes = [sin(pitch), cos(pitch) * sin(roll), cos(pitch) * cos(roll)].map { Double(Float(g * $0)) }
            return (axes[0], axes[1], axes[2])
        }
        let note = UnitInference.acceleration(gravity.magnitudes, meanVector: gravity.meanVector).note
        #expect(note.contains("as a gravity sensor's output does: the phone's orientation, which has no steps"), "\(note)")
        let accelerometer = turning(noise: 0.02)
        #expect(!UnitInference.acceleration(accelerometer.magnitudes, meanVector: accelerometer.meanVector).note.contains("gravity sensor"))
        let tilted = rows { t in t < 2.5 ? (0, 0, g) : (g * sin(0.4), 0, g * cos(0.4)) }
        #expect(!UnitInference.acceleration(tilted.magnitudes, meanVector: tilted.meanVector).note.contains("gravity sensor"))
        let still = rows { _ in (0, 0, g) }
        #expect(!UnitInference.acceleration(still.magnitudes, meanVector: still.meanVector).note.contains("gravity sensor"))
    }

    /// The same file under a name Sensor Logger does not give it (a second download) is read
    /// as user acceleration, as under its own name.
    @Test func sensorLoggersAccelerometerUnderAnotherName() throws {
        let files = TemporaryFiles()
        let text = try String(contentsOfFile: Fixtures.path("formats/sensor-logger/user-only/Accelerometer.csv"), encoding: .utf8)
        let path = files.write("Accelerometer (1).csv", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(info.stream("acceleration")?.detail.hasPrefix("user") == true, "\(info.streams)")
    }

    /// Gravity in g with a run on it (from −0.5 to 2.5 g at 168 steps/min: far from steady)
    /// averages to 1 g: still g with gravity.
    @Test func aRunWithGravityStaysGravity() {
        let run = rows { t in
            (0.1, 0.3 * sin(2 * Double.pi * 1.4 * t), 1 + 1.5 * sin(2 * Double.pi * 2.8 * t))
        }
        let inferred = UnitInference.acceleration(run.magnitudes, meanVector: run.meanVector)
        #expect(inferred.kind == .total)
        #expect(inferred.unitName == "g")
    }

    /// The same walk under names that say it is without gravity (`user_acc_x` …) and no unit:
    /// m/s^2, not g (review QA: withholding the data's test wherever the names say anything
    /// read it as g, 9.8 times too large; 72 steps of 55 on a noisier walk at the day's start).
    @Test func namesWithoutGravityStayInMetresPerSecondSquared() throws {
        let lines = try String(contentsOfFile: Fixtures.path("formats/sensor-logger/user-only/Accelerometer.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        let rows = lines.map { line -> String in
            let fields = line.split(separator: ",")
            return "\(fields[1]),\(fields[4]),\(fields[3]),\(fields[2])"
        }
        let files = TemporaryFiles()
        var sink = CollectingSink()
        let info = try RecordingReader.read(
            files.write("user.csv", "time,user_acc_x,user_acc_y,user_acc_z\n" + rows.joined(separator: "\n") + "\n"), into: &sink)
        #expect(info.stream("acceleration")?.detail == "user, m/s^2")
    }

    /// A run with the phone swinging ±100° in the hand: its gravity averages to less than half
    /// itself (mean vector 0.44 of the median), and the magnitude is far from steady, but it
    /// is gravity (review QA: with the first threshold, half the median, such a run read as
    /// user acceleration and counted 42 of 84 steps).
    @Test func aRunSwingingThePhoneStaysGravity() {
        let run = rows { t in
            let swing = 1.7 * sin(2 * Double.pi * 1.4 * t)
            let impact = 1 + 1.2 * sin(2 * Double.pi * 2.8 * t)
            return (impact * sin(swing), 0.2, impact * cos(swing))
        }
        #expect(run.meanVector < 0.45 * run.medianMagnitude)
        let inferred = UnitInference.acceleration(run.magnitudes, meanVector: run.meanVector)
        #expect(inferred.kind == .total)
        #expect(inferred.unitName == "g")
    }

    /// The same run in Sensor Logger's TotalAcceleration.csv, whose name says it holds
    /// gravity, is read with it whatever its rows look like (review QA: read as without
    /// gravity, half its steps).
    @Test func aFileNamedAsWithGravityKeepsIt() throws {
        var text = "time,seconds_elapsed,z,y,x\n"
        for index in 0..<512 {
            let t = Double(index) / 100
            let swing = 2.1 * sin(2 * Double.pi * 1.4 * t)  // ±120°: a mean vector of 0.26 of the median
            let impact = 1 + 1.2 * sin(2 * Double.pi * 2.8 * t)
            text += "\(1_557_761_272_123_000_000 + Int64(index) * 10_000_000),\(t),\(impact * cos(swing)),0.2,\(impact * sin(swing))\n"
        }
        let files = TemporaryFiles()
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("TotalAcceleration.csv", text), into: &sink)
        #expect(sink.accelerationKinds == [.total])
        #expect(info.stream("acceleration")?.detail == "total, g")
    }

    /// Acceleration without gravity far smaller than a walk's (a watch's user acceleration in
    /// g, median 0.034, read as m/s^2: QA's 148-step walk gave 0 steps without a word) is
    /// still read so, with a warning that names the other reading; a walk's is not warned.
    @Test func accelerationTooSmallForAWalkIsWarned() {
        let watch = rows { t in (0.01, 0.03 * sin(2 * Double.pi * 1.8 * t), 0.02) }
        let inferred = UnitInference.acceleration(watch.magnitudes, meanVector: watch.meanVector)
        #expect(inferred.kind == .user)
        #expect(inferred.note.contains("too small for a walk"), "\(inferred.note)")
        #expect(inferred.note.contains("--accel-unit g"))
        let walk = rows { t in (0.1, 0.4 * sin(2 * Double.pi * 1.8 * t), 0.2) }
        #expect(!UnitInference.acceleration(walk.magnitudes, meanVector: walk.meanVector).note.contains("too small"))
        // A brisk walk's user acceleration in g (a bounce of 0.25 g, median about 0.19) reads as
        // a gentle one in m/s^2: the note asks (a stranger's such walk counted no step, unsaid).
        let inG = rows { t in (0.02, 0.25 * sin(2 * Double.pi * 1.8 * t), 0.03) }
        let asked = UnitInference.acceleration(inG.magnitudes, meanVector: inG.meanVector).note
        #expect(asked.contains("small for a walk in m/s^2 (a brisk walk's is 1–2.5): if the unit is g, give --accel-unit g"), "\(asked)")
        let brisk = rows { t in (0.2, 1.5 * sin(2 * Double.pi * 1.8 * t), 0.4) }
        #expect(!UnitInference.acceleration(brisk.magnitudes, meanVector: brisk.meanVector).note.contains("small for a walk"))
    }

    /// Gravity turning in a swinging bag (the mean vector half the magnitude, as the Oxford
    /// purse walks' 0.54) is steady in magnitude: still g with gravity.
    @Test func gravityTurningInABagStaysGravity() {
        let bag = rows { t in
            let angle = 1.2 * sin(2 * Double.pi * 0.9 * t) + 0.8
            let bounce = 1 + 0.15 * sin(2 * Double.pi * 1.8 * t)
            return (bounce * sin(angle) * 0.3, bounce * sin(angle), bounce * cos(angle))
        }
        let inferred = UnitInference.acceleration(bag.magnitudes, meanVector: bag.meanVector)
        #expect(inferred.kind == .total)
        #expect(inferred.unitName == "g")
    }

    /// Acceleration without gravity whose mean vector a linear-acceleration sensor's bias keeps
    /// above a third of its median (the wheel walk's, 0.43), with a median of 2.5–4.9: no
    /// gravity in g (2.5 g or more) nor in m/s^2 (under half a g), so without gravity (QA
    /// pass: read as total acceleration in m/s^2, 573 steps of 454); given in m/s^2
    /// (`--accel-unit mps2`, a stated unit), likewise (until 2026-11-26 only under 2.5).
    @Test func aMedianOfNoGravityIsWithoutGravity() throws {
        let biased = rows { t in (1.6 + 3 * sin(2 * Double.pi * 1.8 * t), 0.6, 2.5 * sin(2 * Double.pi * 0.9 * t)) }
        #expect(biased.meanVector > biased.medianMagnitude / 3)
        #expect((2.5..<4.9).contains(biased.medianMagnitude))
        let inferred = UnitInference.acceleration(biased.magnitudes, meanVector: biased.meanVector)
        #expect(inferred.kind == .user && inferred.scale == 1)

        let files = TemporaryFiles()
        let text = "time,x,y,z\n" + (0..<1000).map { index -> String in
            let t = Double(index) / 100
            return "\(t),\(1.6 + 3 * sin(2 * Double.pi * 1.8 * t)),0.6,\(2.5 * sin(2 * Double.pi * 0.9 * t))"
        }.joined(separator: "\n") + "\n"
        let path = files.write("linear.csv", text)
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, options: IngestOptions(accelerationUnit: .metersPerSecondSquared), into: &sink)
        #expect(info.stream("acceleration")?.detail == "user, m/s^2", "\(info.streams)")
        #expect(info.notes.contains { $0.contains("under half a g") }, "\(info.notes)")
    }

    /// Physics Toolbox's linear accelerometer (`time,ax,ay,az,aT`) is without gravity, in
    /// m/s^2, by its names, however biased (QA pass: real walks read as gravity in g or m/s^2,
    /// 77 steps of 265, 50 of 27); `ax,ay,az` without `aT` are still judged by their data.
    @Test func physicsToolboxLinearAccelerationIsWithoutGravity() throws {
        let files = TemporaryFiles()
        func table(_ header: String) -> String {
            header + "\n" + (0..<1000).map { index -> String in
                let t = Double(index) / 100
                let (x, y, z) = (0.5 + 0.8 * sin(2 * Double.pi * 1.8 * t), 0.3, 0.6 * sin(2 * Double.pi * 0.9 * t))
                return "\(t),\(x),\(y),\(z),\((x * x + y * y + z * z).squareRoot())"
            }.joined(separator: "\n") + "\n"
        }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("linear.csv", table("time,ax,ay,az,aT")), into: &sink)
        #expect(info.stream("acceleration")?.detail == "user, m/s^2", "\(info.streams)")
        #expect(!info.notes.contains { $0.contains("gravity included") }, "\(info.notes)")
        var other = CollectingSink()
        let unnamed = try RecordingReader.read(files.write("total.csv", table("time,ax,ay,az,magnitude")), into: &other)
        #expect(unnamed.stream("acceleration")?.detail == "total, g", "\(unnamed.streams)")
    }

    /// Data read as gravity in g that are far from steady name the other reading.
    @Test func unsteadyGravityInGNamesTheOtherReading() {
        let texting = rows { t in (0.4 + 1.0 * sin(2 * Double.pi * 1.8 * t), 0.3, 0.8 * sin(2 * Double.pi * 0.9 * t)) }
        #expect(texting.meanVector > texting.medianMagnitude / 3)
        let inferred = UnitInference.acceleration(texting.magnitudes, meanVector: texting.meanVector)
        #expect(inferred.kind == .total && inferred.unitName == "g")
        #expect(inferred.note.hasSuffix("; far from steady: if it is acceleration without gravity in m/s^2, give --accel-unit mps2"), "\(inferred.note)")
        let walk = rows { t in (0.1, 0.2, 1 + 0.15 * sin(2 * Double.pi * 1.8 * t)) }
        #expect(!UnitInference.acceleration(walk.magnitudes, meanVector: walk.meanVector).note.contains("--accel-unit"))
    }

    /// Gravity with a walk on it in integer milli-g (Garmin's layout; a median of 1,103 over
    /// the wheel walk's first rows) is read in mg, not rescaled so that the walk's median reads
    /// 1 g (QA pass: distance 395 m of the 413 m its m/s^2 copy gives); other large units are
    /// still rescaled.
    @Test func gravityInMilliGIsMilliG() {
        let walk = rows { t in (80, 600, 900 + 350 * sin(2 * Double.pi * 1.8 * t)) }
        let inferred = UnitInference.acceleration(walk.magnitudes, meanVector: walk.meanVector)
        #expect(inferred.unitName == "mg" && inferred.kind == .total)
        #expect(abs(inferred.scale - standardGravity / 1000) < 1e-12)
        let counts = rows { t in (80, 600, 4000 + 1400 * sin(2 * Double.pi * 1.8 * t)) }
        #expect(UnitInference.acceleration(counts.magnitudes, meanVector: counts.meanVector).unitName == "raw counts")
    }

    /// Unix times in another unit are named only at a rate an accelerometer can have (QA pass:
    /// nanoseconds since a boot 11 days ago were said to be 0.405 Hz in µs, a unit under
    /// which the file would be refused).
    @Test func anotherUnitsRateIsNamedOnlyWhenPlausible() throws {
        let boot = (0..<512).map { 1_000_000_000_000_000 + Double($0) * 10_000_000 }  // ns, 100 Hz, 11.6 days after boot
        let (unit, note) = try #require(UnitInference.timeUnit(boot))
        #expect(unit == .nanoseconds)
        #expect(!note.contains("they would be"), "\(note)")
    }

    /// A sprint swinging the phone, in flight most of each stride, has a median of 2.5–4.9
    /// m/s^2 but a mean vector of gravity's (over half a g): with gravity (the review of the
    /// median rule: read as without gravity, 102 steps of 204).
    @Test func aSprintWhoseMeanIsGravityKeepsIt() {
        let sprint = rows { t in
            let phase = (t * 3.4).truncatingRemainder(dividingBy: 1)
            let force = phase < 0.3 ? 9.80665 * 3.2 * sin(Double.pi * phase / 0.3) : 0
            let swing = 1.2 * sin(2 * Double.pi * 1.7 * t)
            return (force * sin(swing), 0.5, force * cos(swing))
        }
        #expect((2.5..<4.9).contains(sprint.medianMagnitude) || sprint.medianMagnitude < 2.5, "\(sprint.medianMagnitude)")
        #expect(sprint.meanVector >= UnitInference.leastMedianWithGravity)
        let inferred = UnitInference.acceleration(sprint.magnitudes, meanVector: sprint.meanVector)
        #expect(inferred.kind == .total, "\(inferred.note)")
    }

    /// A sprint in g with gravity, no unit named, in flight for much of each step (47 % here):
    /// its median magnitude is under half a g, which reads as acceleration without gravity in
    /// m/s^2 (until 2026-11-27: 102 steps of 204 at 204 steps/min), but its magnitudes average
    /// to gravity's 1 g in every quarter of the first rows, and its rows to a vector of over
    /// half a g: g with gravity, every step counted. Each contact is a half sine whose impulse
    /// is the body's weight over the step (its peak π/2c g for a contact of `c` of the step:
    /// 3 g here), the phone swinging ±69°.
    @Test func aSprintInGWithLongFlights() throws {
        let cadence = 3.4, contact = 0.53
        func sprint(_ t: Double) -> (Double, Double, Double) {
            let phase = (t * cadence).truncatingRemainder(dividingBy: 1)
            let force = phase < contact ? Double.pi / (2 * contact) * sin(Double.pi * phase / contact) : 0
            let tilt = 0.35 + 1.2 * sin(Double.pi * cadence * t)
            return (force * sin(tilt) + 0.02 * sin(97 * t), 0.15 * sin(Double.pi * cadence * t), force * cos(tilt))
        }
        let preview = rows(sprint)
        #expect(preview.medianMagnitude < 0.5)
        let inferred = UnitInference.acceleration(preview.magnitudes, meanVector: preview.meanVector)
        #expect(inferred.kind == .total && inferred.unitName == "g", "\(inferred.note)")
        let text = "time,x,y,z\n" + (0..<3000).map { index -> String in
            let t = Double(index) / 100
            let (x, y, z) = sprint(t)
            return "\(t),\(x),\(y),\(z)"
        }.joined(separator: "\n") + "\n"
        let files = TemporaryFiles()
        let (info, sink) = try readRecording(files.write("sprint-g.csv", text))
        #expect(info.stream("acceleration")?.detail == "total, g", "\(info.streams)")
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        #expect(abs(Double(steps.count) - 30 * cadence) <= 0.03 * 30 * cadence, "\(steps.count) of 102")
        // Acceleration without gravity under half a unit, however it bursts, stays so: its
        // rows average out (a handled phone's user acceleration in m/s^2).
        let handled = rows { t in
            let burst = t.truncatingRemainder(dividingBy: 1) < 0.2 ? 7 * sin(31 * t) : 0.05 * sin(7 * t)
            return (burst, 0.5 * burst, 0.03)
        }
        #expect(UnitInference.acceleration(handled.magnitudes, meanVector: handled.meanVector).kind == .user)
        // Nor does one pushed one way after a rest, averaging to about 1 over the first rows
        // (a bus pulling away at 2.2 m/s^2 after 2.8 s at rest, a walk on it; the review of
        // the rule's first form, which read such walks as g: 216 steps of 110).
        let pushed = rows { t in
            guard t >= 2.8 else { return (0.02 * sin(53 * t), 0.01, 0.02) }
            let walk = sin(2 * Double.pi * 1.8 * t)
            return (2.2 + 0.3 * walk, 0.2 * walk, 0.9 * walk)
        }
        #expect((0.85...1.6).contains(pushed.magnitudes.reduce(0, +) / Double(pushed.magnitudes.count)))
        #expect(pushed.meanVector >= 0.5 && pushed.medianMagnitude < 0.5)
        #expect(UnitInference.acceleration(pushed.magnitudes, meanVector: pushed.meanVector).kind == .user)
    }

    /// Rows under Physics Toolbox's linear names (`aT`, or `atotal`) that are gravity plainly,
    /// steady at 9.8 m/s^2, are read with gravity, said (the review: an Oxford walk so named
    /// measured 22 % long).
    @Test func linearNamesOverGravityAreReadWithGravity() throws {
        let files = TemporaryFiles()
        for total in ["aT", "atotal"] {
            let text = "time,ax,ay,az,\(total)\n" + (0..<1000).map { index -> String in
                let t = Double(index) / 100
                let z = 9.6 + 1.5 * sin(2 * Double.pi * 1.8 * t)
                return "\(t),0.8,1.7,\(z),\((0.64 + 2.89 + z * z).squareRoot())"
            }.joined(separator: "\n") + "\n"
            var sink = CollectingSink()
            let info = try RecordingReader.read(files.write("walk-\(total).csv", text), into: &sink)
            #expect(info.stream("acceleration")?.detail == "total, m/s^2", "\(info.streams)")
            #expect(info.notes.contains { $0.hasPrefix("acceleration named as without gravity reads like gravity in m/s^2") }, "\(info.notes)")
        }
        // Rows so named that average to half a g or more (a sprint swinging the phone, far
        // from steady) are gravity too (the second review: 102 steps of 204).
        let sprint = "time,linear_acceleration_x,linear_acceleration_y,linear_acceleration_z\n" + (0..<1000).map { index -> String in
            let t = Double(index) / 100
            let phase = (t * 3.4).truncatingRemainder(dividingBy: 1)
            let force = phase < 0.3 ? 9.80665 * 3.2 * sin(Double.pi * phase / 0.3) : 0
            let swing = 1.2 * sin(2 * Double.pi * 1.7 * t)
            return "\(t),\(force * sin(swing)),0.5,\(force * cos(swing))"
        }.joined(separator: "\n") + "\n"
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("sprint.csv", sprint), into: &sink)
        #expect(info.stream("acceleration")?.detail.hasPrefix("total") == true, "\(info.streams)")
        #expect(info.notes.contains { $0.hasPrefix("acceleration named as without gravity averages to gravity") }, "\(info.notes)")
    }
}
