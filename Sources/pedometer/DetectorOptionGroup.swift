import ArgumentParser
import PedometerCore

/// `--detector NAME=VALUE`: overrides one of the step detector's parameters, for experiments
/// and validation (see `tools/validate-detector`); the defaults are what the README measures.
struct DetectorOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("detector"),
        help: ArgumentHelp(
            "Set a step detector parameter (repeatable): \(Self.parameters.keys.sorted().joined(separator: ", ")).",
            valueName: "name=value"))
    var assignments: [String] = []

    /// The parameters that can be set, by name (as in `StepDetector.Configuration`).
    static var parameters: [String: WritableKeyPath<StepDetector.Configuration, Double>] {
        [
        "antiAliasFrequency": \.antiAliasFrequency, "maximumGap": \.maximumGap,
        "lowFrequency": \.lowFrequency, "highFrequency": \.highFrequency, "window": \.window, "hop": \.hop,
        "shortestStepPeriod": \.shortestStepPeriod, "longestStridePeriod": \.longestStridePeriod,
        "shortestShakePeriod": \.shortestShakePeriod, "minimumAmplitude": \.minimumAmplitude,
        "minimumPeriodicAmplitude": \.minimumPeriodicAmplitude,
        "minimumPeak": \.minimumPeak, "relativePeak": \.relativePeak, "minimumCorrelation": \.minimumCorrelation,
        "relativeCorrelation": \.relativeCorrelation, "strideHalfCorrelation": \.strideHalfCorrelation,
        "longestBridge": \.longestBridge, "bridgeTolerance": \.bridgeTolerance, "handlingTurn": \.handlingTurn,
        "strideTolerance": \.strideTolerance,
        "refractoryFraction": \.refractoryFraction, "gapFraction": \.gapFraction,
        "maximumMissedSteps": \.maximumMissedSteps, "lookBack": \.lookBack, "rhythmTolerance": \.rhythmTolerance,
        "confirmingSteps": \.confirmingSteps, "shortestWalk": \.shortestWalk, "handlingPeakRatio": \.handlingPeakRatio,
        ]
    }

    /// The detector's configuration with the assignments applied.
    func configuration() throws -> StepDetector.Configuration {
        var configuration = StepDetector.Configuration()
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let keyPath = Self.parameters[parts[0]] else {
                throw ValidationError("--detector expects name=value with a name among: \(Self.parameters.keys.sorted().joined(separator: ", "))")
            }
            guard let value = Double(parts[1]), value.isFinite else {
                throw ValidationError("--detector \(parts[0]): '\(parts[1])' is not a number")
            }
            configuration[keyPath: keyPath] = value
        }
        return configuration
    }

    func validate() throws {
        _ = try configuration()
    }
}
