import Foundation
import PedometerIngest
import PedometerReport

/// Renders ``RecordingInfo`` for `pedometer inspect`.
enum InspectReport {
    static func table(_ info: RecordingInfo) -> String {
        var lines = [info.source]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
        }
        row("format", "\(info.format.rawValue): \(info.detectionReason)")
        if let device = info.device { row("device", device) }
        row("start", info.startDate.map(DateText.iso) ?? "unknown (no absolute time in the export, or times without a zone: --time-zone gives them one)")
        row("duration", "\(decimal(info.duration, 1)) s")
        for stream in info.streams {
            var text = "\(stream.stream) (\(stream.detail)): \(stream.sampleCount) samples"
            if let rate = stream.rate, stream.stream != "steps" { text += ", \(decimal(rate, 1)) Hz" }
            if let first = stream.firstTime, let last = stream.lastTime {
                text += ", \(decimal(first, 2))–\(decimal(last, 2)) s"
            }
            row("stream", text)
            lines.append("            from \(stream.file)")
            if !stream.columns.isEmpty { lines.append("            columns \(stream.columns)") }
            for problem in stream.problems { lines.append("            problem: \(problem)") }
        }
        for note in info.notes { row("note", note) }
        if info.skipped.count > 0 {
            row("skipped", "\(info.skipped.count) rows")
            for (reason, count) in info.skipped.reasonsByFrequency {
                lines.append("            \(count) × \(reason)")
            }
            // The first ten, located, as the reader keeps them (formats.md).
            for example in info.skipped.examples { lines.append("            e.g. \(example)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object on one line.
    static func json(_ info: RecordingInfo) -> String {
        JSONText.encode(Record(info), nonFiniteAsStrings: true)
    }

    static func json(failure: Error, source: String) -> String {
        JSONText.encode(Failure(source: source, error: "\(failure)"), nonFiniteAsStrings: true)
    }

    private struct Record: Encodable {
        var source: String
        var format: String
        var detectionReason: String
        var device: String?
        var startDate: String?
        var durationSeconds: Double
        var streams: [StreamInfo]
        var notes: [String]
        var skippedRows: Int
        var skippedByReason: [String: Int]
        var skippedExamples: [String]

        init(_ info: RecordingInfo) {
            source = info.source
            format = info.format.rawValue
            detectionReason = info.detectionReason
            device = info.device
            startDate = info.startDate.map(DateText.iso)
            durationSeconds = info.duration
            streams = info.streams
            notes = info.notes
            skippedRows = info.skipped.count
            skippedByReason = info.skipped.byReason
            skippedExamples = info.skipped.examples.map(\.description)
        }
    }

    private struct Failure: Encodable {
        var source: String
        var error: String
    }

    /// `value` with `digits` decimals as `printf` writes it (`-0.0`, ties to even: `0.25` is `0.2`),
    /// not as ``NumberText/fixed(_:digits:)`` does (`0.0`, `0.3`): inspect's text stays as it was.
    static func decimal(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
