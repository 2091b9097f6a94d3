/// Acceleration rows parsed from one stretch of a file, before time 0 is known: what a
/// parsing thread hands to the thread that turns them into samples in file order.
///
/// Lines in ``errors`` and ``fatal`` count from 1 at the stretch's first line.
struct AccelerationRows: StretchRows {
    enum Outcome: UInt8, Sendable {
        /// A sample.
        case sample
        /// A sample whose time field is empty, in a table whose batches are stamped once
        /// (``AccelerationTable/batchesStampedOnce``): taken with the stamped row above it. Its
        /// row's "empty timestamp" error is in ``AccelerationRows/errors``, for when no row above
        /// has a stamp.
        case sampleOfTheStampAbove
        /// Skipped for a bad axis value; its timestamp still counts (it can set time 0).
        case skippedWithTime
        /// Skipped before its timestamp was read.
        case skipped
        /// Has none of the three axes: a row of other sensors (not an error, not a sample).
        case withoutAxes
        /// The header again (files joined with their headers): not an error, not a sample.
        case repeatedHeader
    }

    /// One row, laid out in 48 bytes.
    struct Row: Sendable {
        private var timeInteger: Int64 = 0
        private var timeValue: Double = 0
        /// In m/s^2.
        var x: Double = 0
        var y: Double = 0
        var z: Double = 0
        private var timeIsInteger = false
        var outcome = Outcome.skipped

        var time: TimeColumn.ParsedTime {
            get { TimeColumn.ParsedTime(integer: timeInteger, value: timeValue, isInteger: timeIsInteger) }
            set {
                timeInteger = newValue.integer
                timeValue = newValue.value
                timeIsInteger = newValue.isInteger
            }
        }
    }

    var rows: [Row] = []
    /// Why each skipped row was skipped, in row order.
    var errors: [IngestError] = []
    var fatal: IngestError?
    var reachedEnd = false

    /// Reads up to `maxRows` rows of `table` from `reader`, into `storage`'s memory when given.
    static func read(
        from reader: CSVReader, _ table: AccelerationTable, maxRows: Int = .max, reusing storage: consuming [Row] = []
    ) -> AccelerationRows {
        // One loop per way of writing the time, so that the usual one has no branch on it.
        switch table.time {
        case .number(let index):
            read(from: reader, table, maxRows: maxRows, reusing: storage) { reader throws(IngestError) in
                try TimeColumn.parse(reader, index)
            }
        case .dateTime(let index, let column):
            read(from: reader, table, maxRows: maxRows, reusing: storage) { reader throws(IngestError) in
                try column.parse(reader, index)
            }
        case .none:
            read(from: reader, table, maxRows: maxRows, reusing: storage) { _ throws(IngestError) in
                TimeColumn.ParsedTime(integer: 0, value: 0, isInteger: true)
            }
        }
    }

    @inline(__always)
    private static func read(
        from reader: CSVReader, _ table: AccelerationTable, maxRows: Int, reusing storage: consuming [Row],
        time: (CSVReader) throws(IngestError) -> TimeColumn.ParsedTime
    ) -> AccelerationRows {
        let needed = table.fieldCount
        let width = table.width
        let scale = table.scale
        let sensor = table.sensor
        let sources = table.sources
        let gravity = table.gravity
        let stampless = table.batchesStampedOnce ? table.timeIndex : nil
        @inline(__always)
        func readAxes(into row: inout Row) throws(IngestError) {
            row.x = try reader.requireAcceleration(table.x, "x acceleration", scale: scale)
            row.y = try reader.requireAcceleration(table.y, "y acceleration", scale: scale)
            row.z = try reader.requireAcceleration(table.z, "z acceleration", scale: scale)
            if let gravity {
                row.x += try reader.requireAcceleration(gravity.x, "x gravity", scale: scale)
                row.y += try reader.requireAcceleration(gravity.y, "y gravity", scale: scale)
                row.z += try reader.requireAcceleration(gravity.z, "z gravity", scale: scale)
            }
        }
        return read(from: reader, maxRows: maxRows, reusing: consume storage) { result in
            var row = Row()
            if let sensor, !sensor.isAccelerometer(reader) {
                row.outcome = .withoutAxes  // another sensor's row
                return row
            }
            for source in sources where !source.isSame(reader) {
                result.fatal = source.refusal(reader)  // ends the rows: another person's or device's
                return row
            }
            do throws(IngestError) {
                try reader.requireFields(needed)
                try reader.requireNoFieldsBeyond(width)
                if let stampless, reader.isEmpty(stampless) {
                    try readAxes(into: &row)
                    row.outcome = .sampleOfTheStampAbove
                    result.errors.append(reader.error(atField: stampless, "empty timestamp"))
                    return row
                }
                row.time = try time(reader)
                row.outcome = .skippedWithTime
                try readAxes(into: &row)
                row.outcome = .sample
            } catch {
                if table.lacksAxes(reader) {
                    row.outcome = .withoutAxes
                } else if table.repeatsHeader(reader) {
                    row.outcome = .repeatedHeader
                } else if let change = table.headerChange(reader) {
                    result.fatal = change  // ends the rows: those below are another table's
                } else {
                    result.errors.append(error)
                }
            }
            return row
        }
    }
}
