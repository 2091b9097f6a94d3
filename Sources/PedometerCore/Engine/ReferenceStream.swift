/// The samples of one reference step stream, split into its cumulative quantities.
struct ReferenceStream: Sendable, Hashable {
    var steps = CumulativeSeries()
    var distance = CumulativeSeries()
    var floorsAscended = CumulativeSeries()
    var floorsDescended = CumulativeSeries()

    mutating func append(_ sample: StepCountSample) {
        steps.append(time: sample.time, value: sample.steps)
        if let distance = sample.distance { self.distance.append(time: sample.time, value: distance) }
        if let up = sample.floorsAscended { floorsAscended.append(time: sample.time, value: up) }
        if let down = sample.floorsDescended { floorsDescended.append(time: sample.time, value: down) }
    }
}
