/// How far the sensor rises and falls, from its vertical acceleration: the height the body's
/// centre of mass climbs over each walking step, for ``StrideModel/stepLength(excursion:)``.
///
/// Vertical acceleration (gravity removed; ``StepDetector`` gives the magnitude of total
/// acceleration, which to first order is the vertical acceleration whichever way the sensor is
/// turned) arrives on a fixed grid and is integrated twice into a height; each stage (the
/// acceleration, the velocity, the height) is high-passed at the gait band's lower edge, so
/// that an offset or a slow tilt does not pile up as drift. The last few seconds of height
/// (`span`, given at creation) are kept to answer the rise and fall between two times.
struct VerticalExcursion: Sendable {
    private let sampleRate: Double
    private var accelerationFilter: Biquad
    private var velocityFilter: Biquad
    private var heightFilter: Biquad
    private var velocity = 0.0
    private var height = 0.0
    /// Heights on the grid, a ring of `capacity` values starting at `head` (the oldest).
    private var heights: [Double] = []
    private var head = 0
    /// Time of the stretch's first grid point, and how many points the ring has dropped since:
    /// a time's grid index is counted from the start, never from a sum of 1/rate per point
    /// (which drifts, so that a step's time met the grid point on either side of it depending
    /// on how long the ring had been full).
    private var startTime = 0.0
    private var dropped = 0
    private let capacity: Int
    /// Grid points at a stretch's start whose heights are not yet steps' (the filters rising
    /// from rest: their first seconds swing wider than the body does).
    private let settlingPoints: Int
    /// Seconds the filters take to settle at the start of a stretch (a recording, or the data
    /// resuming after a gap): the time constant of the lowest stage, 1 / (2π × cut-off), five
    /// times over.
    static func settlingSeconds(cutOff: Double) -> Double { 5 / (2 * Double.pi * cutOff) }

    /// `cutOff`: the high-pass of each stage, Hz (the lowest gait frequency); `span`: seconds
    /// of height kept.
    init(sampleRate: Double, cutOff: Double, span: Double) {
        self.sampleRate = sampleRate
        capacity = max(Int((span * sampleRate).rounded(.up)), 2)
        settlingPoints = Int((Self.settlingSeconds(cutOff: cutOff) * sampleRate).rounded(.up))
        accelerationFilter = .highPass(frequency: cutOff, sampleRate: sampleRate)
        velocityFilter = accelerationFilter
        heightFilter = accelerationFilter
        heights.reserveCapacity(capacity)
    }

    /// Adds the vertical acceleration (m/s^2, without gravity) of the grid point at `time`,
    /// which is one grid step after the previous point unless ``reset()`` came between.
    @inline(__always)
    mutating func add(_ acceleration: Double, at time: Double) {
        if heights.isEmpty {
            startTime = time
            dropped = 0
        }
        velocity += accelerationFilter(acceleration) / sampleRate
        height += velocityFilter(velocity) / sampleRate
        let value = heightFilter(height)
        if heights.count < capacity {
            heights.append(value)
        } else {
            heights[head] = value
            head = head + 1 == capacity ? 0 : head + 1
            dropped += 1
        }
    }

    /// Forgets everything: the next point starts a new stretch (after a gap in the samples).
    mutating func reset() {
        accelerationFilter.reset()
        velocityFilter.reset()
        heightFilter.reset()
        velocity = 0
        height = 0
        heights.removeAll(keepingCapacity: true)
        head = 0
    }

    /// The highest minus the lowest height, metres, over the grid points in `[from, to]` (a
    /// point within a millionth of a grid step of either end is in: times on the grid, such as
    /// step times, meet its points whatever their rounding); `nil` unless all of that span is
    /// still kept (and has at least two points).
    func excursion(from: Double, to: Double) -> Double? {
        guard !heights.isEmpty, to > from else { return nil }
        // Positions on the grid from the stretch's start, then offsets into the ring (`to` may
        // lie up to half a grid step after the newest point).
        let start = (from - startTime) * sampleRate - Double(dropped)
        let end = (to - startTime) * sampleRate - Double(dropped)
        guard start > -1e-6, end <= Double(heights.count - 1) + 0.5,
            start + Double(dropped) >= Double(settlingPoints) - 1e-6
        else { return nil }
        let first = Int((start - 1e-6).rounded(.up))
        let last = min(Int((end + 1e-6).rounded(.down)), heights.count - 1)
        guard last > first else { return nil }
        var lowest = Double.infinity
        var highest = -Double.infinity
        for offset in first...last {
            let value = heights[(head + offset) % heights.count]
            lowest = min(lowest, value)
            highest = max(highest, value)
        }
        return highest - lowest
    }
}
