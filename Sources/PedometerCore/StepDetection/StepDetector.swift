import RealModule

/// Detects steps in a stream of acceleration samples, at any sampling rate and in any carry
/// position, with bounded memory.
///
/// The method, in stages:
/// 1. **Signal.** Total acceleration along gravity, gravity being the acceleration below the
///    gait band (``GravityAxis``: the vertical bounce of walking, in any orientation, with less
///    of the sway of a bag or a pocket than the magnitude has); for user acceleration without
///    gravity, its projection on the axis of largest variance over the last
///    ``Configuration/window`` seconds (``PrincipalAxis``). Two one-pole low-passes at
///    ``Configuration/antiAliasFrequency`` (a quarter of the rate below 20 Hz, but never under
///    the fastest walking cadence) remove
///    vibration before resampling, with the same response at any rate.
/// 2. **Resampling** to ``sampleRate`` Hz by linear interpolation, so irregular timestamps and
///    any input rate (15–2500 Hz; down to 5 Hz from a sensor that filters first) look alike.
///    A gap longer than ``Configuration/maximumGap`` ends a segment: no signal is invented
///    across it (but see stage 6 for its steps).
/// 3. **Band-pass** 0.5–3 Hz (second-order Butterworth high- and low-pass): gait only.
/// 4. **Period** every ``Configuration/hop`` seconds, from the normalised autocorrelation of a
///    ``Configuration/window``-second window centred there (``PeriodEstimator``); a walking
///    stride read as a step is told by the acceleration across gravity swinging once per
///    period, as a limb does, while the magnitude beats twice (``LimbSwing``). Windows that
///    are too weak (for a periodic window, ``Configuration/minimumPeriodicAmplitude``: a gentle
///    walker; unless its level is fading as a walk's end does) or periodic faster than any
///    gait are not walking. A short stretch of
///    windows that move but show no period (a turn, a stumble), between walking at similar
///    cadences on both sides, is bridged with their periods (``Configuration/longestBridge``),
///    unless the device turned over it after too short a walk to be one: it was handled, and
///    the stretch is a pause of the walk (``Configuration/handlingTurn``). A walk under way
///    also bridges the first window after such a stretch when that window alone reads its
///    stride (a watch raised to be read, the arm outweighing the steps) and the next its step,
///    and a stretch after which two windows read half the period of the walk under way before
///    it: that walk was read at its stride, and the stretch is walked at the step after it. A
///    lone window at another period between two such stretches, the walk's cadence read again
///    after them, belongs to the stretch.
///    Inside a walk of ``Configuration/confirmingSteps`` steps, a window that one large
///    movement (an arm raised) leaves without a period is judged by its halves: a half that
///    keeps the walk's cadence continues it; and a window periodic at twice the walk's step
///    period is its stride (an arm's swing outweighing the steps), not a halved cadence.
/// 5. **Events.** Within walking, each local maximum of the band-passed signal is a step, unless
///    it comes within ``Configuration/refractoryFraction`` of a period of the previous one (the
///    higher wins); an interval longer than ``Configuration/gapFraction`` periods inside walking
///    is filled with evenly spaced steps (a step whose peak does not show is not lost), unless
///    it lacks more than ``Configuration/maximumMissedSteps``: then it is a pause, standing.
/// 6. **Walks.** A few periodic seconds are no proof of walking: handling a phone shows them
///    every few tens of seconds. Steps count once they make a walk of
///    ``Configuration/confirmingSteps`` steps, in one bout or in short bouts less than
///    ``Configuration/lookBack`` apart (pauses; twice that when their rhythm resumes at one
///    cadence and the device moved in between, as a walk's does after an arm's movements hid
///    it), or when they lie as near such a walk
///    (its first or last steps, a walk broken by a turn), or, from
///    ``Configuration/shortestWalk`` steps on, when they rose out of standing with the device
///    not turned (a short walk of daily life); the steps of another isolated short bout are
///    dropped. A walk's last peak far above its steps' (``Configuration/
///    handlingPeakRatio``) is the device being moved as the walker stops, unless walking
///    resumes within ``Configuration/lookBack``. Missing data is not a pause: a gap in the
///    samples of at most ``Configuration/longestBridge`` inside a walk that goes on at its
///    cadence when the data resume is filled with that walk's steps.
///
/// Steps come out with a delay of at most ``latency`` seconds after the sample that reveals
/// them; ``finish()`` flushes the rest.
public struct StepDetector: Sendable {
    /// The detector's parameters. All are physical quantities; the defaults were chosen on the
    /// Oxford step-counter dataset and validated leave-one-user-out (see the README).
    public struct Configuration: Sendable, Hashable {
        /// Cut-off of the anti-alias low-passes applied before resampling, Hz; at most a quarter
        /// of the samples' rate (half their Nyquist frequency), where a low-pass still damps
        /// the vibration a slow logger folds into the gait band, except that under 10.7 Hz it
        /// stays at the fastest walking cadence (a quarter of the rate would damp the walk
        /// itself). The same filter at any rate,
        /// the one the detector was tuned with at 100 Hz (a nominal 6 Hz that a first-order
        /// coefficient made 5.1 Hz there, 5.5 Hz at 200 Hz and 3.9 Hz at 25 Hz).
        public var antiAliasFrequency = 5.1
        /// Longest gap between samples bridged by interpolation, seconds.
        public var maximumGap = 0.5
        /// Pass band of the gait filter, Hz. Below `lowFrequency` is gravity (``GravityAxis``).
        public var lowFrequency = 0.5
        public var highFrequency = 3.0
        /// Length of the autocorrelation window, seconds; also the time over which user
        /// acceleration's axis of largest variance is averaged (``PrincipalAxis``).
        public var window = 4.0
        /// Seconds between period estimates.
        public var hop = 0.24
        /// Fastest step the detector accepts (0.25 s: 240 steps/min), seconds.
        public var shortestStepPeriod = 0.25
        /// Slowest stride (two steps) the detector accepts, seconds.
        public var longestStridePeriod = 2.0
        /// Periods shorter than this and above the correlation threshold mark shaking, seconds.
        public var shortestShakePeriod = 0.1
        /// Least standard deviation of the band-passed signal counted as moving without a
        /// period (a stretch a walk may be bridged over), m/s^2. The weakest walking window in
        /// the Oxford set (slow, phone in hand on carpet) has 0.54.
        public var minimumAmplitude = 0.4
        /// Least standard deviation of a window that counts as walking when it is periodic,
        /// m/s^2: a gentle walker (a slow step, a phone held still in the hand) moves it less
        /// than ``minimumAmplitude``, steadily, while a walk's end fades below it (a weak window
        /// whose level fell under 1/√2 of its level a window earlier is still). Half of
        /// ``minimumAmplitude``: a walker moving the phone a third as much as the weakest
        /// Oxford walker still walks above it.
        public var minimumPeriodicAmplitude = 0.2
        /// Least height of a step's peak in the band-passed signal, m/s^2 (keeps the noise
        /// just before a walk, inside the first window, from counting).
        public var minimumPeak = 0.1
        /// Least height of a step's peak as a fraction of the standard deviation of the
        /// band-passed signal in the window around it: a foot strike stands out from the
        /// level of its own walk, while the filter's ringing after a walk ends, or the other
        /// foot's faint strike on a stride-periodic signal, does not (a faint step is filled in
        /// by its interval instead, see ``gapFraction``).
        public var relativePeak = 0.5
        /// Least autocorrelation of a walking window at its period.
        public var minimumCorrelation = 0.6
        /// A period's correlation must be this fraction of the window's strongest.
        public var relativeCorrelation = 0.85
        /// A lag is a stride, not a step, when the correlation at half of it exceeds this.
        public var strideHalfCorrelation = -0.2
        /// Longest stretch without a clear period bridged inside walking, seconds.
        public var longestBridge = 4.0
        /// Periods on both sides of a bridge may differ by at most this fraction; so may the
        /// period of half a window from that of the walk it continues.
        public var bridgeTolerance = 0.3
        /// Least turn of the device across a stretch without a period, degrees, that shows it
        /// was handled there (taken out of or put into a pocket or a bag, raised to be looked
        /// at) rather than carried through a stumble or the walker's own turn, which is about
        /// gravity and leaves gravity's direction in the device where it was. Such a stretch is
        /// bridged only from a walk of ``confirmingSteps`` steps under way (the phone looked at
        /// while walking on); after a shorter periodic stretch (the last steps before stopping
        /// to put the phone away, or the handling's own rhythm) it is a pause of the walk: no
        /// steps in it, the walk's count going on, its steps after it found by their rhythm
        /// backwards as a walk's first steps are. A carried phone's gravity turned at most 22°
        /// across such a stretch in the data sets' walks (a swinging hand); handling turns it
        /// by 45–100°. Only with gravity in the signal (not for a magnitude alone).
        public var handlingTurn = 30.0
        /// Steps of the shortest walk counted on its own, shorter than ``confirmingSteps``: two
        /// strides, the shortest walking bout gait analysis counts (Mobilise-D's micro walking
        /// bout). Only when it rose out of standing (a window within ``lookBack`` before it
        /// moving less than ``minimumAmplitude``) and the device was not handled: gravity's
        /// direction in it at every step counted within ``handlingTurn`` of where it was then (a
        /// sensor worn on the body, a phone left in a pocket; a trunk that leaned forward and
        /// back as its walker rose from a chair before the first step is no handling), since the
        /// waiting for a confirmed walk is there to keep out the handling of a phone, which
        /// turns it, and jostling, which moves it throughout. A walker's short walks (to a door,
        /// a table, a shelf) count so; only with gravity in the signal.
        public var shortestWalk = 4.0
        /// How far before a walk's first periodic window its first steps are looked for, seconds.
        public var lookBack = 4.0
        /// Steps a walk needs before the steps found looking back are counted (a few periodic
        /// seconds of handling the phone are not a walk that started earlier). Shorter bouts
        /// count only together, less than ``lookBack`` seconds apart (twice that at one cadence,
        /// the device moving in between), or as near such a walk, before or after it, or as a
        /// walk from standing (``shortestWalk``). A walk this long may also be continued by half
        /// a window when the whole one shows no period.
        public var confirmingSteps = 10.0
        /// A window periodic at twice the step period of the steady walk just before it, within
        /// this fraction, is that walk's stride, not a cadence halved from one window to the next:
        /// an arm's swing, once a stride, can outweigh the steps' own peaks for a while (a wrist,
        /// a swinging hand). Steady walking varies its step period by a few percent. Likewise a
        /// walk read at twice the period that the windows after a stretch without one read was
        /// read at its stride, and the stretch is walked (see stage 4).
        public var strideTolerance = 0.1
        /// A step found looking back lies one period before the next, within this fraction.
        public var rhythmTolerance = 0.25
        /// Two peaks closer than this fraction of the period are one step.
        public var refractoryFraction = 0.6
        /// An interval longer than this many periods inside walking is filled with steps.
        public var gapFraction = 1.5
        /// Most steps filled into one interval (steps whose peaks do not show). An interval
        /// that lacks more is a pause, standing between two walks, and gets none. (Every
        /// interval filled in the 48 Oxford traces lacks one step.)
        public var maximumMissedSteps = 1.0
        /// A walk's last peak higher than this many times the median of its steps' peaks before
        /// it is the device being moved (taken from an ear or a pocket as the walker stops), not
        /// a foot strike: the last strike of a walk slows the body down and is no harder than
        /// the others (at most 1.42 times the median in the 110 walks of the Oxford and
        /// lower-back sets), while lifting a phone out of the gait moves it several times as much.
        public var handlingPeakRatio = 2.0

        public init() {}
    }

    /// The rate the detector resamples to, Hz.
    public static let sampleRate = 50.0
    /// Seconds by which step times lag the newest sample, at most: half a window of
    /// look-ahead, a bridge, a stride while a step waits for a possibly higher peak, and a
    /// new walk's confirming steps with what was found looking back before them and a short
    /// bout held up to twice ``Configuration/lookBack`` before that (at the walk's cadence, the
    /// device moving; held steps beyond this bound are dropped). A walk's last peak held while walking may resume
    /// waits less than that.
    public var latency: Double { Self.latency(configuration) }

    private static func latency(_ c: Configuration) -> Double {
        c.window / 2 + c.longestBridge + 3 * c.lookBack + (c.confirmingSteps + 1) * c.longestStridePeriod
    }

    /// Seconds of vertical movement kept beyond ``latency``: the longest interval between two
    /// steps of one walk (``verticalExcursion(from:to:)`` spans one) and a second of draining.
    static let excursionMargin = 3.0

    public let configuration: Configuration

    // Signal and resampling.
    private var signal: Signal?
    private var projector: PrincipalAxis
    private var gravityAxis: GravityAxis
    /// The two anti-alias low-passes' states, for the step signal (`[0]`), the rise signal
    /// (`[1]`: the magnitude, see ``push(_:at:)``) and the acceleration across gravity (`[2]`
    /// to `[4]`, ``LimbSwing``), filtered and resampled together.
    private var smooth1 = Channels(), smooth2 = Channels()
    /// The last magnitude ``despiked(_:)`` kept, and whether it replaced the one before.
    private var keptMagnitude: Double?, replacedLast = false
    private var previous: (time: Double, value: Channels)?
    /// Time of the segment's first resampled point, and the index of the next one.
    private var origin = 0.0
    private var nextGridIndex = 0
    private var offset = Channels()
    private var highPass: Biquad
    private var lowPass: Biquad
    /// The rise and fall of the sensor, from the magnitude's grid points, when gravity is in it.
    private var vertical: VerticalExcursion
    /// The rise and fall of the segment before this one, kept until the next gap: the steps a
    /// gap flushes are drained after the sample beyond the gap started the new segment, and
    /// their rises are still asked for (they were lost with the reset, so the steps before a
    /// gap of half a second took the population's length: a 20 s walk 12 % long).
    private var endedVertical: VerticalExcursion?
    /// The anti-alias low-passes' coefficient at ``Configuration/antiAliasFrequency``.
    private var antiAlias: OnePoleCoefficient
    /// The coefficient of a one-pole low-pass whose cut-off is a quarter of the rate,
    /// 1 − exp(−dt / RC) with RC = 2 dt / π: the same at every rate.
    private static let quarterRateAlpha = 1 - Double.exp(-Double.pi / 2)
    /// The fastest walking cadence, steps/s (160 steps/min): the anti-alias cut-off never falls
    /// under it, into the walk, in a stream slower than four times it.
    static let fastestWalkingCadence = 160.0 / 60
    /// The coefficient at ``fastestWalkingCadence``.
    private var fastestWalk = OnePoleCoefficient(cutoff: fastestWalkingCadence)
    /// The stream's typical time step, seconds: an average over about 64 steps, so that a
    /// dropped sample does not make the stream slower.
    private var typicalStep = 0.0
    /// Time steps in a row longer than a quarter of the fastest walking cadence's period.
    private var longStepRun = 0
    /// That many long time steps in a row make a stream slow whatever its average says.
    static let slowRun = 8

    // The band-passed segment, kept from `base` on.
    private var filtered: [Double] = []
    /// The acceleration across gravity (`[0]` to `[2]`) and the magnitude (`[3]`) beside
    /// `filtered`, low-passed and resampled, not band-passed (``LimbSwing``), when the signal
    /// is along gravity; else empty.
    private var swingSignal: [SIMD4<Double>] = []
    private var base = 0
    private var count: Int { base + filtered.count }

    // Periods per hop, kept from `periodBase` on: the first `resolvedHops` are final (walking
    // periods or 0); later ones may still be `PeriodEstimator.aperiodic` awaiting a bridge.
    private var estimator: PeriodEstimator
    /// Running sums of `filtered` for the estimator's windows, fed only when a window needs
    /// them (many samples at a time): up to sample `sums.count`.
    private var sums: LaggedSums
    private var periods: [Double] = []
    /// The standard deviation of each hop's window, beside `periods`.
    private var levels: [Double] = []
    /// The direction of gravity in the device at each hop's centre, beside `periods` (it runs
    /// ahead of them, a window's half): only when the signal is along gravity, else empty.
    private var hopGravity: [SIMD3<Double>] = []
    /// Hops in a row up to `resolvedHops` that are walking (periodic or bridged), and their
    /// number at the last walking hop.
    private var walkingRun = 0
    private var lastWalkingRun = 0
    /// The walking run of a walk that a gap in the data interrupted, which the first walking
    /// hop after the gap continues (the windows at a segment's ends are cut short and show
    /// no walking).
    private var interruptedRun = 0
    /// The cosine of ``Configuration/handlingTurn``.
    private let handlingTurnCosine: Double
    /// The period of the hops of a stretch without a period between walking at similar
    /// cadences where the device was handled (``wasHandled(after:before:period:)``): a pause
    /// of the walk, with no steps, that does not end its bout.
    private static let handled = -2.0
    private var periodBase = 0
    private var resolvedHops = 0
    private let hopSamples: Int
    private let halfWindow: Int
    /// ``Configuration/longestBridge`` in hops.
    private let longestBridgeHops: Int
    /// Hops in one window's length.
    private let windowHops: Int
    /// The quickest step of a walk, seconds: faster is running
    /// (``ActivityClassifier/sprintCadence``), whose impacts outweigh any arm swing.
    private let shortestWalkingStep = 1 / ActivityClassifier().sprintCadence

    // Step events.
    private var nextEventIndex = 1
    /// The hop whose period the sample at `nextEventIndex` waits for: until `resolvedHops`
    /// passes it, looking for steps finds nothing new (see ``process(final:)``).
    private var awaitedHop = 0
    private var lastStep: (index: Int, time: Double, value: Double)?
    /// The latest step, held back while a higher peak may still replace it.
    private var pending: Double?
    /// Peaks of the current bout's latest steps (at most ``Configuration/confirmingSteps``):
    /// the walk's own level, against which its last peak is judged (see ``endBout()``).
    private var boutPeaks: [Double] = []
    /// A confirmed walk's last peak, too high for a step of it (see ``isHandling(peak:)``),
    /// held until it is known whether the walk went on: counted when a new bout starts within
    /// ``Configuration/lookBack`` seconds (the walk only lost its rhythm for a moment, and the
    /// peak was a hard step of it), dropped otherwise (the walk ended: the device was moved).
    private var handlingSuspect: Double?
    /// Steps of a bout not yet confirmed, and the steps found looking back before it.
    private var bout: [Double] = []
    private var lookBackSteps: [Double] = []
    private var boutConfirmed = false
    /// Steps of short bouts that go on from no walk, chained while each goes on from the one
    /// before (``goesOn(after:every:from:every:)``): counted when they reach
    /// ``Configuration/confirmingSteps`` or a walk confirms going on from them, else dropped.
    /// Fewer than ``Configuration/confirmingSteps``, none older than ``latency``.
    private var heldSteps: [Double] = []
    /// The mean step interval of the latest held bout of three steps or more in the chain.
    private var heldInterval: Double?
    /// Time of the last step of a walk: a confirmed bout, or short bouts that continued one or
    /// chained into one.
    private var lastWalkStep: Double?
    /// The mean step interval of the walk's latest bout of three steps or more, once it ended.
    private var walkInterval: Double?
    /// The first step of the confirmed bout under way, and its steps so far.
    private var confirmedBout: (first: Double, steps: Int)?
    /// Sample index of the last step handed out, so a look-back never reaches it.
    private var lastEmittedIndex: Int?
    /// The walk the last gap in the data interrupted, until the next segment's first bout.
    private var interruptedWalk: InterruptedWalk?
    /// Of `lookBackSteps`, the first ones placed in a gap in the data (``fillGap(after:before:period:)``).
    private var gapSteps = 0
    /// Steps counted where the data had a gap, the walk going on at its cadence on both sides
    /// (see stage 6): inferred, not seen.
    public private(set) var stepsInDataGaps = 0
    private var found: [Double] = []

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        highPass = .highPass(frequency: configuration.lowFrequency, sampleRate: Self.sampleRate)
        lowPass = .lowPass(frequency: configuration.highFrequency, sampleRate: Self.sampleRate)
        gravityAxis = GravityAxis(cutoff: configuration.lowFrequency)
        projector = PrincipalAxis(timeConstant: configuration.window)
        estimator = PeriodEstimator(configuration: configuration)
        sums = LaggedSums(maximumLag: estimator.maximumLag)
        hopSamples = max(Int((configuration.hop * Self.sampleRate).rounded()), 1)
        halfWindow = Int((configuration.window * Self.sampleRate).rounded()) / 2
        windowHops = Int((configuration.window / configuration.hop).rounded(.up))
        longestBridgeHops = Int((configuration.longestBridge / configuration.hop).rounded())
        handlingTurnCosine = Double.cos(configuration.handlingTurn * .pi / 180)
        antiAlias = OnePoleCoefficient(cutoff: configuration.antiAliasFrequency)
        vertical = VerticalExcursion(
            sampleRate: Self.sampleRate, cutOff: configuration.lowFrequency,
            span: Self.latency(configuration) + Self.excursionMargin)
    }

    /// Adds one sample, in m/s^2, later than the previous one (earlier or equal times are
    /// ignored). `kind` says whether gravity is included; a change of kind starts afresh.
    public mutating func add(_ sample: AccelerationSample, kind: AccelerationKind = .total) {
        add(sample, magnitude: sample.magnitude, kind: kind)
    }

    /// ``add(_:kind:)`` for a caller that has computed the sample's
    /// ``AccelerationSample/magnitude`` for itself.
    @inline(__always)
    mutating func add(_ sample: AccelerationSample, magnitude: Double, kind: AccelerationKind) {
        let signal: Signal = kind == .total ? .alongGravity : .principalAxis
        guard let dt = timeStep(to: sample.time, signal: signal) else { return }
        switch signal {
        case .alongGravity:
            let (along, across) = gravityAxis.split(sample, magnitude: magnitude, timeStep: dt)
            add(Channels(along, magnitude, across.x, across.y, across.z, 0, 0, 0), at: sample.time, timeStep: dt)
        default:
            add(Channels(projector.project(sample, timeStep: dt), magnitude, 0, 0, 0, 0, 0, 0), at: sample.time, timeStep: dt)
        }
    }

    /// Adds one sample of a stream that holds only the magnitude of total acceleration (no
    /// axes): the magnitude itself is the step signal. Earlier or equal times are ignored; a
    /// switch between magnitude and vector samples starts afresh.
    public mutating func add(magnitude sample: AccelerationMagnitudeSample) {
        guard let dt = timeStep(to: sample.time, signal: .magnitude) else { return }
        add(Channels(sample.magnitude, sample.magnitude, 0, 0, 0, 0, 0, 0), at: sample.time, timeStep: dt)
    }

    /// What the detector's signal is made of: see ``add(_:kind:)`` and ``add(magnitude:)``.
    private enum Signal {
        /// Total acceleration projected on gravity (``GravityAxis``).
        case alongGravity
        /// User acceleration projected on its axis of largest variance (``PrincipalAxis``).
        case principalAxis
        /// The magnitude of total acceleration, all a device logged.
        case magnitude
    }

    /// Seconds since the previous sample, `.some(nil)` when a sample at `time` starts a
    /// segment (the first, after a gap longer than ``Configuration/maximumGap``, or with a new
    /// signal), `nil` when it must be ignored (not finite, or not later than the previous one).
    @inline(__always)
    private mutating func timeStep(to time: Double, signal: Signal) -> Double?? {
        if self.signal != signal {
            endSegment()
            interruptedWalk = nil
            self.signal = signal
            projector = PrincipalAxis(timeConstant: configuration.window)
        }
        guard time.isFinite else { return nil }
        guard let last = previous else { return .some(nil) }
        let step = time - last.time
        guard step > 0 else { return nil }
        if step > configuration.maximumGap {
            endSegment()
            interruptedWalk = walkInterrupted(from: last.time, to: time)
            return .some(nil)
        }
        return step
    }

    /// A step signal's value, the magnitude of the same sample and its acceleration across
    /// gravity (0 but along gravity), side by side; the last three lanes are unused.
    private typealias Channels = SIMD8<Double>

    /// The signal's next value and magnitude `raw` at `time`: low-passed, resampled to the
    /// grid, and processed. `dt` is `nil` when it starts a segment.
    @inline(__always)
    private mutating func add(_ raw: Channels, at time: Double, timeStep dt: Double?) {
        guard raw[0].isFinite, raw[1].isFinite, raw[2].isFinite, raw[3].isFinite, raw[4].isFinite else { return }
        guard let last = previous, let dt else {
            startSegment(time: time, value: raw)
            return
        }
        let raw = despiked(raw)
        // Two one-pole low-passes with the exact time step (irregular sampling welcome),
        // discretised exactly (``OnePoleCoefficient``), so that they are one filter at any rate:
        // the first-order coefficient dt / (RC + dt) made a 6 Hz cut-off 5.1 Hz at 100 Hz and
        // 3.9 Hz at 25 Hz, and a step's rise 10 % smaller at 20 Hz than at 100 Hz. The cut-off
        // is at most a quarter of the rate (a larger coefficient is a higher cut-off), but in a
        // stream slower than four times the fastest walking cadence (10.7 Hz) it stays at that
        // cadence: a quarter of 5 Hz damped a walk's 2 Hz steps to a third.
        // A stream throttled mid-walk (a phone's background logging falling from 100 to 5 Hz)
        // is slow at once when its steps are all that long for ``slowRun`` in a row, which a
        // dropped sample, one long step, never makes; the average would take 7 s to say so, the
        // walk's steps damped meanwhile (252 of 263 with 20 s at 5 Hz).
        typicalStep = typicalStep > 0 ? typicalStep + (dt - typicalStep) / 64 : dt
        longStepRun = 4 * Self.fastestWalkingCadence * dt > 1 ? longStepRun + 1 : 0
        var alpha = antiAlias(dt)
        if alpha > Self.quarterRateAlpha {
            let slowStream = 4 * Self.fastestWalkingCadence * typicalStep > 1 || longStepRun >= Self.slowRun
            alpha = min(alpha, slowStream ? max(Self.quarterRateAlpha, fastestWalk(dt)) : Self.quarterRateAlpha)
        }
        smooth1 += alpha * (raw - smooth1)
        smooth2 += alpha * (smooth1 - smooth2)
        let value = smooth2
        let pushedBefore = count
        while true {
            let gridTime = origin + Double(nextGridIndex) / Self.sampleRate
            guard gridTime <= time else { break }
            let fraction = (gridTime - last.time) / dt
            push(last.value + (value - last.value) * fraction, at: gridTime)
            if nextGridIndex == (periodBase + hopGravity.count) * hopSamples, signal == .alongGravity,
                let direction = gravityAxis.direction {
                hopGravity.append(direction)
            }
            nextGridIndex += 1
        }
        previous = (time, value)
        // Only a new grid sample can complete a window or reveal a step.
        if count > pushedBefore && canProgress { process(final: false) }
    }

    /// Flushes the steps still held back by the look-ahead; call at the end of the stream.
    public mutating func finish() {
        endSegment()
    }

    /// How far the sensor rose and fell between `from` and `to` (seconds on the samples'
    /// clock), metres: ``VerticalExcursion`` of the magnitude of total acceleration (see
    /// ``push(_:at:)``). `nil` for user acceleration (no gravity shows which way is up, and its
    /// magnitude is not vertical), across a gap, or for a span older than ``latency`` plus
    /// ``excursionMargin`` seconds before the newest sample.
    public func verticalExcursion(from: Double, to: Double) -> Double? {
        guard signal != .principalAxis else { return nil }
        return vertical.excursion(from: from, to: to) ?? endedVertical?.excursion(from: from, to: to)
    }

    /// Step times (seconds, on the samples' clock) found since the last call, ascending.
    public mutating func drainSteps() -> [Double] {
        defer { found.removeAll(keepingCapacity: true) }
        return found
    }

    // MARK: Segments

    private mutating func startSegment(time: Double, value: Channels) {
        previous = (time, value)
        keptMagnitude = value[1]
        replacedLast = false
        smooth1 = value
        smooth2 = value
        origin = time
        nextGridIndex = 0
        offset = value
        highPass.reset()
        lowPass.reset()
        endedVertical = vertical
        vertical.reset()
        filtered.removeAll(keepingCapacity: true)
        swingSignal.removeAll(keepingCapacity: true)
        sums.reset()
        base = 0
        periods.removeAll(keepingCapacity: true)
        levels.removeAll(keepingCapacity: true)
        hopGravity.removeAll(keepingCapacity: true)
        periodBase = 0
        resolvedHops = 0
        walkingRun = 0
        interruptedRun = interruptedWalk == nil ? 0 : lastWalkingRun
        nextEventIndex = 1
        awaitedHop = 0
        lastStep = nil
        lastEmittedIndex = nil
        handlingSuspect = nil
    }

    /// `raw` with its magnitude replaced by the last one kept when it jumps more than
    /// ``spikeJump`` from it, unless the sample before was replaced too (a lasting change is
    /// kept from its second sample on). A knock or a glitch of one sample (a phone tapped on a
    /// table, 20 g for a few milliseconds) is no rise of the body, but integrated twice it made
    /// the steps around it up to twice as long (one tap in a 20 s walk: +16 % distance). The
    /// step signal is left as it is.
    private mutating func despiked(_ raw: Channels) -> Channels {
        guard let kept = keptMagnitude else { return raw }
        if abs(raw[1] - kept) > Self.spikeJump && !replacedLast {
            replacedLast = true
            var despiked = raw
            despiked[1] = kept
            return despiked
        }
        replacedLast = false
        keptMagnitude = raw[1]
        return raw
    }

    /// How far one sample's magnitude must jump from the one before to be a spike, m/s^2: 4 g,
    /// more than a sensor on the trunk, a thigh, a hand or a wrist moves between two samples
    /// (no recording in the shared data sets jumps so far; a running foot strike's 3–5 g at
    /// the hip spreads over several samples). A sensor on a foot does, at its own strike (up to
    /// 14 g between samples at 205 Hz): there the first sample of each such jump is held.
    private static let spikeJump = 4 * standardGravity

    private mutating func endSegment() {
        guard previous != nil else { return }
        process(final: true)
        previous = nil
    }

    /// Filters and keeps one grid sample of the step signal, and the rise and fall of the
    /// magnitude. Not inlined: inside the grid loop of ``add(_:kind:)``, the array's uniqueness
    /// check (a call) would make the filters' state spill around it.
    ///
    /// The rise is measured on the magnitude, not on the step signal along gravity: the
    /// magnitude does not depend on how the sensor is turned, while a projection on a gravity
    /// direction that lags the sensor's turning (a thigh in a pocket, a swinging hand) takes in
    /// gravity's own change and a share of the forward swing, both at the step frequency; to
    /// first order the magnitude is the vertical acceleration alone. It is low-passed as the
    /// step signal is: the inverted pendulum is the body's smooth rise and fall, not the jolt
    /// of each heel strike or the sensor's noise (which widen the span from the highest to the
    /// lowest point).
    @inline(never)
    private mutating func push(_ value: Channels, at time: Double) {
        // Starting from the segment's first value keeps the filters' start-up transient small.
        let centred = value - offset
        filtered.append(lowPass(highPass(centred[0])))
        if signal == .alongGravity { swingSignal.append(SIMD4(centred[2], centred[3], centred[4], centred[1])) }
        if signal != .principalAxis { vertical.add(centred[1], at: time) }
    }

    // MARK: Periods and events

    /// Whether ``process(final:)`` can change anything before the end of the segment: the
    /// samples complete the next window, or the next sample's period is resolved.
    private var canProgress: Bool {
        (periodBase + periods.count) * hopSamples + halfWindow <= count || resolvedHops > awaitedHop
    }

    /// Estimates every period whose window is complete (all of them when `final`), then finds
    /// the steps among samples whose period is known.
    ///
    /// Most samples complete no window: then, unless `final`, the bridges stand as they were
    /// decided, and steps and trimming only move on once the period the next sample waits for
    /// is resolved; calling them sooner would change nothing.
    private mutating func process(final: Bool) {
        let knownBefore = periodBase + periods.count
        while true {
            let hop = periodBase + periods.count
            let center = hop * hopSamples
            if final {
                guard center < count else { break }
            } else {
                guard center + halfWindow <= count else { break }
            }
            feedSums()
            var (period, level) = periodAndLevel(around: center)
            if period > 0, level < configuration.minimumAmplitude, isWalkEnding(level) {
                period = PeriodEstimator.still
            }
            periods.append(period)
            levels.append(level)
        }
        sums.discard(before: (periodBase + periods.count) * hopSamples - halfWindow)
        let newPeriods = periodBase + periods.count > knownBefore
        if final || newPeriods { resolveBridges(final: final) }
        let eventsWait = !final && resolvedHops <= awaitedHop
        if !eventsWait { findSteps(final: final) }
        if !eventsWait || newPeriods { trim() }
    }

    /// The step period of the window centred on sample `center` and the standard deviation of
    /// the samples it was found in (see ``PeriodEstimator/stepPeriod(_:_:_:searchedLag:)``).
    ///
    /// Cadence does not halve from one window to the next: a window periodic at twice (within
    /// ``Configuration/strideTolerance``) the period of a walk of
    /// ``Configuration/confirmingSteps`` steps whose period has held over the last window's
    /// length is that walk's stride, its step peaks too weak for the autocorrelation to see, and
    /// the walk's steps go on at half of it. Not in a run (steps quicker than
    /// ``ActivityClassifier/sprintCadence``), whose impacts outweigh any arm swing: a run that
    /// turns into a walk at half its cadence has slowed down.
    ///
    /// Nor does it double: when such a walk's period is the lag the estimator halved because
    /// the correlation at half of it is merely not negative (``PeriodEstimator/lastStride``),
    /// the lag is the walk's step, each of whose strikes shows twice in the signal (heel strike
    /// and push-off at the lower back, about half a step apart), not a stride of two steps
    /// twice as quick. A walk breaking into a run shows its new step as a lag of its own: a
    /// run's steps, impacts alike, correlate strongly. But a window that the end of the data
    /// cuts short (the last 2 s of a recording, or before a gap) and reads half such a walk's
    /// period holds the walk's last steps and what came after them (the arm moving as the
    /// walker stops), not a run: it reads the walk's step.
    ///
    /// A window that reads a step of a walking stride's length (twice the quickest walking
    /// step or more) whose acceleration across gravity swings once per period while its
    /// magnitude beats twice (``LimbSwing``) is a stride, halved as the estimator halves one,
    /// and held in the same way.
    ///
    /// One transient inside a walk (an arm movement, a knock) can outweigh every step in each
    /// window that holds it, so a whole window's length of walking would show no period. When
    /// the window has none but a walk of ``Configuration/confirmingSteps`` steps has just had
    /// one, each half of the window (the seconds before the centre, then those after it) is
    /// asked in turn: a half periodic within ``Configuration/bridgeTolerance`` of the walk's
    /// period continues the walk, and its own level, not the transient's, judges its peaks.
    private mutating func periodAndLevel(around center: Int) -> (period: Double, level: Double) {
        let low = max(0, center - halfWindow), high = min(count, center + halfWindow)
        var period = estimator.stepPeriod(sums, low, high)
        var stride = estimator.lastStride
        let level = estimator.lastDeviation
        // A walking stride read as a step: a limb's swing, and two beats of the magnitude.
        if stride == 0, period >= 2 * shortestWalkingStep, !swingSignal.isEmpty,
            LimbSwing.isStride(
                swingSignal[(low - base)..<(high - base)], period: period * Self.sampleRate,
                halfCorrelation: configuration.strideHalfCorrelation)
        {
            stride = period
            period /= 2
        }
        // A window too weak or shaking is not walking: neither rule applies to it.
        guard period != PeriodEstimator.still, let (walking, isSteady) = ongoingWalk() else { return (period, level) }
        if period > 0, isSteady, walking >= shortestWalkingStep {
            if abs(period / 2 - walking) <= configuration.strideTolerance * walking {
                return (period / 2, level)
            }
            if stride > 0, abs(stride - walking) <= configuration.strideTolerance * walking {
                return (stride, level)
            }
            // A window the end of the data cuts short that reads half the walk's step, its
            // movement no stronger than the walk's a window earlier, holds the walk's last steps
            // and what followed them: a walk breaking into a run doubles its movement too.
            if high - low < 2 * halfWindow, abs(2 * period - walking) <= configuration.strideTolerance * walking,
                let walkLevel = levelWindowEarlier(), level < Self.runningRise * walkLevel {
                return (walking, level)
            }
        }
        guard period == PeriodEstimator.aperiodic else { return (period, level) }
        for (halfLow, halfHigh) in [(low, center), (center, high)] {
            let half = estimator.stepPeriod(sums, halfLow, halfHigh, searchedLag: halfWindow / 2)
            if half > 0, abs(half - walking) <= configuration.bridgeTolerance * walking {
                return (half, estimator.lastDeviation)
            }
        }
        return (period, level)
    }

    /// How much more a run moves the device than the walk it breaks out of, at least: the
    /// level (standard deviation of the band-passed signal) of a walk's window doubles when
    /// its steps become a run's impacts (3–5 g where walking gives 1–2 g).
    static let runningRise = 2.0

    /// The level of the window a window's length before the newest one; `nil` when not kept.
    private func levelWindowEarlier() -> Double? {
        let earlier = periodBase + periods.count - windowHops
        return earlier >= periodBase ? levels[earlier - periodBase] : nil
    }

    /// Whether the newest window, periodic but as weak as `level` (under
    /// ``Configuration/minimumAmplitude``), is a walk ending rather than a gentle walk: its
    /// level has fallen under 1/√2 of what it was a window's length earlier, as when half the
    /// window has become still, while a gentle walker keeps a level of its own. (A walk's last
    /// seconds keep the window periodic and its peaks would be counted past the last step: the
    /// phone put down, the body settling.)
    private func isWalkEnding(_ level: Double) -> Bool {
        levelWindowEarlier().map { level < $0 / 2.0.squareRoot() } ?? false
    }

    /// The walk the newest hops belong to, when it has lasted ``Configuration/confirmingSteps``
    /// steps and its last periodic hop is less than ``Configuration/longestBridge`` old (the hops
    /// since have no period yet): its period, the median of its hops' periods over the last
    /// window's length up to that hop (fewer hops while the walk is younger), and whether that
    /// period is steady, every one of a whole window's length of hops within
    /// ``Configuration/bridgeTolerance`` of it. One window can misread a period (an arm's
    /// movement, a turn): a window's worth of hops is the walk's cadence, which one misread hop
    /// does not move, where the newest hop alone may be the misreading. `nil` when there is no
    /// such walk.
    private func ongoingWalk() -> (period: Double, isSteady: Bool)? {
        var hop = periods.count - 1
        while hop >= 0, periods.count - hop <= longestBridgeHops, periods[hop] == PeriodEstimator.aperiodic { hop -= 1 }
        var recent: [Double] = []
        recent.reserveCapacity(windowHops)
        while recent.count < windowHops, hop >= 0, periods[hop] > 0 {
            recent.append(periods[hop])
            hop -= 1
        }
        guard let period = recent.median else { return nil }
        // Only as far back as the walk needs: a long walk is not walked through again.
        let neededHops = Int((configuration.confirmingSteps * period / configuration.hop).rounded(.up))
        var walkingHops = recent.count
        while walkingHops < neededHops, hop >= 0, periods[hop] > 0 {
            walkingHops += 1
            hop -= 1
        }
        guard walkingHops >= neededHops else { return nil }
        let isSteady =
            recent.count == windowHops && recent.allSatisfy { abs($0 - period) <= configuration.bridgeTolerance * period }
        return (period, isSteady)
    }

    /// Brings `sums` up to the newest sample.
    private mutating func feedSums() {
        guard sums.count < count else { return }
        filtered.withUnsafeBufferPointer { filtered in
            sums.append(contentsOf: UnsafeBufferPointer(rebasing: filtered[(sums.count - base)...]))
        }
    }

    /// Decides the hops without a clear period: bridged with their neighbours' mean period
    /// when walking at similar cadences surrounds a short stretch of them, else not walking.
    ///
    /// Cadence does not double across such a stretch either: when a walk of
    /// ``Configuration/confirmingSteps`` steps was read before it at twice (within
    /// ``Configuration/strideTolerance``) the period that the two windows after it read, the
    /// walk before was read at its stride (a wrist whose arm swing outweighed the steps) and
    /// the stretch is bridged at the step after it. Nor does it jump for one window and come
    /// back: a lone window at another period between two such stretches belongs to them when
    /// the walk's cadence is read again for two windows after them, all within
    /// ``Configuration/longestBridge``.
    private mutating func resolveBridges(final: Bool) {
        let known = periodBase + periods.count
        let longest = longestBridgeHops
        while resolvedHops < known {
            guard periods[resolvedHops - periodBase] == PeriodEstimator.aperiodic else {
                countWalkingRun(hops: periods[resolvedHops - periodBase] > 0 ? 1 : 0)
                resolvedHops += 1
                continue
            }
            var end = resolvedHops
            while end < known && periods[end - periodBase] == PeriodEstimator.aperiodic { end += 1 }
            if end == known && !final && end - resolvedHops <= longest { return }  // wait for the stretch to end
            let before = resolvedHops > periodBase ? periods[resolvedHops - 1 - periodBase] : 0
            // The first window after the stretch still holds most of what hid the period (a
            // watch raised to be read while walking on, the arm's swing outweighing the steps):
            // when it alone reads the stride of a walk under way and the next one reads its step
            // again, it belongs to the stretch.
            if before > 0, isWalkUnderWay(period: before), end < known, end - resolvedHops < longest,
                periods[end - periodBase] > 0, isSimilar(periods[end - periodBase], 2 * before) {
                if end + 1 == known && !final { return }  // wait for the window after it
                if end + 1 < known, isWalking(end + 1, atCadenceOf: before) {
                    end += 1
                }
            }
            // Nor does cadence jump for one window and come back: a lone window after the stretch
            // whose period is not the walk's before it, followed by more hops without a period
            // and then two windows at the walk's period again, read the shape of the movement
            // that hid the period (an arm's), and belongs to the stretch.
            if before > 0, end < known, periods[end - periodBase] > 0, !isSimilar(periods[end - periodBase], before) {
                if end + 1 == known && !final { return }  // wait for the window after it
                var resumed = end + 1
                while resumed < known && periods[resumed - periodBase] == PeriodEstimator.aperiodic { resumed += 1 }
                if resumed > end + 1, resumed - resolvedHops <= longest {
                    if resumed + 1 >= known && !final { return }  // wait for the two windows after it
                    if resumed + 1 < known, isWalking(resumed, atCadenceOf: before), isWalking(resumed + 1, atCadenceOf: before) {
                        end = resumed
                    }
                }
            }
            let length = end - resolvedHops
            let after = end < known ? periods[end - periodBase] : 0
            var fill = PeriodEstimator.still
            if length <= longest, before > 0, after > 0, isSimilar(before, after) {
                fill = wasHandled(after: resolvedHops - 1, before: end, period: before) ? Self.handled : (before + after) / 2
            } else if length <= longest, before > 0, after > 0,
                abs(before / 2 - after) <= configuration.strideTolerance * after, isWalkUnderWay(period: before)
            {
                if end + 1 == known && !final { return }  // wait for the window after it
                if end + 1 < known, isWalking(end + 1, atCadenceOf: after) {
                    fill = after
                }
            }
            for hop in resolvedHops..<end { periods[hop - periodBase] = fill }
            countWalkingRun(hops: fill > 0 ? length : 0)
            resolvedHops = end
        }
    }

    /// Whether hop `hop` (kept) reads a walking period of `period`'s cadence (``isSimilar(_:_:)``).
    private func isWalking(_ hop: Int, atCadenceOf period: Double) -> Bool {
        periods[hop - periodBase] > 0 && isSimilar(periods[hop - periodBase], period)
    }

    /// Whether two step periods are one cadence, within ``Configuration/bridgeTolerance`` of
    /// the shorter.
    private func isSimilar(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= configuration.bridgeTolerance * min(a, b)
    }

    /// Counts `hops` more resolved hops of walking, or, when 0, a hop that is not walking.
    private mutating func countWalkingRun(hops: Int) {
        guard hops > 0 else {
            walkingRun = 0
            return
        }
        walkingRun += hops + interruptedRun
        interruptedRun = 0
        lastWalkingRun = walkingRun
    }

    /// Whether the device was handled over the hops without a period between hops `first` and
    /// `last`, after a walking stretch at `period` too short to be a walk
    /// (``Configuration/confirmingSteps`` steps): gravity's direction in the device turned
    /// by more than ``Configuration/handlingTurn`` from `first` to `last`.
    private func wasHandled(after first: Int, before last: Int, period: Double) -> Bool {
        !isWalkUnderWay(period: period) && isTurned(first, last)
    }

    /// Whether the walking hops just resolved, at `period`, make a walk of
    /// ``Configuration/confirmingSteps`` steps.
    private func isWalkUnderWay(period: Double) -> Bool {
        Double(walkingRun) * configuration.hop >= configuration.confirmingSteps * period
    }

    /// Whether gravity's direction in the device turned by more than
    /// ``Configuration/handlingTurn`` from hop `first` to hop `last`; `false` when either is
    /// unknown (no gravity in the signal, or a hop no longer kept).
    private func isTurned(_ first: Int, _ last: Int) -> Bool {
        guard min(first, last) >= periodBase, max(first, last) - periodBase < hopGravity.count else { return false }
        return (hopGravity[first - periodBase] * hopGravity[last - periodBase]).sum() < handlingTurnCosine
    }

    /// Whether gravity's direction in the device turned by more than
    /// ``Configuration/handlingTurn`` from where it was at hop `reference` at any of `hops`
    /// (a phone moved from a back to a front pocket turns and comes back to about where it
    /// was, so the ends alone do not show it); `nil` when unknown (no gravity in the signal,
    /// or hops no longer kept).
    private func turnedAtAnyHop(from reference: Int, over hops: ClosedRange<Int>) -> Bool? {
        guard min(reference, hops.lowerBound) >= periodBase, max(reference, hops.upperBound) - periodBase < hopGravity.count
        else { return nil }
        let direction = hopGravity[reference - periodBase]
        return hops.contains { (hopGravity[$0 - periodBase] * direction).sum() < handlingTurnCosine }
    }

    private mutating func findSteps(final: Bool) {
        let knownHops = resolvedHops
        while nextEventIndex + 1 < count {
            let hop = nearestHop(nextEventIndex)
            // At the end of a segment the last samples use the last period.
            guard hop < knownHops || (final && knownHops > 0) else {
                awaitedHop = hop
                break
            }
            let period = periods[min(hop, knownHops - 1) - periodBase]
            let leastPeak = max(configuration.minimumPeak, configuration.relativePeak * levels[min(hop, knownHops - 1) - periodBase])
            // The samples nearest this hop share its period (and a sample needs the next one).
            let end = min(firstSample(nearest: hop + 1), count - 1)
            guard period > 0 else {
                if period == Self.handled {
                    // A pause with the device handled: no steps in it, but the walk's bout goes
                    // on, and its first steps after the pause are looked for as a walk's are.
                    settle()
                } else {
                    endBout()  // once for all of them: again would change nothing
                }
                nextEventIndex = end
                continue
            }
            while nextEventIndex < end {
                let index = nextEventIndex
                nextEventIndex += 1
                let value = filtered[index - base]
                guard value > leastPeak, value > filtered[index - 1 - base],
                    value >= filtered[index + 1 - base]
                else { continue }
                let time = origin + Double(index) / Self.sampleRate
                guard let last = lastStep else {
                    if let emitted = lastEmittedIndex,
                        Double(index - emitted) < configuration.refractoryFraction * period * Self.sampleRate {
                        continue  // the previous bout's rhythm already counted this peak
                    }
                    if let suspect = handlingSuspect {
                        if time - suspect <= configuration.lookBack {
                            found.append(suspect)
                            lastWalkStep = suspect
                        }
                        handlingSuspect = nil
                    }
                    extendBackward(from: index, period: period)
                    if let walk = interruptedWalk {
                        interruptedWalk = nil
                        fillGap(after: walk, before: lookBackSteps.first ?? time, period: period)
                    }
                    if boutConfirmed || !bout.isEmpty {
                        // The bout resumes after a pause with the device handled.
                        let resumed = lookBackSteps
                        lookBackSteps.removeAll()
                        for step in resumed { emit(step) }
                    }
                    pending = time
                    lastStep = (index, time, value)
                    continue
                }
                let interval = time - last.time
                if interval < configuration.refractoryFraction * period {
                    if value > last.value {
                        pending = time
                        lastStep = (index, time, value)
                    }
                    continue
                }
                settle()
                if interval > configuration.gapFraction * period {
                    let missing = Int((interval / period).rounded()) - 1
                    if Double(missing) <= configuration.maximumMissedSteps {
                        for k in stride(from: 1, through: missing, by: 1) {
                            emit(last.time + Double(k) * interval / Double(missing + 1))
                        }
                    }
                }
                pending = time
                lastStep = (index, time, value)
            }
        }
        if final { endBout() }
    }

    /// A new step came: the held-back one is final.
    private mutating func settle() {
        if let step = pending {
            emit(step)
            lastEmittedIndex = lastStep?.index
            if let value = lastStep?.value {
                if Double(boutPeaks.count) >= configuration.confirmingSteps { boutPeaks.removeFirst() }
                boutPeaks.append(value)
            }
        }
        pending = nil
        lastStep = nil
    }

    /// A step of the current bout. Until the bout has ``Configuration/confirmingSteps`` steps
    /// they wait in `bout`; then the steps found looking back before it are counted too, and
    /// the held short bouts just before those, and the steps walked through the pause since
    /// the walk or bouts it goes on from (``stepsWalkedThrough(pauseAfter:every:before:every:)``).
    private mutating func emit(_ time: Double) {
        guard !boutConfirmed else {
            found.append(time)
            lastWalkStep = time
            confirmedBout?.steps += 1
            return
        }
        bout.append(time)
        if Double(bout.count) >= configuration.confirmingSteps {
            let start = lookBackSteps.first ?? bout[0], interval = Self.meanInterval(bout[...])
            var before = lastWalkStep.map { (end: $0, interval: walkInterval) }
            if let held = heldSteps.last, goesOn(after: held, every: heldInterval, from: start, every: interval) {
                dropHeldStepsBeyondLatency()
                found += heldSteps
                before = (held, heldInterval)
            }
            heldSteps.removeAll()
            if let before {
                found += stepsWalkedThrough(pauseAfter: before.end, every: before.interval, before: start, every: interval)
            }
            lastWalkStep = time
            confirmedBout = (bout[0], bout.count)
            found += lookBackSteps
            found += bout
            stepsInDataGaps += gapSteps
            gapSteps = 0
            lookBackSteps.removeAll()
            bout.removeAll()
            boutConfirmed = true
        }
    }

    /// Walking stopped. A bout too short to confirm keeps its own steps (without look-back) when
    /// it goes on from a walk (``goesOn(after:every:from:every:)``), with the steps walked
    /// through the pause between them (``stepsWalkedThrough(pauseAfter:every:before:every:)``).
    /// A bout of ``Configuration/shortestWalk`` steps or more counts, with the steps found
    /// looking back before it, when it rose out of standing with the device not handled
    /// (``isWalkFromStanding(from:to:countedFrom:)``).
    /// Otherwise its steps are held, chained with the short bouts just before it that it goes on
    /// from (``goesOn(after:every:from:every:)``): they count once the chain has
    /// ``Configuration/confirmingSteps`` steps (a walk with short pauses) or a walk confirms
    /// going on from them (``emit(_:)``), and are dropped otherwise.
    private mutating func endBout() {
        if boutConfirmed, pending != nil, let last = lastStep, isHandling(peak: last.value) {
            handlingSuspect = last.time
            lastEmittedIndex = last.index
            pending = nil
            lastStep = nil
        }
        settle()
        boutPeaks.removeAll(keepingCapacity: true)
        if let confirmed = confirmedBout, let last = lastWalkStep {
            walkInterval = Self.meanInterval(from: confirmed.first, to: last, steps: confirmed.steps)
            confirmedBout = nil
        }
        if let first = bout.first, let last = bout.last {
            let interval = Self.meanInterval(bout[...])
            if let walkEnd = lastWalkStep, goesOn(after: walkEnd, every: walkInterval, from: first, every: interval) {
                found += stepsWalkedThrough(pauseAfter: walkEnd, every: walkInterval, before: first, every: interval)
                found += bout
                lastWalkStep = last
                walkInterval = interval ?? walkInterval
            } else if Double(bout.count) >= configuration.shortestWalk, isWalkFromStanding(from: first, to: last, countedFrom: lookBackSteps.first ?? first) {
                found += lookBackSteps
                found += bout
                lastWalkStep = last
                walkInterval = interval
            } else {
                if let held = heldSteps.last, !goesOn(after: held, every: heldInterval, from: first, every: interval) {
                    heldSteps.removeAll()
                }
                heldInterval = interval ?? (heldSteps.isEmpty ? nil : heldInterval)
                heldSteps += bout
                dropHeldStepsBeyondLatency()
                if Double(heldSteps.count) >= configuration.confirmingSteps {
                    found += heldSteps
                    lastWalkStep = last
                    walkInterval = heldInterval
                    heldSteps.removeAll()
                }
            }
        }
        bout.removeAll()
        lookBackSteps.removeAll()
        gapSteps = 0
        boutConfirmed = false
    }

    /// Whether a bout whose first step is at `first`, a step every `interval` seconds, goes on
    /// from steps (a walk's, or held short bouts') whose last is at `last`, the latest bout of
    /// them a step every `lastInterval`: after a pause of at most ``Configuration/lookBack``
    /// whatever their rhythms, and of up to twice that when both keep one cadence (their mean
    /// step intervals within ``Configuration/bridgeTolerance``) and the device kept moving
    /// through the pause (``keptMoving(from:to:)``). A walker's cadence holds through a walk,
    /// so a rhythm that resumes at it after an arm's movements hid it is the same walk, while
    /// handling moves a device at no steady rhythm from one movement to the next, and a walker
    /// who stood still has stopped: what follows is a walk of its own (a bout of
    /// ``Configuration/shortestWalk`` steps from standing) or handling. A bout of fewer than
    /// three steps (`nil`) shows no cadence: one interval is no rhythm (two peaks of a phone
    /// put into a pocket can be as far apart as steps).
    private func goesOn(after last: Double, every lastInterval: Double?, from first: Double, every interval: Double?) -> Bool {
        let pause = first - last
        if pause <= configuration.lookBack { return true }
        guard pause <= 2 * configuration.lookBack, let lastInterval, let interval else { return false }
        return isSimilar(interval, lastInterval)
            && keptMoving(from: last, to: first)
    }

    /// The steps of a walk taken during a pause in its rhythm, from its last step at `last`, a
    /// step every `lastInterval`, to the first step at `first` of the bout that goes on from it,
    /// a step every `interval`: evenly spaced at their cadence, when both keep one cadence
    /// (within ``Configuration/bridgeTolerance``), the pause lasts more than
    /// ``Configuration/gapFraction`` of a step and at most twice ``Configuration/lookBack``, the
    /// device moved in every second of it (``movedThroughout(from:to:)``), at least
    /// ``hiddenWalkLevel`` times as much as over the walk's last steps, and was never turned by
    /// more than ``Configuration/handlingTurn`` in it. A bout that resumes the walk's cadence so
    /// is the same walk (``goesOn(after:every:from:every:)``): the walker did not stop, an
    /// arm's movements on top of the steps hid their rhythm (a wrist, a phone in a swinging
    /// hand). A walker who stood still, or stopped to handle a phone or to fidget, moves the
    /// device less than walking did, or turns it. Walking only (steps slower than
    /// `shortestWalkingStep`): a run's impacts outweigh any arm movement, so a runner whose
    /// rhythm pauses has stopped (bouncing on the spot, stretching). None when those do not hold.
    private func stepsWalkedThrough(pauseAfter last: Double, every lastInterval: Double?, before first: Double, every interval: Double?) -> [Double] {
        guard let lastInterval, let interval else { return [] }
        let pause = first - last
        let step = (lastInterval + interval) / 2
        // The pause without the half step of signal around each step that bounds it.
        let quietFrom = last + step / 2, quietTo = first - step / 2
        guard step >= shortestWalkingStep, pause > configuration.gapFraction * step, pause <= 2 * configuration.lookBack,
            isSimilar(interval, lastInterval),
            movedThroughout(from: quietFrom, to: quietTo),
            let walkLevel = level(from: last - 4 * step, to: quietFrom),
            let pauseLevel = level(from: quietFrom, to: quietTo), pauseLevel >= Self.hiddenWalkLevel * walkLevel,
            turnedAtAnyHop(from: hop(at: last), over: hop(at: last)...hop(at: first)) != true
        else { return [] }
        let missing = Int((pause / step).rounded()) - 1
        guard missing > 0 else { return [] }
        return (1...missing).map { last + Double($0) * pause / Double(missing + 1) }
    }

    /// How much a pause in which a walk went on moves the device at least, as a fraction of how
    /// much the walk's last four steps moved it (standard deviations of the band-passed
    /// signal): the steps go on under whatever else moves the device, so it moves about as
    /// much as walking did, or more. Measured on generated stops inserted into real walks (the
    /// device handled, tapped, tilted, raised, shaken; with gravity, without, as a magnitude;
    /// real hand activity of the wrist set spliced into its walks), 0.8 keeps two thirds of the
    /// steps the wrist walks' pauses got without it, and drops four fifths of the false steps
    /// in the inserted stops and two thirds in the spliced activity (docs/accuracy.md).
    static let hiddenWalkLevel = 0.8

    /// Whether every window between `from` and `to` (seconds) moved at least
    /// ``Configuration/minimumAmplitude``: none stood still, as ``isWalkFromStanding(from:to:countedFrom:)``
    /// takes standing. `false` when unknown (hops no longer kept, or another segment).
    private func keptMoving(from: Double, to: Double) -> Bool {
        guard from >= origin else { return false }
        let low = hop(at: from), high = hop(at: to)
        guard low >= periodBase, high - periodBase < levels.count, low <= high else { return false }
        return (low...high).allSatisfy { levels[$0 - periodBase] >= configuration.minimumAmplitude }
    }

    /// Whether the band-passed signal from `from` to `to` (seconds) moved at least
    /// ``Configuration/minimumAmplitude`` (its ``level(from:to:)``) in every second of it, each
    /// second taken alone (the stretch as a whole when shorter): a walker who stood still for
    /// a few seconds between steps did not walk on, though every 4 s window over those seconds
    /// takes in the steps on either side. `false` when unknown.
    private func movedThroughout(from: Double, to: Double) -> Bool {
        let seconds = max(1, Int(to - from)), length = (to - from) / Double(seconds)
        return (0..<seconds).allSatisfy { second in
            let start = from + Double(second) * length
            return level(from: start, to: start + length).map { $0 >= configuration.minimumAmplitude } ?? false
        }
    }

    /// The standard deviation of the band-passed signal from `from` to `to` (seconds); `nil`
    /// when unknown (an empty stretch, or samples no longer kept or of another segment).
    private func level(from: Double, to: Double) -> Double? {
        let low = sample(at: from), high = sample(at: to)
        guard low >= base, high < count, low < high else { return nil }
        var sum = 0.0, squares = 0.0
        for index in low..<high {
            let value = filtered[index - base]
            sum += value
            squares += value * value
        }
        let n = Double(high - low), mean = sum / n
        return max(0, squares / n - mean * mean).squareRoot()
    }

    /// The mean interval between successive `steps`; `nil` for fewer than three.
    private static func meanInterval(_ steps: ArraySlice<Double>) -> Double? {
        guard let first = steps.first, let last = steps.last else { return nil }
        return meanInterval(from: first, to: last, steps: steps.count)
    }

    /// The mean interval of `steps` steps from `first` to `last`; `nil` for fewer than three.
    private static func meanInterval(from first: Double, to last: Double, steps: Int) -> Double? {
        steps >= 3 && last > first ? (last - first) / Double(steps - 1) : nil
    }

    /// Whether a bout with steps from `first` to `last`, too short to confirm, is a walk of its
    /// own: the walker stood still within ``Configuration/lookBack`` before `first` (a window
    /// moving less than ``Configuration/minimumAmplitude``, less than any walking: a walk rises
    /// out of standing, while handling or jostling moves the device throughout), and the
    /// device was not handled (gravity's direction in it within ``Configuration/handlingTurn``
    /// of where it was ``Configuration/lookBack`` before `first`, over every step to be counted:
    /// from `earliest`, the first found looking back before the bout or else `first`, to
    /// `last`; not asked before them, where a body-worn sensor leans and comes back as its
    /// walker stands up, while a handled phone's jolts found looking back lie where it was
    /// turned). `false` when unknown: no gravity in the signal, or hops no longer kept.
    private func isWalkFromStanding(from first: Double, to last: Double, countedFrom earliest: Double) -> Bool {
        let low = hop(at: first - configuration.lookBack), start = hop(at: first), high = hop(at: last)
        guard low >= periodBase, high - periodBase < hopGravity.count, high - periodBase < levels.count, low <= start
        else { return false }
        guard (low...start).contains(where: { levels[$0 - periodBase] < configuration.minimumAmplitude }) else { return false }
        return turnedAtAnyHop(from: low, over: max(low, hop(at: earliest))...high) == false
    }

    /// Whether a bout's last peak is the device being moved rather than a step: higher than
    /// ``Configuration/handlingPeakRatio`` times the median of the bout's latest peaks, when
    /// the bout has had a few (the median of fewer is no level).
    private func isHandling(peak: Double) -> Bool {
        guard boutPeaks.count >= 4, let median = boutPeaks.median else { return false }
        return peak > configuration.handlingPeakRatio * median
    }

    /// Drops the held steps more than ``latency`` before the newest sample: handed out now,
    /// they would break that bound (``Pedometer`` takes the seconds before it as final), so
    /// they can never count. Only a chain of short bouts far apart gets that old.
    private mutating func dropHeldStepsBeyondLatency() {
        guard let newest = previous?.time else { return }
        let oldestAllowed = newest - latency
        let stale = heldSteps.prefix { $0 < oldestAllowed }.count
        heldSteps.removeFirst(stale)
    }

    /// The highest local maximum above ``Configuration/minimumPeak`` among samples
    /// `low...high` (both within the buffer, not its first or last sample).
    private func highestPeak(_ low: Int, _ high: Int) -> Int? {
        var best: Int?
        for candidate in low...high {
            let value = filtered[candidate - base]
            guard value > configuration.minimumPeak, value > filtered[candidate - 1 - base],
                value >= filtered[candidate + 1 - base]
            else { continue }
            if best.map({ value > filtered[$0 - base] }) ?? true { best = candidate }
        }
        return best
    }

    /// A walk's first steps come before its first window that shows a period (that window is
    /// centred seconds into the walk). From the bout's first step at `index`, steps are added
    /// backwards while the signal keeps the rhythm: a peak one period (±``Configuration/
    /// rhythmTolerance``) before the previous one, at most ``Configuration/lookBack`` seconds
    /// back, never reaching the previous bout.
    private mutating func extendBackward(from index: Int, period: Double) {
        let periodSamples = period * Self.sampleRate
        let afterLastStep = lastEmittedIndex.map { $0 + Int(configuration.refractoryFraction * periodSamples) + 1 } ?? 0
        let limit = max(base + 1, index - Int(configuration.lookBack * Self.sampleRate), afterLastStep)
        var earlier: [Int] = []
        var current = index
        while true {
            let low = max(current - Int((periodSamples * (1 + configuration.rhythmTolerance)).rounded(.up)), limit)
            let high = min(current - Int((periodSamples * (1 - configuration.rhythmTolerance)).rounded(.down)), count - 2)
            guard low <= high, let step = highestPeak(low, high) else { break }
            earlier.append(step)
            current = step
        }
        lookBackSteps = earlier.reversed().map { origin + Double($0) / Self.sampleRate }
        gapSteps = 0
    }

    /// A walk that a gap in the data cut: its last step, its cadence read two ways (the periods
    /// of the walk's latest hops and of its last window), and when the data resumed.
    private struct InterruptedWalk {
        var lastStep: Double
        /// The median of the last three periods found: the walk's latest pace, which a change of
        /// pace just before the gap has reached and the last window's median has not.
        var latestPeriod: Double
        /// The median of the last window's periods: the walk's pace over its last 4 s, which a
        /// window that the gap cut short and misread (0.87 s in a walk stepping every 0.52 s)
        /// does not move.
        var windowPeriod: Double
        var gapEnd: Double

        /// The reading of the walk's cadence that `period` keeps (within `tolerance` of the
        /// shorter), the latest first; `nil` when neither does.
        func period(matching period: Double, tolerance: Double) -> Double? {
            [latestPeriod, windowPeriod].first { abs(period - $0) <= tolerance * min(period, $0) }
        }
    }

    /// The walk a gap in the data from `gapStart` to `gapEnd` interrupts, once the segment
    /// before it is processed: a walk, or a bout held until it makes one, that went on up to the
    /// gap (its last step less than ``Configuration/gapFraction`` periods before it, by either
    /// reading of its period), the gap no longer than ``Configuration/longestBridge``.
    private func walkInterrupted(from gapStart: Double, to gapEnd: Double) -> InterruptedWalk? {
        let recent = periods.suffix(windowHops).filter { $0 > 0 }
        guard gapEnd - gapStart <= configuration.longestBridge,
            let lastStep = [lastWalkStep, heldSteps.last].compactMap({ $0 }).max(),
            let latest = recent.suffix(3).median, let window = recent.median,
            gapStart - lastStep <= configuration.gapFraction * max(latest, window)
        else { return nil }
        return InterruptedWalk(lastStep: lastStep, latestPeriod: latest, windowPeriod: window, gapEnd: gapEnd)
    }

    /// Missing data is not a pause: when the first bout after a gap starts as the data resumes
    /// (within ``Configuration/gapFraction`` periods) at the cadence of the walk the gap cut
    /// (within ``Configuration/bridgeTolerance`` of either reading of it), the walker walked on
    /// through it, and the steps between the walk's last step and the bout's `first` are placed
    /// evenly among its look-back steps (counted when the bout confirms, as they are). (Until
    /// 2026-11-28 the walk's cadence was the last period found alone: a 2 s hole 60 s into the
    /// in-hand walk, whose last window the hole cut short, stayed empty, 259 of 263; the last
    /// window's median alone would leave a hole 0.5–3.5 s after a change between walking and
    /// running empty, 4–7 steps short.)
    private mutating func fillGap(after walk: InterruptedWalk, before first: Double, period: Double) {
        guard first - walk.gapEnd <= configuration.gapFraction * period,
            let before = walk.period(matching: period, tolerance: configuration.bridgeTolerance)
        else { return }
        let interval = first - walk.lastStep
        let missing = Int((2 * interval / (period + before)).rounded()) - 1
        guard missing > 0 else { return }
        lookBackSteps.insert(
            contentsOf: (1...missing).map { walk.lastStep + Double($0) * interval / Double(missing + 1) }, at: 0)
        gapSteps = missing
    }

    /// The hop nearest `time` (seconds on the samples' clock) in this segment; the first hop for
    /// a time before it.
    private func hop(at time: Double) -> Int {
        nearestHop(max(0, sample(at: time)))
    }

    /// The resampled point nearest `time` (seconds on the samples' clock) in this segment.
    private func sample(at time: Double) -> Int {
        Int(((time - origin) * Self.sampleRate).rounded())
    }

    /// The hop whose centre is nearest to sample `index` (≥ 0), halves rounded up: in integers,
    /// the same as rounding `index / hopSamples`, without a call to `round` per sample.
    @inline(__always)
    private func nearestHop(_ index: Int) -> Int {
        (2 * index + hopSamples) / (2 * hopSamples)
    }

    /// The first sample whose nearest hop (``nearestHop(_:)``) is `hop` or later, for `hop ≥ 1`:
    /// the least `index` with `2 · index + hopSamples ≥ 2 · hop · hopSamples`.
    @inline(__always)
    private func firstSample(nearest hop: Int) -> Int {
        (2 * hop * hopSamples - hopSamples + 1) / 2
    }

    /// Drops samples and periods no longer needed (bounded memory).
    private mutating func trim() {
        let nextHopCenter = (periodBase + periods.count) * hopSamples
        let lookBack = Int(configuration.lookBack * Self.sampleRate) + 1
        // A walk's pause is judged by its samples and those of the walk's last steps before it
        // (stepsWalkedThrough), up to `latency` before the newest sample.
        let pauseLookBack = Int(latency * Self.sampleRate) + 1
        let keepFrom = min(nextEventIndex - 1 - lookBack, nextHopCenter - halfWindow, count - pauseLookBack)
        let drop = keepFrom - base
        if drop > 4096 {
            feedSums()
            filtered.removeFirst(drop)
            if !swingSignal.isEmpty { swingSignal.removeFirst(drop) }  // beside `filtered`, sample for sample
            base += drop
        }
        // A window's length of levels stays for isWalkEnding(_:).
        let neededHop = min(nearestHop(nextEventIndex), resolvedHops, periodBase + periods.count - windowHops) - 1
        let dropHops = neededHop - periodBase
        if dropHops > 1024 {
            periods.removeFirst(dropHops)
            levels.removeFirst(dropHops)
            hopGravity.removeFirst(min(dropHops, hopGravity.count))
            periodBase += dropHops
        }
    }
}
