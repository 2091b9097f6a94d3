/// How a ``Pedometer`` turns samples into steps, distance and activity.
public struct PedometerConfiguration: Sendable, Hashable {
    /// Body height in metres, for the stride model.
    public var height: Double
    /// The user's own walking step length in metres (`--stride`), when known: it rescales the
    /// stride model and takes precedence over GPS calibration.
    public var walkingStride: Double?
    /// Settings of the step detector.
    public var detector: StepDetector.Configuration
    /// Length in seconds of the trailing window over which `currentCadence` and `currentPace`
    /// are measured (CMPedometer does not document its own; 10 s is long enough to average
    /// several strides and short enough to follow a run/walk change).
    public var trailingWindow: Double
    /// Length in seconds of the sliding window over which ``Pedometer/maxCadence`` is measured.
    public var maxCadenceWindow: Double
    /// Per-second activity classification.
    public var activity: ActivityClassifier
    /// Run/walk interval segmentation.
    public var intervals: IntervalSegmenter
    /// Fitting the stride scale to GPS distance; `nil` turns GPS calibration off.
    public var gpsCalibration: GPSCalibration?
    /// Floor counting from barometric altitude.
    public var floors: FloorCounter
    /// Samples of acceleration, pressure and location more than this many seconds after (or
    /// before) time 0 are ignored: a timestamp in the wrong unit must not make the per-second
    /// bins grow without bound, and no sensor log in one file runs this long. 31 days by default.
    public var maximumDuration: Double
    /// Step counts more than this many seconds after (or before) time 0 are ignored. A health
    /// app's log holds a count a day (or an hour) for as long as it was kept, and each step
    /// becomes a step time: a year of 8,500 steps a day takes about 1.3 s and 200 MB; longer,
    /// the step list would grow without bound. 366 days by default.
    public var maximumStepLogDuration: Double

    public init(
        height: Double = StrideModel.defaultHeight, walkingStride: Double? = nil,
        detector: StepDetector.Configuration = StepDetector.Configuration(), trailingWindow: Double = 10,
        maxCadenceWindow: Double = 10, activity: ActivityClassifier = ActivityClassifier(),
        intervals: IntervalSegmenter = IntervalSegmenter(), gpsCalibration: GPSCalibration? = GPSCalibration(),
        floors: FloorCounter = FloorCounter(), maximumDuration: Double = 31 * 86_400,
        maximumStepLogDuration: Double = 366 * 86_400
    ) {
        self.height = height
        self.walkingStride = walkingStride
        self.detector = detector
        self.trailingWindow = trailingWindow
        self.maxCadenceWindow = maxCadenceWindow
        self.activity = activity
        self.intervals = intervals
        self.gpsCalibration = gpsCalibration
        self.floors = floors
        self.maximumDuration = maximumDuration
        self.maximumStepLogDuration = maximumStepLogDuration
    }

    /// The stride model before any GPS calibration: height-based, rescaled to
    /// ``walkingStride`` when given.
    public var strideModel: StrideModel {
        if let walkingStride { return StrideModel(height: height, walkingStride: walkingStride) }
        return StrideModel(height: height)
    }
}
