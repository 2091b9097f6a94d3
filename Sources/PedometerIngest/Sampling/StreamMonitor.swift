#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches the timestamps of one stream as it is read: counts, rate, jitter, duplicates,
/// samples going backwards, gaps and rate changes, in constant memory.
struct StreamMonitor {
    let stream: String
    var detail: String
    var file: String
    /// The columns the samples are read from, as named for the user.
    var columns: String
    /// Whether long intervals are gaps (not for event streams such as step counts).
    let detectsGaps: Bool

    private(set) var count = 0
    private(set) var firstTime: Double?
    private(set) var lastTime: Double?
    private var duplicates = 0
    private var outOfOrder = 0
    private var strayTimestamps = 0
    private var repeatedRows = 0
    private var zeroRowsBeforeFirstReading = 0
    private var clockRestarts: [StreamInfo.ClockRestart] = []
    private var clockRestartCount = 0
    private var clockCorrections: [StreamInfo.ClockCorrection] = []
    private var clockCorrectionCount = 0
    private var earlyStampedSamples = 0
    private var gapCount = 0
    private var gapSeconds = 0.0
    private var longestGaps: [StreamInfo.Gap] = []
    private var rateChanges: [StreamInfo.RateChange] = []
    // Interval statistics (Welford), gaps excluded.
    private var intervalCount = 0
    private var intervalMean = 0.0
    private var intervalM2 = 0.0
    private var coveredSeconds = 0.0
    /// Histogram of log10(interval) in 1% bins from 1 µs to 10^7 s (16 weeks: a weekly log's
    /// intervals too), without the counts still held in ``recentBins``.
    private var histogram: [Int32] = []
    /// The bins of intervals beyond ``histogram``'s (under 1 µs, over 16 weeks), by the index
    /// they would have: counted as exactly as the others, never clamped into an end bin.
    private var outlyingBins: [Int: Int32] = [:]
    private static let binsPerDecade = 115.0
    private static let lowestDecade = -6.0
    private static var binCount: Int { Int(13 * binsPerDecade) + 1 }
    /// The two bins counted last, each with the shortest and longest intervals seen that fell
    /// in it and its count since it became recent: any interval between those two falls in it
    /// too (log10 is monotonic), and a steady stream's intervals mostly do, so few need a log10
    /// or touch the histogram. Two, because a logger's nominal interval (10 ms: log10 is −2)
    /// can lie on a bin border, with intervals a rounding error either side of it.
    private var recentBins = (BinRange(), BinRange())
    /// The first intervals, until their median, the typical interval, is known.
    private var earlyIntervals: [Double] = []
    private var typicalIntervalKnown = false
    /// A longer interval is a gap: ten typical intervals, at least 0.5 s, once the typical
    /// interval is known and when ``detectsGaps``.
    private var gapThreshold = Double.infinity
    /// A timestamp this far from the one before, forward or back, is a jump that
    /// ``ClockJumpFilter`` judges: the gap threshold, or while the typical interval is measured,
    /// the same from the median of the intervals so far (once there are 8); infinite in streams
    /// without gaps.
    private(set) var jumpThreshold = Double.infinity
    /// The median of the intervals so far, from the 8th interval on (as ``jumpThreshold``); 0
    /// before, and in streams without gaps.
    private(set) var typicalInterval = 0.0
    /// A timestamp further back than this from the one before (five typical intervals, well
    /// beyond a clock's jitter), though within ``jumpThreshold``, is a step back that
    /// ``ClockJumpFilter`` judges: a clock set back, or one sample out of order; infinite while
    /// ``jumpThreshold`` is.
    private(set) var stepBackThreshold = Double.infinity
    // Rate per 10 s block, for rate changes.
    private var blockStart: Double?
    private var blockSamples = 0
    private var previousBlockRate: Double?

    init(stream: String, detail: String = "", file: String = "", columns: String = "", detectsGaps: Bool = true) {
        self.stream = stream
        self.detail = detail
        self.file = file
        self.columns = columns
        self.detectsGaps = detectsGaps
    }

    /// Records a timestamp. Returns `false` when it goes backwards: the sample must be dropped.
    mutating func admit(_ time: Double) -> Bool {
        guard let last = lastTime else {
            firstTime = time
            lastTime = time
            count = 1
            blockStart = time
            blockSamples = 1
            return true
        }
        let interval = time - last
        if interval < 0 {
            outOfOrder += 1
            return false
        }
        count += 1
        lastTime = time
        if interval == 0 {
            duplicates += 1
            return true
        }
        if !typicalIntervalKnown { measureTypicalInterval(interval) }
        if interval > gapThreshold {
            gapCount += 1
            gapSeconds += interval
            insertGap(.init(start: last, length: interval))
            blockStart = time
            blockSamples = 1
            return true
        }
        intervalCount += 1
        let delta = interval - intervalMean
        intervalMean += delta / Double(intervalCount)
        intervalM2 += delta * (interval - intervalMean)
        coveredSeconds += interval
        addToHistogram(interval)
        trackRate(time)
        return true
    }

    /// Adds one of the first intervals; the 51st fixes the typical interval, their median.
    @inline(never)
    private mutating func measureTypicalInterval(_ interval: Double) {
        earlyIntervals.append(interval)
        guard earlyIntervals.count >= 8 else { return }
        let sorted = earlyIntervals.sorted()
        if detectsGaps {
            typicalInterval = sorted[sorted.count / 2]
            jumpThreshold = max(10 * typicalInterval, 0.5)
            stepBackThreshold = typicalInterval > 0 ? 5 * typicalInterval : .infinity
        }
        if earlyIntervals.count == 51 {
            typicalIntervalKnown = true
            earlyIntervals = []
            gapThreshold = jumpThreshold
        }
    }

    /// Records a sample dropped because its timestamp was far from those on both sides of it.
    mutating func noteStrayTimestamp() { strayTimestamps += 1 }

    /// Records a row dropped because it repeated the one before it exactly.
    mutating func noteRepeatedRow() { repeatedRows += 1 }

    /// Records rows dropped because they read 0 on every axis before the sensor's first reading.
    mutating func noteZeroRowsBeforeFirstReading(_ count: Int) { zeroRowsBeforeFirstReading += count }

    /// Records that the clock went back `back` seconds after the sample at `time` and that the
    /// samples from there on were moved to follow it.
    mutating func noteClockRestart(at time: Double, back: Double) {
        clockRestartCount += 1
        if clockRestarts.count < 5 { clockRestarts.append(.init(time: time, back: back)) }
    }

    /// Records that the clock was set back `back` seconds after the sample at `time` while the
    /// samples went on, and that the samples from there on were moved to follow it.
    mutating func noteClockCorrection(at time: Double, back: Double) {
        clockCorrectionCount += 1
        if clockCorrections.count < 5 { clockCorrections.append(.init(time: time, back: back)) }
    }

    /// Takes back the last clock correction noted: the clock returned, and the
    /// `earlySamples` since it were stamped early.
    mutating func withdrawClockCorrection(earlySamples: Int) {
        if clockCorrections.count == clockCorrectionCount { clockCorrections.removeLast() }
        clockCorrectionCount -= 1
        earlyStampedSamples += earlySamples
    }

    private mutating func insertGap(_ gap: StreamInfo.Gap) {
        longestGaps.append(gap)
        longestGaps.sort { $0.length > $1.length }
        if longestGaps.count > 5 { longestGaps.removeLast() }
    }

    /// A histogram bin, the range of intervals seen in it, and its count not yet in the histogram.
    private struct BinRange {
        var index = 0
        var shortest = Double.infinity
        var longest = -Double.infinity
        var pending: Int32 = 0

        func contains(_ interval: Double) -> Bool { interval >= shortest && interval <= longest }
    }

    /// Counts an interval in its bin. Inlined, for the usual case (one of the recent bins).
    @inline(__always)
    private mutating func addToHistogram(_ interval: Double) {
        if recentBins.0.contains(interval) {
            recentBins.0.pending &+= 1
        } else if recentBins.1.contains(interval) {
            recentBins.1.pending &+= 1
            swap(&recentBins.0, &recentBins.1)
        } else {
            addToNewBin(interval)
        }
    }

    /// ``addToHistogram(_:)`` for an interval outside both recent bins' ranges.
    @inline(never)
    private mutating func addToNewBin(_ interval: Double) {
        // An infinite interval (timestamps at the ends of the double range) has no bin.
        guard interval.isFinite else { return }
        let position = (log10(interval) - Self.lowestDecade) * Self.binsPerDecade
        let bin = Int(position.rounded(.down))
        if bin == recentBins.1.index { swap(&recentBins.0, &recentBins.1) }
        if bin == recentBins.0.index {
            recentBins.0.pending &+= 1
            recentBins.0.shortest = min(recentBins.0.shortest, interval)
            recentBins.0.longest = max(recentBins.0.longest, interval)
        } else {
            if histogram.isEmpty { histogram = [Int32](repeating: 0, count: Self.binCount) }
            if histogram.indices.contains(recentBins.1.index) {
                histogram[recentBins.1.index] &+= recentBins.1.pending
            } else if recentBins.1.pending > 0 {
                outlyingBins[recentBins.1.index, default: 0] &+= recentBins.1.pending
            }
            recentBins = (BinRange(index: bin, shortest: interval, longest: interval, pending: 1), recentBins.0)
        }
    }

    /// Counts a sample in the current 10 s block; a rate change is noted when a block ends.
    @inline(__always)
    private mutating func trackRate(_ time: Double) {
        guard let start = blockStart else { return }
        blockSamples += 1
        if time - start >= 10 { endBlock(at: time, start: start) }
    }

    /// Ends the 10 s block that started at `start` with the sample at `time`.
    @inline(never)
    private mutating func endBlock(at time: Double, start: Double) {
        let elapsed = time - start
        let rate = Double(blockSamples - 1) / elapsed
        if let previous = previousBlockRate, abs(rate - previous) > 0.25 * previous, rateChanges.count < 10 {
            rateChanges.append(.init(time: start, fromRate: previous, toRate: rate))
        }
        previousBlockRate = rate
        blockStart = time
        blockSamples = 1
    }

    /// The center of the bin holding the median interval (within 1 % of it); `nil` without
    /// finite intervals to count.
    private var medianInterval: Double? {
        guard intervalCount > 0 else { return nil }
        var counts = histogram.isEmpty ? [Int32](repeating: 0, count: Self.binCount) : histogram
        var outlying = outlyingBins
        for recent in [recentBins.0, recentBins.1] where recent.pending > 0 {
            if counts.indices.contains(recent.index) {
                counts[recent.index] &+= recent.pending
            } else {
                outlying[recent.index, default: 0] &+= recent.pending
            }
        }
        let below = outlying.filter { $0.key < 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let above = outlying.filter { $0.key >= 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        var seen = 0
        for (bin, binCount) in below + counts.enumerated().map({ ($0.offset, $0.element) }) + above {
            seen += Int(binCount)
            if seen * 2 >= intervalCount {
                let center = (Double(bin) + 0.5) / Self.binsPerDecade + Self.lowestDecade
                return min(pow(10, center), .greatestFiniteMagnitude)
            }
        }
        return nil
    }

    var info: StreamInfo {
        let jitter: Double? =
            intervalCount > 1 && intervalMean > 0
            ? (intervalM2 / Double(intervalCount - 1)).squareRoot() / intervalMean : nil
        return StreamInfo(
            stream: stream, detail: detail, file: file, columns: columns, sampleCount: count,
            firstTime: firstTime, lastTime: lastTime,
            rate: coveredSeconds > 0 ? Double(intervalCount) / coveredSeconds : nil,
            medianInterval: medianInterval, jitter: jitter,
            duplicateTimestamps: duplicates, outOfOrder: outOfOrder,
            strayTimestamps: strayTimestamps, repeatedRows: repeatedRows,
            zeroRowsBeforeFirstReading: zeroRowsBeforeFirstReading, clockRestartCount: clockRestartCount,
            clockRestarts: clockRestarts, clockCorrectionCount: clockCorrectionCount, clockCorrections: clockCorrections,
            earlyStampedSamples: earlyStampedSamples,
            gapCount: gapCount, gapSeconds: gapSeconds, longestGaps: longestGaps,
            rateChanges: rateChanges)
    }
}
