import PedometerCore

/// A sample whose time the reader can move.
protocol TimedSample {
    /// Seconds since the start of the recording.
    var time: Double { get set }
}

extension AccelerationSample: TimedSample {}
extension AccelerationMagnitudeSample: TimedSample {}
extension LocationSample: TimedSample {}
extension PressureSample: TimedSample {}

/// Places samples that share one timestamp evenly over the time since the previous timestamp,
/// as the sensor took them.
///
/// Some loggers stamp a sample when the phone hands it over, not when the sensor took it. A
/// phone that batches its sensor (screen off, a watch, a background app) hands over tens of
/// samples at once: they come out with one timestamp (or microseconds apart), then nothing for
/// the batch's length. A coarse clock (whole milliseconds at 1 kHz, whole seconds) does the
/// same. Taken at their word, a 100 Hz log in batches of 100 ms is a 10 Hz log whose samples
/// come in bursts, and one in batches of a second has no two samples close enough to
/// interpolate between. The sensor took them at its steady rate during the interval before
/// their stamp, so that is where they go: the k-th of n at previous + k (stamp − previous) / n.
///
/// Samples share a stamp when they are less than a tenth of the stream's mean interval apart: a
/// sensor's own clock never puts two samples that close. The mean is measured over the
/// stream's first ``learningSeconds`` seconds (more than one batch; at most ``learningSamples``
/// samples), or up to a pause longer than that if the samples before it are not one burst
/// (on average at least ``slowestBurst`` apart): a long pause after a few regular samples is a
/// gap, not a delivery. A run after a pause (its interval more than twice what its samples take
/// at the mean rate, plus half a second) or the stream's first run ends at its stamp, at the
/// mean rate. A sample alone at its stamp, the usual case, passes unchanged; after a sample
/// whose time goes backwards, runs are found from its time on.
struct SharedStampSpreader<Sample: TimedSample> {
    /// The stamps' span over which the stream's mean interval is measured, seconds.
    static var learningSeconds: Double { 2 }
    /// The most samples held to measure it (16 s at 500 Hz).
    static var learningSamples: Int { 8192 }
    /// Samples this far apart on average are no burst handed over at once: a millisecond (no
    /// phone samples its accelerometer faster than 1 kHz).
    static var slowestBurst: Double { 0.001 }
    /// The most samples held in one run (a minute at 1 kHz): a longer one is placed in parts,
    /// so that memory stays bounded whatever a file holds.
    static var longestRun: Int { 65536 }

    /// The stream's mean interval over its first samples, seconds; `nil` while learning, 0 when
    /// it cannot be known (fewer than two samples, all at one time): then nothing moves.
    private var meanInterval: Double?
    /// Samples closer than this to the one before share its stamp: a tenth of the mean interval
    /// (0 while learning, or when nothing moves).
    private var sharedBelow = 0.0
    private var learning: [Sample] = []
    /// The run of samples sharing the latest stamp: its first sample, and the others.
    private var head: Sample?
    private var rest: [Sample] = []
    /// The time of the run's latest sample.
    private var latestTime = 0.0
    /// The stamp of the last run placed.
    private var previousStamp: Double?
    /// Samples placed but not yet taken, when more than one came out at once (``take()``).
    private(set) var placed: [Sample] = []
    /// Samples that shared their stamp with others, and the runs they made.
    private(set) var sharedSamples = 0
    private(set) var sharedRuns = 0
    /// Seconds spanned by the runs spread over the interval before them (for their typical length).
    private var spreadSeconds = 0.0
    private var spreadRuns = 0

    /// Takes the next sample in file order. Returns the one sample it places now, if exactly
    /// one; when several come out at once they are in ``placed`` instead (take them with
    /// ``take()``, before adding another).
    @inline(__always)
    mutating func add(_ sample: Sample) -> Sample? {
        let interval = sample.time - latestTime
        // The usual case: a sample alone at its stamp, placed as the next one comes.
        if interval >= sharedBelow, interval >= 0, rest.isEmpty, meanInterval != nil, let alone = head {
            previousStamp = alone.time
            head = sample
            latestTime = sample.time
            return alone
        }
        addOtherwise(sample, interval: interval)
        return nil
    }

    /// ``add(_:)`` for all but the usual case: while learning, the first sample, a run of
    /// shared stamps, a sample going backwards.
    @inline(never)
    private mutating func addOtherwise(_ sample: Sample, interval: Double) {
        guard meanInterval != nil else {
            hold(sample)
            return
        }
        guard head != nil else {
            head = sample
            latestTime = sample.time
            return
        }
        if interval < 0 {
            // Out of order, or a clock starting again: runs go on from it (``ClockJumpFilter``
            // and ``StreamMonitor`` judge where it belongs).
            closeRun()
            previousStamp = nil
            head = sample
            latestTime = sample.time
            return
        }
        if interval < sharedBelow {
            rest.append(sample)
            if rest.count == Self.longestRun { closeRun() }
        } else {
            closeRun()
            head = sample
        }
        latestTime = sample.time
    }

    /// Places what is still held; the samples are then in ``placed``.
    mutating func finish() {
        if meanInterval == nil { learn() }
        closeRun()
    }

    /// The samples placed since the last call, in order.
    mutating func take() -> [Sample] {
        defer { placed.removeAll(keepingCapacity: true) }
        return placed
    }

    /// What was moved, for the stream's report.
    var sharing: StreamInfo.SharedTimestamps {
        .init(samples: sharedSamples, runs: sharedRuns, runInterval: spreadRuns > 0 ? spreadSeconds / Double(spreadRuns) : nil)
    }

    /// Holds a sample while the mean interval is measured; places the samples held once it is.
    @inline(never)
    private mutating func hold(_ sample: Sample) {
        if let first = learning.first, let last = learning.last, learning.count > 1,
            sample.time - last.time > Self.learningSeconds,
            last.time - first.time >= Self.slowestBurst * Double(learning.count - 1)
        {
            learn()
            if let one = add(sample) { placed.append(one) }
            return
        }
        learning.append(sample)
        if sample.time - learning[0].time >= Self.learningSeconds || learning.count == Self.learningSamples { learn() }
    }

    /// Fixes the mean interval from the samples held, and places them.
    private mutating func learn() {
        let times = learning.map(\.time)
        if let first = times.first, let last = times.max(), times.count > 1 {
            meanInterval = (last - first) / Double(times.count - 1)
        } else {
            meanInterval = 0
        }
        sharedBelow = 0.1 * (meanInterval ?? 0)
        let held = learning
        learning = []
        for sample in held {
            if let one = add(sample) { placed.append(one) }
        }
    }

    /// Places the run held: a sample alone at its stamp, else its samples over the interval
    /// before its stamp (or at the mean rate after a pause). A run's stamp is its first sample's
    /// (the moment of delivery; the others were written microseconds later).
    private mutating func closeRun() {
        guard let first = head else { return }
        head = nil
        guard !rest.isEmpty else {
            placed.append(first)
            previousStamp = first.time
            return
        }
        let stamp = first.time
        let count = rest.count + 1
        let mean = meanInterval ?? 0
        var spacing = mean
        if let previous = previousStamp, stamp - previous <= 2 * Double(count) * mean + 0.5 {
            spacing = (stamp - previous) / Double(count)
            spreadSeconds += stamp - previous
            spreadRuns += 1
        }
        sharedSamples += count
        sharedRuns += 1
        var sample = first
        sample.time = stamp - Double(count - 1) * spacing
        placed.append(sample)
        for (index, next) in rest.enumerated() {
            sample = next
            sample.time = stamp - Double(count - 2 - index) * spacing
            placed.append(sample)
        }
        rest.removeAll(keepingCapacity: true)
        previousStamp = stamp
    }
}
