/// Puts back in place the samples of a batch written late, and drops stretches written again.
///
/// A logger that writes its sensor's batches from more than one thread, or a phone that hands
/// over its sensor's queue late, writes a batch after the one that followed it: the rows of
/// 30.0–30.6 s after those of 30.6–31.2 s. Taken in file order, each such batch went back in
/// time by more than a gap and was judged a restarted clock (``ClockJumpFilter``): every swap
/// of two half-second batches moved the rest of the log 10 s later, and a walk written so
/// throughout came out as a stationary 12 minutes. A sync that sends a stretch again (the rows
/// of 20–25 s once more after 25 s) was read as a restart too, and its steps counted twice.
///
/// Samples are held for ``horizon`` seconds of the stream behind its newest sample (at most
/// ``mostHeld`` of them) and passed on in time order. Samples that go back within the horizon
/// make a run, judged as a whole once the stream is back after the newest sample:
/// - a run in time order inside a hole of the held samples (more than one and a half times
///   their spacing either side of it) is a batch written late: put in place. A hole longer
///   than a jump (ten intervals, at least 0.5 s) must have two held samples after it: after one
///   alone the lone sample is a stray row ahead, for ``ClockJumpFilter`` to drop;
/// - a run of rows each with the time and values of a held sample, not all of one value, is a
///   stretch written again: dropped.
/// A run that goes on past its hole's end, or a row of the stretch that differs from the one
/// held at its time, was neither (a restarted clock whose first rows fell into a gap or read
/// the same still values): it goes on in file order, as does anything else going back (a
/// restart interleaving with the samples there, a sample on a jittery clock colliding with its
/// neighbours), for ``ClockJumpFilter`` and ``StreamMonitor`` to judge as before.
///
/// Before the stream's first interval, and for samples further back than the horizon, nothing
/// is put in place.
struct ReorderBuffer<Sample: TimedSample & Equatable> {
    /// Seconds of the stream held behind its newest sample: longer than the batches a phone
    /// delivers late (a sensor queue of a few seconds) and a sync's resent stretch.
    static var horizon: Double { 30 }
    /// The most samples held (30 s at 2 kHz), whatever their times: a clock that stands still
    /// or a time unit read a thousand times too large keeps memory bounded.
    static var mostHeld: Int { 65_536 }

    /// The held samples in time order, from `head` on (those before it were passed on).
    private var held: [Sample] = []
    private var head = 0
    /// Every held sample is due: a sample (or run) that could not be put in place went after
    /// them.
    private var flushing = false
    /// The time of the last sample passed on.
    private var lastPassed: Double?
    /// The samples going back, in file order, while they are judged.
    private var run: [Sample] = []
    private var runKind = RunKind.filling(before: 0)
    /// Whether the run's values differ from row to row (a stretch of one still value, read
    /// again, may be another log's rows at rest).
    private var runVaries = false
    /// The first intervals between samples in order, until 51 fix the typical interval.
    private var earlyIntervals: [Double] = []
    private var learningInterval = true
    /// The median of the first intervals; `nil` before the first.
    private var typicalInterval: Double?
    /// Samples put back in place.
    private(set) var reordered = 0
    /// Samples dropped as rows written again (the time and values of a held sample).
    private(set) var resent = 0

    /// What a run of samples going back is taken for while it lasts.
    private enum RunKind {
        /// A batch written late, filling the hole that ends at the held sample of time `before`.
        case filling(before: Double)
        /// A stretch written again.
        case resending
    }

    /// Takes the next sample of the stream; then ``next()`` returns those due.
    mutating func add(_ sample: Sample) {
        if !run.isEmpty {
            if extendsRun(sample) {
                if !runVaries {
                    var value = sample
                    value.time = run[0].time
                    runVaries = value != run[0]
                }
                run.append(sample)
                if run.count > Self.mostHeld { rejectRun() }
                return
            }
            guard followsHeld(sample) else {
                rejectRun()
                passAfterHeld(sample)
                return
            }
            acceptRun()
        }
        if followsHeld(sample) {
            append(sample)
        } else {
            startRun(sample)
        }
    }

    /// The next sample due, in time order; `nil` when the rest is still held.
    mutating func next() -> Sample? {
        guard head < held.count else { return nil }
        let first = held[head]
        if !flushing {
            guard run.isEmpty, first.time < held[held.count - 1].time - Self.horizon || held.count - head > Self.mostHeld else { return nil }
        }
        head += 1
        lastPassed = first.time
        if head == held.count {
            held.removeAll(keepingCapacity: true)
            head = 0
            flushing = false
        } else if head >= 4096, head * 2 >= held.count {
            held.removeFirst(head)
            head = 0
        }
        return first
    }

    /// Makes every held sample due: the end of the stream (a run going on to it is taken for
    /// what it was judged).
    mutating func finish() {
        if !run.isEmpty { acceptRun() }
        flushing = head < held.count
    }

    /// Whether `sample` comes at or after every held sample (after the last one passed on when
    /// none is held).
    @inline(__always)
    private func followsHeld(_ sample: Sample) -> Bool {
        if head < held.count { return sample.time >= held[held.count - 1].time }
        return lastPassed.map { sample.time >= $0 } ?? true
    }

    @inline(__always)
    private mutating func append(_ sample: Sample) {
        if learningInterval, head < held.count {
            learnInterval(sample.time - held[held.count - 1].time)
        }
        held.append(sample)
    }

    /// Adds one of the first intervals between samples in order: their median is the typical
    /// interval (fixed at 51).
    @inline(never)
    private mutating func learnInterval(_ interval: Double) {
        guard interval > 0 else { return }
        earlyIntervals.append(interval)
        typicalInterval = earlyIntervals.sorted()[earlyIntervals.count / 2]
        if earlyIntervals.count == 51 {
            learningInterval = false
            earlyIntervals = []
        }
    }

    /// The index of the first held sample not earlier than `time`.
    private func firstHeld(notBefore time: Double) -> Int {
        var low = head
        var high = held.count
        while low < high {
            let middle = (low + high) / 2
            if held[middle].time < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a held sample has the time and values of `sample`.
    private func holds(_ sample: Sample) -> Bool {
        var index = firstHeld(notBefore: sample.time)
        while index < held.count, held[index].time == sample.time {
            if held[index] == sample { return true }
            index += 1
        }
        return false
    }

    /// ``add(_:)`` for a sample earlier than the newest held (or than the last passed on),
    /// with no run going: it starts one, or goes on in file order.
    @inline(never)
    private mutating func startRun(_ sample: Sample) {
        let time = sample.time
        guard !flushing, head < held.count, held[held.count - 1].time - time <= Self.horizon, let typicalInterval else {
            passAfterHeld(sample)
            return
        }
        runVaries = false
        if holds(sample) {
            run = [sample]
            runKind = .resending
            return
        }
        // The hole `time` falls in: between the held samples `before` and `after` (or the last
        // passed on), compared with the samples' spacing on either side of it.
        let low = firstHeld(notBefore: time)
        let after = held[low].time
        let before = low > head ? held[low - 1].time : lastPassed
        var spacing = 0.0
        if low - 2 >= head { spacing = max(spacing, held[low - 1].time - held[low - 2].time) }
        if low + 1 < held.count { spacing = max(spacing, held[low + 1].time - after) }
        if spacing == 0 { spacing = typicalInterval }
        let start = before ?? time
        let fillsAHole = (before.map { time > $0 && after - $0 > 1.5 * spacing } ?? true) && after - time >= 0.5 * spacing
            && (after - start <= max(10 * spacing, 0.5) || held.count - low >= 2)
        guard fillsAHole else {
            passAfterHeld(sample)
            return
        }
        run = [sample]
        runKind = .filling(before: after)
    }

    /// Whether `sample` goes on with the run: later than its last sample, and still in its hole
    /// or still a held sample's row again.
    private func extendsRun(_ sample: Sample) -> Bool {
        guard sample.time > run[run.count - 1].time else { return false }
        switch runKind {
        case .filling(let before): return sample.time < before
        case .resending: return holds(sample)
        }
    }

    /// The run was what it was judged: a late batch put in place, or rows written again dropped
    /// (when their values vary: rows of one value all along may be another log's still rows).
    private mutating func acceptRun() {
        switch runKind {
        case .filling:
            // A batch has as many samples, give or take, as its place lies behind the newest
            // (a hundred times as many at most): a sample or two far back each time, as two
            // logs interleaved write them, is none, and would cost a move of every held sample.
            let index = firstHeld(notBefore: run[0].time)
            guard held.count - index <= 1024 + 64 * run.count else {
                rejectRun()
                return
            }
            held.insert(contentsOf: run, at: index)
            reordered += run.count
        case .resending:
            guard runVaries || run.count == 1 else {
                rejectRun()
                return
            }
            resent += run.count
        }
        run.removeAll(keepingCapacity: true)
    }

    /// The run was no late batch nor rows written again: it goes on after every held sample, in
    /// file order.
    private mutating func rejectRun() {
        held.append(contentsOf: run)
        run.removeAll(keepingCapacity: true)
        flushing = true
    }

    /// Makes every held sample due, then `sample`: one that could not be put in place.
    private mutating func passAfterHeld(_ sample: Sample) {
        held.append(sample)
        flushing = true
    }
}
