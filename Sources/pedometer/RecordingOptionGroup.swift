import ArgumentParser
import PedometerCore
import PedometerIngest

/// How `pedometer check` reads and measures a recording: the reading options of `summarize`
/// with `--height` and `--stride`. Given on the command line they apply to every recording (and
/// `--record` stores them in each expected file); otherwise each recording is read with the
/// options stored in its expected file (``arguments`` parsed back).
struct RecordingOptionGroup: ParsableArguments {
    @OptionGroup var ingest: IngestOptionGroup

    @Option(help: ArgumentHelp("Body height in metres, for step length (default \(StrideModel.defaultHeight)).", valueName: "m"))
    var height: Double?

    @Option(help: ArgumentHelp("Your walking step length in metres (one step, not a stride of two); overrides GPS calibration.", valueName: "m"))
    var stride: Double?

    func validate() throws {
        if let height, !(0.5...2.5).contains(height) { throw ValidationError("--height must be between 0.5 and 2.5 metres") }
        if let stride, !(0.2...2.5).contains(stride) { throw ValidationError("--stride must be between 0.2 and 2.5 metres") }
    }

    /// The engine settings these options describe.
    var configuration: PedometerConfiguration {
        PedometerConfiguration(height: height ?? StrideModel.defaultHeight, walkingStride: stride)
    }

    /// The arguments that give these options (empty when all are defaults), in a fixed order.
    var arguments: [String] {
        var result = ingest.arguments
        if let height { result += ["--height", "\(height)"] }
        if let stride { result += ["--stride", "\(stride)"] }
        return result
    }
}
