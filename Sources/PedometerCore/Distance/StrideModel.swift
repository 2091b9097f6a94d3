/// Step length (metres per step) from body height and cadence.
///
/// Walking steps are about 0.415 × height at a usual 1.8 steps/s and lengthen slowly with
/// cadence (0.125 × height per step/s); above 2 steps/s (jogging, running) speed grows mostly by
/// longer steps, 0.3 × height per step/s. These are population averages from gait studies: a
/// 1.75 m person walks at about 1.35 m/s at 1.8 steps/s and runs about 3.2 m/s at 2.75 steps/s.
/// A user's own walking step length (`--stride`), or GPS calibration, rescales the whole curve.
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
}
