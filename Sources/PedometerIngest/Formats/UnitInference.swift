import Foundation
import PedometerCore

/// Infers units that a file does not state, from its first rows, and says how.
enum UnitInference {
    /// The time unit under which the median spacing of `times` is one of ``samplingIntervals``;
    /// units are a factor 1000 apart, so at most one fits (of the two counts of days, the one
    /// whose years 1950–2100 hold the first value).
    /// When most samples share their stamp with the one before, the mean spacing instead.
    /// But when the first value is a Unix time (2000–2100) in exactly one unit, under which the
    /// spacing gives a logger's rate (``unixTimeRates``), that unit: epoch microseconds at
    /// 4 kHz are no milliseconds at 4 Hz, epoch milliseconds at 2 Hz no microseconds at 2 kHz.
    /// Sparse streams (`eventStream`: step events, cumulative counts) are first checked for Unix
    /// times (2000–2100) in some unit, then use a window of 0.15 s to 60 s.
    static func timeUnit(_ times: [Double], eventStream: Bool = false) -> (TimeUnit, String)? {
        let unixUnit = times.first.flatMap(unixTimeUnit)
        if eventStream, let unit = unixUnit {
            return (unit, "time in \(unit.rawValue) (inferred: values are Unix times in \(unit.rawValue))")
        }
        guard let (spacing, how) = spacing(times, eventStream: eventStream) else { return nil }
        // A step log's rows: up to a minute apart, or a day in a spreadsheet's serial times
        // (hours under `time,steps` as 45627.04167, 45627.08333 …: seconds would be 0.04 s).
        func window(_ unit: TimeUnit) -> ClosedRange<Double> { eventStream ? 0.15...(unit.countsDays ? 86_400 : 60) : samplingIntervals }
        let candidates = TimeUnit.allCases.filter { window($0).contains(spacing * $0.seconds) && $0.plausibleValues.contains(times.first ?? 0) }
        if let unit = unixUnit, unit != candidates.first, unixTimeRates.contains(1 / (spacing * unit.seconds)) {
            let rate = String(format3: 1 / (spacing * unit.seconds))
            return (unit, "time in \(unit.rawValue) (inferred: values are Unix times in \(unit.rawValue), \(how) \(spacingText(spacing)) → \(rate) Hz)")
        }
        guard let unit = candidates.first else { return nil }
        let rate = 1 / (spacing * unit.seconds)
        // A count of days' spacing is written in seconds (0.01 s, not 0.000000116 days).
        let written = unit.countsDays ? spacingText(spacing * unit.seconds) + " s" : spacingText(spacing)
        let description = eventStream
            ? "\(how) \(written) → \(String(format3: spacing * unit.seconds)) s"
            : "\(how) \(written) → \(String(format3: rate)) Hz"
        let days = unit.countsDays ? "; a count of days states no zone: no absolute start" : ""
        // Unix times in another unit, at no logger's rate there: said, in case they are (not
        // where that rate is no accelerometer's either: 0.4 Hz for ns since a boot 11 days ago).
        let unix = unixUnit.flatMap { other -> String? in
            let otherRate = 1 / (spacing * other.seconds)
            guard other != unit, plausibleRates.contains(otherRate) else { return nil }
            return "; read as Unix times in \(other.rawValue) they would be \(String(format3: otherRate)) Hz: --time-unit \(other.rawValue) if they are"
        } ?? ""
        return (unit, "time in \(unit.rawValue) (inferred: \(description)\(days))\(unix)")
    }

    /// Unix times of 2000 to 2100, seconds since 1970: the dates a recording's clock can have.
    static let unixTimes = 946_684_800.0...4_102_444_800.0

    /// The unit (not a count of days) in which `value` is one of ``unixTimes``, if any (they are
    /// a factor 1000 apart: one at most).
    static func unixTimeUnit(_ value: Double) -> TimeUnit? {
        TimeUnit.allCases.first { !$0.countsDays && unixTimes.contains(value * $0.seconds) }
    }

    /// Rates at which a unit under which the times are Unix times is taken over the spacing's,
    /// Hz: from loggers too slow for steps (refused as such, ``lowestStepRate``) to lab systems.
    /// Not under 1.5 Hz: milliseconds since a boot 11–47 days ago read as Unix seconds give a
    /// thousandth of their rate, a 1 kHz log 1 Hz.
    static let unixTimeRates = 1.5...20_000.0

    /// The lowest rate steps can be found at, Hz: a walk's steps come about 2 a second (up to
    /// 2.7 running), and under 4 Hz (samples more than 0.25 s apart, the slowest sampling
    /// interval inferred) they fall between the samples.
    static let lowestStepRate = 1 / samplingIntervals.upperBound

    /// The typical spacing of `times` (in their own unit) and how it was taken: the median
    /// positive step, or, when most samples share their stamp with the one before (on delivery
    /// in batches, by a coarse clock; see ``SharedStampSpreader``), the mean step. `nil` when
    /// time never moves.
    static func spacing(_ times: [Double], eventStream: Bool = false) -> (Double, String)? {
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let intervals = steps.filter { $0 > 0 }
        guard !intervals.isEmpty else { return nil }
        // Stamped together: most steps are nothing or next to it, the time passes in the others,
        // and the mean step is the interval (without the longest when it is ten times the next:
        // a gap, not a delivery).
        if !eventStream, steps.count > 2 {
            let gap = steps[steps.count - 1] > 10 * steps[steps.count - 2]
            let kept = gap ? steps.dropLast() : steps[...]
            let mean = kept.reduce(0, +) / Double(kept.count)
            if steps[steps.count / 2] < 0.1 * mean { return (mean, "mean spacing of samples stamped together") }
        }
        return (intervals[intervals.count / 2], "median spacing")
    }

    /// Sampling intervals a logger's rows can have, seconds: 0.4 ms to 250 ms (2500 Hz, a lab
    /// system's rate, down to 4 Hz). Less than a factor 1000 apart, so one time unit at most
    /// makes a spacing one of them.
    static let samplingIntervals = 0.0004...0.25

    /// Why ``timeUnit(_:eventStream:)`` found no unit for the first rows' `times`, and what to do
    /// (`rateHint`: the file's rows can be timed by their rate instead).
    static func timeUnitFailure(_ times: [Double], rateHint: Bool) -> String {
        let reason: String
        if let (spacing, how) = spacing(times) {
            let shortest = String(format3: samplingIntervals.lowerBound * 1000)
            let longest = String(format3: samplingIntervals.upperBound * 1000)
            reason = "the first rows' \(how) \(spacingText(spacing)) is no sampling interval (\(shortest)–\(longest) ms) in ns, us, ms or s"
            // Days (Axivity's `cwa-convert -t:days`, a spreadsheet's serial time from 0): said,
            // not inferred, as a day's fraction is no unit a logger is known to stamp in.
            if samplingIntervals.contains(spacing * 86_400) {
                return "cannot infer the time unit: \(reason), but is one in days (\(spacingText(spacing * 86_400)) s): "
                    + "give --time-unit excel-days if the times are days"
            }
        } else if zip(times.dropFirst(), times).contains(where: { $0 < $1 }) {
            return "cannot infer the time unit: the first rows' times go backwards: the rows are newest first? sort them oldest first"
        } else {
            reason = "the first rows' times do not move forward"
        }
        return "cannot infer the time unit: \(reason); give --time-unit ns|us|ms|s" + (rateHint ? ", or time the rows by their rate: --rate HZ" : "")
    }

    /// A spacing for a message: three decimals, or three significant digits when smaller (0.0005).
    private static func spacingText(_ spacing: Double) -> String {
        spacing >= 0.01 || spacing == 0 ? String(format3: spacing) : String(format: "%.3g", spacing)
    }

    /// Sampling rates an accelerometer can have, Hz: outside them a stated time unit is wrong.
    static let plausibleRates = 1.0...2500.0

    /// The unit of gravity in the first rows' magnitudes, when they show it plainly: steady
    /// (their median absolute deviation under a quarter of their median, as gravity is with a
    /// walk's movement on it: at most 0.23 over the Oxford traces' first rows, while acceleration
    /// without gravity, a rectified signal, varies by 0.27 of its median or more) at about 1 (g)
    /// or about 9.8 (m/s^2). `nil` when they do not: a header's stated unit then stands.
    static func gravityUnit(_ magnitudes: [Double]) -> AccelerationUnit? {
        let sorted = magnitudes.sorted()
        guard !sorted.isEmpty else { return nil }
        let median = sorted[sorted.count / 2]
        let deviations = sorted.map { abs($0 - median) }.sorted()
        guard deviations[deviations.count / 2] < 0.25 * median else { return nil }
        if (0.85...1.15).contains(median) { return .g }
        if (0.85 * standardGravity...1.15 * standardGravity).contains(median) { return .metersPerSecondSquared }
        return nil
    }

    /// What the first rows' magnitudes say of an acceleration stream's unit and gravity.
    struct Acceleration {
        /// Multiplies the values into m/s^2.
        var scale: Double
        /// The unit as reported: `g`, `m/s^2` or `raw counts`.
        var unitName: String
        var kind: AccelerationKind
        /// How it was inferred, for the user.
        var note: String
    }

    /// Why rows are a gravity sensor's output rather than an accelerometer's, or `nil`.
    ///
    /// A magnitude that holds to 3e-5 (a median deviation under 0.0003 m/s^2 at 1 g) but
    /// not to the last digit (beyond a double's rounding), while the direction turns (the
    /// rows average to a vector a thousandth shorter or more, a turn of 2.6°), is no
    /// accelerometer's: its noise moves it more (a phone's 0.01, a lab unit's 0.003), and
    /// rounding makes still rows repeat one magnitude exactly (a deviation of 0) or move by
    /// a whole step (16-bit: 0.0006 or more). Rounded rows repeat: most of a still sensor's
    /// magnitudes are a few values (a step in x beside a z that holds moves the magnitude by
    /// 5e-6 only), where gravity's all differ. A gravity sensor's output, the phone's
    /// orientation, is so (Sensor Logger's Gravity.csv of the hand-counted walks: 4e-7 to
    /// 9e-6, every magnitude distinct, mean vectors 0.74-0.999 of the median). Asked also of
    /// rows whose header states their unit (MetaWear's sensor-fusion gravity, `x-axis (g)`,
    /// read without a word until 2026-11-27).
    static func gravitySensorRemark(_ magnitudes: [Double], meanVector: Double?) -> String? {
        let sorted = magnitudes.sorted()
        guard let meanVector, !sorted.isEmpty else { return nil }
        let median = sorted[sorted.count / 2]
        let deviation = sorted.map { abs($0 - median) }.sorted()[sorted.count / 2]
        // To a float's digits while turning at all, or to an export's rounding while turning
        // plainly (a mean vector 0.99 of the median or shorter, 8° about it): MetaWear's
        // gravity in g to three decimals moves by 2.4e-4, a phone's accelerometer turned so
        // by its noise alone (0.02 m/s^2) by 9.6e-4, and a body's turning, with the movement
        // that turns it, by hundreds of times more.
        let holds = deviation < 3e-5 * median ? meanVector < 0.999 * median : deviation < 5e-4 * median && meanVector < 0.99 * median
        guard deviation > 1e-10 * median, holds, Set(magnitudes).count * 2 >= magnitudes.count else { return nil }
        return "its magnitude holds (median deviation \(String(format: "%.1e", deviation))) while its direction turns (mean "
            + "vector \(String(format3: meanVector))), as a gravity sensor's output does: the phone's orientation, "
            + "which has no steps; if this is one, read the accelerometer's (total acceleration) instead"
    }

    /// g or m/s^2 and with or without gravity, from the median magnitude of the first rows:
    /// about 1 is g with gravity, about 10 m/s^2 with gravity, under 0.5 m/s^2 without gravity.
    /// A median of 20 or more is no gravity in g or m/s^2 but one in another unit (mg, ft/s^2,
    /// a sensor's raw counts): scaled so that it reads 1 g, as gravity does.
    ///
    /// Between 0.5 and 20, rows that are neither steady nor offset are without gravity, in
    /// m/s^2, whatever their median (a brisk walk's user acceleration has a median of 1–2.5
    /// m/s^2, which reads as g): `meanVector`, the length of the rows' mean vector, under a
    /// third of their median magnitude (acceleration without gravity averages out, while a
    /// body's, walking or running, averages to gravity's 1 g, less as the sensor turns), and
    /// their magnitude's median absolute deviation a quarter of the median or more (a rectified
    /// signal, not gravity with a walk on it). Only where the file does not say (`meanVector`
    /// `nil` where its names do). Rows that are not steady with a median of 2.5 to 4.9 and a
    /// mean vector under 4.9 are also without gravity (``leastMedianWithGravity``: gravity in
    /// neither unit; a linear-acceleration sensor's bias, or the phone handled at the start,
    /// keeps their mean vector above a third of the median, not at half a g). Measured over the first 512 rows: the 48 Oxford walks
    /// (gravity, in four carry positions and a purse) have mean vectors of 0.54–1.0 of their
    /// medians and deviations of at most 0.235, a run with the phone swinging ±100° 0.44 and
    /// 0.73; the user acceleration of the seven hand-counted walks and the wheel walk's,
    /// 0.04–0.61 and 0.19–0.63 (three of them both, the others read as before).
    static func acceleration(_ magnitudes: [Double], meanVector: Double? = nil) -> Acceleration {
        let sorted = magnitudes.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let text = String(format3: median)
        let deviations = sorted.map { abs($0 - median) }.sorted()
        let deviation = deviations.isEmpty ? 0 : deviations[deviations.count / 2]
        let isSteady = deviation < 0.25 * median
        // Not offset, or of a median that no body's acceleration with gravity has in g or in
        // m/s^2 (2.5 g or more, under half a g) and a mean vector under half a g too (a sprint
        // swinging the phone, in flight most of its strides, has a median of 3.6 m/s^2 but
        // a mean vector of 6.4: gravity, the review found).
        if let meanVector, (0.5..<20).contains(median),
            meanVector < median / 3 || (2.5..<leastMedianWithGravity).contains(median) && meanVector < leastMedianWithGravity,
            !isSteady
        {
            return Acceleration(
                scale: 1, unitName: "m/s^2", kind: .user,
                note: "acceleration in m/s^2 without gravity (inferred: median magnitude \(text) but no steady 1 g: "
                    + "mean vector \(String(format3: meanVector)), median deviation \(String(format3: deviation)))")
        }
        let orientation = gravitySensorRemark(magnitudes, meanVector: meanVector).map { "; " + $0 } ?? ""
        switch median {
        case 0.5..<2.5:
            // Not steady and offset: gravity in g with a vigorous movement on it, or
            // acceleration without gravity whose mean a sensor's bias or handling keeps up.
            let unsteady = !isSteady && meanVector != nil
            return Acceleration(
                scale: standardGravity, unitName: "g", kind: .total,
                note: "acceleration in g, gravity included (inferred: median magnitude \(text))"
                    + (unsteady ? "; far from steady: if it is acceleration without gravity in m/s^2, give --accel-unit mps2" : "")
                    + orientation)
        case 2.5..<20:
            return Acceleration(
                scale: 1, unitName: "m/s^2", kind: .total,
                note: "acceleration in m/s^2, gravity included (inferred: median magnitude \(text))" + orientation)
        case 850..<1150:
            // Gravity with a walk on it in milli-g (Garmin's logs write integers so): read in
            // that unit, not rescaled by a walk's median, 1.03–1.1 g (distances 4 % short).
            return Acceleration(
                scale: standardGravity / 1000, unitName: "mg", kind: .total,
                note: "acceleration in mg, gravity included (inferred: median magnitude \(text))")
        case 20...:
            // No steady offset and rows that average out, as in m/s^2 above: acceleration
            // without gravity, in milli-g where a walk's would be (a median of 20–2500 mg: a
            // stranger's 122 was scaled as gravity, 8 times too strong).
            if let meanVector, !isSteady, meanVector < median / 3, median < 2500 {
                return Acceleration(
                    scale: standardGravity / 1000, unitName: "mg", kind: .user,
                    note: "acceleration in mg without gravity (inferred: median magnitude \(text) but no steady gravity: mean vector "
                        + "\(String(format3: meanVector)), median deviation \(String(format3: deviation))); --accel-unit if it is another unit")
            }
            return Acceleration(
                scale: standardGravity / median, unitName: "raw counts", kind: .total,
                note: "acceleration in an unknown unit, gravity included (inferred: median magnitude \(text)): "
                    + "scaled so that gravity reads 1 g (--accel-unit g|mg|mps2 if it is one of those)")
        default:
            // A sprint in g with gravity, in flight (0 g) for much of each step: its median is
            // under half a g, but over every stride the ground pushes the body up by its
            // weight, so the magnitudes average to about 1 g in each quarter of the rows as in
            // all of them (1.00–1.20 for sprints at 192–204 steps/min swinging the phone ±23°
            // to ±69°, quarters of 1.28 s) and the rows to a vector of half a g or more
            // (0.63–0.98). Acceleration without gravity averages out, or, pushed one way (a
            // phone picked up, a bus pulling away), has quarters at rest (0.03) beside ones
            // far above 1 (1.4–2.2): the review of the rule's first form, which took the mean
            // of all the rows, read two such walks as g, twice their steps.
            let weighed = (0.85...1.6)
            func mean(_ rows: ArraySlice<Double>) -> Double { rows.isEmpty ? 0 : rows.reduce(0, +) / Double(rows.count) }
            let meanMagnitude = mean(magnitudes[...])
            let quarters = (0..<4).map { mean(magnitudes[magnitudes.count * $0 / 4..<magnitudes.count * ($0 + 1) / 4]) }
            if weighed.contains(meanMagnitude), (meanVector ?? meanMagnitude) >= 0.5, quarters.allSatisfy(weighed.contains) {
                return Acceleration(
                    scale: standardGravity, unitName: "g", kind: .total,
                    note: "acceleration in g, gravity included (inferred: median magnitude \(text) but a mean of "
                        + "\(String(format3: meanMagnitude)) in every quarter of the first rows, gravity's 1 g under a run "
                        + "in flight much of each step)")
            }
            // Smaller than any walk's: a still sensor, or a walk in g (a watch's user
            // acceleration, 0.03 g) read as m/s^2, which has no steps: said, not left silent.
            // Under half a m/s^2, a gentle walk's or a brisk walk's in g (0.1–0.3 g): the unit
            // is named as a question (a stranger's walk in g, 0.19 over its first rows, counted
            // no step, and nothing said why).
            let small = median < smallestWalkMagnitude
                ? "; too small for a walk (a walk's is about 1 m/s^2): the sensor was still over the first rows, or the unit is g "
                    + "(then --accel-unit g)"
                : median < 0.5 ? "; small for a walk in m/s^2 (a brisk walk's is 1–2.5): if the unit is g, give --accel-unit g" : ""
            return Acceleration(
                scale: 1, unitName: "m/s^2", kind: .user,
                note: "acceleration in m/s^2 without gravity (inferred: median magnitude \(text), no 1 g offset)\(small)")
        }
    }

    /// The median magnitude, m/s^2, under which acceleration is without gravity, half a g: a
    /// body's acceleration with gravity, walking or running, averages to gravity's 1 g, and
    /// its magnitude spends at least half the time near or above it (a run's flight phase, at
    /// 0 g, is a third of its strides); acceleration without gravity, a brisk walk's 1–2.5
    /// m/s^2 and a run's up to about 4, is under it (the wheel walk's linear acceleration,
    /// 4.35 over its first rows, was read as total acceleration in m/s^2: 573 steps of 454).
    static let leastMedianWithGravity = standardGravity / 2

    /// The median magnitude, m/s^2, under which acceleration without gravity is no walk's
    /// (the browser walk's in `Fixtures/formats/devicemotion` is 1.06 over its first rows).
    static let smallestWalkMagnitude = 0.1
}
