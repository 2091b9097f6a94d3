import PedometerCore

/// Xsens inertial sensors (MTw Awinda, MTi, DOT) as their software exports them: a tab- or
/// comma-separated table after a preamble that gives the sampling rate, either one line
/// (`Acquisition frequency: 100 Hz`), MT Manager's comment lines (`// Update Rate: 100.0Hz`)
/// or the DOT app's `Key:,value` lines below Excel's `sep=,` (`OutputRate:,60Hz`,
/// `StartTime:,2021-03-04 10:11:12.345 +0100`).
///
/// ```
/// Acquisition frequency: 100 Hz
/// PacketCounter	Acc_X	Acc_Y	Acc_Z	Gyr_X	Gyr_Y	Gyr_Z	Mag_X	Mag_Y	Mag_Z
/// 0.0	8.225546	0.091094	5.899778	-0.003527	...
/// ```
///
/// Acceleration is `Acc_X/Y/Z` in m/s^2 with gravity (`FreeAcc_*`, gravity removed, when it
/// is the only triplet: the DOT app's default modes). Time is `SampleTimeFine` when exported,
/// else `PacketCounter`, the sample index, over the preamble's rate. `SampleTimeFine` counts
/// 100 µs ticks on MTi and MTw sensors and 1 µs ticks on a DOT, in 32 bits that wrap
/// (``WrappingTickClock``); which tick a file counts is told by its rows
/// (``fineTick(medianStep:statedRate:)``). Gyroscope, magnetometer and orientation columns are
/// not read.
enum XsensReader {
    /// The columns and rate found in the preamble and the header.
    struct Layout: Sendable, Hashable {
        /// Records before the header.
        var preambleRecords: Int
        /// Samples per second stated by the preamble, when it states one.
        var rate: Double?
        /// The start (seconds since 1970) stated by the preamble with its zone (the DOT app's
        /// `StartTime:`), when it states one.
        var startDate: Double?
        /// The start as the preamble writes it, when it is no time pedometer reads with a zone
        /// (`2025-07-11_20:06:00_086 WEST`: a zone's abbreviation).
        var unreadStart: String?
        var time: Int
        /// Whether `time` is `SampleTimeFine` (clock ticks) rather than a sample counter.
        var timeIsFine: Bool
        var x: Int
        var y: Int
        var z: Int
        /// `FreeAcc_*`: gravity removed.
        var userAcceleration: Bool
        var header: [String]
    }

    /// Seconds per `SampleTimeFine` tick of MTi and MTw sensors (a 10 kHz clock).
    static let mtTick = 1e-4
    /// Seconds per `SampleTimeFine` tick of a DOT (a 1 MHz clock).
    static let dotTick = 1e-6

    /// Whether the first record of a file opens a preamble only Xsens software writes: MT
    /// Manager's `//` comments, `Acquisition frequency`.
    static func opensPreamble(_ record: [String]) -> Bool {
        guard let first = record.first?.trimmingSpaces.lowercased() else { return false }
        return first.hasPrefix("//") || first.hasPrefix("acquisition frequency")
    }

    /// Whether the first record of a file may open an Xsens DOT export: Excel's `sep=` line,
    /// a `Key:` line (`DeviceTag:,Left ankle`, `DeviceTag: 3`), or the header itself
    /// (`PacketCounter,SampleTimeFine,…`). Other apps' files open so too: such a file is an
    /// Xsens export when an Xsens header follows (``layout(_:)``).
    static func mayOpenPreamble(_ record: [String]) -> Bool {
        guard let first = record.first.map({ $0.drop { $0 == "\u{FEFF}" }.trimmingSpaces.lowercased() }) else { return false }
        if first.hasPrefix("sep=") { return true }
        if let colon = first.firstIndex(of: ":"), colon > first.startIndex,
            first[..<colon].allSatisfy({ $0.isLetter || $0 == " " })
        {
            return true
        }
        let names = ColumnNames(record)
        return names.index(of: "packetcounter") != nil || names.index(of: "sampletimefine") != nil
    }

    /// Reads the preamble (the reader is on its first record) and the header: the first of
    /// the next ``FormatDetector/longestPreamble`` records that names `PacketCounter` or
    /// `SampleTimeFine` and an acceleration triplet, every record above it preamble. `nil`
    /// when there is none.
    static func layout(_ reader: CSVReader) throws(IngestError) -> Layout? {
        var preamble = 0
        var rate: Double?
        var start: String?
        var record = reader.strings()
        while true {
            if let layout = headerLayout(record) {
                var layout = layout
                layout.preambleRecords = preamble
                layout.rate = rate
                if let start {
                    layout.startDate = DateParser.parseEpochSeconds(start)
                    if layout.startDate == nil { layout.unreadStart = start }
                }
                return layout
            }
            let line = record.joined(separator: ",")
            if rate == nil { rate = statedRate(line) }
            if start == nil { start = statedStart(record) }
            preamble += 1
            guard preamble <= FormatDetector.longestPreamble, try reader.next() else { return nil }
            record = reader.strings()
        }
    }

    /// The layout of an Xsens header, `nil` when `record` is none; the preamble's fields unset.
    private static func headerLayout(_ record: [String]) -> Layout? {
        let names = ColumnNames(record)
        let fine = names.index(of: "sampletimefine")
        guard let time = fine ?? names.index(of: "packetcounter") else { return nil }
        var user = false
        var axes = ["x", "y", "z"].map { axis in names.index(of: "acc" + axis) }
        if axes.contains(nil) {
            axes = ["x", "y", "z"].map { axis in names.index(of: "freeacc" + axis) }
            user = true
        }
        guard let x = axes[0], let y = axes[1], let z = axes[2] else { return nil }
        return Layout(
            preambleRecords: 0, time: time, timeIsFine: fine != nil, x: x, y: y, z: z, userAcceleration: user, header: record)
    }

    /// The rate in Hz a preamble line states (`Acquisition frequency: 100 Hz`,
    /// `// Update Rate: 100.0Hz`, `OutputRate:,60Hz,,,`), or `nil`.
    static func statedRate(_ line: String) -> Double? {
        let lower = line.lowercased()
        guard lower.contains("frequency") || lower.contains("rate"), let colon = lower.firstIndex(of: ":") else {
            return nil
        }
        let value = lower[lower.index(after: colon)...].drop { " \t,;".contains($0) }.prefix { $0.isNumber || $0 == "." }
        guard let rate = Double(value), rate > 0, rate.isFinite else { return nil }
        return rate
    }

    /// The start time a preamble record states (`StartTime:,2021-03-04 10:11:12.345 +0100`,
    /// `StartTime: 2021-…` in one field), as written, or `nil`.
    static func statedStart(_ record: [String]) -> String? {
        guard let first = record.first?.trimmingSpaces, first.lowercased().hasPrefix("starttime"),
            let colon = first.firstIndex(of: ":")
        else { return nil }
        let inField = first[first.index(after: colon)...].trimmingSpaces
        if !inField.isEmpty { return String(inField) }
        return record.dropFirst().map { String($0.trimmingSpaces) }.first { !$0.isEmpty }
    }

    /// Seconds per `SampleTimeFine` tick, from the median step between consecutive rows: the
    /// tick that makes the step one period of the stated rate, of the two Xsens clocks
    /// (``mtTick``, ``dotTick``); without a stated rate, 1 µs when the step is 4000 ticks or
    /// more (a DOT samples at 120 Hz or less: 8333 µs or more; MTi and MTw sensors at 2.5 Hz or
    /// more, 4000 ticks of 100 µs or fewer, and gait recordings at 40 Hz or more).
    static func fineTick(medianStep: Double, statedRate: Double?) -> Double {
        guard let rate = statedRate else { return medianStep >= 4000 ? dotTick : mtTick }
        func misfit(_ tick: Double) -> Double {
            let ratio = medianStep * tick * rate
            return max(ratio, 1 / ratio)
        }
        return misfit(dotTick) < misfit(mtTick) ? dotTick : mtTick
    }

    /// Rows sampled to find the median `SampleTimeFine` step.
    static let tickSampleRows = 64

    /// The median step between consecutive `SampleTimeFine` values of the first
    /// ``tickSampleRows`` rows (a step back, a wrap, is left out), or `nil` without two.
    private static func medianFineStep(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions
    ) throws(IngestError) -> Double? {
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        for _ in 0...layout.preambleRecords { _ = try reader.next() }
        var steps: [Int64] = []
        var previous: Int64?
        var rows = 0
        while rows < tickSampleRows, try reader.next() {
            rows += 1
            guard layout.time < reader.fieldCount, case .integer(let value) = reader.integerOrNumber(layout.time) else { continue }
            if let previous, value > previous { steps.append(value - previous) }
            previous = value
        }
        guard !steps.isEmpty else { return nil }
        return Double(steps.sorted()[steps.count / 2])
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let header = layout.header
        let table = AccelerationTable(
            skipRecords: layout.preambleRecords + 1, time: .number(layout.time), x: layout.x, y: layout.y, z: layout.z,
            scale: 1, kind: layout.userAcceleration ? .user : .total, unitName: "m/s^2", width: header.count,
            columns: "time '\(header[layout.time])', x '\(header[layout.x])', y '\(header[layout.y])', z '\(header[layout.z])'")
        let timeName = header[layout.time]
        if let start = layout.unreadStart {
            info.notes.append("start '\(start.prefix(40))' states no zone offset pedometer reads: times count from the first sample")
        }
        info.startDate = layout.startDate
        let triplet = [layout.x, layout.y, layout.z].map { header[$0] }.joined(separator: "/")
        let acceleration = "acceleration from \(triplet) in m/s^2, " + (layout.userAcceleration ? "gravity removed" : "gravity included")
        if layout.timeIsFine {
            let step = try medianFineStep(path, displayName: displayName, layout: layout, options: options)
            let tick = fineTick(medianStep: step ?? 0, statedRate: layout.rate)
            info.notes.append("time from \(timeName) (\(tick == dotTick ? "1 µs ticks, Xsens DOT" : "100 µs ticks"))")
            info.notes.append(acceleration)
            var clock = WrappingTickClock(secondsPerTick: tick, epochStart: layout.startDate)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
        } else if let rate = layout.rate {
            info.notes.append("time from \(timeName) (sample index) at the preamble's \(String(format3: rate)) Hz")
            info.notes.append(acceleration)
            var clock = TimeColumn(secondsPerUnit: 1 / rate)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
        } else {
            throw IngestError(
                file: displayName, line: layout.preambleRecords + 1, column: layout.time + 1,
                "\(timeName) counts samples, but no line before the header states the rate (e.g. 'Acquisition frequency: 100 Hz')")
        }
    }
}
