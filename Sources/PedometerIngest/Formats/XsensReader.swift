import PedometerCore

/// Xsens inertial sensors (MTw Awinda, MTi, DOT) as their software exports them: a tab- or
/// comma-separated table after a preamble that gives the sampling rate, either one line
/// (`Acquisition frequency: 100 Hz`) or MT Manager's comment lines (`// Update Rate: 100.0Hz`).
///
/// ```
/// Acquisition frequency: 100 Hz
/// PacketCounter	Acc_X	Acc_Y	Acc_Z	Gyr_X	Gyr_Y	Gyr_Z	Mag_X	Mag_Y	Mag_Z
/// 0.0	8.225546	0.091094	5.899778	-0.003527	...
/// ```
///
/// Acceleration is `Acc_X/Y/Z` in m/s^2 with gravity (`FreeAcc_*`, gravity removed, when it
/// is the only triplet). Time is `SampleTimeFine` (ticks of 100 µs) when exported, else
/// `PacketCounter`, the sample index, over the preamble's rate. Gyroscope, magnetometer and
/// orientation columns are not read.
enum XsensReader {
    /// The columns and rate found in the preamble and the header.
    struct Layout: Sendable, Hashable {
        /// Records before the header.
        var preambleRecords: Int
        /// Samples per second stated by the preamble, when it states one.
        var rate: Double?
        var time: Int
        /// Whether `time` is `SampleTimeFine` (100 µs ticks) rather than a sample counter.
        var timeIsFine: Bool
        var x: Int
        var y: Int
        var z: Int
        /// `FreeAcc_*`: gravity removed.
        var userAcceleration: Bool
        var header: [String]
    }

    /// Seconds per `SampleTimeFine` tick.
    static let fineTick = 1e-4

    /// Whether the first record of a file opens an Xsens preamble.
    static func opensPreamble(_ record: [String]) -> Bool {
        guard let first = record.first?.trimmingSpaces.lowercased() else { return false }
        return first.hasPrefix("//") || first.hasPrefix("acquisition frequency")
    }

    /// Reads the preamble (the reader is on its first record) and the header after it;
    /// `nil` when what follows the preamble is no Xsens header.
    static func layout(_ reader: CSVReader) throws(IngestError) -> Layout? {
        var preamble = 0
        var rate: Double?
        var record = reader.strings()
        while record.count <= 1 || opensPreamble(record) {
            if rate == nil { rate = statedRate(record.joined(separator: ",")) }
            preamble += 1
            guard try reader.next() else { return nil }
            record = reader.strings()
        }
        let names = ColumnNames(record)
        let counter = names.index(of: "packetcounter")
        let fine = names.index(of: "sampletimefine")
        guard let time = fine ?? counter else { return nil }
        var user = false
        var axes = ["x", "y", "z"].map { axis in names.index(of: "acc" + axis) }
        if axes.contains(nil) {
            axes = ["x", "y", "z"].map { axis in names.index(of: "freeacc" + axis) }
            user = true
        }
        guard let x = axes[0], let y = axes[1], let z = axes[2] else { return nil }
        return Layout(
            preambleRecords: preamble, rate: rate, time: time, timeIsFine: fine != nil, x: x, y: y, z: z,
            userAcceleration: user, header: record)
    }

    /// The rate in Hz a preamble line states (`Acquisition frequency: 100 Hz`,
    /// `// Update Rate: 100.0Hz`, `Sampling rate: 60 Hz`), or `nil`.
    static func statedRate(_ line: String) -> Double? {
        let lower = line.lowercased()
        guard lower.contains("frequency") || lower.contains("rate"), let colon = lower.firstIndex(of: ":") else {
            return nil
        }
        let value = lower[lower.index(after: colon)...].trimmingSpaces.prefix { $0.isNumber || $0 == "." }
        guard let rate = Double(value), rate > 0, rate.isFinite else { return nil }
        return rate
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
        var time: TimeColumn
        if layout.timeIsFine {
            time = TimeColumn(secondsPerUnit: fineTick)
            info.notes.append("time from \(layout.header[layout.time]) (100 µs ticks)")
        } else if let rate = layout.rate {
            time = TimeColumn(secondsPerUnit: 1 / rate)
            info.notes.append("time from \(layout.header[layout.time]) (sample index) at the preamble's \(String(format3: rate)) Hz")
        } else {
            throw IngestError(
                file: displayName, line: layout.preambleRecords + 1, column: layout.time + 1,
                "\(layout.header[layout.time]) counts samples, but no line before the header states the rate (e.g. 'Acquisition frequency: 100 Hz')")
        }
        let triplet = [layout.x, layout.y, layout.z].map { layout.header[$0] }.joined(separator: "/")
        info.notes.append(
            "acceleration from \(triplet) in m/s^2, " + (layout.userAcceleration ? "gravity removed" : "gravity included"))
        try table.read(path, displayName: displayName, options: options, clock: &time, into: &emitter)
    }
}
