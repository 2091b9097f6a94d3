import PedometerCore

/// Where the time and the three axes are in a CSV of acceleration rows, and in what units:
/// the one reading loop behind every format that stores acceleration as `time, x, y, z` columns
/// in some order (generic files, phyphox, Oxford, Sensor Logger sensor files).
struct AccelerationTable {
    var hasHeader: Bool
    var time: Int
    var x: Int
    var y: Int
    var z: Int
    var timeUnit: TimeUnit
    /// Multiplies the values to give m/s^2.
    var scale: Double
    var kind: AccelerationKind
    /// Unit as written in messages.
    var unitName: String

    var fieldCount: Int { max(time, x, y, z) + 1 }

    /// Streams every row of `path` to `emitter`, skipping (and reporting) rows that are unusable.
    /// `time` gives time 0; it is set by the first row when it has no origin.
    func read<Sink>(
        _ path: String, displayName: String, delimiter: UInt8?, time: inout TimeColumn,
        into emitter: inout SampleEmitter<Sink>
    ) throws(IngestError) {
        let reader = try CSVReader(path: path, delimiter: delimiter, displayName: displayName)
        if hasHeader { _ = try reader.next() }
        emitter.beginAcceleration(kind: kind, unit: unitName, file: displayName)
        let needed = fieldCount
        while try reader.next() {
            do throws(IngestError) {
                try reader.requireFields(needed)
                let t = try time.seconds(reader, self.time)
                let ax = try reader.requireNumber(x, "x acceleration")
                let ay = try reader.requireNumber(y, "y acceleration")
                let az = try reader.requireNumber(z, "z acceleration")
                emitter.acceleration(AccelerationSample(time: t, x: ax * scale, y: ay * scale, z: az * scale))
            } catch {
                try emitter.skip(error)
            }
        }
    }
}
