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
        /// Whether the header names a time column other than `PacketCounter` (`Timestamp`).
        var namesOtherTime = false

        /// Whether the layout is an Xsens export's even where other apps' files open as the
        /// DOT app's do: timed by `SampleTimeFine`, or by `PacketCounter` at a stated rate with
        /// no other time column named (`PacketCounter,Timestamp,AccX,…` is another logger's).
        var isCertain: Bool { timeIsFine || (rate != nil && !namesOtherTime) }
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
        if FormatDetector.isSeparatorLine(record) { return true }
        guard let first = record.first?.trimmingSpaces.lowercased() else { return false }
        if let colon = first.firstIndex(of: ":"), colon > first.startIndex,
            first[..<colon].allSatisfy({ $0.isLetter || $0 == " " })
        {
            return true
        }
        let names = ColumnNames(record)
        return names.index(of: "packetcounter") != nil || names.index(of: "sampletimefine") != nil
    }

    /// Reads the preamble (the reader is on its first record) and the header: the first of
    /// the next `longestPreamble` records that names `PacketCounter` or `SampleTimeFine` and
    /// an acceleration triplet, every record above it preamble. `nil` when there is none.
    static func layout(_ reader: CSVReader, longestPreamble: Int) throws(IngestError) -> Layout? {
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
            guard preamble <= longestPreamble, try reader.next() else { return nil }
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
        let otherTime = HeaderRoles.timeColumns(names).contains { $0 != time }
        return Layout(
            preambleRecords: 0, time: time, timeIsFine: fine != nil, x: x, y: y, z: z, userAcceleration: user, header: record,
            namesOtherTime: otherTime)
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
        // A date written with commas (`Mon, 11 Jul 2025 19:06:00 GMT`) is split at them.
        let parts = ([String(inField)] + record.dropFirst().map { String($0.trimmingSpaces) }).filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The start a preamble writes without a zone offset, placed by `--time-zone`: the DOT
    /// app's `2025-07-11_20:06:00_086 WEST` (a zone's abbreviation names no one offset) or any
    /// date-time pedometer reads; `nil` when it is no date-time.
    static func startInZone(_ text: String, _ rule: TimeZoneRule) -> Double? {
        var wall = text
        // `yyyy-MM-dd_HH:mm:ss_SSS`, then a zone's abbreviation.
        let characters = Array(text)
        if characters.count >= 23, characters[10] == "_", characters[19] == "_" {
            wall = String(characters[0..<10]) + " " + String(characters[11..<19]) + "." + String(characters[20..<23])
        }
        guard let layout = DateParser.layout(of: wall), let reading = DateParser.parse(wall, layout) else { return nil }
        var clock = LocalClock(rule)
        return Double(clock.epochNanoseconds(wall: reading.wallNanoseconds)) / 1e9
    }

    /// Seconds per `SampleTimeFine` tick, from the median step between consecutive rows: the
    /// tick that makes the step one period of the stated rate (within 25 %), of the two
    /// Xsens clocks (``mtTick``, ``dotTick``); without a stated rate, or one that neither
    /// fits, 1 µs when the step is 4000 ticks or more (a DOT samples at 120 Hz or less: 8333 µs or more; MTi and MTw sensors at 2.5 Hz or
    /// more, 4000 ticks of 100 µs or fewer, and gait recordings at 40 Hz or more).
    static func fineTick(medianStep: Double, statedRate: Double?) -> Double {
        func misfit(_ tick: Double, _ rate: Double) -> Double {
            let ratio = medianStep * tick * rate
            return max(ratio, 1 / ratio)
        }
        if let rate = statedRate, let tick = [dotTick, mtTick].min(by: { misfit($0, rate) < misfit($1, rate) }), misfit(tick, rate) <= 1.25 {
            return tick
        }
        return medianStep >= 4000 ? dotTick : mtTick
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
        var steps: [Double] = []
        var previous: Double?
        var rows = 0
        while rows < tickSampleRows, try reader.next() {
            rows += 1
            guard layout.time < reader.fieldCount, let value = reader.number(layout.time) else { continue }
            if let previous, value > previous { steps.append(value - previous) }
            previous = value
        }
        guard !steps.isEmpty else { return nil }
        return steps.sorted()[steps.count / 2]
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
        var startDate = layout.startDate
        if let start = layout.unreadStart {
            if let zone = options.timeZone, let placed = startInZone(start, zone) {
                startDate = placed
                info.notes.append("start '\(start.prefix(40))' read in \(zone) (--time-zone)")
            } else {
                info.notes.append(
                    "start '\(start.prefix(40))' is no date-time with a zone offset that pedometer reads: times count from the first sample"
                        + (options.timeZone == nil ? " (--time-zone places a local start)" : ""))
            }
        }
        info.startDate = startDate
        let triplet = [layout.x, layout.y, layout.z].map { header[$0] }.joined(separator: "/")
        let acceleration = "acceleration from \(triplet) in m/s^2, " + (layout.userAcceleration ? "gravity removed" : "gravity included")
        if layout.timeIsFine {
            let tick: Double
            if let unit = options.timeUnit {
                tick = unit.seconds
                info.notes.append("time from \(timeName) in \(unit.rawValue) (--time-unit)")
            } else {
                let step = try medianFineStep(path, displayName: displayName, layout: layout, options: options) ?? 0
                tick = fineTick(medianStep: step, statedRate: layout.rate)
                info.notes.append("time from \(timeName) (\(tick == dotTick ? "1 µs ticks, Xsens DOT" : "100 µs ticks"))")
                if let rate = layout.rate, step > 0, abs(step * tick * rate - 1) > 0.5 {
                    info.notes.append(
                        "the preamble's \(String(format3: rate)) Hz does not fit the rows' steps of \(String(format3: step)) ticks "
                            + "(\(String(format3: 1 / (step * tick))) Hz): timed by the rows; --time-unit gives the tick if it is another")
                }
            }
            info.notes.append(acceleration)
            var clock = WrappingTickClock(secondsPerTick: tick, epochStart: startDate)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
        } else if let rate = layout.rate ?? options.sampleRate {
            let source = layout.rate == nil ? "--rate" : "the preamble's"
            info.notes.append("time from \(timeName) (sample index) at \(source) \(String(format3: rate)) Hz")
            info.notes.append(acceleration)
            var clock = TimeColumn(secondsPerUnit: 1 / rate)
            try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
        } else {
            throw IngestError(
                file: displayName, line: layout.preambleRecords + 1, column: layout.time + 1,
                "\(timeName) counts samples, but no line before the header states the rate (e.g. 'Acquisition frequency: 100 Hz'): "
                    + "give it, --rate HZ")
        }
    }
}
