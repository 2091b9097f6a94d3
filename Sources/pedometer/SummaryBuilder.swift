import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport

/// Runs the ``Pedometer`` engine over a recording and turns the result into a
/// ``RecordingSummary``.
enum SummaryBuilder {
    /// A recording read to its end through the engine.
    struct Processed: Sendable {
        var pedometer: Pedometer
        var info: RecordingInfo
    }

    /// Reads `path` into a fresh engine and finishes it (see ``read(_:options:into:threads:)``).
    /// A recording with neither acceleration nor the device's step counts (a Sensor Logger
    /// `Barometer.csv` or `Location.csv` alone) is an error: nothing to count steps from, not a
    /// walk of 0 steps (nor 0 floors: floors are counted while walking).
    static func process(
        _ path: String, options: IngestOptions, configuration: PedometerConfiguration, threads: Int = 1
    ) throws(IngestError) -> Processed {
        var (pedometer, info) = try read(path, options: options, into: Pedometer(configuration: configuration), threads: threads)
        pedometer.finish()
        guard pedometer.stepsSource != .none else {
            let streams = info.streams.map { $0.stream == "steps" ? "\($0.detail) steps" : $0.stream }
            // A recording folder's files that could not be read, or, for a file of an export,
            // where the rest of it is.
            let unread = info.notes.filter { $0.hasSuffix(": not read") }
            let inExport = info.format == .sensorLogger && !FilePaths.isDirectory(path)
                && !path.lowercased().hasSuffix(".zip")
            let hint = !unread.isEmpty ? unread.joined(separator: "; ") : inExport ? "in a Sensor Logger export, summarise the whole folder or zip" : nil
            throw IngestError(
                file: path,
                "no acceleration and no step counts of the device, only \(streams.joined(separator: ", ")): nothing to count steps from"
                    + (hint.map { " (\($0))" } ?? ""))
        }
        return Processed(pedometer: pedometer, info: info)
    }

    /// Reads `path` into `sink` and returns it. With more than one of `threads` (for cores
    /// that would be idle; same results), the rows are parsed in stretches on that many threads
    /// while this one runs the sink; recordings read by one reader (step logs) run the sink on
    /// a second thread instead.
    static func read<Sink: SampleSink & Sendable>(
        _ path: String, options: IngestOptions, into sink: Sink, threads: Int
    ) throws(IngestError) -> (Sink, RecordingInfo) {
        var options = options
        options.threads = threads
        var sink = sink
        if threads > 1 && !RecordingReader.readsInStretches(path, options: options) {
            var pipe = PipelinedSink(sink)
            do throws(IngestError) {
                let info = try RecordingReader.read(path, options: options, into: &pipe)
                return (pipe.finish(), info)
            } catch {
                _ = pipe.finish()
                throw error
            }
        }
        let info = try RecordingReader.read(path, options: options, into: &sink)
        return (sink, info)
    }

    /// The summary of a finished recording, or of its `window` (seconds since its start, as
    /// `--from`/`--to` give it: CMPedometer's `queryPedometerData(from:to:)`).
    static func summary(_ processed: Processed, window: (from: Double, to: Double)? = nil) -> RecordingSummary {
        let pedometer = processed.pedometer
        let info = processed.info
        let from = max(window?.from ?? 0, 0)
        let to = min(window?.to ?? pedometer.endDate, pedometer.endDate)
        let data = pedometer.query(from: from, to: to)
        let references = pedometer.references(from: from, to: to)
        return RecordingSummary(
            source: info.source, format: info.format.rawValue, startDate: info.startDate.map { DateText.iso($0 + from) },
            endDate: info.startDate.map { DateText.iso($0 + from + (finite(data.duration) ?? 0)) },
            durationSeconds: finite(data.duration) ?? 0, activeDurationSeconds: finite(data.activeDuration),
            steps: data.numberOfSteps, stepsSource: pedometer.stepsSource.rawValue,
            distanceMeters: finite(data.distance), distanceMethod: pedometer.distanceMethod?.rawValue,
            averageActivePaceSecondsPerMeter: finite(data.averageActivePace),
            averageCadenceStepsPerSecond: finite(pedometer.averageCadence(from: from, to: to)),
            maxCadenceStepsPerSecond: finite(pedometer.maxCadence(from: from, to: to)),
            currentPaceSecondsPerMeter: finite(data.currentPace), currentCadenceStepsPerSecond: finite(data.currentCadence),
            floorsAscended: data.floorsAscended,
            floorsDescended: data.floorsDescended, referenceSteps: references.deviceSteps,
            referenceDistanceMeters: finite(references.deviceDistance), groundTruthSteps: references.groundTruthSteps,
            warnings: warnings(processed))
    }

    /// Data-quality remarks: rows skipped, sampling problems per stream, what the reader
    /// inferred or noticed, samples the engine could not place, steps it inferred in gaps.
    static func warnings(_ processed: Processed) -> [String] {
        let info = processed.info
        var result: [String] = []
        if info.skipped.count > 0 {
            let reasons = info.skipped.reasonsByFrequency.map { "\($0.count) × \($0.reason)" }.joined(separator: "; ")
            var text = "\(info.skipped.count) rows skipped: \(reasons)"
            if let first = info.skipped.examples.first { text += " (first at \(first.location))" }
            result.append(text)
        }
        for stream in info.streams {
            for problem in stream.problems { result.append("\(stream.stream) (\(stream.detail)): \(problem)") }
        }
        result += info.notes
        let engine = processed.pedometer
        func days(_ seconds: Double) -> Int { Int((seconds / 86_400).rounded()) }
        let ignoredSensorSamples = engine.ignoredSamples - engine.ignoredStepCounts
        if ignoredSensorSamples > 0 {
            result.append(
                "\(ignoredSensorSamples) samples ignored: time not finite or more than \(days(engine.configuration.maximumDuration)) days from time 0")
        }
        if engine.ignoredStepCounts > 0 {
            result.append(
                "\(engine.ignoredStepCounts) step counts ignored: time not finite or more than \(days(engine.configuration.maximumStepLogDuration)) "
                    + "days from time 0 (split a longer log into files of a year)")
        }
        if let refusal = processed.pedometer.gpsRefusal { result.append(refusal.description) }
        if processed.pedometer.distanceMethod == .device, processed.pedometer.configuration.walkingStride != nil {
            result.append("--stride not used: the distance is the device's own, from the log")
        }
        let unplaced = processed.pedometer.unplacedDeviceSteps
        if unplaced > 0 {
            result.append(
                "\(unplaced) steps of the device's log not counted: added faster than anyone walks or runs for the time since "
                    + "the count before (a jump, or counts with no time between them); the device's own total keeps them")
        }
        let inferred = processed.pedometer.stepsInDataGaps
        if inferred > 0 {
            result.append("\(inferred) steps placed in gaps in the acceleration data, the walk going on at its cadence on both sides")
        }
        return result
    }

    /// The value when finite (JSON has no infinity or NaN).
    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }
}
