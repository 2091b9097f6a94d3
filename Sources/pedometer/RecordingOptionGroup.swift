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

    /// These options over `stored` ones: each option given here replaces the same option
    /// there, and the others stored are kept (`check --height 1.7` keeps a recording's stored
    /// `--columns`).
    func overlaid(on stored: RecordingOptionGroup) -> RecordingOptionGroup {
        var merged = stored
        merged.ingest.inputFormat = ingest.inputFormat ?? stored.ingest.inputFormat
        merged.ingest.columns = ingest.columns ?? stored.ingest.columns
        merged.ingest.timeUnit = ingest.timeUnit ?? stored.ingest.timeUnit
        merged.ingest.accelerationUnit = ingest.accelerationUnit ?? stored.ingest.accelerationUnit
        merged.ingest.sampleRate = ingest.sampleRate ?? stored.ingest.sampleRate
        merged.ingest.delimiter = ingest.delimiter ?? stored.ingest.delimiter
        merged.ingest.decimal = ingest.decimal ?? stored.ingest.decimal
        merged.ingest.timeZone = ingest.timeZone ?? stored.ingest.timeZone
        if ingest.zipMaxRatio != ZipLimits.standard.maxRatio { merged.ingest.zipMaxRatio = ingest.zipMaxRatio }
        if ingest.zipMaxEntries != ZipLimits.standard.maxEntries { merged.ingest.zipMaxEntries = ingest.zipMaxEntries }
        merged.ingest.strict = ingest.strict || stored.ingest.strict
        merged.stepLength.height = stepLength.height ?? stored.stepLength.height
        merged.stepLength.stride = stepLength.stride ?? stored.stepLength.stride
        return merged
    }
}
