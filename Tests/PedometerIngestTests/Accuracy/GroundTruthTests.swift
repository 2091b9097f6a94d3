import Foundation
import PedometerCore
import PedometerIngest
import Testing

/// Steps detected in real walking recordings against their foot-switch ground truth.
///
/// The bounds are the errors measured when the detector was written (a ratchet: tighten them
/// when accuracy improves; never loosen one without saying why in the commit).
@Suite struct GroundTruthTests {
    /// Feeds a recording's acceleration to a step detector and keeps the ground truth.
    struct DetectingSink: SampleSink {
        var detector = StepDetector()
        var kind = AccelerationKind.total
        var steps: [Double] = []
        var truth: [StepCountSample] = []
        /// When set, only the first sample at or after each tick of a grid of this many Hz
        /// is used: what a logger that sub-samples its sensor would have written.
        var subsamplingRate: Double?
        var nextTick: Double?

        mutating func beginAcceleration(kind: AccelerationKind) {
            detector.finish()
            steps += detector.drainSteps()
            self.kind = kind
        }
        /// Whether a sample at `time` is kept by the sub-sampling grid (always, without one).
        /// When set, no sample is kept for `length` seconds in the middle of every `every`
        /// seconds: a logger that drops data (background throttling, lost packets).
        var holes: (length: Double, every: Double)?
        /// Stretches without samples besides ``holes``, seconds from the file's time 0.
        var gaps: [Range<Double>] = []
        /// When set, ``subsamplingRate`` and ``sensorCutoff`` apply only within it (a logger
        /// throttled for a while), seconds from the file's time 0.
        var subsampledSpan: Range<Double>?

        mutating func keeps(_ time: Double) -> Bool {
            if gaps.contains(where: { $0.contains(time) }) { return false }
            if let holes {
                let phase = time.truncatingRemainder(dividingBy: holes.every) - holes.every / 2
                if phase >= 0, phase < holes.length { return false }
            }
            guard let subsamplingRate, subsampledSpan?.contains(time) ?? true else { return true }
            if let tick = nextTick, time < tick { return false }
            let period = 1 / subsamplingRate
            // The grid keeps its phase; after a gap longer than a tick it restarts here.
            nextTick = nextTick.map { time < $0 + period ? $0 + period : time + period } ?? time + period
            return true
        }
        /// When set, gravity is taken out of total acceleration as a phone's linear-acceleration
        /// sensor does (a one-pole low-pass at this many Hz per axis stands in for its sensor
        /// fusion) and the rest is fed as user acceleration.
        var gravityCutoff: Double?
        /// When set, the movement (acceleration less its 0.3 Hz one-pole low-pass per axis) is
        /// scaled by this factor: a walker who moves the phone less (`tools/recorded-as --gentle`).
        var gentleness: Double?
        /// Samples fed per recorded one: linear interpolation between the recorded samples, as a
        /// logger at that multiple of the recording's rate would see the same movement.
        var upsampling = 1
        var previous: AccelerationSample?
        /// The state of ``lowPassed(_:cutoff:)`` (gravity's estimate, or the slow part that
        /// ``gentleness`` keeps): one of the two is set at a time.
        var slow: AccelerationSample?

        /// When set (with ``subsamplingRate``), each axis is first low-passed at this many Hz by
        /// two one-pole filters: an accelerometer's own digital filter before a slow output rate
        /// (`tools/validate-rates --sensor-low-pass`).
        var sensorCutoff: Double?
        var sensorFilter: (first: AccelerationSample, second: AccelerationSample)?

        mutating func accept(_ sample: AccelerationSample) {
            var sample = sample
            if let sensorCutoff, subsampledSpan?.contains(sample.time) ?? true { sample = sensorFiltered(sample, cutoff: sensorCutoff) }
            guard keeps(sample.time) else { return }
            var kind = kind
            if let gravityCutoff, kind == .total {
                let g = lowPassed(sample, cutoff: gravityCutoff)
                sample = AccelerationSample(time: sample.time, x: sample.x - g.x, y: sample.y - g.y, z: sample.z - g.z)
                kind = .user
            }
            if let gentleness, kind == .total {
                let g = lowPassed(sample, cutoff: 0.3)
                sample = AccelerationSample(
                    time: sample.time, x: g.x + gentleness * (sample.x - g.x), y: g.y + gentleness * (sample.y - g.y),
                    z: g.z + gentleness * (sample.z - g.z))
            }
            if let last = previous, upsampling > 1 {
                for part in 1..<upsampling {
                    let f = Double(part) / Double(upsampling)
                    detector.add(
                        AccelerationSample(
                            time: last.time + f * (sample.time - last.time), x: last.x + f * (sample.x - last.x),
                            y: last.y + f * (sample.y - last.y), z: last.z + f * (sample.z - last.z)),
                        kind: kind)
                }
            }
            previous = sample
            detector.add(sample, kind: kind)
            steps += detector.drainSteps()
        }
        /// `sample` through two one-pole low-passes at `cutoff` Hz per axis, discretised
        /// exactly (state in `sensorFilter`).
        mutating func sensorFiltered(_ sample: AccelerationSample, cutoff: Double) -> AccelerationSample {
            guard let (first, second) = sensorFilter else {
                sensorFilter = (sample, sample)
                return sample
            }
            let alpha = 1 - exp(-2 * Double.pi * cutoff * (sample.time - first.time))
            func step(_ from: AccelerationSample, _ to: AccelerationSample) -> AccelerationSample {
                AccelerationSample(
                    time: sample.time, x: from.x + alpha * (to.x - from.x), y: from.y + alpha * (to.y - from.y),
                    z: from.z + alpha * (to.z - from.z))
            }
            let one = step(first, sample)
            sensorFilter = (one, step(second, one))
            return sensorFilter!.second
        }
        /// `sample` through a one-pole low-pass at `cutoff` Hz per axis (state in `slow`).
        mutating func lowPassed(_ sample: AccelerationSample, cutoff: Double) -> AccelerationSample {
            let g = slow ?? sample
            let alpha = (sample.time - g.time) / (1 / (2 * Double.pi * cutoff) + sample.time - g.time)
            slow = AccelerationSample(
                time: sample.time, x: g.x + alpha * (sample.x - g.x), y: g.y + alpha * (sample.y - g.y),
                z: g.z + alpha * (sample.z - g.z))
            return slow!
        }
        mutating func accept(_ sample: AccelerationMagnitudeSample) {
            guard keeps(sample.time) else { return }
            detector.add(magnitude: sample)
            steps += detector.drainSteps()
        }
        mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) {
            if kind == .groundTruth { truth.append(sample) }
        }
        mutating func finish() -> (detected: Int, truth: Int) {
            detector.finish()
            steps += detector.drainSteps()
            let total = (truth.last?.steps ?? 0) - (truth.first?.steps ?? 0)
            return (steps.count, Int(total.rounded()))
        }
    }

    static func detect(
        _ relative: String, subsamplingRate: Double? = nil, sensorCutoff: Double? = nil, gravityCutoff: Double? = nil,
        upsampling: Int = 1, holes: (length: Double, every: Double)? = nil, gaps: [Range<Double>] = [],
        subsampledSpan: Range<Double>? = nil, gentleness: Double? = nil, configuration: StepDetector.Configuration = .init()
    ) throws -> (detected: Int, truth: Int) {
        var sink = DetectingSink(
            detector: StepDetector(configuration: configuration), subsamplingRate: subsamplingRate, holes: holes, gaps: gaps,
            subsampledSpan: subsampledSpan,
            gravityCutoff: gravityCutoff, gentleness: gentleness, upsampling: upsampling, sensorCutoff: sensorCutoff)
        _ = try RecordingReader.read(Fixtures.path(relative), into: &sink)
        return sink.finish()
    }

    /// (fixture, ground truth, bound on the absolute error in %), with the count measured when
    /// the bound was set.
    static let oxford: [(String, Int, Double)] = [
        ("oxford/Samsung_Jamie_Hard_InHand_1", 265, 1.0),      // measured 263: -0.8 % (261 until 2026-11-23)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 198, 3.5),  // measured 200: +1.0 % (204 until the handling turn)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 261, 1.0),   // measured 261: 0.0 % (263 until 2026-11-25)
    ]

    @Test(arguments: oxford)
    func oxfordTraceWithinMeasuredBound(_ fixture: (String, Int, Double)) throws {
        let (path, _, bound) = fixture
        try Self.expect(try Self.detect(path), of: path, within: bound)
    }

    /// Expects `result`, detected in the Oxford fixture at `path` (recorded as `condition`
    /// says), to have the fixture's truth and to be within `bound` percent of it.
    static func expect(
        _ result: (detected: Int, truth: Int), of path: String, within bound: Double, _ condition: String = "",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let truth = try #require(oxford.first { $0.0 == path }, sourceLocation: sourceLocation).1
        #expect(result.truth == truth, sourceLocation: sourceLocation)
        let error = Double(result.detected - truth) / Double(truth) * 100
        #expect(
            abs(error) <= bound, "\(path)\(condition): \(result.detected) steps detected, \(truth) true (\(error) %)",
            sourceLocation: sourceLocation)
    }

    /// The same traces (recorded at about 100 Hz) as a 15 Hz or 25 Hz logger would have
    /// recorded them, keeping one sample a tick with the phone's own timestamps and no
    /// filtering (`tools/validate-rates` does the same to the whole data set).
    static let oxfordSubsampled: [(String, Double, Double)] = [
        // (fixture, rate in Hz, bound on the absolute error in %), with the count measured
        // Issue 23 (stride-periodic windows, peaks relative to the window's level) traded a step
        // or four on these sub-sampled traces for the full-rate data sets: Oxford MAPE 1.29 ->
        // 1.16 %, lower back 5.4 -> 4.4 %, measuring-wheel walk -21 -> +4 %.
        ("oxford/Samsung_Jamie_Hard_InHand_1", 15, 2.0),       // measured 261: -1.5 % (262 until 2026-11-25)
        ("oxford/Samsung_Jamie_Hard_InHand_1", 25, 2.0),       // measured 261: -1.5 % (262 until 2026-11-25)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 15, 2.5),   // measured 201: +1.5 % (the comment said 194; 201 before the handling turn too)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 25, 4.5),   // measured 200: +1.0 % (204 until the handling turn)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 15, 1.5),    // measured 263: +0.8 %
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 25, 1.5),    // measured 263: +0.8 %
        // The anti-alias low-passes made one filter at every rate (2026-11-25: the first-order
        // coefficient had smoothed more the slower the rate) moved this back-pocket trace one
        // step at 25 Hz and with 1 s holes, while the whole Oxford set moved 1.26 -> 1.32 % at
        // 25 Hz and 2.52 -> 2.54 % with 1 s holes, its step lengths stopped shrinking with the
        // rate (lower back: 0.589 m at 100 Hz and 0.559 m at 20 Hz, now 0.589 m at both) and
        // the lower back sub-sampled at 12.5-30 Hz came out 0.5-1 point nearer its truth.
    ]

    @Test(arguments: oxfordSubsampled)
    func oxfordTraceSubsampledWithinMeasuredBound(_ fixture: (String, Double, Double)) throws {
        let (path, rate, bound) = fixture
        try Self.expect(try Self.detect(path, subsamplingRate: rate), of: path, within: bound, " at \(rate) Hz")
    }

    /// The same traces as a logger at 5 or 8 Hz whose accelerometer low-passes first (two
    /// one-pole filters at 0.4 times the rate, as a sensor's digital filter does): a naive
    /// Android logger at `SENSOR_DELAY_NORMAL` records at 5 Hz. Under 10.7 Hz a quarter of the
    /// rate, the detector's own anti-alias cut-off, would fall under the fastest walking
    /// cadence (160 steps/min) and damp the walk itself; it stays at that cadence. (Until
    /// 2026-11-25: the in-hand trace at 5 Hz 90 of 265; the whole Oxford set at 5 / 6 / 8 Hz
    /// 11.2 / 3.1 / 1.6 %, now 2.3 / 1.6 / 1.25 %.)
    static let oxfordSlowLogger: [(String, Double, Double)] = [
        // (fixture, rate in Hz, bound on the absolute error in %), with the count measured
        ("oxford/Samsung_Jamie_Hard_InHand_1", 5, 8.5),      // measured 244: -7.9 % (90 before)
        ("oxford/Samsung_Jamie_Hard_InHand_1", 8, 5.5),      // measured 251: -5.3 % (251 before)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 5, 3.0),  // measured 194: -2.0 % (203 until the handling turn, 187 before)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 5, 1.0),   // measured 259: -0.8 % (256 before)
    ]

    @Test(arguments: oxfordSlowLogger)
    func oxfordTraceFromASlowFilteringLoggerWithinMeasuredBound(_ fixture: (String, Double, Double)) throws {
        let (path, rate, bound) = fixture
        let result = try Self.detect(path, subsamplingRate: rate, sensorCutoff: 0.4 * rate)
        try Self.expect(result, of: path, within: bound, " at \(rate) Hz, low-passed first")
    }

    /// The in-hand trace throttled to 5 Hz for 20 s mid-walk (a phone's background logging,
    /// its accelerometer low-passing at 2 Hz): the stream is slow from its eighth long time step
    /// on, not once its 64-step average says so 7 s later, the walk's steps damped meanwhile.
    static let oxfordThrottled: [(Range<Double>, Double)] = [
        // (the throttled span, bound on the absolute error in %), with the count measured
        (50..<70, 2.5),  // measured 259: -2.3 % (250 with the average alone)
        (70..<90, 2.0),  // measured 260: -1.9 % (257)
    ]

    @Test(arguments: oxfordThrottled)
    func oxfordTraceThrottledMidWalkWithinMeasuredBound(_ fixture: (Range<Double>, Double)) throws {
        let (span, bound) = fixture
        let path = "oxford/Samsung_Jamie_Hard_InHand_1"
        let result = try Self.detect(path, subsamplingRate: 5, sensorCutoff: 2, subsampledSpan: span)
        try Self.expect(result, of: path, within: bound, " throttled to 5 Hz over \(span)")
    }

    /// The same traces as gravity-removed (linear) acceleration, which phyphox's "Acceleration
    /// without g" and Sensor Logger's `Accelerometer.csv` record: gravity taken out by a 0.2 Hz
    /// low-pass (a phone's sensor fusion follows a turning phone better; these carries turn
    /// little), at the recording's own 100 Hz and as a 400 Hz logger (the Oxford set's Pixel)
    /// would have recorded them. Without gravity the detector projects on the axis the phone
    /// moves along most, averaged over its 4 s window: the count must not depend on the rate.
    /// (Averaged over 200 samples, as until 2026-11-25, the counts were 258 and 252, 205 and
    /// 194, 261 and 259: 2 s of averaging at 100 Hz, half a second at 400 Hz.)
    static let oxfordLinear: [(String, Double)] = [
        // (fixture, bound on the absolute error in %), with the count measured at both rates
        ("oxford/Samsung_Jamie_Hard_InHand_1", 2.5),     // measured 259: -2.3 %
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 6.0), // measured 209: +5.6 % (without gravity the phone's
                                                         // turn as it is put away is unknown: bridged)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 0.5),  // measured 261: 0.0 %
    ]

    @Test(arguments: oxfordLinear)
    func oxfordTraceAsLinearAccelerationWithinMeasuredBoundAtAnyRate(_ fixture: (String, Double)) throws {
        let (path, bound) = fixture
        let recorded = try Self.detect(path, gravityCutoff: 0.2)
        let fourTimes = try Self.detect(path, gravityCutoff: 0.2, upsampling: 4)
        #expect(fourTimes.detected == recorded.detected, "\(path) without gravity: \(recorded.detected) steps at 100 Hz, \(fourTimes.detected) at 400 Hz")
        try Self.expect(recorded, of: path, within: bound, " without gravity")
    }

    /// The same traces with a hole in the data every 10 s (0.6, 1 or 2 s without samples, 13 or
    /// 14 holes a trace), as a phone that throttles its logger in the background or a Bluetooth
    /// sensor that loses packets writes them. The foot switches kept counting: the walkers'
    /// steps in the holes are in the truth, and the walk that goes on at its cadence after each
    /// hole fills it. (Until 2026-11-25 a hole ended the walk's segment and nothing filled it:
    /// 239, 227, 201 of 265; 188, 176, 159 of 198; 241, 227, 202 of 261.)
    static let oxfordWithHoles: [(String, Double, Double)] = [
        // (fixture, hole in seconds, bound on the absolute error in %), with the count measured
        // Jamie's: 261, 259, 262 until 2026-11-28, when a walk's cadence before a hole was read
        // from its latest periods' median and its last window's, not the last period alone
        // (from a window the hole cut short).
        ("oxford/Samsung_Jamie_Hard_InHand_1", 0.6, 1.5),      // measured 262: -1.1 % (260 until a held bout was filled)
        ("oxford/Samsung_Jamie_Hard_InHand_1", 1.0, 1.0),      // measured 263: -0.8 % (257)
        ("oxford/Samsung_Jamie_Hard_InHand_1", 2.0, 1.0),      // measured 263: -0.8 % (258)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 0.6, 3.5),  // measured 204: +3.0 % (the hole at 5-5.6 s splits the pause: no turn seen)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 1.0, 3.0),  // measured 193: -2.5 % (194 until 2026-11-25: see above)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 2.0, 3.5),  // measured 204: +3.0 %
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 0.6, 0.5),   // measured 261: 0.0 % (260)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 1.0, 0.5),   // measured 261: 0.0 % (259)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 2.0, 0.5),   // measured 261: 0.0 % (257)
    ]

    @Test(arguments: oxfordWithHoles)
    func oxfordTraceWithHolesWithinMeasuredBound(_ fixture: (String, Double, Double)) throws {
        let (path, hole, bound) = fixture
        try Self.expect(try Self.detect(path, holes: (hole, 10)), of: path, within: bound, " with a \(hole) s hole every 10 s")
    }

    /// One 2 s hole costs the in-hand walk no step wherever it falls: at 60 s, as at 30 s and
    /// 90 s. The walk's cadence before the hole is read from the median of its latest periods
    /// and of its last window's: until 2026-11-28 it was the last period alone, from a window
    /// the hole cut short, which read 0.87 s where the walk stepped every 0.52 s, so the walk
    /// after the hole (0.54 s) did not match it and the hole stayed empty (259 where 263
    /// without the hole).
    @Test func aHoleCostsNoStepWhereverItFalls() throws {
        let path = "oxford/Samsung_Jamie_Hard_InHand_1"
        let whole = try Self.detect(path).detected
        // (2, 120): one hole at 60-62 s; (2, 60): two, at 30-32 s and 90-92 s.
        #expect(try Self.detect(path, holes: (2, 120)).detected == whole)
        #expect(try Self.detect(path, holes: (2, 60)).detected == whole)
    }

    /// A hole just after a change of pace (the run/walk fixture turns from walking to running at
    /// 32 s and back at 92 s) is filled at the new pace, which the walk's latest periods have
    /// reached and its last window's median has not: 6–7 steps were lost so while that median
    /// alone judged the cadence (the whole file 828 steps).
    @Test func aHoleJustAfterAChangeOfPaceIsFilled() throws {
        let path = "runwalk/runwalk.csv"
        let whole = try Self.detect(path).detected
        for gap in [33.5..<35.5, 93.7..<95.7] {
            let detected = try Self.detect(path, gaps: [gap]).detected
            #expect(abs(detected - whole) <= 1, "a hole at \(gap): \(detected) steps, \(whole) without it")
        }
    }

    /// The same traces as a walker who moves the phone half or a third as much would have
    /// recorded them (`tools/recorded-as --gentle`: the acceleration less its 0.3 Hz low-pass,
    /// scaled): a slow, careful step, a phone held still in the hand. The walk is as periodic
    /// as ever, only weaker: under 0.4 m/s^2 (the least a window without a period needs) a
    /// periodic window is a walk (``StepDetector/Configuration/minimumPeriodicAmplitude``), unless
    /// its level has fallen as a walk's end does. (Until 2026-11-25 the in-hand trace came out
    /// 219 and 12 of 265.)
    static let oxfordGentle: [(String, Double, Double)] = [
        // (fixture, factor, bound on the absolute error in %), with the count measured
        ("oxford/Samsung_Jamie_Hard_InHand_1", 0.5, 5.5),      // measured 252: -4.9 %
        ("oxford/Samsung_Jamie_Hard_InHand_1", 0.35, 6.0),     // measured 250: -5.7 %
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 0.5, 3.5),  // measured 199: +0.5 % (204 until the handling turn)
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 0.35, 3.5), // measured 198: 0.0 % (204 until the handling turn)
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 0.5, 0.5),   // measured 261: 0.0 %
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 0.35, 0.5),  // measured 260: -0.4 %
    ]

    @Test(arguments: oxfordGentle)
    func oxfordTraceOfAGentleWalkerWithinMeasuredBound(_ fixture: (String, Double, Double)) throws {
        let (path, factor, bound) = fixture
        try Self.expect(try Self.detect(path, gentleness: factor), of: path, within: bound, " moved \(factor) times as much")
    }

    /// The same traces as a logger that stamps each sample when the phone delivers it would
    /// have written them (`tools/recorded-as --batched`): every sample with the end of its
    /// batch, a batch's samples alike, from the start or from 60 s on (the screen going off).
    /// Spread back over their batches (``SharedStampSpreader``) they count as recorded, within
    /// a step. (Until 2026-11-25 a logger's duplicate stamps were dropped: 0.1 s batches made
    /// the in-hand trace 261 of 265 and the whole Oxford set 12.3 %, 1 s batches 1 step.)
    static let oxfordBatched: [(String, Double, Double)] = [
        // (fixture, batch length in s, from s)
        ("oxford/Samsung_Jamie_Hard_InHand_1", 0.1, 0),
        ("oxford/Samsung_Jamie_Hard_InHand_1", 1, 60),
        ("oxford/Samsung_Dario_Hard_BackPocket_1", 1, 0),
        ("oxford/Samsung_Carmelo_Hard_Armband_2", 5, 0),
    ]

    @Test(arguments: oxfordBatched)
    func oxfordTraceStampedOnDeliveryCountsAsRecorded(_ fixture: (String, Double, Double)) throws {
        let (path, batch, from) = fixture
        let files = TemporaryFiles()
        let source = Fixtures.path(path)
        for name in try FileManager.default.contentsOfDirectory(atPath: source) where name != "accelerometer.csv" {
            files.write("copy/" + name, Array(try Data(contentsOf: URL(fileURLWithPath: source + "/" + name))))
        }
        let rows = try String(contentsOfFile: source + "/accelerometer.csv", encoding: .utf8).split(whereSeparator: \.isNewline)
        let first = try #require(Int64(rows[0].prefix { $0 != "," }))
        let length = Int64(batch * 1e9), start = first + Int64(from * 1e9)
        let stamped = rows.map { row -> String in
            let fields = row.split(separator: ",", maxSplits: 1)
            guard let time = Int64(fields[0]), time >= start else { return String(row) }
            return "\(first + ((time - first) / length + 1) * length),\(fields[1])"
        }
        files.write("copy/accelerometer.csv", stamped.joined(separator: "\n") + "\n")

        let asRecorded = try Self.detect(path)
        var sink = DetectingSink()
        let info = try RecordingReader.read(files.path("copy"), into: &sink)
        let delivered = sink.finish()
        #expect(delivered.truth == asRecorded.truth)
        #expect(
            abs(delivered.detected - asRecorded.detected) <= 1,
            "\(path) in \(batch) s batches from \(from) s: \(delivered.detected) steps, \(asRecorded.detected) as recorded")
        let shared = try #require(info.stream("acceleration")?.sharedTimestamps)
        #expect(abs((shared.runInterval ?? 0) - batch) < 0.01 * batch)
    }

    /// Every format fixture with raw acceleration: the same 20 s (or 10 s) of real walking in
    /// another export format, sampling rate or unit. Measured when the bound was set: 35 of 36
    /// steps in every 20 s file (the step cut by the file's first instant is not countable), 17
    /// of 19 in the 10 s SensorLog v1 file.
    static let formatFixtures: [String] = Fixtures.expected.compactMap { key, value in
        let values = value as! [String: Any]
        guard values["groundTruthSteps"] != nil, (values["accelerationSamples"] as? Int ?? 0) > 0,
            key != "formats/generic/headerless-accuracy.csv",  // needs --columns, tested elsewhere
            key != "formats/hyperimu/no-timestamp.csv"  // needs --rate, tested elsewhere
        else { return nil }
        return key
    }.sorted()

    @Test(arguments: formatFixtures)
    func formatFixtureWithinTwoSteps(_ path: String) throws {
        let truth = Fixtures.expected(path).int("groundTruthSteps")
        let result = try Self.detect(path)
        #expect(abs(result.detected - truth) <= 2, "\(path): \(result.detected) steps detected, \(truth) true")
    }
}
