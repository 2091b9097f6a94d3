import PedometerCore

/// Passes a reader's samples to the sink through one ``StreamMonitor`` per stream, and keeps the
/// record of skipped rows: the one path every reader's output takes. Acceleration goes first
/// through a ``SharedStampSpreader`` and a ``ReorderBuffer``; acceleration, location and
/// pressure through a ``ClockJumpFilter``. ``finish()`` passes on what is still held.
struct SampleEmitter<Sink: SampleSink> {
    var sink: Sink
    let strict: Bool
    private(set) var skipped = SkippedRows()
    /// Rows of acceleration tables that hold none of the three axes (other sensors' rows).
    private(set) var rowsWithoutAxes = 0
    /// Rows of acceleration tables repeating their header (files joined with their headers).
    private(set) var repeatedHeaders = 0
    /// Rows without a time, read as taken with the stamped row above them
    /// (``AccelerationTable/batchesStampedOnce``).
    private(set) var rowsOfTheStampAbove = 0
    /// Seconds of the latest acceleration row's timestamp.
    private var latestStamp: Double?
    private var acceleration: StreamMonitor?
    private var accelerationStamps = SharedStampSpreader<AccelerationSample>()
    private var magnitudeStamps = SharedStampSpreader<AccelerationMagnitudeSample>()
    private var accelerationOrder = ReorderBuffer<AccelerationSample>()
    private var magnitudeOrder = ReorderBuffer<AccelerationMagnitudeSample>()
    private var accelerationJumps = ClockJumpFilter<AccelerationSample>(followsClockCorrections: true)
    private var magnitudeJumps = ClockJumpFilter<AccelerationMagnitudeSample>(followsClockCorrections: true)
    private var accelerationKind = AccelerationKind.total
    /// The last acceleration sample as read, to tell a row written twice.
    private var lastAcceleration: AccelerationSample?
    /// Acceleration rows reading 0 on every axis (or a magnitude of 0) before the stream's first
    /// other reading, held: dropped when a reading follows within
    /// ``longestZeroStart`` of them (a logger of several sensors writes rows before this one
    /// delivers: Physics Toolbox's), passed on otherwise (a sensor that reads 0 at rest).
    private var zeroStart: ZeroStart? = ZeroStart()
    private static var longestZeroStart: Int { 1024 }
    /// Magnitudes of the first acceleration samples, to check the unit.
    private var magnitudes: [Double] = []
    private static var magnitudeSamples: Int { 1024 }
    private var steps: [StepReferenceKind: StreamMonitor] = [:]
    private var location: StreamMonitor?
    private var locationJumps = ClockJumpFilter<LocationSample>(followsClockCorrections: false)
    private var pressure: StreamMonitor?
    private var pressureJumps = ClockJumpFilter<PressureSample>(followsClockCorrections: false)

    init(sink: Sink, strict: Bool) {
        self.sink = sink
        self.strict = strict
    }

    /// Counts a row that cannot be used, or throws it in strict mode.
    mutating func skip(_ error: IngestError) throws(IngestError) {
        if strict { throw error }
        skipped.record(error)
    }

    /// Starts the acceleration stream; `columns` names the columns it is read from, for the user.
    mutating func beginAcceleration(kind: AccelerationKind, unit: String, file: String, columns: String = "") {
        finishAcceleration()
        accelerationStamps = SharedStampSpreader()
        accelerationOrder = ReorderBuffer()
        accelerationJumps = ClockJumpFilter(followsClockCorrections: true)
        acceleration = StreamMonitor(stream: "acceleration", detail: "\(kind.rawValue), \(unit)", file: file, columns: columns)
        accelerationKind = kind
        magnitudes.removeAll()
        zeroStart = ZeroStart()
        sink.beginAcceleration(kind: kind)
    }

    /// Starts a stream that holds only the magnitude of total acceleration, in m/s^2.
    mutating func beginAccelerationMagnitude(unit: String, file: String, columns: String) {
        finishAcceleration()
        magnitudeStamps = SharedStampSpreader()
        magnitudeOrder = ReorderBuffer()
        magnitudeJumps = ClockJumpFilter(followsClockCorrections: true)
        acceleration = StreamMonitor(stream: "acceleration", detail: "magnitude only, \(unit)", file: file, columns: columns)
        accelerationKind = .total
        magnitudes.removeAll()
        zeroStart = ZeroStart()
    }

    @inline(__always)
    mutating func accelerationMagnitude(_ sample: AccelerationMagnitudeSample) {
        if zeroStart != nil, holdsZero(reads: sample.magnitude != 0) {
            zeroStart?.magnitudes.append(sample)
            return
        }
        spread(sample)
    }

    @inline(__always)
    mutating func acceleration(_ sample: AccelerationSample) {
        if let last = lastAcceleration, last.time == sample.time, last.x == sample.x, last.y == sample.y, last.z == sample.z {
            acceleration?.noteRepeatedRow()
            return
        }
        lastAcceleration = sample
        if zeroStart != nil, holdsZero(reads: sample.x != 0 || sample.y != 0 || sample.z != 0) {
            zeroStart?.samples.append(sample)
            return
        }
        spread(sample)
    }

    /// Passes a sample through the shared-stamp spreader, with those it placed before it.
    @inline(__always)
    private mutating func spread(_ sample: AccelerationSample) {
        if let placed = accelerationStamps.add(sample) { forward(placed) }
        if !accelerationStamps.placed.isEmpty { forwardPlacedAcceleration() }
    }

    @inline(__always)
    private mutating func spread(_ sample: AccelerationMagnitudeSample) {
        if let placed = magnitudeStamps.add(sample) { forward(placed) }
        if !magnitudeStamps.placed.isEmpty { forwardPlacedMagnitudes() }
    }

    /// Passes on the samples still held at the end of the reading (the reader calls it before
    /// ``streams``).
    mutating func finish() {
        finishAcceleration()
        if location != nil, let last = locationJumps.finish(monitor: &location!) { sink.accept(last) }
        if pressure != nil, let last = pressureJumps.finish(monitor: &pressure!) { sink.accept(last) }
    }

    /// The rows reading 0 at the start of the acceleration stream, held until a reading tells
    /// whether the sensor had started.
    private struct ZeroStart {
        var samples: [AccelerationSample] = []
        var magnitudes: [AccelerationMagnitudeSample] = []
        var count: Int { samples.count + magnitudes.count }
    }

    /// Whether the next sample is to be held as one of the zero rows that start the stream
    /// (`reads`: it is not one). A reading drops the rows held; a zero row more than
    /// ``longestZeroStart`` passes them all on, and itself, as a reading would have been.
    @inline(never)
    private mutating func holdsZero(reads: Bool) -> Bool {
        guard let start = zeroStart else { return false }
        if reads {
            zeroStart = nil
            if start.count > 0 { acceleration?.noteZeroRowsBeforeFirstReading(start.count) }
            return false
        }
        guard start.count < Self.longestZeroStart else {
            releaseZeroStart()
            return false
        }
        return true
    }

    /// Passes on the zero rows held at the start of the stream: the sensor reads 0.
    private mutating func releaseZeroStart() {
        guard let start = zeroStart else { return }
        zeroStart = nil
        for sample in start.samples { spread(sample) }
        for sample in start.magnitudes { spread(sample) }
    }

    /// Passes on the acceleration samples still held: the end of its stream.
    private mutating func finishAcceleration() {
        releaseZeroStart()
        accelerationStamps.finish()
        forwardPlacedAcceleration()
        magnitudeStamps.finish()
        forwardPlacedMagnitudes()
        guard acceleration != nil else { return }
        accelerationOrder.finish()
        passOrderedAcceleration()
        magnitudeOrder.finish()
        passOrderedMagnitudes()
        if let last = accelerationJumps.finish(monitor: &acceleration!) { pass(last) }
        if let last = magnitudeJumps.finish(monitor: &acceleration!) { pass(last) }
    }

    @inline(never)
    private mutating func forwardPlacedAcceleration() {
        for sample in accelerationStamps.take() { forward(sample) }
    }

    @inline(never)
    private mutating func forwardPlacedMagnitudes() {
        for sample in magnitudeStamps.take() { forward(sample) }
    }

    @inline(__always)
    private mutating func forward(_ sample: AccelerationSample) {
        accelerationOrder.add(sample)
        passOrderedAcceleration()
    }

    @inline(__always)
    private mutating func forward(_ sample: AccelerationMagnitudeSample) {
        magnitudeOrder.add(sample)
        passOrderedMagnitudes()
    }

    /// Passes the samples the reorder buffer has due through the clock-jump filter.
    @inline(__always)
    private mutating func passOrderedAcceleration() {
        while let sample = accelerationOrder.next() {
            accelerationJumps.add(sample, monitor: &acceleration!).forEach { pass($0) }
        }
    }

    @inline(__always)
    private mutating func passOrderedMagnitudes() {
        while let sample = magnitudeOrder.next() {
            magnitudeJumps.add(sample, monitor: &acceleration!).forEach { pass($0) }
        }
    }

    @inline(__always)
    private mutating func pass(_ sample: AccelerationSample) {
        if magnitudes.count < Self.magnitudeSamples { magnitudes.append(sample.magnitude) }
        sink.accept(sample)
    }

    @inline(__always)
    private mutating func pass(_ sample: AccelerationMagnitudeSample) {
        if magnitudes.count < Self.magnitudeSamples { magnitudes.append(sample.magnitude) }
        sink.accept(sample)
    }

    /// Passes parsed acceleration rows on in order, as samples and skips; throws the error
    /// that stopped their reader after them. `firstLine` is the file's line where their reader
    /// began (their locations count from 1 there); `clock` places their timestamps.
    mutating func acceleration<Clock: RowClock>(_ rows: AccelerationRows, firstLine: Int, clock: inout Clock) throws(IngestError) {
        var errors = rows.errors.makeIterator()
        for row in rows.rows {
            switch row.outcome {
            case .sample:
                let time = clock.seconds(row.time)
                latestStamp = time
                acceleration(AccelerationSample(time: time, x: row.x, y: row.y, z: row.z))
            case .sampleOfTheStampAbove:
                let withoutStamp = errors.next()!
                if let latestStamp {
                    rowsOfTheStampAbove += 1
                    acceleration(AccelerationSample(time: latestStamp, x: row.x, y: row.y, z: row.z))
                } else {
                    try skip(withoutStamp.movingLines(by: firstLine - 1))
                }
            case .skippedWithTime:
                latestStamp = clock.seconds(row.time)
                try skip(errors.next()!.movingLines(by: firstLine - 1))
            case .skipped:
                try skip(errors.next()!.movingLines(by: firstLine - 1))
            case .withoutAxes:
                rowsWithoutAxes += 1
            case .repeatedHeader:
                repeatedHeaders += 1
            }
        }
        if let fatal = rows.fatal { throw fatal.movingLines(by: firstLine - 1) }
    }

    /// Starts a stream of step counts; `columns` names the columns it is read from.
    mutating func beginStepCounts(kind: StepReferenceKind, file: String, columns: String = "") {
        steps[kind] = StreamMonitor(stream: "steps", detail: kind.rawValue, file: file, columns: columns, detectsGaps: false)
        sink.beginStepCounts(kind: kind)
    }

    mutating func stepCount(_ sample: StepCountSample, kind: StepReferenceKind) {
        if steps[kind]!.admit(sample.time) { sink.accept(sample, kind: kind) }
    }

    /// The count a log of step events or of counts per interval starts from (0 just as its
    /// first event or interval begins, so that it counts; its distance 0 too when the log has
    /// distances): passed on, but no row of the file, so not a sample of the stream's.
    mutating func stepCountBaseline(at time: Double, kind: StepReferenceKind, distance: Double? = nil) {
        sink.accept(StepCountSample(time: time, steps: 0, distance: distance), kind: kind)
    }

    mutating func location(_ sample: LocationSample, file: String, columns: String = "") {
        if location == nil { location = StreamMonitor(stream: "location", file: file, columns: columns, detectsGaps: true) }
        locationJumps.add(sample, monitor: &location!).forEach { sink.accept($0) }
    }

    mutating func pressure(_ sample: PressureSample, file: String, columns: String = "") {
        if pressure == nil { pressure = StreamMonitor(stream: "pressure", file: file, columns: columns) }
        pressureJumps.add(sample, monitor: &pressure!).forEach { sink.accept($0) }
    }

    /// The streams that received samples, in a fixed order.
    var streams: [StreamInfo] {
        var monitors: [StreamMonitor] = []
        if let acceleration { monitors.append(acceleration) }
        for kind in [StepReferenceKind.device, .groundTruth, .algorithm] {
            if let monitor = steps[kind] { monitors.append(monitor) }
        }
        if let location { monitors.append(location) }
        if let pressure { monitors.append(pressure) }
        var result = monitors.filter { $0.count > 0 }.map(\.info)
        if let index = result.firstIndex(where: { $0.stream == "acceleration" }) {
            if accelerationKind == .total, !magnitudes.isEmpty {
                result[index].medianMagnitude = magnitudes.sorted()[magnitudes.count / 2]
            }
            for stamps in [accelerationStamps.sharing, magnitudeStamps.sharing] where stamps.samples > 0 {
                result[index].sharedTimestamps = stamps
            }
            result[index].reorderedSamples = accelerationOrder.reordered + magnitudeOrder.reordered
            result[index].resentRows = accelerationOrder.resent + magnitudeOrder.resent
        }
        return result
    }
}
