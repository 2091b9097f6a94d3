/// Receives the samples of a recording as a reader produces them.
///
/// Within one stream samples arrive in time order (readers drop and report any that go
/// backwards). Streams are independent: a reader of a multi-file export may deliver all
/// acceleration first and the location fixes afterwards.
public protocol SampleSink {
    /// Called once per acceleration stream before its samples, with what the stream measures.
    mutating func beginAcceleration(kind: AccelerationKind)
    mutating func accept(_ sample: AccelerationSample)
    /// A sample of a stream that holds only the magnitude of total acceleration.
    mutating func accept(_ sample: AccelerationMagnitudeSample)
    /// Called once per step-count stream before its samples.
    mutating func beginStepCounts(kind: StepReferenceKind)
    mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind)
    mutating func accept(_ sample: LocationSample)
    mutating func accept(_ sample: PressureSample)
}

extension SampleSink {
    public mutating func beginAcceleration(kind: AccelerationKind) {}
    public mutating func accept(_ sample: AccelerationSample) {}
    public mutating func accept(_ sample: AccelerationMagnitudeSample) {}
    public mutating func beginStepCounts(kind: StepReferenceKind) {}
    public mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) {}
    public mutating func accept(_ sample: LocationSample) {}
    public mutating func accept(_ sample: PressureSample) {}
}
