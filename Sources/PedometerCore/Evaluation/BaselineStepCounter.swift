/// A plain step counter, kept beside ``StepDetector`` as the comparison a regression must beat:
/// the textbook method, with no notion of walking, rhythm or handling.
///
/// 1. The magnitude of acceleration (what any logger has; gravity, when included, is a constant
///    offset the band-pass removes), resampled to ``sampleRate`` Hz by linear interpolation;
///    a gap longer than ``maximumGap`` seconds starts afresh.
/// 2. A band-pass of ``lowFrequency``–``highFrequency`` Hz (second-order Butterworth high- and
///    low-pass): the band of walking and running cadences.
/// 3. Every local maximum higher than ``minimumPeak`` m/s^2 is a step, unless it comes within
///    ``refractoryPeriod`` seconds of the previous step (the higher of the two is kept).
///
/// Its parameters are fixed, not tuned on any data set.
public struct BaselineStepCounter: Sendable {
    public static let sampleRate = 50.0
    public static let lowFrequency = 0.6
    public static let highFrequency = 3.5
    /// Least peak height, m/s^2.
    public static let minimumPeak = 0.5
    /// Least time between steps, seconds (4 steps/s: a sprint).
    public static let refractoryPeriod = 0.25
    /// Longest gap between samples bridged by interpolation, seconds.
    public static let maximumGap = 0.5

    private var highPass = Biquad.highPass(frequency: lowFrequency, sampleRate: sampleRate)
    private var lowPass = Biquad.lowPass(frequency: highFrequency, sampleRate: sampleRate)
    private var previous: (time: Double, value: Double)?
    private var offset = 0.0
    private var nextGridTime = 0.0
    /// The last two band-passed values, oldest first.
    private var window = (0.0, 0.0)
    private var filled = 0
    /// The step held while a higher peak within the refractory period may replace it.
    private var candidate: (time: Double, value: Double)?
    /// The times of the steps counted so far, seconds.
    public private(set) var stepTimes: [Double] = []
    /// Steps counted so far.
    public var steps: Int { stepTimes.count }

    public init() {}

    /// Adds one sample's magnitude, m/s^2 (earlier or equal times are ignored).
    public mutating func add(time: Double, magnitude: Double) {
        guard time.isFinite, magnitude.isFinite else { return }
        if let last = previous, time <= last.time { return }
        guard let last = previous, time - last.time <= Self.maximumGap else {
            restart(time: time, value: magnitude)
            return
        }
        while nextGridTime <= time {
            let value = last.value + (magnitude - last.value) * (nextGridTime - last.time) / (time - last.time)
            push(lowPass(highPass(value - offset)), at: nextGridTime)
            nextGridTime += 1 / Self.sampleRate
        }
        previous = (time, magnitude)
    }

    /// Counts the step still held; call at the end of the stream.
    public mutating func finish() {
        if let held = candidate { stepTimes.append(held.time) }
        candidate = nil
    }

    private mutating func restart(time: Double, value: Double) {
        finish()
        previous = (time, value)
        offset = value
        nextGridTime = time
        highPass.reset()
        lowPass.reset()
        filled = 0
    }

    /// One band-passed grid value at `time`: the value before it is a step when it is a peak.
    private mutating func push(_ value: Double, at time: Double) {
        let (older, middle) = window
        window = (middle, value)
        filled += 1
        guard filled >= 3, middle > Self.minimumPeak, middle > older, middle >= value else { return }
        let peakTime = time - 1 / Self.sampleRate
        if let held = candidate, peakTime - held.time < Self.refractoryPeriod {
            if middle > held.value { candidate = (peakTime, middle) }
            return
        }
        if let held = candidate { stepTimes.append(held.time) }
        candidate = (peakTime, middle)
    }
}
