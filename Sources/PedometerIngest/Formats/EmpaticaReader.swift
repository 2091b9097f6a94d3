import PedometerCore

/// Empatica E4's `ACC.csv` (the wristband's export, also the WESAD and similar data sets): no
/// header; the first row is the session's start as Unix seconds (UTC) and the second the rate
/// in Hz, each repeated in the three columns; then x, y, z in 1/64 g (the sensor's ±2 g range),
/// sample `n` at `n / rate` seconds.
///
/// ```
/// 1560279825.000000, 1560279825.000000, 1560279825.000000
/// 32.000000, 32.000000, 32.000000
/// -61,25,6
/// ```
enum EmpaticaReader {
    /// What the two first rows state.
    struct Layout: Sendable, Hashable {
        /// Seconds since 1970 (UTC) of the first sample.
        var start: Double
        /// Samples per second.
        var rate: Double
    }

    /// The layout when `first` and `second` (a file's first two rows) are an E4 `ACC.csv`'s:
    /// three columns, each row one value repeated, the first a Unix time (2000–2100) and the
    /// second a plausible accelerometer rate (``UnitInference/plausibleRates``); `nil` otherwise.
    static func layout(first: [String], second: [String]) -> Layout? {
        func repeated(_ row: [String]) -> Double? {
            let values = row.map { Double($0.trimmingSpaces) }
            guard values.count == 3, let value = values[0], values.allSatisfy({ $0 == value }) else { return nil }
            return value
        }
        guard let start = repeated(first), (946_684_800...4_102_444_800).contains(start),
            let rate = repeated(second), UnitInference.plausibleRates.contains(rate)
        else { return nil }
        return Layout(start: start, rate: rate)
    }

    static func read<Sink>(
        _ path: String, displayName: String, layout: Layout, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        let table = AccelerationTable(
            skipRecords: 2, time: .none, x: 0, y: 1, z: 2, scale: standardGravity / 64, kind: .total,
            unitName: "1/64 g", width: 3, columns: "x 1, y 2, z 3")
        info.notes.append("Empatica E4 ACC.csv: \(String(format3: layout.rate)) Hz from the start in its first row, x, y, z in 1/64 g")
        var clock = SampleRateClock(rate: layout.rate, epochStart: layout.start)
        try table.read(path, displayName: displayName, options: options, clock: &clock, into: &emitter)
        info.startDate = clock.epochStart
    }
}
