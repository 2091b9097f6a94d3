import ArgumentParser
import Foundation
import PedometerCore
import PedometerIngest
import PedometerReport

/// `pedometer series`: the CMPedometer update stream of one recording as CSV.
struct SeriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "series",
        abstract: "A recording's cumulative steps and distance, cadence and pace at regular times, as CSV.",
        discussion: """
            Columns: time (s since the recording's start), steps and distance (m) from the start (of \
            --from when given), cadence (steps/s) and currentPace (s/m) over the trailing window, empty when \
            unknown: what a CMPedometer update handler would receive at each tick, with the \
            values settled once the whole recording is known. Rows at every multiple of --every, \
            then one at the end of the recording. --steps lists the step times instead. Exit \
            status: 0, 1 when the recording cannot be read, 64 on usage errors.
            """
    )

    @Argument(help: "A recording (file, recording folder or zip).")
    var path: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Time between rows: 0.5s, 1s, 10s, 1m, 250ms, 1h, 1d.", valueName: "interval"))
    var every: String = "1s"

    @Flag(help: "List every step time (s) instead, one per line.")
    var steps = false

    @OptionGroup var stepLength: StepLengthOptionGroup

    @OptionGroup var ingest: IngestOptionGroup

    @OptionGroup var detector: DetectorOptionGroup

    /// The fewest seconds between rows: finer than the detector's resampling says nothing.
    static let shortestInterval = 0.01

    /// The rows at most: a week at 1 s is 604,800.
    static let mostRows = 10_000_000

    func interval() throws -> Double {
        guard let span = TimeSpan(parsingAmount: every), span.seconds.isFinite, span.seconds >= Self.shortestInterval else {
            throw ValidationError("--every: cannot read '\(every)' as an interval of at least 0.01 s (e.g. 0.5s, 1s, 10s, 1m, 1d)")
        }
        return span.seconds
    }

    func validate() throws {
        _ = try interval()
    }

    @OptionGroup var window: TimeWindowOptionGroup

    func run() throws {
        let options = try ingest.options()
        let configuration = stepLength.configuration(detector: try detector.configuration())
        let processed: SummaryBuilder.Processed
        do throws(IngestError) {
            processed = try SummaryBuilder.process(
                path, options: options, configuration: configuration,
                threads: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            StandardError.print("\(error)")
            throw ExitCode(1)
        }
        let span: (from: Double, to: Double)
        do throws(IngestError) {
            span = try window.window(
                startDate: processed.info.startDate, duration: processed.pedometer.endDate, zone: options.timeZone,
                recording: path) ?? (0, processed.pedometer.endDate)
        } catch {
            StandardError.print("\(error)")
            throw ExitCode(1)
        }
        var output = StandardOutput.Buffer()
        if steps {
            guard processed.pedometer.knowsStepTimes else {
                // A log of totals per quarter hour or day says how many steps, not when: the
                // engine spreads them over each interval, which is no step's time.
                StandardError.print("\(path): the log's step counts are totals over intervals of more than \(Int(Pedometer.longestKnownStepSpread)) s: the steps' times are not known (series without --steps gives the counts over time)")
                throw ExitCode(1)
            }
            try output.append("time")
            for time in processed.pedometer.steps(from: span.from, to: span.to) {
                try output.append(NumberText.fixed(time, digits: 3))
            }
        } else {
            try output.append("time,steps,cadence,currentPace,distance")
            for row in Self.rows(processed.pedometer, every: try interval(), within: span) { try output.append(row) }
        }
        try output.flush()
    }

    /// The CSV rows (no header) every `every` seconds after the window's start up to its end
    /// (the recording's, by default), then at the end; steps and distance count from the start.
    static func rows(_ pedometer: Pedometer, every: Double, within window: (from: Double, to: Double)? = nil) -> [String] {
        let start = max(window?.from ?? 0, 0)
        let end = min(window?.to ?? pedometer.endDate, pedometer.endDate)
        var times: [Double] = []
        var tick = 1
        while start + Double(tick) * every < end && times.count < mostRows {
            times.append(start + Double(tick) * every)
            tick += 1
        }
        // The end row even when the recording has no length (a log of one step event).
        if end >= start { times.append(end) }
        func number(_ value: Double?, _ digits: Int) -> String {
            guard let value, value.isFinite else { return "" }
            return NumberText.fixed(value, digits: digits)
        }
        return times.map { time in
            let data = pedometer.query(from: start, to: time)
            return [
                NumberText.fixed(time, digits: 3), String(data.numberOfSteps), number(data.currentCadence, 4),
                number(data.currentPace, 4), number(data.distance, 2),
            ].joined(separator: ",")
        }
    }
}
