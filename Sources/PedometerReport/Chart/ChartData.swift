import PedometerCore

/// What a chart of one recording shows: cadence and pace over time, the activity intervals
/// and the split marks. Values are in the engine's units (seconds, steps per second, seconds
/// per metre); ``SVGChart`` converts them for display in ``units``.
public struct ChartData: Sendable, Hashable {
    /// One tick of the time series.
    public struct Point: Sendable, Hashable {
        /// Seconds since the recording's time 0.
        public var time: Double
        /// Steps per second over the engine's trailing window ending at ``time``; `nil` when
        /// unknown (fewer than two steps in the window).
        public var cadence: Double?
        /// Seconds per metre over the same window; `nil` when unknown.
        public var pace: Double?

        public init(time: Double, cadence: Double?, pace: Double?) {
            self.time = time
            self.cadence = cadence
            self.pace = pace
        }
    }

    /// A stretch of one activity, shaded on the chart.
    public struct Interval: Sendable, Hashable {
        /// Seconds since time 0.
        public var start: Double
        public var end: Double
        public var activity: Activity

        public init(start: Double, end: Double, activity: Activity) {
            self.start = start
            self.end = end
            self.activity = activity
        }
    }

    /// A vertical mark: where a split was completed.
    public struct Mark: Sendable, Hashable {
        /// Seconds since time 0.
        public var time: Double
        /// `1 km`, `2 mi`...
        public var label: String

        public init(time: Double, label: String) {
            self.time = time
            self.label = label
        }
    }

    public var title: String
    /// Seconds: the time axis runs from 0 to this.
    public var duration: Double
    public var points: [Point]
    public var intervals: [Interval]
    public var marks: [Mark]
    public var units: UnitSystem

    public init(
        title: String, duration: Double, points: [Point], intervals: [Interval], marks: [Mark], units: UnitSystem
    ) {
        self.title = title
        self.duration = duration
        self.points = points
        self.intervals = intervals
        self.marks = marks
        self.units = units
    }

    /// The most points ``init(pedometer:title:units:splits:every:)`` samples: a longer
    /// recording is sampled more sparsely than `every` (a chart is about 1000 pixels wide).
    public static let maximumPoints = 3600

    /// The chart of a finished engine: current cadence and pace every `every` seconds from 0 to
    /// the end (what `query(from:to:)` answers for a span ending at each tick), the engine's
    /// intervals, and a mark at the end of each whole split when `splits` is given.
    public init(pedometer: Pedometer, title: String, units: UnitSystem, splits: SplitLength?, every: Double = 1) {
        let duration = pedometer.endDate.isFinite ? max(pedometer.endDate, 0) : 0
        var step = every.isFinite && every > 0 ? every : 1
        if duration / step > Double(Self.maximumPoints) { step = duration / Double(Self.maximumPoints) }
        let window = pedometer.configuration.trailingWindow
        var points: [Point] = []
        let count = Int((duration / step + 1e-9).rounded(.down))
        points.reserveCapacity(count + 2)
        for index in 0...count {
            let time = Double(index) * step
            points.append(Self.point(pedometer, at: time, window: window))
        }
        if let last = points.last, duration - last.time > 1e-6 {
            points.append(Self.point(pedometer, at: duration, window: window))
        }
        let intervals = pedometer.intervals.map { Interval(start: $0.start, end: $0.end, activity: $0.activity) }
            .filter { $0.end > $0.start }
        var marks: [Mark] = []
        if let splits {
            for split in Split.splits(of: pedometer, every: splits)
            where split.distance >= splits.meters - 1e-6 && split.end.isFinite {
                marks.append(Mark(time: split.end, label: splits.label(ofSplit: split.number)))
            }
        }
        self.init(title: title, duration: duration, points: points, intervals: intervals, marks: marks, units: units)
    }

    /// The current values at `time`. The span queried is the trailing window only (the
    /// current values depend on nothing earlier), so sampling a long recording stays linear.
    private static func point(_ pedometer: Pedometer, at time: Double, window: Double) -> Point {
        let data = pedometer.query(from: max(time - window - 1, 0), to: time)
        return Point(time: time, cadence: finite(data.currentCadence), pace: finite(data.currentPace))
    }

    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }
}
