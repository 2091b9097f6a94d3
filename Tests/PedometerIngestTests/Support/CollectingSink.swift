import PedometerCore
import PedometerIngest

/// Keeps every sample it is given, for assertions.
struct CollectingSink: SampleSink {
    var accelerationKinds: [AccelerationKind] = []
    var acceleration: [AccelerationSample] = []
    var magnitudes: [AccelerationMagnitudeSample] = []
    var steps: [StepReferenceKind: [StepCountSample]] = [:]
    var locations: [LocationSample] = []
    var pressures: [PressureSample] = []

    mutating func beginAcceleration(kind: AccelerationKind) { accelerationKinds.append(kind) }
    mutating func accept(_ sample: AccelerationSample) { acceleration.append(sample) }
    mutating func accept(_ sample: AccelerationMagnitudeSample) { magnitudes.append(sample) }
    mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) { steps[kind, default: []].append(sample) }
    mutating func accept(_ sample: LocationSample) { locations.append(sample) }
    mutating func accept(_ sample: PressureSample) { pressures.append(sample) }

    /// The last cumulative count minus the first of a step stream.
    func stepTotal(_ kind: StepReferenceKind) -> Double? {
        guard let samples = steps[kind], let first = samples.first, let last = samples.last else { return nil }
        return last.steps - first.steps
    }
}

/// What reading `path` finds, and every sample it gives.
func readRecording(_ path: String, _ options: IngestOptions = .init()) throws -> (RecordingInfo, CollectingSink) {
    var sink = CollectingSink()
    let info = try RecordingReader.read(path, options: options, into: &sink)
    return (info, sink)
}

/// The error reading `path` gives, or `nil` when it reads.
func readError(_ path: String, _ options: IngestOptions = .init()) -> IngestError? {
    var sink = CollectingSink()
    do {
        _ = try RecordingReader.read(path, options: options, into: &sink)
        return nil
    } catch {
        return error
    }
}
