import PedometerCore

/// One split of a run: a kilometre, a mile or another ``SplitLength`` (the last may be partial).
public struct Split: Sendable, Hashable, Codable {
    /// 1-based.
    public var number: Int
    /// Seconds since time 0, when the split's distance began.
    public var start: Double
    /// Seconds since time 0, when the split's distance was complete.
    public var end: Double
    /// Metres: the split length's, except for the last, partial split.
    public var distance: Double
    /// Metres from the start of the run to the end of the split.
    public var cumulativeDistance: Double

    public init(number: Int, start: Double, end: Double, distance: Double, cumulativeDistance: Double) {
        self.number = number
        self.start = start
        self.end = end
        self.distance = distance
        self.cumulativeDistance = cumulativeDistance
    }

    /// Seconds.
    public var duration: Double { end - start }
    /// Seconds per metre; `nil` for a split without distance or without time (0 s/m would be
    /// an infinitely fast pace).
    public var pace: Double? { distance > 0 && duration > 0 ? duration / distance : nil }

    /// The longest time, seconds, a step's length is spread over: a longer gap before a step
    /// is a pause, and the distance does not grow during it.
    public static let maximumStrideTime = 2.0

    /// The splits of a finished run: times at which cumulative distance crosses each multiple of
    /// `length` (interpolated between steps).
    ///
    /// The cumulative distance grows at each step by that step's share of the engine's
    /// distance (`query(from: 0, to:)` just after the step), spread linearly over the time
    /// before the step (the gap from the previous step, at most ``maximumStrideTime``; for the
    /// first step the gap to the second). The first split starts when that growth begins
    /// (before time 0, when the recording began inside the first step's interval);
    /// after the last whole length, a partial split ends at the last step. Empty without
    /// steps or distance, when the distance takes no time (a single step: nothing says over
    /// what time it was covered, as the run/walk intervals of such a recording are none), and
    /// when the steps' times are not known (a log of 15-minute or daily totals:
    /// ``Pedometer/knowsStepTimes``).
    public static func splits(of pedometer: Pedometer, every length: SplitLength) -> [Split] {
        guard pedometer.knowsStepTimes else { return [] }
        let curve = DistanceCurve(pedometer)
        guard let origin = curve.points.first?.time, let last = curve.points.last, last.distance > 0, last.time > origin
        else {
            return []
        }
        let total = last.distance
        var splits: [Split] = []
        var start = origin
        var covered = 0.0
        var number = 1
        while true {
            let target = Double(number) * length.meters
            // A target within a micrometre of the total is the total (no empty partial split).
            if target <= total + 1e-6 {
                let time = curve.time(reaching: min(target, total))
                splits.append(Split(number: number, start: start, end: time, distance: length.meters, cumulativeDistance: target))
                start = time
                covered = target
                number += 1
                if target >= total - 1e-6 { break }
            } else {
                let end = curve.points.last!.time
                splits.append(
                    Split(number: number, start: start, end: end, distance: total - covered, cumulativeDistance: total))
                break
            }
        }
        return splits
    }
}

/// Cumulative distance against time: a piecewise-linear curve through (time, metres) points,
/// non-decreasing in both.
private struct DistanceCurve {
    var points: [(time: Double, distance: Double)] = []

    init(_ pedometer: Pedometer) {
        let steps = pedometer.steps
        guard !steps.isEmpty else { return }
        var previous = 0.0
        for (index, time) in steps.enumerated() {
            // Distance of steps 0...index: the span up to the next step (or the end).
            let upper = index + 1 < steps.count ? steps[index + 1] : pedometer.endDate
            let reached = pedometer.query(from: 0, to: upper).distance ?? 0
            let value = max(reached, previous)
            let gapBefore: Double
            if index > 0 {
                gapBefore = min(time - steps[index - 1], Split.maximumStrideTime)
            } else {
                // The gap to the second step, as a walk's; a first step alone before a pause
                // (the second more than the longest stride away) one step at the reference
                // cadence, as its active time takes it.
                gapBefore = steps.count < 2 ? 0
                    : steps[1] - time <= Split.maximumStrideTime ? steps[1] - time : 1 / StrideModel.referenceCadence
            }
            // The first step's length grows over the gap before it even where that began before
            // the recording (a walk cut by its start): its time is that of its distance, as for
            // the average active pace.
            let begin = max(time - gapBefore, points.last?.time ?? -.infinity)
            if points.isEmpty {
                points.append((begin, 0))
            } else if begin > points[points.count - 1].time {
                points.append((begin, previous))
            }
            points.append((time, value))
            previous = value
        }
    }

    /// The first time the curve reaches `distance` (which is at most the last point's).
    func time(reaching distance: Double) -> Double {
        // First point at or beyond the distance.
        var low = 0
        var high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if points[middle].distance < distance { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return points[0].time }
        let a = points[low - 1]
        let b = points[low]
        guard b.distance > a.distance else { return b.time }
        return a.time + (b.time - a.time) * (distance - a.distance) / (b.distance - a.distance)
    }
}
