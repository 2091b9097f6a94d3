/// Keeps a stream whole through a timestamp that jumps: a stray row stamped far from its
/// neighbours, a clock that starts again from an earlier time, or a clock set back while the
/// samples went on.
///
/// Taken at its word, one row stamped a minute (or a year) ahead made every later sample go
/// backwards from it, and the rest of the file was dropped; a logger restarted within a file,
/// or two logs joined into one (`cat`), had its second part dropped the same way. A timestamp
/// more than the stream's gap threshold (``StreamMonitor/jumpThreshold``: ten typical
/// intervals, at least 0.5 s) from the previous sample's, forward or back, is held until the
/// next sample tells which it is:
/// - the next sample follows the jumped one (by no more than that threshold): the clock jumped.
///   Forward, that is a gap in the data, kept as one, unless it is longer than any recording
///   (``StreamInfo/ClockRestart/longestGap``: parts of a file on two clocks, since boot and
///   since 1970, 45 years apart). Back by at most ``StreamInfo/ClockCorrection/largest``
///   (2 s), landing after the stream's first sample by more than that, and not within
///   ``StreamInfo/ClockCorrection/isolation`` (10 s) of another step back, the clock was set
///   back (see below). Back further, or that far forward, the clock restarted: the jumped
///   sample and every later one are moved to follow the previous sample after
///   ``StreamInfo/ClockRestart/gap`` (the time between the two parts is unknown; a gap that
///   long is one no counter bridges, so no step is invented across it and neither part's edge
///   is changed);
/// - the next sample is later still, after a jump forward: the data are sparser than the
///   threshold said (a rate that fell), the jumped sample is kept;
/// - the next sample follows the previous one instead: the jumped sample was a stray row,
///   dropped and counted;
/// - the next sample jumped elsewhere: the held one is dropped as a stray and the next is held.
///
/// A clock set back (a phone's clock corrected over the network, by a fraction of a second to
/// a second or two) goes back while the samples go on at their rate: there is no time between
/// the two sides to guess, so the samples after it are moved to follow the ones before at the
/// typical interval. Until 2026-11-28 a step back of 0.6–2 s was read as a restart, 10 s put
/// between two halves of one walk (a clock set back a second every 20 s made a 145 s walk last
/// 215 s), and a step back shorter than the gap threshold dropped the samples until the clock
/// caught up (0.3 s of a walk lost, a step). A sample more than
/// ``StreamMonitor/stepBackThreshold`` (five typical intervals) back is held too: when the one
/// after it is also behind the previous sample, the clock was set back; else it was one sample
/// out of order, dropped by the monitor as before. A clock set right stays so: when the stamps
/// jump ahead by the same step within ``StreamInfo/ClockCorrection/isolation`` (10 s) of it, the
/// samples between were stamped early (a few rows, their clock back and ahead again), placed in
/// order, and the correction is taken back, so that no time is added (the review's watch log
/// with two rows 0.5 s early every 10 s had gained 2 s and lost 50 of 220 steps). Only streams
/// whose rows sent again are dropped before (``ReorderBuffer``: acceleration) follow a clock
/// set back; in the others (location, pressure) rows sent again would read as one, and the
/// step back is judged as before: out of order, or a restart.
///
/// Samples a little out of order (less than five intervals back) go on to the monitor, which
/// drops them as before. Over a stream's first 8 intervals (before any typical interval), and
/// in streams without gaps (events such as step counts), nothing is held.
struct ClockJumpFilter<Sample: TimedSample> {
    /// Whether a clock set back is followed on (see above); else it is read as before.
    let followsClockCorrections: Bool
    /// Seconds added to every sample's time: the sum of the restarts' and corrections' moves.
    private var offset = 0.0
    /// A sample whose timestamp jumped, until the next one tells where it belongs.
    private var held: Sample?
    /// The last clock correction, while a jump ahead by its move would take it back: its move
    /// and the time (after the move) until which it is watched; `watchedUntil` is −∞ without one.
    private var correctionMove = 0.0
    private var watchedUntil = -Double.infinity
    /// Samples placed since the last correction, taken for early stamps if it is taken back.
    private var samplesSinceCorrection = 0
    /// When the stream last stepped back (the time of the sample before the step), −∞ before.
    private var lastStepBack = -Double.infinity

    init(followsClockCorrections: Bool) {
        self.followsClockCorrections = followsClockCorrections
    }

    /// What comes out for one sample in: nothing (held or dropped), or one or two samples.
    enum Admitted {
        case none
        case one(Sample)
        case two(Sample, Sample)

        /// Calls `body` with each sample passed on, in order.
        @inline(__always)
        func forEach(_ body: (Sample) -> Void) {
            switch self {
            case .none: break
            case .one(let one): body(one)
            case .two(let one, let two):
                body(one)
                body(two)
            }
        }
    }

    /// Takes the next sample of the stream `monitor` watches; returns the samples to pass on,
    /// each already admitted by `monitor`.
    @inline(__always)
    mutating func add(_ sample: Sample, monitor: inout StreamMonitor) -> Admitted {
        var sample = sample
        sample.time += offset
        if sample.time <= watchedUntil, held == nil { takeBackCorrection(ifReturned: &sample, monitor: &monitor) }
        if held == nil, let last = monitor.lastTime, sample.time - last <= monitor.jumpThreshold,
            last - sample.time <= monitor.stepBackThreshold
        {
            return monitor.admit(sample.time) ? .one(sample) : .none
        }
        return addAfterJump(sample, monitor: &monitor)
    }

    /// While a correction is watched: a sample ahead of the one before by the correction's move
    /// (within two typical intervals) is the clock's return, and the samples since the
    /// correction were stamped early: the move is taken back (from `sample` and every later
    /// one) and the correction withdrawn.
    @inline(never)
    private mutating func takeBackCorrection(ifReturned sample: inout Sample, monitor: inout StreamMonitor) {
        guard let last = monitor.lastTime, abs(sample.time - last - monitor.typicalInterval - correctionMove) <= 2 * monitor.typicalInterval
        else {
            samplesSinceCorrection += 1
            return
        }
        offset -= correctionMove
        sample.time -= correctionMove
        monitor.withdrawClockCorrection(earlySamples: samplesSinceCorrection)
        watchedUntil = -.infinity
        // Rows stamped early are no step of the clock: the next may be judged at once.
        lastStepBack = -.infinity
    }

    /// Passes on the sample still held at the end of the stream: after a jump forward it is
    /// the data resuming (kept), unless the jump is longer than any recording: with no sample
    /// after it to start another part, a stray row (dropped); after a jump back, one sample
    /// going backwards (dropped).
    mutating func finish(monitor: inout StreamMonitor) -> Sample? {
        defer { held = nil }
        guard let last = held else { return nil }
        if let previous = monitor.lastTime, last.time - previous > StreamInfo.ClockRestart.longestGap {
            monitor.noteStrayTimestamp()
            return nil
        }
        return monitor.admit(last.time) ? last : nil
    }

    /// ``add(_:monitor:)`` for the first sample, a sample that jumped, and the one after it.
    @inline(never)
    private mutating func addAfterJump(_ sample: Sample, monitor: inout StreamMonitor) -> Admitted {
        guard let previous = monitor.lastTime else {
            return monitor.admit(sample.time) ? .one(sample) : .none
        }
        guard let jumped = held else {
            held = sample
            return .none
        }
        held = nil
        let threshold = monitor.jumpThreshold
        let afterJumped = sample.time - jumped.time
        let back = previous - jumped.time
        let isolated = previous - lastStepBack > StreamInfo.ClockCorrection.isolation
        if back > 0 { lastStepBack = previous }
        if back > 0, back <= threshold {
            // A step back shorter than a jump: the clock set back when the next sample is
            // behind the previous one too, else one sample out of order, dropped.
            if afterJumped >= 0, sample.time <= previous - 2 * monitor.typicalInterval, isolated, isCorrection(jumped, back: back, monitor) {
                return placeAfterCorrection(jumped, sample, previous: previous, monitor: &monitor)
            }
            _ = monitor.admit(jumped.time)
            if abs(sample.time - previous) <= threshold, previous - sample.time <= monitor.stepBackThreshold {
                return monitor.admit(sample.time) ? .one(sample) : .none
            }
            held = sample
            return .none
        }
        if afterJumped >= 0, afterJumped <= threshold {
            if back > 0, isolated, isCorrection(jumped, back: back, monitor) {
                return placeAfterCorrection(jumped, sample, previous: previous, monitor: &monitor)
            }
            var first = jumped
            var second = sample
            if back > 0 || -back > StreamInfo.ClockRestart.longestGap {
                let move = previous + StreamInfo.ClockRestart.gap - jumped.time
                monitor.noteClockRestart(at: previous, back: back)
                offset += move
                first.time += move
                second.time += move
            }
            _ = monitor.admit(first.time)
            _ = monitor.admit(second.time)
            return .two(first, second)
        }
        // Forward again, from a jump forward: the data are sparser than the threshold said (a
        // rate that fell, gaps one after another), not a stray: the jumped sample is kept, and
        // the next judged from it.
        // (The next sample is then a jump from it in turn: held.)
        if jumped.time > previous, sample.time >= jumped.time {
            _ = monitor.admit(jumped.time)
            held = sample
            return .one(jumped)
        }
        monitor.noteStrayTimestamp()
        if abs(sample.time - previous) <= threshold, previous - sample.time <= monitor.stepBackThreshold {
            return monitor.admit(sample.time) ? .one(sample) : .none
        }
        held = sample
        return .none
    }

    /// Whether a step back by `back` to `jumped`, the samples going on from it, can be a clock
    /// set right: in a stream that follows corrections, by at most
    /// ``StreamInfo/ClockCorrection/largest``, landing after the stream's first sample by more
    /// than that (a clock restarting from its own start lands on it).
    private func isCorrection(_ jumped: Sample, back: Double, _ monitor: StreamMonitor) -> Bool {
        guard followsClockCorrections, back <= StreamInfo.ClockCorrection.largest, let start = monitor.firstTime else { return false }
        return jumped.time - start > back
    }

    /// The clock was set back at `jumped`, `next` following it: both, and every later sample,
    /// are moved to follow `previous` at the typical interval (the move is what the clock was
    /// set back by), and the correction is watched for the clock's return.
    private mutating func placeAfterCorrection(
        _ jumped: Sample, _ next: Sample, previous: Double, monitor: inout StreamMonitor
    ) -> Admitted {
        let move = previous + monitor.typicalInterval - jumped.time
        monitor.noteClockCorrection(at: previous, back: move)
        correctionMove = move
        watchedUntil = previous + StreamInfo.ClockCorrection.isolation
        samplesSinceCorrection = 2
        offset += move
        var first = jumped
        var second = next
        first.time += move
        second.time += move
        _ = monitor.admit(first.time)
        _ = monitor.admit(second.time)
        return .two(first, second)
    }
}
