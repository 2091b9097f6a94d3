/// Puts back in place the samples of a batch written late, and drops rows written again.
///
/// A logger that writes its sensor's batches from more than one thread, or a phone that hands
/// over its sensor's queue late, writes a batch after the one that followed it: the rows of
/// 30.0–30.6 s after those of 30.6–31.2 s. Taken in file order, each such batch went back in
/// time by more than a gap and was judged a restarted clock (``ClockJumpFilter``): every swap
/// of two half-second batches moved the rest of the log 10 s later, and a walk written so
/// throughout came out as a stationary 12 minutes. A sync that sends a stretch again (the rows
/// of 20–25 s once more after 25 s) was read as a restart too, and its steps counted twice.
///
/// Samples are held for ``horizon`` seconds of the stream (behind its newest sample) and
/// passed on in time order. A sample that goes back within the horizon is:
/// - dropped, when a held sample has its time and values (a row written again);
/// - put in place, when it falls into a hole of the held samples: more than one and a half
///   typical intervals between the samples either side of it, and at least half an interval
///   from each (a late batch fills the hole its absence left);
/// - otherwise passed on at once, after every held sample, for ``ClockJumpFilter`` and
///   ``StreamMonitor`` to judge as before: a clock that restarts interleaves with the samples
///   already there (no hole), and a sample a little out of order on a jittery clock collides
///   with its neighbours.
///
/// Before the stream's first interval, and for samples further back than the horizon, nothing
/// is put in place. Memory is bounded by the horizon's samples.
struct ReorderBuffer<Sample: TimedSample & Equatable> {
    /// Seconds of the stream held behind its newest sample: longer than the batches a phone
    /// delivers late (a sensor queue of a few seconds) and a sync's resent stretch.
    static var horizon: Double { 30 }

    /// The held samples in time order, from `head` on (those before it were passed on).
    private var held: [Sample] = []
    private var head = 0
    /// Samples to pass on at once, after those held: everything held is due (a sample that
    /// could not be put in place went after them).
    private var flushing = false
    /// The time of the last sample passed on.
    private var lastPassed: Double?
    /// The time of the last sample added.
    private var previousTime: Double?
    /// The first intervals between samples in order, until 51 fix the typical interval.
    private var earlyIntervals: [Double] = []
    private var learningInterval = true
    /// The median of the first intervals; `nil` before the first.
    private var typicalInterval: Double?
    /// Samples put back in place.
    private(set) var reordered = 0
    /// Samples dropped as rows written again (the time and values of a held sample).
    private(set) var resent = 0

    /// Takes the next sample of the stream; then ``next()`` returns those due.
    mutating func add(_ sample: Sample) {
        let previous = previousTime
        previousTime = sample.time
        if head == held.count {
            if lastPassed.map({ sample.time >= $0 }) ?? true {
                append(sample)
                return
            }
        } else if sample.time > held[held.count - 1].time {
            append(sample)
            return
        } else if sample.time == held[held.count - 1].time {
            // The newest row written again, at the end of a stretch sent again (a row
            // repeating the one before it is the emitter's to drop); else a timestamp shared.
            if previous != sample.time, sample == held[held.count - 1] { resent += 1 } else { append(sample) }
            return
        }
        addOutOfOrder(sample)
    }

    /// The next sample due, in time order; `nil` when the rest is still held.
    mutating func next() -> Sample? {
        guard head < held.count else { return nil }
        let first = held[head]
        if !flushing, first.time >= held[held.count - 1].time - Self.horizon { return nil }
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

    /// Makes every held sample due: the end of the stream.
    mutating func finish() {
        flushing = head < held.count
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

    /// ``add(_:)`` for a sample earlier than the newest held (or than the last passed on).
    @inline(never)
    private mutating func addOutOfOrder(_ sample: Sample) {
        let time = sample.time
        guard !flushing, head < held.count, held[held.count - 1].time - time <= Self.horizon,
            let interval = typicalInterval
        else {
            passAfterHeld(sample)
            return
        }
        // The first held sample not earlier than `time` (one is later: the newest).
        var low = head
        var high = held.count
        while low < high {
            let middle = (low + high) / 2
            if held[middle].time < time { low = middle + 1 } else { high = middle }
        }
        var same = low
        while same < held.count, held[same].time == time {
            if held[same] == sample {
                resent += 1
                return
            }
            same += 1
        }
        let after = held[low].time
        let fillsAHole: Bool
        if let before = low > head ? held[low - 1].time : lastPassed {
            fillsAHole = after - before > 1.5 * interval && time - before >= 0.5 * interval && after - time >= 0.5 * interval
        } else {
            fillsAHole = after - time >= 0.5 * interval
        }
        guard fillsAHole else {
            passAfterHeld(sample)
            return
        }
        if head > 0, low == head {
            head -= 1
            held[head] = sample
        } else {
            held.insert(sample, at: low)
        }
        reordered += 1
    }

    /// Makes every held sample due, then `sample`: one that could not be put in place.
    private mutating func passAfterHeld(_ sample: Sample) {
        held.append(sample)
        flushing = true
    }
}
