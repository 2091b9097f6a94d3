import PedometerCore

/// A CSV holding only the magnitude of acceleration beside a time column, as watches and
/// activity loggers that store no axes export it (e.g. SensorWatch step-counter recordings:
/// `Timestamp,Magnitude,Steps,Header`).
///
/// The magnitude reaches the engine as a magnitude (``AccelerationMagnitudeSample``): no axes
/// are invented. Its unit comes from the header (`Magnitude (g)`, `mag [m/s^2]`) or, when the
/// header states none, from the still stretches of the recording: still, |a| is 1 g, so values
/// whose still level is near 1 are g, near 9.8 m/s^2, and anything else raw sensor counts,
/// scaled so that still reads 1 g. That takes a first pass over the file.
///
/// A `Steps` column holding a value on its first row only is the recording's label, the step
/// count the wearer counted: a ground-truth total. With more values it is the device's own
/// cumulative count.
enum MagnitudeReader {
    /// Normalised names of a magnitude column.
    static let magnitudeNames: Set<String> = [
        "magnitude", "mag", "accmagnitude", "accelerationmagnitude", "accmag", "accelmagnitude", "norm",
        "accnorm", "vm", "vectormagnitude", "svm",
    ]

    /// The time, magnitude and step columns of a header.
    struct Layout: Sendable, Hashable {
        var time: Int
        var magnitude: Int
        var steps: Int?
        var timeUnit: TimeUnit?
        var unit: AccelerationUnit?
        /// The columns, as named in the header (for `inspect`).
        var columns = ""
    }

    /// The layout of a header with a time column and a magnitude column (and no x/y/z
    /// triplet), or `nil`.
    static func layout(_ names: ColumnNames) -> Layout? {
        guard HeaderRoles.find(names) == nil, let time = HeaderRoles.timeColumn(names),
            let magnitude = names.index(where: magnitudeNames.contains)
        else { return nil }
        let unit = AccelerationUnit(written: names.units[magnitude])
        return Layout(
            time: time, magnitude: magnitude, steps: names.index(where: StepLogReader.stepNames.contains),
            timeUnit: HeaderRoles.timeUnit(names, time), unit: unit,
            columns: "time '\(names.raw[time])', magnitude '\(names.raw[magnitude])'")
    }

    /// Seconds over which stillness is judged.
    static let stillWindow = 1.0
    /// Greatest spread of a still window, as a fraction of its mean (0.02 g at 1 g: a wrist
    /// resting on a desk; any step moves it several times more).
    static let stillSpread = 0.02

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let scan = try Scan(path, displayName: displayName, layout: layout, options: options)
        var timeUnit = options.timeUnit ?? layout.timeUnit
        if timeUnit == nil {
            guard let (unit, note) = UnitInference.timeUnit(scan.firstTimes) else {
                throw IngestError(file: displayName, UnitInference.timeUnitFailure(scan.firstTimes, rateHint: false))
            }
            timeUnit = unit
            info.notes.append(note)
        }
        let unit = options.accelerationUnit ?? layout.unit
        var scale: Double
        var unitName: String
        if let unit {
            scale = unit.metersPerSecondSquared
            unitName = unit.symbol
        } else {
            let (still, seconds) = scan.stillLevel()
            let level = String(format3: still)
            let evidence = seconds > 0
                ? "still level \(level) over \(seconds) still s" : "no still second: median \(level) of all samples"
            switch still {
            case 0.7..<1.4:
                (scale, unitName) = (standardGravity, "g")
                info.notes.append("magnitude in g (inferred: \(evidence))")
            case 7..<14:
                (scale, unitName) = (1, "m/s^2")
                info.notes.append("magnitude in m/s^2 (inferred: \(evidence))")
            default:
                guard still > 0 else {
                    throw IngestError(file: displayName, "magnitude has no positive level to scale from (\(evidence))")
                }
                (scale, unitName) = (standardGravity / still, "raw counts")
                info.notes.append("magnitude in raw counts of unknown unit: scaled so that still reads 1 g (\(evidence))")
            }
        }

        let reader = try CSVReader(path: path, delimiter: options.delimiter, displayName: displayName)
        _ = try reader.next()
        var time = TimeColumn(unit: timeUnit!)
        emitter.beginAccelerationMagnitude(unit: unitName, file: displayName, columns: layout.columns)
        var lastTime: Double?
        while try reader.next() {
            do throws(IngestError) {
                let t = try time.seconds(reader, layout.time)
                lastTime = t
                let magnitude = try reader.requireNumber(layout.magnitude, "magnitude")
                emitter.accelerationMagnitude(AccelerationMagnitudeSample(time: t, magnitude: magnitude * scale))
            } catch {
                try emitter.skip(error)
            }
        }
        info.startDate = time.epochStart
        if let steps = scan.steps, let lastTime {
            if steps.count == 1, let label = steps.first {
                emitter.beginStepCounts(kind: .groundTruth, file: displayName)
                emitter.stepCount(StepCountSample(time: 0, steps: 0), kind: .groundTruth)
                emitter.stepCount(StepCountSample(time: lastTime, steps: label.steps), kind: .groundTruth)
                info.notes.append("ground truth: the label \(Int(label.steps)) steps in the first row's \(scan.stepsName) (the recording's count)")
            } else {
                emitter.beginStepCounts(kind: .device, file: displayName)
                for sample in steps {
                    emitter.stepCount(StepCountSample(time: time.seconds(sample.raw), steps: sample.steps), kind: .device)
                }
            }
        }
    }

    /// What a first pass over the file finds: the first times (for the time unit), the mean
    /// magnitude of every still window (for the unit), and the step column's values.
    private struct Scan {
        var firstTimes: [Double] = []
        /// The mean magnitude of each still window, in file units.
        var stillMeans: [Double] = []
        var allMagnitudes: [Double] = []
        var steps: [(raw: TimeColumn.ParsedTime, steps: Double)]?
        var stepsName = ""

        init(_ path: String, displayName: String, layout: Layout, options: IngestOptions) throws(IngestError) {
            let reader = try CSVReader(path: path, delimiter: options.delimiter, displayName: displayName)
            _ = try reader.next()
            if let column = layout.steps {
                steps = []
                stepsName = reader.string(column)
            }
            // Windows are cut in the file's time unit once the first rows tell it.
            var windows = StillWindows()
            var pending: [(Double, Double)] = []
            while try reader.next() {
                if let column = layout.steps, !reader.isEmpty(column), let count = reader.number(column),
                    let raw = try? TimeColumn.parse(reader, layout.time)
                {
                    steps?.append((raw, count))
                }
                guard let t = reader.number(layout.time), let m = reader.number(layout.magnitude), m.isFinite else { continue }
                if allMagnitudes.count < 1 << 20 { allMagnitudes.append(m) }
                guard windows.length == nil else {
                    windows.add(t, m)
                    continue
                }
                firstTimes.append(t)
                pending.append((t, m))
                if firstTimes.count >= 256, let unit = Self.timeUnit(firstTimes, layout, options) {
                    windows.length = stillWindow / unit.seconds
                    for (t, m) in pending { windows.add(t, m) }
                    pending = []
                }
            }
            if windows.length == nil, let unit = Self.timeUnit(firstTimes, layout, options) {
                windows.length = stillWindow / unit.seconds
                for (t, m) in pending { windows.add(t, m) }
            }
            windows.close()
            stillMeans = windows.stillMeans
        }

        private static func timeUnit(_ times: [Double], _ layout: Layout, _ options: IngestOptions) -> TimeUnit? {
            options.timeUnit ?? layout.timeUnit ?? UnitInference.timeUnit(times)?.0
        }

        /// The median still level and the number of still windows; without any, the median of
        /// all magnitudes read (walking averages about 1 g too) and 0.
        func stillLevel() -> (Double, Int) {
            if !stillMeans.isEmpty { return (Self.median(stillMeans), stillMeans.count) }
            return (Self.median(allMagnitudes), 0)
        }

        private static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
    }

    /// Cuts the magnitudes into consecutive windows of ``length`` (file time units) and keeps
    /// the mean of each still one.
    private struct StillWindows {
        var length: Double?
        private(set) var stillMeans: [Double] = []
        private var start: Double?
        private var count = 0
        private var mean = 0.0
        private var m2 = 0.0

        mutating func add(_ time: Double, _ magnitude: Double) {
            if let start, let length, time - start >= length || time < start { close() }
            if start == nil { start = time }
            count += 1
            let delta = magnitude - mean
            mean += delta / Double(count)
            m2 += delta * (magnitude - mean)
        }

        /// Ends the current window.
        mutating func close() {
            let deviation = count > 1 ? (m2 / Double(count - 1)).squareRoot() : 0
            if count >= 3, mean > 0, deviation <= stillSpread * mean { stillMeans.append(mean) }
            start = nil
            count = 0
            mean = 0
            m2 = 0
        }
    }
}
