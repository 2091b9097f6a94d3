import Foundation

/// Renders ``RecordingSummary`` values as a table, JSON Lines or CSV.
public enum SummaryWriter {
    /// One JSON object on one line, keys sorted; the core keys are `null` when unknown, other
    /// absent values left out (see ``RecordingSummary/encode(to:)``).
    public static func json(_ summary: RecordingSummary) -> String {
        JSONText.encode(summary)
    }

    /// The CSV columns, in order.
    public static let csvColumns = [
        "source", "format", "startDate", "endDate", "durationSeconds", "activeDurationSeconds", "steps", "stepsSource",
        "distanceMeters", "distanceMethod", "averageActivePaceSecondsPerMeter", "averageCadenceStepsPerSecond",
        "maxCadenceStepsPerSecond", "currentPaceSecondsPerMeter", "currentCadenceStepsPerSecond", "floorsAscended", "floorsDescended",
        "referenceSteps", "referenceDistanceMeters", "groundTruthSteps", "warnings", "error",
    ]

    public static var csvHeader: String { csvColumns.joined(separator: ",") }

    /// One CSV row (RFC 4180 quoting), columns as in ``csvColumns``; empty where absent (`error`
    /// always, see ``csvRow(source:error:)``).
    public static func csvRow(_ s: RecordingSummary) -> String {
        func number(_ value: Double?) -> String { value.map { NumberText.fixed($0, digits: 6) } ?? "" }
        func integer(_ value: Int?) -> String { value.map(String.init) ?? "" }
        let fields: [String] = [
            s.source, s.format, s.startDate ?? "", s.endDate ?? "", number(s.durationSeconds), number(s.activeDurationSeconds),
            String(s.steps), s.stepsSource, number(s.distanceMeters), s.distanceMethod ?? "",
            number(s.averageActivePaceSecondsPerMeter), number(s.averageCadenceStepsPerSecond),
            number(s.maxCadenceStepsPerSecond), number(s.currentPaceSecondsPerMeter), number(s.currentCadenceStepsPerSecond),
            integer(s.floorsAscended),
            integer(s.floorsDescended), integer(s.referenceSteps), number(s.referenceDistanceMeters),
            integer(s.groundTruthSteps), s.warnings.joined(separator: "; "), "",
        ]
        return fields.map(quoted).joined(separator: ",")
    }

    /// The CSV row of a recording that could not be summarised: its source and its `error`
    /// (`file:line:column: reason`), every other column empty, so that a batch's CSV keeps one
    /// row per recording, as its JSON Lines do.
    public static func csvRow(source: String, error: String) -> String {
        ([source] + Array(repeating: "", count: csvColumns.count - 2) + [error]).map(quoted).joined(separator: ",")
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A readable block, distances and paces in `units`: metric, imperial, or both as the seed
    /// app shows them (`Avg pace: 2.50 m/s  10:44 min/mi  6:40 min/km`).
    public static func table(_ s: RecordingSummary, units: UnitSystem = .both) -> String {
        var lines = ["\(s.source)  [\(s.format)\(s.startDate.map { ", " + $0 } ?? "")]"]
        func row(_ label: String, _ value: String) {
            lines.append("  " + (label + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value)
        }
        row("Duration", TimeSpan(seconds: s.durationSeconds).hoursMinutesSeconds
            + "   active " + (s.activeDurationSeconds.map { TimeSpan(seconds: $0).hoursMinutesSeconds } ?? "N/A"))
        var steps = "\(s.steps)"
        switch s.stepsSource {
        case "acceleration": break
        case "device": steps += " (from the device's step log)"
        default: steps += " (no acceleration or step log)"
        }
        if let truth = s.groundTruthSteps { steps += "   ground truth \(truth)" + errorText(s.steps, truth) }
        if let reference = s.referenceSteps { steps += "   device \(reference)" + errorText(s.steps, reference) }
        row("Steps", steps)
        if let meters = s.distanceMeters {
            var text = distanceText(Distance(meters: meters), units)
            if let method = s.distanceMethod { text += "   (\(method))" }
            if let reference = s.referenceDistanceMeters { text += "   device " + distanceText(Distance(meters: reference), units) }
            row("Distance", text)
        } else {
            row("Distance", "N/A")
        }
        if let cadence = s.averageCadenceStepsPerSecond {
            var text = NumberText.fixed(cadence, digits: 2) + " steps/s (" + NumberText.fixed(cadence * 60, digits: 0) + "/min)"
            if let peak = s.maxCadenceStepsPerSecond { text += "   max " + NumberText.fixed(peak * 60, digits: 0) + "/min" }
            if let current = s.currentCadenceStepsPerSecond { text += "   current " + NumberText.fixed(current * 60, digits: 0) + "/min" }
            row("Cadence", text)
        } else {
            row("Cadence", "N/A")
        }
        row("Avg pace", paceText(s.averageActivePaceSecondsPerMeter, units))
        row("Current pace", paceText(s.currentPaceSecondsPerMeter, units))
        if let up = s.floorsAscended, let down = s.floorsDescended {
            row("Floors", "\(up) up, \(down) down")
        } else {
            row("Floors", "N/A")
        }
        for warning in s.warnings { row("Warning", warning) }
        if let splits = s.splits { lines += splitLines(splits) }
        if let intervals = s.intervals { lines += intervalLines(intervals, units) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func errorText(_ ours: Int, _ reference: Int) -> String {
        guard reference > 0 else { return "" }
        let percent = Double(ours - reference) / Double(reference) * 100
        return " (" + (percent >= 0 ? "+" : "") + NumberText.fixed(percent, digits: 1) + "%)"
    }

    static func distanceText(_ distance: Distance, _ units: UnitSystem) -> String {
        switch units {
        case .metric: return distance.formatted(.meters) + "  " + distance.formatted(.kilometers)
        case .imperial: return distance.formatted(.miles)
        case .both: return distance.formatted(.meters) + "  " + distance.formatted(.miles)
        }
    }

    static func paceText(_ secondsPerMeter: Double?, _ units: UnitSystem) -> String {
        guard let secondsPerMeter else { return "N/A" }
        let pace = Pace(secondsPerMeter: secondsPerMeter)
        let parts: [PaceUnit]
        switch units {
        case .metric: parts = [.metersPerSecond, .minutesPerKilometer, .kilometersPerHour]
        case .imperial: parts = [.minutesPerMile, .milesPerHour]
        case .both: parts = [.metersPerSecond, .minutesPerMile, .minutesPerKilometer]
        }
        return parts.map(pace.formatted).joined(separator: "  ")
    }
}
