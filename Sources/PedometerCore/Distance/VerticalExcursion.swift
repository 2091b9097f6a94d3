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
    /// Heights on the grid from `firstTime` on, a ring of `capacity` values starting at `head`.
    private var heights: [Double] = []
    private var head = 0
    private var firstTime = 0.0
    private let capacity: Int

    /// `cutOff`: the high-pass of each stage, Hz (the lowest gait frequency); `span`: seconds
    /// of height kept.
    init(sampleRate: Double, cutOff: Double, span: Double) {
        self.sampleRate = sampleRate
        capacity = max(Int((span * sampleRate).rounded(.up)), 2)
        accelerationFilter = .highPass(frequency: cutOff, sampleRate: sampleRate)
        velocityFilter = accelerationFilter
        heightFilter = accelerationFilter
        heights.reserveCapacity(capacity)
    }

    /// Adds the vertical acceleration (m/s^2, without gravity) of the grid point at `time`,
    /// which is one grid step after the previous point unless ``reset()`` came between.
    @inline(__always)
    mutating func add(_ acceleration: Double, at time: Double) {
        if heights.isEmpty { firstTime = time }
        velocity += accelerationFilter(acceleration) / sampleRate
        height += velocityFilter(velocity) / sampleRate
        let value = heightFilter(height)
        if heights.count < capacity {
            heights.append(value)
        } else {
            heights[head] = value
            head = head + 1 == capacity ? 0 : head + 1
            firstTime += 1 / sampleRate
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

    /// The highest minus the lowest height, metres, over the grid points in `[from, to]`;
    /// `nil` unless all of that span is still kept (and has at least two points).
    func excursion(from: Double, to: Double) -> Double? {
        guard !heights.isEmpty else { return nil }
        let lastTime = firstTime + Double(heights.count - 1) / sampleRate
        guard from >= firstTime, to <= lastTime + 0.5 / sampleRate, to > from else { return nil }
        let first = Int(((from - firstTime) * sampleRate).rounded(.up))
        let last = min(Int(((to - firstTime) * sampleRate).rounded(.down)), heights.count - 1)
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
