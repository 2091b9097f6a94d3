import PedometerCore

/// Step counts without acceleration: a cumulative series (`time,steps[,distance]`) or one row
/// per step (`time` alone, or `time,step`). Headerless files with one column are step events,
/// with two columns a cumulative series.
enum StepLogReader {
    static let stepNames: Set<String> = [
        "steps", "stepcount", "stepcounts", "cumulativesteps", "totalsteps", "numberofsteps", "count",
    ]
    static let distanceNames: Set<String> = ["distance", "distancem", "dist", "cumulativedistance"]

    /// Whether a header describes a step log: a time column, no x/y/z axes.
    static func matches(_ names: ColumnNames) -> Bool {
        guard let time = HeaderRoles.timeColumn(names) else { return false }
        // Named as a time column (`time`, `timestamp_ms` …), not merely starting with "time":
        // `time|x|y|z` (an undetected delimiter) is one unknown column, not a step log.
        guard HeaderRoles.timeNames.contains(names.normalized[time]) || HeaderRoles.timeUnit(names, time) != nil
        else { return false }
        guard HeaderRoles.find(names) == nil else { return false }
        return names.normalized.indices.allSatisfy { index in
            index == time || stepNames.contains(names.normalized[index]) || distanceNames.contains(names.normalized[index])
                || ["step", "event", "type", "stepevent"].contains(names.normalized[index])
        }
    }

    static func read<Sink>(
        _ path: String, displayName: String, header: [String]?, fieldCount: Int, options: IngestOptions,
        into emitter: inout SampleEmitter<Sink>, info: inout RecordingInfo
    ) throws(IngestError) {
        var timeIndex = 0
        var stepsIndex: Int? = fieldCount >= 2 ? 1 : nil
        var distanceIndex: Int?
        var timeUnit = options.timeUnit
        if let header {
            let names = ColumnNames(header)
            timeIndex = HeaderRoles.timeColumn(names) ?? 0
            stepsIndex = names.index { stepNames.contains($0) }
            distanceIndex = names.index { distanceNames.contains($0) }
            timeUnit = timeUnit ?? HeaderRoles.timeUnit(names, timeIndex)
        }
        let reader = try CSVReader(path: path, options: options, displayName: displayName)
        if header != nil { _ = try reader.next() }
        if timeUnit == nil {
            var times: [Double] = []
            while times.count < 256, try reader.next() {
                if let t = reader.number(timeIndex) { times.append(t) }
            }
            guard let (unit, note) = UnitInference.timeUnit(times, eventStream: true) else {
                throw IngestError(file: displayName, "cannot infer the time unit of the step log; give --time-unit ns|us|ms|s")
            }
            timeUnit = unit
            info.notes.append(note)
            return try read(path, displayName: displayName, header: header, fieldCount: fieldCount,
                            options: withTimeUnit(options, unit), into: &emitter, info: &info)
        }
        info.notes.append(stepsIndex == nil ? "one row per step event" : "cumulative step counts")
        var time = TimeColumn(unit: timeUnit!)
        emitter.beginStepCounts(kind: .device, file: displayName)
        var events = 0.0
        while try reader.next() {
            do throws(IngestError) {
                let t = try time.seconds(reader, timeIndex)
                if let stepsIndex {
                    let steps = try reader.requireNumber(stepsIndex, "step count")
                    let distance = try reader.optionalNumber(distanceIndex, "distance")
                    emitter.stepCount(StepCountSample(time: t, steps: steps, distance: distance), kind: .device)
                } else {
                    if events == 0 { emitter.stepCountBaseline(at: t, kind: .device) }
                    events += 1
                    emitter.stepCount(StepCountSample(time: t, steps: events), kind: .device)
                }
            } catch {
                try emitter.skip(error)
            }
        }
        info.startDate = time.epochStart
    }

    private static func withTimeUnit(_ options: IngestOptions, _ unit: TimeUnit) -> IngestOptions {
        var copy = options
        copy.timeUnit = unit
        return copy
    }
}
