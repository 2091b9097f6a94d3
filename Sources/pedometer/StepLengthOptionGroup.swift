import ArgumentParser
import PedometerCore
import PedometerIngest

/// `--height` and `--stride`: what the steps' lengths are measured with, for `summarize`,
/// `series` and `check`.
struct StepLengthOptionGroup: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Body height in metres, for step length (default \(StrideModel.defaultHeight)).", valueName: "m"))
    var height: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Your walking step length in metres at about 108 steps/min (one step, not a stride of two); steps grow or shrink with cadence from it; overrides GPS calibration.", valueName: "m"))
    var stride: Double?

    func validate() throws {
        if let height, !TruthManifest.plausibleHeights.contains(height) { throw ValidationError("--height must be between 0.5 and 2.5 metres") }
        if let stride, !(0.2...2.5).contains(stride) { throw ValidationError("--stride must be between 0.2 and 2.5 metres") }
    }

    /// The engine settings these options describe, with `detector`'s step detection.
    func configuration(detector: StepDetector.Configuration = StepDetector.Configuration()) -> PedometerConfiguration {
        PedometerConfiguration(height: height ?? StrideModel.defaultHeight, walkingStride: stride, detector: detector)
    }

    /// The arguments that give these options (empty when both are defaults).
    var arguments: [String] {
        var result: [String] = []
        if let height { result += ["--height", "\(height)"] }
        if let stride { result += ["--stride", "\(stride)"] }
        return result
    }
}
