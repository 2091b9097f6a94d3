import PedometerCore

/// What `pedometer eval` feeds a recording to: our engine, and the plain
/// ``BaselineStepCounter`` beside it on the same acceleration.
struct EvalSink: SampleSink, Sendable {
    var pedometer: Pedometer
    var baseline = BaselineStepCounter()

    init(configuration: PedometerConfiguration) {
        pedometer = Pedometer(configuration: configuration)
    }

    mutating func beginAcceleration(kind: AccelerationKind) { pedometer.beginAcceleration(kind: kind) }

    mutating func accept(_ sample: AccelerationSample) {
        pedometer.accept(sample)
        baseline.add(time: sample.time, magnitude: sample.magnitude)
    }

    mutating func accept(_ sample: AccelerationMagnitudeSample) {
        pedometer.accept(sample)
        baseline.add(time: sample.time, magnitude: sample.magnitude)
    }

    mutating func beginStepCounts(kind: StepReferenceKind) { pedometer.beginStepCounts(kind: kind) }
    mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) { pedometer.accept(sample, kind: kind) }
    mutating func accept(_ sample: LocationSample) { pedometer.accept(sample) }
    mutating func accept(_ sample: PressureSample) { pedometer.accept(sample) }

    mutating func finish() {
        pedometer.finish()
        baseline.finish()
    }
}
