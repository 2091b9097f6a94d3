import PedometerCore

/// The Oxford step-counter data: a folder holding `accelerometer.csv` (`ns,accuracy,x,y,z`,
/// m/s^2 with gravity) and `stepcounter.csv` (`ns,foot1,foot2` foot switches: ground truth),
/// or the app's single-file log `ns,x,y,z,stepsAlgorithm,stepsGroundTruth,stepsHardware`.
enum OxfordReader {
    static let accelerometerFile = "accelerometer.csv"
    static let footSwitchFile = "stepcounter.csv"
    /// The chip's name (`chip: …`).
    static let metadataFile = "metadata.txt"

    /// Reads the folder layout; times are nanoseconds since boot, shared by both files. An
    /// empty `accelerometer.csv` refuses the recording (nothing to count steps in); an empty
    /// `stepcounter.csv` leaves it without ground truth, noted.
    static func readFolder<Sink>(
        _ folder: String, displayName: String, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        // Either may be gzipped (`accelerometer.csv.gz/accelerometer.csv`).
        let accelerometerEntry = FileSystem.entry(accelerometerFile, in: folder, anyCase: false) ?? accelerometerFile
        let footSwitchEntry = FileSystem.entry(footSwitchFile, in: folder, anyCase: false) ?? footSwitchFile
        let accelerometer = folder + "/" + accelerometerEntry
        let accelerometerName = displayName + "/" + accelerometerEntry
        let footSwitches = folder + "/" + footSwitchEntry
        let footSwitchName = displayName + "/" + footSwitchEntry
        let accelerometerFields = try firstRecordFields(accelerometer, displayName: accelerometerName, options: options)
        guard accelerometerFields > 0 else {
            throw IngestError(
                file: accelerometerName, line: 1, column: 1,
                "empty file: no header and no data (the recording's acceleration, which its steps are counted from)")
        }
        var hasFootSwitches = FileSystem.isFile(footSwitches)
        if hasFootSwitches, try firstRecordFields(footSwitches, displayName: footSwitchName, options: options) == 0 {
            hasFootSwitches = false
            info.notes.append("\(footSwitchFile) is empty: no ground truth (the foot switches' steps)")
        }
        var origins = [try TimeColumn.firstTimestamp(accelerometer, accelerometerName, options, skipHeader: false)]
        if hasFootSwitches {
            origins.append(try TimeColumn.firstTimestamp(footSwitches, footSwitchName, options, skipHeader: false))
        }
        var time = TimeColumn(unit: .nanoseconds, origin: origins.compactMap { $0 }.min())
        let table = AccelerationTable(
            skipRecords: 0, time: .number(0), x: 2, y: 3, z: 4, scale: 1, kind: .total, unitName: "m/s^2",
            width: max(5, accelerometerFields), columns: "time 1 (ns), x 3, y 4, z 5")
        try table.read(accelerometer, displayName: accelerometerName, options: options, clock: &time, into: &emitter)
        if hasFootSwitches {
            let presses = try readFootSwitches(footSwitches, displayName: footSwitchName, options: options, time: &time, into: &emitter)
            info.notes.append("ground truth: foot-switch steps (0→1 transitions of either foot) from \(footSwitchFile)")
            let check = presses.check()
            info.alternatingGroundTruthSteps = check.alternatingCount
            if let note = check.note { info.notes.append("ground truth: " + note) }
        }
        if let chip = FileSystem.entry(metadataFile, in: folder, anyCase: false).flatMap({ FileSystem.firstLine(of: folder + "/" + $0) }) {
            info.device = chip.split(separator: ":", maxSplits: 1).last.map { String($0.trimmingSpaces) }
        }
    }

    /// Fields in the first record of a headerless file, 0 when it has none (empty, or a
    /// byte-order mark alone).
    private static func firstRecordFields(_ path: String, displayName: String, options: IngestOptions) throws(IngestError) -> Int {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        return try reader.next() ? reader.fieldCount : 0
    }

    /// One step per 0→1 transition of either foot switch; the first row gives the starting states.
    /// Returns the presses, for their alternation check.
    private static func readFootSwitches<Sink>(
        _ path: String, displayName: String, options: IngestOptions, time: inout TimeColumn,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) -> FootSwitchPresses {
        // Fields a row has: the first row's, at least 3; a row with a value beyond is a bad row.
        let width = max(3, try firstRecordFields(path, displayName: displayName, options: options))
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        emitter.beginStepCounts(kind: .groundTruth, file: displayName)
        var previous: (Double, Double)?
        var presses = FootSwitchPresses()
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireFields(3)
                try reader.requireNoFieldsBeyond(width)
                let t = try time.seconds(reader, 0)
                let feet = (try reader.requireNumber(1, "foot 1 state"), try reader.requireNumber(2, "foot 2 state"))
                guard let last = previous else {
                    previous = feet
                    emitter.stepCount(StepCountSample(time: t, steps: 0), kind: .groundTruth)
                    continue
                }
                previous = feet
                let before = presses.count
                presses.add(time: t, first: last.0 < 0.5 && feet.0 >= 0.5, second: last.1 < 0.5 && feet.1 >= 0.5)
                if presses.count > before {
                    emitter.stepCount(StepCountSample(time: t, steps: Double(presses.count)), kind: .groundTruth)
                }
            } catch {
                try emitter.skip(error)
            }
        }
        return presses
    }

    /// Reads the app's single-file log. The three step columns are cumulative; the hardware
    /// counter is taken as absent when it never leaves its first value (the app writes 0 when the
    /// phone has none).
    static func readLog<Sink>(
        _ path: String, displayName: String, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        var time = TimeColumn(unit: .nanoseconds)
        emitter.beginAcceleration(kind: .total, unit: "m/s^2", file: displayName)
        emitter.beginStepCounts(kind: .algorithm, file: displayName)
        emitter.beginStepCounts(kind: .groundTruth, file: displayName)
        let columns: [(Int, StepReferenceKind)] = [(4, .algorithm), (5, .groundTruth), (6, .device)]
        var last: [Double?] = [nil, nil, nil]
        var pendingHardware: StepCountSample?
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireFields(7)
                try reader.requireNoFieldsBeyond(7)
                let t = try time.seconds(reader, 0)
                let sample = AccelerationSample(
                    time: t, x: try reader.requireAcceleration(1, "x acceleration", scale: 1),
                    y: try reader.requireAcceleration(2, "y acceleration", scale: 1),
                    z: try reader.requireAcceleration(3, "z acceleration", scale: 1))
                var counts: [Double] = []
                for (index, kind) in columns {
                    counts.append(try reader.requireNumber(index, "\(kind.rawValue) steps"))
                }
                emitter.acceleration(sample)
                for (position, (_, kind)) in columns.enumerated() where counts[position] != last[position] {
                    let count = StepCountSample(time: t, steps: counts[position])
                    if kind == .device {
                        if last[position] == nil {
                            pendingHardware = count
                        } else {
                            if let first = pendingHardware {
                                emitter.beginStepCounts(kind: .device, file: displayName)
                                emitter.stepCount(first, kind: .device)
                                pendingHardware = nil
                            }
                            emitter.stepCount(count, kind: .device)
                        }
                    } else {
                        emitter.stepCount(count, kind: kind)
                    }
                    last[position] = counts[position]
                }
            } catch {
                try emitter.skip(error)
            }
        }
        if pendingHardware != nil {
            info.notes.append("hardware step counter column never changes: taken as absent")
        }
    }
}
