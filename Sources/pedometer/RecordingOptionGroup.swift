import ArgumentParser
import PedometerCore
import PedometerIngest

/// How `pedometer check` reads and measures a recording: the reading options of `summarize`
/// with `--height` and `--stride`. Given on the command line they apply to every recording (and
/// `--record` stores them in each expected file); otherwise each recording is read with the
/// options stored in its expected file (``arguments`` parsed back).
struct RecordingOptionGroup: ParsableArguments {
    @OptionGroup var ingest: IngestOptionGroup

    @OptionGroup var stepLength: StepLengthOptionGroup

    /// The engine settings these options describe.
    var configuration: PedometerConfiguration {
        stepLength.configuration()
    }

    /// The arguments that give these options (empty when all are defaults), in a fixed order.
    var arguments: [String] {
        ingest.arguments + stepLength.arguments
    }
}
