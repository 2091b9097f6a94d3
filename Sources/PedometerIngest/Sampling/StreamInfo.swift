import PedometerCore

/// What one stream of a recording looked like: counts, timing and sampling problems.
public struct StreamInfo: Sendable, Hashable, Codable {
    /// The kind of samples: `acceleration`, `steps`, `location` or `pressure`.
    public var stream: String
    /// Extra description, e.g. `total, m/s^2` or `device`.
    public var detail: String
    /// The file it came from.
    public var file: String
    /// The columns it was read from, as named in the file (`time 'time', x 'accX', …`); empty
    /// when the format fixes them.
    public var columns = ""
    public var sampleCount: Int
    /// Seconds since the recording's start of the first and last sample.
    public var firstTime: Double?
    public var lastTime: Double?
    /// Mean sampling rate over the time actually covered (gaps excluded), Hz.
    public var rate: Double?
    /// Median interval between samples, seconds (from a histogram: within 2%).
    public var medianInterval: Double?
    /// Standard deviation of the intervals divided by their mean (gaps excluded).
    public var jitter: Double?
    /// Samples sharing the previous sample's timestamp (kept).
    public var duplicateTimestamps: Int
    /// Samples whose timestamp went backwards (dropped).
    public var outOfOrder: Int
    /// Samples whose timestamp was far from those of the samples on both sides of it, a stray
    /// row (dropped; see ``ClockJumpFilter``).
    public var strayTimestamps = 0
    /// Rows repeating the row before them exactly, time and values (a row written twice:
    /// dropped, not taken for a sample delivered in a batch).
    public var repeatedRows = 0
    /// Acceleration samples written after later ones (a batch written late) and put back in
    /// place (``ReorderBuffer``).
    public var reorderedSamples = 0
    /// Acceleration rows written again after later rows, time and values (a stretch sent twice:
    /// dropped; ``ReorderBuffer``).
    public var resentRows = 0
    /// Acceleration rows reading 0 on every axis before the sensor's first reading (a logger
    /// of several sensors writing rows before this one delivered: dropped).
    public var zeroRowsBeforeFirstReading = 0
    /// Times the clock went back by more than a gap and carried on from there (a restarted
    /// logger, logs joined into one file): the samples after it were moved to follow the ones
    /// before after ``ClockRestart/gap``. ``clockRestarts`` lists the first five.
    public var clockRestartCount = 0
    public var clockRestarts: [ClockRestart] = []
    /// Times the clock was set back by at most ``ClockCorrection/largest`` while the samples
    /// went on at their rate (a clock corrected over the network): the samples after it were
    /// moved to follow the ones before at the typical interval. ``clockCorrections`` lists the
    /// first five.
    public var clockCorrectionCount = 0
    public var clockCorrections: [ClockCorrection] = []
    /// Samples stamped early, their clock back and ahead again by the same step within
    /// ``ClockCorrection/largest``: placed in order at the typical interval (``ClockJumpFilter``).
    public var earlyStampedSamples = 0
    /// Intervals longer than the gap threshold.
    public var gapCount: Int
    /// Seconds lost in gaps.
    public var gapSeconds: Double
    /// The longest gaps: start time and length, seconds.
    public var longestGaps: [Gap]
    /// Places where the sampling rate changed for good (over 25% between 10 s blocks).
    public var rateChanges: [RateChange]
    /// Samples that shared their timestamp with others and were spread over the time before it
    /// (``SharedStampSpreader``); `nil` when none did.
    public var sharedTimestamps: SharedTimestamps?
    /// For total acceleration, the median magnitude of its first samples, m/s^2 (about 1 g
    /// when the unit was read right).
    public var medianMagnitude: Double?

    public struct Gap: Sendable, Hashable, Codable {
        public var start: Double
        public var length: Double
    }

    /// Runs of samples stamped together (delivered in a batch, or by a coarse clock).
    public struct SharedTimestamps: Sendable, Hashable, Codable {
        /// Samples in the runs.
        public var samples: Int
        /// How many runs.
        public var runs: Int
        /// Mean seconds between the stamps of consecutive runs (a logger's delivery interval),
        /// `nil` when every run followed a pause.
        public var runInterval: Double?
    }

    /// A clock that went back: after the sample at `time` (seconds, where it is placed), by
    /// `back` seconds.
    public struct ClockRestart: Sendable, Hashable, Codable {
        public var time: Double
        /// Seconds the clock went back; negative when it jumped ahead by more than
        /// ``longestGap``.
        public var back: Double

        /// A jump ahead longer than this, seconds, is no gap in one recording but another
        /// clock (a logger restarted, logs joined): 31 days, what the engine reads of a sensor's
        /// samples from time 0.
        public static var longestGap: Double { 31 * 86_400 }

        /// Seconds between the last sample before a restart and the first after it, the time
        /// between being unknown: longer than the longest gap in the data that the step
        /// detector fills with a walk's steps (4 s), so that none is invented across it.
        public static var gap: Double { 10 }
    }

    /// A clock set back while the samples went on: after the sample at `time` (seconds, where
    /// it is placed), by `back` seconds.
    public struct ClockCorrection: Sendable, Hashable, Codable {
        public var time: Double
        public var back: Double

        /// The longest step back read as a correction, seconds: a phone's clock drifts by a few
        /// parts per million, well under a second a day, and is set right over the network at
        /// least daily; a logger restarting from the start of its own clock, or logs joined, go
        /// back further or land before the stream's start.
        public static var largest: Double { 2 }

        /// A clock is set right now and then: a step back within this many seconds of another
        /// (after it, or after a correction before it) is none, but stamps that overlap, as a
        /// logger's batches stamped back from their delivery at the nominal rate do every batch
        /// when the sensor runs fast; the rows stamped early after a correction within it take
        /// the correction back.
        public static var isolation: Double { 10 }
    }

    public struct RateChange: Sendable, Hashable, Codable {
        public var time: Double
        public var fromRate: Double
        public var toRate: Double
    }

    /// Seconds between the first and last sample.
    public var duration: Double {
        guard let firstTime, let lastTime else { return 0 }
        return lastTime - firstTime
    }

    /// One-line descriptions of the sampling problems found, empty when there are none.
    public var problems: [String] {
        var result: [String] = []
        if outOfOrder > 0 { result.append("\(outOfOrder) samples with timestamps going backwards (dropped)") }
        if repeatedRows > 0 { result.append("\(repeatedRows) rows repeating the row before them exactly, time and values (dropped)") }
        if resentRows > 0 {
            result.append("\(resentRows) rows written again after later rows, time and values (a stretch sent twice: dropped)")
        }
        if reorderedSamples > 0 {
            result.append("\(reorderedSamples) samples written after later ones (batches written late): put back in time order")
        }
        if zeroRowsBeforeFirstReading > 0 {
            result.append("\(zeroRowsBeforeFirstReading) rows reading 0 on every axis before the sensor's first reading (dropped: not started)")
        }
        if strayTimestamps > 0 {
            result.append("\(strayTimestamps) samples stamped far from the samples on both sides of them (dropped)")
        }
        if let first = clockRestarts.first {
            let times = clockRestartCount == 1 ? "" : " \(clockRestartCount) times, first"
            let jump = first.back >= 0
                ? "went back\(times) \(String(format3: first.back)) s"
                : "jumped ahead\(times) \(String(format3: -first.back)) s, longer than any recording,"
            result.append(
                "the clock \(jump) after \(String(format3: first.time)) s (a logger restarted, or logs joined): the samples after it are placed \(String(format3: ClockRestart.gap)) s after the ones before, the time between being unknown")
        }
        if let first = clockCorrections.first {
            let times = clockCorrectionCount == 1 ? "" : " \(clockCorrectionCount) times, first"
            result.append(
                "the clock was set back\(times) \(String(format3: first.back)) s after \(String(format3: first.time)) s while the samples went on (a clock corrected): the samples after it follow the ones before at the sampling interval")
        }
        if earlyStampedSamples > 0 {
            result.append(
                "\(earlyStampedSamples) samples stamped early (the clock back and ahead again by the same step): placed in order at the sampling interval")
        }
        if duplicateTimestamps > 0 { result.append("\(duplicateTimestamps) duplicate timestamps") }
        if let shared = sharedTimestamps {
            if shared.runs == 1 {
                result.append("\(shared.samples) samples shared one timestamp: spread evenly over the time before it")
            } else {
                let every = shared.runInterval.map { ", about " + String(format3: $0) + " s apart" } ?? ""
                result.append(
                    "\(shared.samples) samples shared their timestamps in \(shared.runs) runs\(every): stamped on delivery in batches, or by a coarse clock; spread evenly over the time before each")
            }
        }
        // Step counts are events (one row per step or per update): pauses and irregular
        // spacing are what they record, not sampling problems.
        guard stream != "steps" else { return result }
        if gapCount > 0 {
            let longest = longestGaps.first.map { String(format3: $0.length) + " s at " + String(format3: $0.start) + " s" } ?? ""
            result.append("\(gapCount) gaps totalling \(String(format3: gapSeconds)) s (longest \(longest))")
        }
        // (A jitter beyond an Int: a first row stamped -1e308 crashed the conversion.)
        if let jitter, jitter > 0.25 { result.append("irregular sampling (jitter \(String(format3: (jitter * 100).rounded()))%)") }
        if stream == "acceleration", let rate, !UnitInference.plausibleRates.contains(rate) {
            result.append("sampling rate \(String(format3: rate)) Hz is implausible for an accelerometer: check the time unit (--time-unit ns|us|ms|s)")
        }
        if let medianMagnitude, medianMagnitude < 0.3 * standardGravity || medianMagnitude > 3 * standardGravity {
            result.append("median magnitude \(String(format3: medianMagnitude)) m/s^2 is far from gravity's \(String(format3: standardGravity)) m/s^2 (1 g): check the acceleration unit (--accel-unit g|mg|mps2)")
        }
        for change in rateChanges {
            result.append("rate changed at \(String(format3: change.time)) s from \(String(format3: change.fromRate)) to \(String(format3: change.toRate)) Hz")
        }
        return result
    }
}
