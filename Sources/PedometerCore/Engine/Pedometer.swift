/// A batch CMPedometer: consumes a recording's samples as a reader streams them and answers
/// with ``PedometerData``.
///
/// Feed it as a ``SampleSink`` (any reader can stream into it), ask for a ``snapshot()`` at any
/// time (like the handler of `CMPedometer.startUpdates(from:withHandler:)`), then call
/// ``finish()`` and ask ``query(from:to:)`` over any span (like `queryPedometerData(from:to:)`),
/// the step times (``steps``), per-second ``activities``, run/walk ``intervals`` and what the
/// device logged beside the data (``references``).
///
/// Memory is bounded apart from what the results need: the step times (a few per second), one
/// bin per second of impact strength and of altitude, the GPS fixes and the reference counts.
/// Raw acceleration is never kept.
///
/// Steps come from the acceleration through ``StepDetector``. Only when the log has no
/// acceleration at all do they come from the device's own step stream
/// (``StepsSource/device``); steps a device logged beside acceleration are a reference, never a
/// substitute.
///
/// Spans are half-open, `[from, to)`, with two exceptions that make a whole recording add up:
/// a span starting at or before 0 includes everything before it, and one ending at or after
/// ``endDate`` everything after it.
public struct Pedometer: SampleSink, Sendable {
    /// Where the steps come from.
    public enum StepsSource: String, Sendable, Hashable, Codable {
        /// Detected by us in the acceleration.
        case acceleration
        /// The device's step log: the recording has no acceleration.
        case device
        /// The recording has neither acceleration nor device steps.
        case none
    }

    public let configuration: PedometerConfiguration

    /// Steps per second no one exceeds (sprinters reach about 4.5): a device count rising
    /// faster is a counter jump, not steps. It also bounds the step times a device log can
    /// make: at most this many per second of ``PedometerConfiguration/maximumStepLogDuration``.
    public static let fastestCadence = 5.0

    /// Whether `steps` could have been taken in `seconds`: at most ``fastestCadence``, with a
    /// second's and ten steps' grace (a count over an interval of no length, or rounded).
    public static func isWalkable(_ steps: Double, in seconds: Double) -> Bool {
        steps <= fastestCadence * max(seconds, 1) + 10
    }
    /// Steps no count reaches (a lifetime is a few hundred million): a larger jump in a
    /// device's count is corrupt, counted as this many unplaced steps at most.
    static let largestCount = 1e12

    /// The longest time a step log's count may take to come for its steps' times to be known:
    /// a minute, the finest bucket of activity trackers' exports. Over longer intervals (15
    /// minutes, a day) the steps are spread evenly and nothing is known of when they fell.
    public static let longestKnownStepSpread = 60.0

    // Steps.
    private var detector: StepDetector
    private var accelerationKind = AccelerationKind.total
    /// Every step time so far, in seconds since time 0, ascending.
    public private(set) var steps: [Double] = []
    public private(set) var stepsSource = StepsSource.none
    /// `stepRises[k]`: how far the sensor rose and fell between steps `k − 1` and `k`
    /// (``StepDetector/verticalExcursion(from:to:)``), metres; NaN when unknown (the first step
    /// of a walk, user acceleration, device steps).
    private var stepRises: [Double] = []
    /// Whether some step's rise is known: walking steps are then measured by it.
    private var measuresRises = false
    /// `unitPrefix[k]`: metres of steps `0..<k` at stride scale 1, for the steps whose length is
    /// final (their neighbours are known).
    private var unitPrefix: [StepMetres] = [StepMetres()]
    /// The index of each walk's first step: a step more than ``longestStepInterval`` after the
    /// one before starts a walk.
    private var walkStarts: [Int] = []
    /// `walkPrefix[w]`: active seconds of walks `0..<w`, for the walks already ended.
    private var walkPrefix: [Double] = [0]
    /// Steps are complete up to this time (the detector lags the newest sample).
    private var stepsCompleteUntil = -Double.infinity
    private var lastDeviceCount: (time: Double, steps: Double)?
    /// A step log's increases, and those spread over more than ``longestKnownStepSpread``.
    private var deviceIncreases = 0, coarseDeviceIncreases = 0
    private var accelerationTime = -Double.infinity
    private var nextDrain = -Double.infinity

    // Time.
    /// Time of the last sample of any stream, seconds since time 0.
    public private(set) var endDate = 0.0
    private var hasSamples = false
    /// Whether ``finish()`` was called.
    public private(set) var isFinished = false
    /// Samples ignored because their time was not finite or more than
    /// ``PedometerConfiguration/maximumDuration`` from time 0 (step counts:
    /// ``PedometerConfiguration/maximumStepLogDuration``), step counts included.
    public private(set) var ignoredSamples = 0
    /// The step counts among ``ignoredSamples``.
    public private(set) var ignoredStepCounts = 0
    /// Steps counted in gaps in the acceleration data, where the walk went on at its cadence on
    /// both sides (``StepDetector/stepsInDataGaps``): inferred, not seen.
    public var stepsInDataGaps: Int { detector.stepsInDataGaps }
    /// Steps a step log added faster than anyone walks or runs for the time since its count
    /// before (a jump, or a count stamped with no time since the one before): not placed, the
    /// baseline moved instead, and said (``PedometerReferences`` still has the log's total).
    public private(set) var unplacedDeviceSteps = 0

    // Per-second bins.
    /// Squares of |a| − 1 g (total acceleration) or |a| (user acceleration).
    private var impact = SecondBins()
    private var altitude = SecondBins()
    private var altitudeSource: AltitudeSource?
    private var altitudeTime = -Double.infinity

    // Activity and floors.
    private var timeline = ActivityTimeline()
    private var floorCounter: FloorCounter
    /// Seconds already fed to the floor counter.
    private var floorSeconds = 0

    // Other streams.
    /// The GNSS fixes, in time order.
    public private(set) var locations: [LocationSample] = []
    private var referenceStreams: [StepReferenceKind: ReferenceStream] = [:]

    // Distance.
    /// The fits of the stride scale to GPS, by the activity they rest on, when ``finish()``
    /// found enough good fixes on steady walking or running (and no walking stride was given).
    /// A fit rescales the steps of its activity; it is carried to the other activity's steps
    /// only when both are measured by the one cadence-and-height model (no rise is known): the
    /// inverted pendulum's error on a walker says nothing of the running model's.
    public private(set) var gpsFits: [Activity: GPSCalibration.Fit] = [:]
    /// Why the log's GPS fixes were not used to calibrate the stride, when it has some and no
    /// walking stride was given.
    public private(set) var gpsRefusal: GPSCalibration.Refusal?

    /// Seconds classified together: activities are settled in blocks aligned to multiples of
    /// this, so results do not depend on when snapshots are taken.
    private static let blockSeconds = 60

    private enum AltitudeSource: Sendable, Hashable {
        case pressure, relativeAltitude
    }

    public init(configuration: PedometerConfiguration = PedometerConfiguration()) {
        self.configuration = configuration
        detector = StepDetector(configuration: configuration.detector)
        floorCounter = configuration.floors
    }

    // MARK: - SampleSink

    public mutating func beginAcceleration(kind: AccelerationKind) {
        accelerationKind = kind
    }

    public mutating func accept(_ sample: AccelerationSample) {
        guard admit(sample.time) else { return }
        if stepsSource != .acceleration { startDetecting() }
        let magnitude = sample.magnitude
        detector.add(sample, magnitude: magnitude, kind: accelerationKind)
        let deviation = accelerationKind == .total ? magnitude - standardGravity : magnitude
        impact.add(deviation * deviation, at: sample.time)
        acceptedAcceleration(at: sample.time)
    }

    public mutating func accept(_ sample: AccelerationMagnitudeSample) {
        guard admit(sample.time) else { return }
        if stepsSource != .acceleration { startDetecting() }
        detector.add(magnitude: sample)
        let deviation = sample.magnitude - standardGravity
        impact.add(deviation * deviation, at: sample.time)
        acceptedAcceleration(at: sample.time)
    }

    /// After an acceleration sample at `time`: hands the detector's steps over once a second.
    @inline(__always)
    private mutating func acceptedAcceleration(at time: Double) {
        accelerationTime = time
        if time >= nextDrain {
            nextDrain = time.rounded(.down) + 1
            drainDetector()
        }
    }

    public mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) {
        guard admit(sample.time, within: configuration.maximumStepLogDuration) else {
            ignoredStepCounts += 1
            return
        }
        referenceStreams[kind, default: ReferenceStream()].append(sample)
        guard kind == .device, stepsSource != .acceleration, !isFinished else { return }
        // A step log without acceleration: the device's steps are the only steps there are.
        stepsSource = .device
        if let last = lastDeviceCount {
            let added = (sample.steps - last.steps).rounded()
            let elapsed = sample.time - last.time
            // Spread the new steps evenly since the previous count (a counter reset or a jump
            // faster than anyone walks or runs only moves the baseline): each at the end of its
            // share of the time, as a counter read counts the steps up to its reading; at its
            // middle for a count over an interval, whose steps all fell inside it (a window
            // ending at the interval's end holds them all, as it holds the device's count).
            // A count too large for its own interval (or an interval of no length) is spread
            // since the previous count, as a counter read is.
            func fits(_ span: Double) -> Bool { added >= 1 && Self.isWalkable(added, in: span) }
            let interval = sample.intervalStart.map { min(max($0, last.time), sample.time) }.flatMap {
                sample.time > $0 && fits(sample.time - $0) ? $0 : nil
            }
            if fits(elapsed) {
                let count = Int(added)
                let start = interval ?? last.time
                let share = (sample.time - start) / Double(count)
                let offset = interval == nil ? 0 : share / 2
                for index in 1...count { appendStep(start + share * Double(index) - offset) }
                deviceIncreases += 1
                if elapsed > Self.longestKnownStepSpread { coarseDeviceIncreases += 1 }
            } else if added >= 1 {
                // A count no device reaches (a corrupt row: 10^20) is not summed past Int.
                unplacedDeviceSteps = unplacedDeviceSteps &+ Int(min(added, Self.largestCount))
            }
        }
        lastDeviceCount = (sample.time, sample.steps)
        stepsCompleteUntil = max(stepsCompleteUntil, sample.time)
        settle()
    }

    public mutating func accept(_ sample: LocationSample) {
        guard admit(sample.time) else { return }
        locations.append(sample)
    }

    public mutating func accept(_ sample: PressureSample) {
        guard admit(sample.time) else { return }
        if altitudeSource == nil {
            if sample.relativeAltitude != nil {
                altitudeSource = .relativeAltitude
            } else if sample.pressure != nil {
                altitudeSource = .pressure
            }
        }
        let value: Double?
        switch altitudeSource {
        case .relativeAltitude: value = sample.relativeAltitude
        case .pressure: value = sample.pressure.flatMap { $0 > 0 ? FloorCounter.altitude(pressure: $0) : nil }
        case nil: value = nil
        }
        guard let value, value.isFinite else { return }
        altitude.add(value, at: sample.time)
        altitudeTime = max(altitudeTime, sample.time)
        advanceFloors()
    }

    // MARK: - Finishing

    /// Ends the recording: flushes the detector, settles every second, fits the stride to GPS
    /// when it can, and counts the remaining floors. Further samples are ignored.
    public mutating func finish() {
        guard !isFinished else { return }
        if stepsSource == .acceleration {
            detector.finish()
            drainDetector()
        }
        isFinished = true
        stepsCompleteUntil = .infinity
        finalizeSteps(all: true)
        settle()
        calibrate()
        advanceFloors()
        floorCounter.finish()
    }

    // MARK: - Results

    /// The values from time 0 to the last sample so far: what a CMPedometer update handler
    /// would receive now. Before ``finish()`` the steps of the last
    /// ``StepDetector/latency`` seconds are not known yet, and the current pace and cadence
    /// are those of the trailing window ending where the steps are known.
    public func snapshot() -> PedometerData {
        query(from: 0, to: endDate)
    }

    /// The values over `[from, to)` (seconds since time 0, clamped to the recording), like
    /// `queryPedometerData(from:to:)`. Meant for a finished run; before ``finish()`` it answers
    /// with what is known so far.
    ///
    /// `currentCadence` is the cadence over the ``PedometerConfiguration/trailingWindow``
    /// seconds ending at the span's end (not reaching before its start): (steps in it − 1) /
    /// (time from its first to its last step), absent with fewer than 2 steps in the window or
    /// when two step intervals have passed since the last step (the walker has stopped). `currentPace` is
    /// 1 / (cadence × step length at that cadence), seconds per metre. `averageActivePace` is
    /// active time / the distance of the step intervals in it (``averageCadence(from:to:)``'s
    /// steps: a step whose interval the span cuts counts its share); when no active time can be
    /// derived from steps, time / distance.
    public func query(from: Double, to: Double) -> PedometerData {
        let state = resolved()
        let start = min(max(from, 0), endDate)
        let end = min(max(to, start), endDate)
        let (first, last) = stepIndices(from: from, to: to)
        let distance = distance(first, last, from: from, to: to, state: state)
        let activity = knowsStepTimes ? activeTime(from: start, to: end) : nil
        let active = activity?.seconds
        var averagePace: Double?
        if let distance, let activity {
            // Over the steps whose intervals are in the active time: a walk the span cuts (the
            // recording began, or `from` falls, after its first step's interval began) has
            // steps counted in `distance` whose time lies partly outside; a span inside a
            // step's interval holds none of its steps but its share of their metres, as of
            // their cadence (until 2026-11-28 such a span showed a cadence and no pace).
            let activeMetres = distanceMethod == .device ? distance : activity.metres.scaled(by: state.scales)
            if activity.seconds > 0 && activeMetres > 0 {
                averagePace = activity.seconds / activeMetres
            } else if distance > 0, end > start {
                averagePace = (end - start) / distance
            }
        }
        let (cadence, pace) = knowsStepTimes ? current(at: min(end, stepsCompleteUntil), notBefore: start, state: state) : (nil, nil)
        var up: Int?
        var down: Int?
        if let events = state.floors?.events {
            let lower = from <= 0 ? -Double.infinity : from
            let upper = to >= endDate ? Double.infinity : to
            let inSpan = events.filter { $0.time >= lower && $0.time < upper }
            up = inSpan.count(where: { $0.change > 0 })
            down = inSpan.count(where: { $0.change < 0 })
        }
        return PedometerData(
            startDate: start, endDate: end, numberOfSteps: last - first, distance: distance,
            floorsAscended: up, floorsDescended: down, currentPace: pace, currentCadence: cadence,
            averageActivePace: averagePace, activeDuration: active)
    }

    /// The activity of each whole second from 0 to ``endDate`` (provisional for the last
    /// seconds before ``finish()``).
    public var activities: [Activity] { resolved().timeline.all }

    /// The recording cut into runs of one activity (walking, running, stationary), short blips
    /// absorbed into their neighbours, each with its steps and distance; none when the steps'
    /// times are not known (``knowsStepTimes``: a log of 15-minute or daily totals).
    ///
    /// The activity of each second (``activities``) marks a second active when a step is near
    /// it, which would stretch every walk by about two seconds at each end; so where walking or
    /// running meets standing or the recording's start or end, the interval is bounded by its
    /// walks as the active time is: from one step interval before its first step to its last
    /// step (``walkSpan(_:)``). Standing shorter than ``IntervalSegmenter/minimumSeconds`` at
    /// the recording's ends is then in no interval; inside it, in its neighbour's (a stop
    /// at a crossing is part of the run). Walking meets running on a whole second.
    public var intervals: [ActivityInterval] { intervals(from: 0, to: endDate) }

    /// ``intervals`` within `[from, to)` (seconds since time 0): each cut to the span, with the
    /// steps and distance of its part inside, the same steps as ``query(from:to:)``'s.
    public func intervals(from: Double, to: Double) -> [ActivityInterval] {
        guard knowsStepTimes else { return [] }
        let state = resolved()
        let segments = configuration.intervals.segments(state.timeline.all)
        // Steps and distance by whole seconds, as the timeline classed them; the times shown
        // are bounded by the walks below.
        var intervals: [ActivityInterval] = []
        for segment in segments {
            let lower = max(Double(segment.start), from)
            let upper = min(Double(segment.end), endDate, to)
            let (first, last) = stepIndices(from: lower, to: upper)
            intervals.append(
                ActivityInterval(
                    activity: segment.activity, start: Double(segment.start), end: min(Double(segment.end), endDate),
                    steps: upper > lower ? last - first : 0,
                    distance: upper > lower ? distance(first, last, from: lower, to: upper, state: state) : distanceMethod.map { _ in 0 }))
        }
        for index in intervals.indices where intervals[index].activity.isActive {
            let (first, last) = stepIndices(from: intervals[index].start, to: intervals[index].end)
            guard last > first else { continue }
            let before = index > 0 ? intervals[index - 1] : nil
            if before.map({ !$0.activity.isActive }) ?? true {
                let start = walkSpan(walk(holding: first)).start
                let lower = before?.start ?? 0
                if start > lower && start < steps[first] {
                    intervals[index].start = start
                    if before != nil { intervals[index - 1].end = start }
                }
            }
            let after = index + 1 < intervals.count ? intervals[index + 1] : nil
            if after.map({ !$0.activity.isActive }) ?? true {
                let end = steps[last - 1]
                if end < (after?.end ?? endDate) && end > intervals[index].start {
                    intervals[index].end = end
                    if after != nil { intervals[index + 1].start = end }
                }
            }
        }
        // Cut to the span by the times shown: standing shown beside a walk lies in the walk's
        // seconds, and is kept for the span it covers (the second review: a window of such
        // standing had no interval).
        return intervals.compactMap { interval in
            var cut = interval
            cut.start = min(max(interval.start, from), to)
            cut.end = max(min(interval.end, to), cut.start)
            // A walk's seconds the window holds before its first step's interval or after its
            // last step: none of it.
            guard cut.end > cut.start || cut.steps > 0 else { return nil }
            // Its pace over the steps whose intervals it holds, in share where it cuts one, as
            // the average active pace (a walk cut by `to` counted the time to it but none of
            // the step it falls in: 15:57 min/km beside the walk's 14:40).
            if cut.activity.isActive, distanceMethod != .device, cut.end > cut.start {
                let metres = activeTime(from: cut.start, to: cut.end).metres.scaled(by: state.scales)
                if metres > 0 { cut.paceDistance = metres }
            }
            return cut
        }
    }

    /// The walk that step `step` is in: the last starting at or before it.
    private func walk(holding step: Int) -> Int {
        var low = 0, high = walkStarts.count
        while low < high {
            let middle = (low + high) / 2
            if walkStarts[middle] <= step { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    /// How ``PedometerData/distance`` is obtained; `nil` when there are no steps to measure.
    public var distanceMethod: DistanceMethod? {
        switch stepsSource {
        case .none: return nil
        case .device where referenceStreams[.device].map({ !$0.distance.isEmpty }) ?? false: return .device
        default: break
        }
        if configuration.walkingStride != nil { return .userStride }
        if !gpsFits.isEmpty { return .gpsCalibrated }
        return measuresRises ? .invertedPendulum : .heightModel
    }

    /// The scales of walking and running steps: ``PedometerConfiguration/strideModel``'s, or
    /// the GPS fits' (``gpsFits``).
    private var strideScales: StrideScales {
        let base = configuration.strideModel.scale
        let walking = gpsFits[.walking]?.scale, running = gpsFits[.running]?.scale
        return StrideScales(
            walking: walking ?? (measuresRises ? base : running ?? base),
            running: running ?? (measuresRises ? base : walking ?? base))
    }

    /// Whether the steps' times are known, so that cadence, pace and active time can be: steps
    /// detected from acceleration, or a step log whose counts mostly come within
    /// ``longestKnownStepSpread`` of each other. A log of 15-minute or daily totals knows how
    /// many steps and how far, not how fast nor for how long: those are then `nil`.
    public var knowsStepTimes: Bool {
        stepsSource != .device || 2 * coarseDeviceIncreases <= deviceIncreases
    }

    /// What the log itself counted over the whole recording.
    public var references: PedometerReferences { references(from: 0, to: endDate) }

    /// What the log itself counted over `[from, to]` (see ``PedometerReferences``).
    public func references(from: Double, to: Double) -> PedometerReferences {
        let lower = from <= 0 ? -Double.infinity : from
        let upper = to >= endDate ? Double.infinity : to
        let device = referenceStreams[.device]
        // A step log's steps are the device's, each row's spread over its interval: over a span
        // that cuts a row, the device's count is read spread the same way (a daily log cut at
        // 36 h counted the first day whole beside its steps' day and a half: 6,260 beside
        // 11,099, "+77 %"). It stays the log's own count: the steps it adds faster than anyone
        // walks, which the summary does not place, are in it.
        let cutStepLog = stepsSource == .device && (lower.isFinite || upper.isFinite)
        func growth(_ series: CumulativeSeries?, spread: Bool = false) -> Double? {
            spread ? series?.spreadChange(from: lower, to: upper) : series?.change(from: lower, to: upper)
        }
        // A count beyond any integer (a corrupt log's total) is unknown.
        func count(_ series: CumulativeSeries?, spread: Bool = false) -> Int? {
            growth(series, spread: spread).flatMap { Int(exactly: $0.rounded()) }
        }
        return PedometerReferences(
            deviceSteps: count(device?.steps, spread: cutStepLog),
            groundTruthSteps: count(referenceStreams[.groundTruth]?.steps),
            algorithmSteps: count(referenceStreams[.algorithm]?.steps),
            deviceDistance: growth(device?.distance, spread: cutStepLog),
            deviceFloorsAscended: count(device?.floorsAscended), deviceFloorsDescended: count(device?.floorsDescended))
    }

    /// The ground truth's step times, seconds, when it logged every step as it fell (foot
    /// switches: at most two at one time, one per foot), for ``StepMatching``. `nil` without a
    /// ground truth, or when it logged counts in batches or a total.
    public var groundTruthStepTimes: [Double]? {
        referenceStreams[.groundTruth]?.steps.unitTimes(largestGrowth: 2)
    }

    /// The highest cadence, steps per second, over ``PedometerConfiguration/maxCadenceWindow``
    /// seconds: for each step, the steps up to a window later, (count − 1) / (time from the
    /// first to the last), counted only when those steps span at least half the window (two
    /// close steps alone are not a cadence). `nil` when no window qualifies.
    public var maxCadence: Double? { maxCadence(from: 0, to: endDate) }

    /// The times of the steps that ``query(from:to:)`` counts: from `from` on, before `to`
    /// (all of them up to the end when `to` reaches ``endDate``: the last step may fall on it).
    public func steps(from: Double, to: Double) -> ArraySlice<Double> {
        let (first, last) = stepIndices(from: from, to: to)
        return steps[first..<last]
    }

    /// ``maxCadence`` among the steps in `[from, to)`.
    public func maxCadence(from: Double, to: Double) -> Double? {
        guard knowsStepTimes else { return nil }
        let window = configuration.maxCadenceWindow
        let (low, high) = stepIndices(from: from, to: to)
        var best: Double?
        var last = low
        for first in low..<high {
            last = max(last, first)
            while last + 1 < high && steps[last + 1] - steps[first] <= window { last += 1 }
            let span = steps[last] - steps[first]
            guard span >= window / 2 && span > 0 else { continue }
            let cadence = Double(last - first) / span
            if cadence > best ?? 0 { best = cadence }
        }
        return best
    }

    /// Steps per second of active time over the whole recording; `nil` without active time.
    public var averageCadence: Double? { averageCadence(from: 0, to: endDate) }

    /// Steps per second of active time in `[from, to)`; `nil` without active time, or when
    /// the steps' times are not known (``knowsStepTimes``). A step is the interval that ends
    /// at it: a walk the span cuts (the recording began, or `from` falls, after its first step's
    /// interval began) holds its intervals inside the span, those cut in part by their share, so
    /// a steady walk's average cadence is its cadence however it is cut (its steps over the time
    /// left used to make a 20 s walk at 107 steps/min 109), and a window of a walk that changes
    /// pace has the window's cadence (until 2026-11-26 the whole walk's mean: a window of a
    /// run/walk session's walking 138 steps/min, above its maximum of 108).
    public func averageCadence(from: Double, to: Double) -> Double? {
        guard knowsStepTimes else { return nil }
        let start = min(max(from, 0), endDate)
        let end = min(max(to, start), endDate)
        let active = activeTime(from: start, to: end)
        return active.seconds > 0 ? active.stepIntervals / active.seconds : nil
    }

    // MARK: - Test entry points

    /// Records a step as if the detector had found it (times ascending).
    mutating func recordStep(at time: Double) {
        guard admit(time) else { return }
        if stepsSource == .none { stepsSource = .acceleration }
        appendStep(time)
        stepsCompleteUntil = max(stepsCompleteUntil, time)
        settle()
    }

    /// Records the impact strength (RMS of |a| − 1 g, m/s^2) of a moment without passing
    /// acceleration to the detector.
    mutating func recordImpact(_ rms: Double, at time: Double) {
        guard admit(time) else { return }
        impact.add(rms * rms, at: time)
    }
}

// MARK: - Internals

extension Pedometer {
    /// What a query needs that may be provisional before ``finish()``.
    private struct ResolvedState {
        var timeline: ActivityTimeline
        var floors: FloorCounter?
        var scales: StrideScales
    }

    private var totalSeconds: Int { hasSamples ? Int(endDate.rounded(.up)) : 0 }

    /// Seconds around a second whose steps its activity depends on.
    private var classificationMargin: Double {
        max(configuration.activity.cadenceWindow / 2, configuration.activity.stepWindow + 0.5) + 1
    }

    /// Whether a sample at `time` is read: finite, at most `limit` seconds from time 0
    /// (``PedometerConfiguration/maximumDuration`` by default) and before ``finish()``.
    private mutating func admit(_ time: Double, within limit: Double? = nil) -> Bool {
        guard time.isFinite && abs(time) <= limit ?? configuration.maximumDuration && !isFinished else {
            ignoredSamples += 1
            return false
        }
        hasSamples = true
        endDate = max(endDate, time)
        return true
    }

    /// Acceleration arrived: steps come from the detector, and any taken from a device stream
    /// read earlier are dropped.
    private mutating func startDetecting() {
        stepsSource = .acceleration
        steps = []
        stepRises = []
        measuresRises = false
        unitPrefix = [StepMetres()]
        walkStarts = []
        walkPrefix = [0]
        stepsCompleteUntil = -.infinity
        timeline = ActivityTimeline()
        floorCounter = configuration.floors
        floorSeconds = 0
    }

    private mutating func drainDetector() {
        for time in detector.drainSteps() { appendStep(time) }
        stepsCompleteUntil = max(stepsCompleteUntil, accelerationTime - detector.latency)
        settle()
    }

    private mutating func appendStep(_ time: Double) {
        if let last = steps.last, time < last { return }
        var rise = Double.nan
        if stepsSource == .acceleration, let last = steps.last, time - last <= Self.longestStepInterval,
            let excursion = detector.verticalExcursion(from: last, to: time)
        {
            rise = excursion
            measuresRises = true
        }
        if let last = steps.last, time - last <= Self.longestStepInterval {
            // The walk goes on.
        } else {
            if let walk = walkStarts.indices.last { walkPrefix.append(walkPrefix[walk] + walkSpan(walk).duration) }
            walkStarts.append(steps.count)
        }
        steps.append(time)
        stepRises.append(rise)
        finalizeSteps(all: false)
    }

    /// Walk `walk`'s active span: from one step interval (its mean, or the reference cadence's
    /// for a step alone) before its first step to its last, so that a walk of n steps is active
    /// for n intervals (a steady walk's average cadence is its cadence).
    private func walkSpan(_ walk: Int) -> (start: Double, end: Double, duration: Double) {
        let first = walkStarts[walk]
        let last = walkStart(walk + 1) - 1
        let interval = last > first ? (steps[last] - steps[first]) / Double(last - first) : 1 / StrideModel.referenceCadence
        return (steps[first] - interval, steps[last], steps[last] - steps[first] + interval)
    }

    /// Walking or running within `[start, end]`: the seconds of the walks' active spans
    /// (``walkSpan(_:)``) inside it; the step intervals inside it (step k's is the one ending at
    /// it), whole or in part; and the metres of those steps at stride scale 1, each in the share
    /// of its interval inside, so that cadence and pace are of the same steps.
    private func activeTime(from start: Double, to end: Double) -> (seconds: Double, stepIntervals: Double, metres: StepMetres) {
        guard !walkStarts.isEmpty, end > start else { return (0, 0, StepMetres()) }
        // The first walk ending after `start`, and the last beginning before `end`.
        var low = 0, high = walkStarts.count
        while low < high {
            let middle = (low + high) / 2
            if walkSpan(middle).end <= start { low = middle + 1 } else { high = middle }
        }
        let first = low
        low = first
        high = walkStarts.count
        while low < high {
            let middle = (low + high) / 2
            if walkSpan(middle).start < end { low = middle + 1 } else { high = middle }
        }
        let last = low - 1
        guard first <= last else { return (0, 0, StepMetres()) }
        let head = overlap(first, from: start, to: end)
        if first == last { return head }
        let tail = overlap(last, from: start, to: end)
        return (
            head.seconds + (walkPrefix[last] - walkPrefix[first + 1]) + tail.seconds,
            head.stepIntervals + Double(walkStarts[last] - walkStarts[first + 1]) + tail.stepIntervals,
            head.metres + unitDistance(walkStarts[first + 1], walkStarts[last]) + tail.metres
        )
    }

    /// ``activeTime(from:to:)`` of walk `walk` alone. Its span is cut into its steps'
    /// intervals, the first step's one mean interval long: interval j ends at the walk's
    /// step j, and a time inside it is at position j + the fraction of it gone by.
    private func overlap(_ walk: Int, from start: Double, to end: Double) -> (seconds: Double, stepIntervals: Double, metres: StepMetres) {
        let span = walkSpan(walk)
        let lower = max(span.start, start), upper = min(span.end, end)
        guard upper > lower else { return (0, 0, StepMetres()) }
        let first = walkStarts[walk], count = walkStart(walk + 1) - first
        if lower == span.start && upper == span.end {
            return (span.duration, Double(count), unitDistance(first, first + count))
        }
        func position(_ time: Double) -> Double {
            if time <= span.start { return 0 }
            if time >= span.end { return Double(count) }
            // The walk's steps up to `time`: `time` is in the interval ending at the next one.
            let passed = min(max(Self.upperBound(steps, time) - first, 0), count - 1)
            let from = passed == 0 ? span.start : steps[first + passed - 1]
            return Double(passed) + (time - from) / (steps[first + passed] - from)
        }
        let a = position(lower), b = position(upper)
        // The intervals holding the overlap's ends (an end on a step closes the interval before).
        let headInterval = min(Int(a), count - 1)
        let tailInterval = min(max(Int(b.rounded(.up)) - 1, headInterval), count - 1)
        func metres(_ interval: Int, _ share: Double) -> StepMetres {
            unitDistance(first + interval, first + interval + 1) * share
        }
        let metres = headInterval == tailInterval
            ? metres(headInterval, b - a)
            : metres(headInterval, Double(headInterval + 1) - a)
                + unitDistance(first + headInterval + 1, first + tailInterval)
                + metres(tailInterval, b - Double(tailInterval))
        return (upper - lower, b - a, metres)
    }

    /// The index of walk `walk`'s first step; the step count for the walk after the last.
    private func walkStart(_ walk: Int) -> Int {
        walk < walkStarts.count ? walkStarts[walk] : steps.count
    }

    /// Fixes the length of every step whose neighbours are known (all of them at the end):
    /// ``riseReach`` steps after it.
    private mutating func finalizeSteps(all: Bool) {
        while unitPrefix.count - 1 < steps.count && (all || unitPrefix.count - 1 + Self.riseReach < steps.count) {
            let index = unitPrefix.count - 1
            unitPrefix.append(unitPrefix[index] + unitLength(index))
        }
    }

    /// Seconds between two steps beyond which they are not one walk's (a pause).
    private static let longestStepInterval = 2.0

    /// Steps per second around step `index`, from the up to four intervals between steps
    /// `index − 2 ... index + 2` that are at most ``longestStepInterval`` (longer is a pause).
    private func localCadence(_ index: Int) -> Double {
        var intervals = 0
        var total = 0.0
        for left in max(index - 2, 0)..<min(index + 2, steps.count - 1) {
            let interval = steps[left + 1] - steps[left]
            guard interval > 0 && interval <= Self.longestStepInterval else { continue }
            intervals += 1
            total += interval
        }
        return intervals > 0 ? Double(intervals) / total : StrideModel.referenceCadence
    }

    /// The median rise of the sensor over the up to four intervals between steps
    /// `index − 2 ... index + 2` (as ``localCadence(_:)``): one jolt does not make a long step.
    /// `nil` when none is known.
    private func localRise(_ index: Int) -> Double? {
        if let median = stepRises[max(index - 1, 1)..<min(index + 3, steps.count)].filter({ !$0.isNaN }).median {
            return median
        }
        // None of its own nor its neighbours' (steps filled into a gap in the data, or measured
        // across one): the nearest known rises of the same walk, two on each side at most
        // ``riseReach`` steps away, not across a pause. The walker's own step, not the
        // population's for its cadence.
        var known: [Double] = []
        var left = index - 2
        var taken = 0
        while left >= 1, index - left <= Self.riseReach, taken < 2, steps[left + 1] - steps[left] <= Self.longestStepInterval {
            if !stepRises[left].isNaN { known.append(stepRises[left]); taken += 1 }
            left -= 1
        }
        var right = index + 3
        taken = 0
        while right < steps.count, right - index <= Self.riseReach, taken < 2,
            steps[right] - steps[right - 1] <= Self.longestStepInterval
        {
            if !stepRises[right].isNaN { known.append(stepRises[right]); taken += 1 }
            right += 1
        }
        return known.median
    }

    /// Steps on each side within which a step without a known rise takes its walk's.
    private static let riseReach = 8

    /// Metres of step `index` at stride scale 1: from the sensor's rise over a walking step
    /// when it is known and no walking stride was given, else from the cadence. A running step
    /// (as ``ActivityClassifier/isRunning(cadence:impact:)`` tells the activity) is no inverted
    /// pendulum, nor held to the walking speed.
    private func unitLength(_ index: Int) -> StepMetres {
        let model = StrideModel(height: configuration.height, scale: 1)
        let cadence = localCadence(index)
        let running = configuration.activity.isRunning(cadence: cadence, impact: impact.rootMean(Int(steps[index].rounded(.down))))
        if running { return StepMetres(running: model.stepLength(cadence: cadence)) }
        if configuration.walkingStride == nil, let rise = localRise(index) {
            return StepMetres(walking: min(model.stepLength(excursion: rise), model.longestWalkingStep(cadence: cadence)))
        }
        return StepMetres(walking: model.stepLength(cadence: cadence))
    }

    /// Metres of steps `first..<last` at stride scale 1.
    private func unitDistance(_ first: Int, _ last: Int) -> StepMetres {
        guard last > first else { return StepMetres() }
        let final = unitPrefix.count - 1
        var total = unitPrefix[min(last, final)] - unitPrefix[min(first, final)]
        for index in max(first, final)..<max(last, final) { total += unitLength(index) }
        return total
    }

    /// Indices of the steps in `[from, to)` (see the span rule in the type's documentation).
    private func stepIndices(from: Double, to: Double) -> (Int, Int) {
        let first = from <= 0 ? 0 : Self.lowerBound(steps, from)
        let last = to >= endDate ? steps.count : max(Self.lowerBound(steps, to), first)
        return (first, last)
    }

    private func distance(_ first: Int, _ last: Int, from: Double, to: Double, state: ResolvedState) -> Double? {
        switch distanceMethod {
        case nil: return nil
        case .device?:
            // Spread over each interval of the log, as its steps are.
            let lower = from <= 0 ? -Double.infinity : from
            let upper = to >= endDate ? Double.infinity : to
            return referenceStreams[.device]?.distance.spreadChange(from: lower, to: upper)
        default:
            return unitDistance(first, last).scaled(by: state.scales)
        }
    }

    /// Cadence and pace over the trailing window ending at `end`, from `start` on at the earliest.
    private func current(at end: Double, notBefore start: Double, state: ResolvedState) -> (cadence: Double?, pace: Double?) {
        let last = Self.upperBound(steps, end)
        let first = max(Self.upperBound(steps, end - configuration.trailingWindow), start > 0 ? Self.lowerBound(steps, start) : 0)
        guard last - first >= 2 else { return (nil, nil) }
        let span = steps[last - 1] - steps[first]
        guard span > 0 else { return (nil, nil) }
        let cadence = Double(last - first - 1) / span
        // Two step intervals without a step: the walker has stopped, and has no current pace
        // (the steps left in the window would otherwise read as walking on).
        guard end - steps[last - 1] <= 2 / cadence else { return (nil, nil) }
        if distanceMethod == .device {
            // The device's distance over the same window, widened to its own samples (a log of
            // 15-minute or daily totals knows no distance over 10 s), but not beyond what a log
            // that knows its steps' times spreads (a count after hours without one is no pace).
            guard let series = referenceStreams[.device]?.distance,
                let (windowStart, windowEnd) = series.enclosingSpan(from: max(end - configuration.trailingWindow, start), to: end)
            else { return (cadence, nil) }
            guard windowEnd > windowStart, windowEnd - windowStart <= configuration.trailingWindow + 2 * Self.longestKnownStepSpread,
                let metres = series.change(from: windowStart, to: windowEnd), metres > 0
            else {
                return (cadence, nil)
            }
            return (cadence, (windowEnd - windowStart) / metres)
        }
        // The mean length of the steps that end the window's intervals.
        let stepLength = unitDistance(first + 1, last).scaled(by: state.scales) / Double(last - first - 1)
        return (cadence, stepLength > 0 ? 1 / (cadence * stepLength) : nil)
    }

    /// The settled state, completed with provisional activities and floors for the seconds not
    /// settled yet (none after ``finish()``).
    private func resolved() -> ResolvedState {
        var timeline = self.timeline
        var start = timeline.settledCount
        while start < totalSeconds {
            let end = min(start + Self.blockSeconds, totalSeconds)
            timeline.tail += classify(start, end)
            start = end
        }
        var floors: FloorCounter?
        if altitudeSource != nil {
            var counter = floorCounter
            for second in floorSeconds..<max(timeline.count, floorSeconds) { feed(&counter, second, timeline) }
            counter.finish()
            floors = counter
        }
        return ResolvedState(timeline: timeline, floors: floors, scales: strideScales)
    }

    /// Classifies seconds `start..<end` from the steps around them and their impacts.
    private func classify(_ start: Int, _ end: Int) -> [Activity] {
        let origin = Double(start)
        let margin = classificationMargin
        let first = Self.lowerBound(steps, origin - margin)
        let last = Self.upperBound(steps, Double(end) + margin)
        // Times relative to the block, so that the classifier's seconds are the block's.
        let local = steps[first..<max(first, last)].map { $0 - origin }
        let impacts = (start..<end).map { impact.rootMean($0) }
        return configuration.activity.classify(steps: local, duration: Double(end - start), impact: impacts)
    }

    /// Settles the blocks of seconds whose steps are all known (all of them after ``finish()``).
    private mutating func settle() {
        while timeline.settledCount < totalSeconds {
            let start = timeline.settledCount
            let end = min(start + Self.blockSeconds, totalSeconds)
            guard isFinished || (end == start + Self.blockSeconds && Double(end) + classificationMargin <= stepsCompleteUntil)
            else { break }
            timeline.settle(classify(start, end))
        }
        advanceFloors()
    }

    /// Feeds the floor counter the settled seconds whose altitude is known.
    private mutating func advanceFloors() {
        guard altitudeSource != nil else { return }
        while floorSeconds < timeline.settledCount && (isFinished || Double(floorSeconds + 1) <= altitudeTime) {
            feed(&floorCounter, floorSeconds, timeline)
            floorSeconds += 1
        }
    }

    /// Floors are counted only while on foot (walking or running), never in a lift.
    private func feed(_ counter: inout FloorCounter, _ second: Int, _ timeline: ActivityTimeline) {
        guard let value = altitude.mean(second) else { return }
        counter.add(time: Double(second) + 0.5, altitude: value, walking: timeline[second].isActive)
    }

    /// Fits the stride scale to GPS over steady walking and over steady running, unless the
    /// user gave a stride or the distance is the device's. Without either fit, the refusal of
    /// the activity the recording holds more of says why.
    private mutating func calibrate() {
        guard let calibration = configuration.gpsCalibration, configuration.walkingStride == nil,
            stepsSource != .none, distanceMethod != .device, !locations.isEmpty, !steps.isEmpty
        else { return }
        var refusals: [Activity: GPSCalibration.Refusal] = [:]
        for activity in [Activity.walking, .running] {
            let outcome = calibration.outcome(fixes: locations, activities: timeline.settled, of: activity) { start, end in
                let first = Self.upperBound(steps, start)
                let last = Self.upperBound(steps, end)
                let metres = unitDistance(first, last)
                return metres.walking + metres.running
            }
            switch outcome {
            case .success(let fit): gpsFits[activity] = fit
            case .failure(let refusal): refusals[activity] = refusal
            }
        }
        guard gpsFits.isEmpty else { return }
        let running = timeline.settled.count(where: { $0 == .running })
        let walking = timeline.settled.count(where: { $0 == .walking })
        gpsRefusal = refusals[running > walking ? .running : .walking]
    }

    /// First index whose value is ≥ `value`.
    static func lowerBound(_ values: [Double], _ value: Double) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// First index whose value is > `value`.
    static func upperBound(_ values: [Double], _ value: Double) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
