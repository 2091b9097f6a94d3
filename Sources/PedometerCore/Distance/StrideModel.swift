/// Step length (metres per step) from body height and cadence.
///
/// Walking steps are about 0.415 × height at a usual 1.8 steps/s and lengthen slowly with
/// cadence (0.125 × height per step/s); above 2 steps/s (jogging, running) speed grows mostly by
/// longer steps, 0.3 × height per step/s. These are population averages from gait studies: a
/// 1.75 m person walks at about 1.35 m/s at 1.8 steps/s and runs about 3.2 m/s at 2.75 steps/s.
/// A user's own walking step length (`--stride`), or GPS calibration, rescales the whole curve.
///
/// When the sensor's vertical movement is known, a walking step's length comes from it instead
/// (``stepLength(excursion:)``): the body vaults over the stance leg like an inverted pendulum,
/// so how high it rises over a step and how long the leg is fix how far it moves forward. This
/// follows each walker's own step, which height and cadence alone cannot (people of one height
/// take steps a third longer or shorter at one cadence).
public struct StrideModel: Sendable, Hashable, Codable {
    /// Body height in metres.
    public var height: Double
    /// Multiplies every step length: 1 for the population model, else from `--stride` or GPS.
    public var scale: Double

    /// The height assumed when none is given, metres.
    public static let defaultHeight = 1.70
    /// Cadence (steps/s) at which the walking ratio 0.415 applies.
    public static let referenceCadence = 1.8

    public init(height: Double = StrideModel.defaultHeight, scale: Double = 1) {
        self.height = height
        self.scale = scale
    }

    /// A model whose walking step length at the reference cadence is `stride` metres.
    public init(height: Double = StrideModel.defaultHeight, walkingStride stride: Double) {
        self.height = height
        self.scale = stride / (height * Self.heightRatio(cadence: Self.referenceCadence))
    }

    /// Step length over height at a cadence in steps per second (clamped to 1–3.5 steps/s).
    public static func heightRatio(cadence: Double) -> Double {
        let c = min(max(cadence, 1.0), 3.5)
        if c <= 2.0 { return 0.415 + 0.125 * (c - referenceCadence) }
        return 0.44 + 0.3 * (c - 2.0)
    }

    /// Metres per step at `cadence` steps per second.
    public func stepLength(cadence: Double) -> Double {
        scale * height * Self.heightRatio(cadence: cadence)
    }

    /// Leg length (hip joint to floor) over body height, from anthropometric tables.
    public static let legRatio = 0.53
    /// Multiplies the inverted pendulum's step length: the trunk's rise is a little less than
    /// the one the model assumes (double support, pelvic tilt), so the model comes out short by
    /// this factor on average (Zijlstra & Hof, Gait & Posture 2003).
    public static let pendulumCorrection = 1.25

    /// Metres per walking step of an inverted pendulum of leg length ``legRatio`` × height
    /// whose top rises and falls by `excursion` metres over the step: 2 √(2 l h − h²), times
    /// ``pendulumCorrection`` and ``scale``. The rise is capped at the leg's length.
    public func stepLength(excursion: Double) -> Double {
        let leg = Self.legRatio * height
        let rise = min(max(excursion, 0), leg)
        return scale * Self.pendulumCorrection * 2 * (2 * leg * rise - rise * rise).squareRoot()
    }

    /// Froude number (speed² / (g × leg length)) at which people stop walking and run.
    public static let walkToRunFroude = 0.5

    /// The longest walking step at `cadence` steps per second, metres: the walk-to-run speed
    /// √(``walkToRunFroude`` g l) over the cadence, times ``scale``. A rise that implies a
    /// longer step (a jolt of the phone) is not one.
    public func longestWalkingStep(cadence: Double) -> Double {
        let speed = (Self.walkToRunFroude * standardGravity * Self.legRatio * height).squareRoot()
        return scale * speed / max(cadence, 0.5)
    }
}
