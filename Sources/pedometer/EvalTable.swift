import Foundation
import PedometerReport

/// The eval table, columns aligned; recordings named by their path below the folder they all
/// share (and the part evaluated, ``EvalRow/label``).
struct EvalTable {
    var nameWidth: Int
    /// Characters dropped from the front of every path: the shared folder and its slash.
    var sharedPrefix: Int

    init(recordings: [String]) {
        var shared = recordings.first.map { String($0.prefix(upTo: $0.lastIndex(of: "/") ?? $0.startIndex)) } ?? ""
        for path in recordings {
            while !shared.isEmpty && !path.hasPrefix(shared + "/") {
                shared = String(shared.prefix(upTo: shared.lastIndex(of: "/") ?? shared.startIndex))
            }
        }
        let prefix = shared.isEmpty ? 0 : shared.count + 1
        sharedPrefix = prefix
        nameWidth = max(recordings.map { $0.count - prefix }.max() ?? 0, "recording".count)
    }

    /// The path below the shared folder.
    func name(_ path: String) -> String {
        path.count > sharedPrefix ? String(path.dropFirst(sharedPrefix)) : path
    }

    private func line(_ name: String, _ cells: [String]) -> String {
        let widths = [6, 6, 8, 8, 8, 6, 8, 7, 7, 8, 7, 6, 5, 11, 9, 12]
        var text = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        for (cell, width) in zip(cells, widths) {
            text += "  " + String(repeating: " ", count: max(width - cell.count, 0)) + cell
        }
        return text
    }

    var header: String {
        line("recording", [
            "truth", "ours", "error %", "baseline", "base %", "device", "dev %", "m true", "m ours", "dist %",
            "matched", "missed", "extra", "alternating", "alt err %", "truth from",
        ])
    }

    func row(_ row: EvalRow) -> String {
        func count(_ value: Int?) -> String { value.map(String.init) ?? "–" }
        func metres(_ value: Double?) -> String { value.map { NumberText.fixed($0, digits: 0) } ?? "–" }
        let source = ["manifest": "manifest", "groundTruth": "ground truth", "device": "device"][row.truthSource]
        var cells: [String] = [String(row.truthSteps), String(row.steps), Self.signed(row.errorPercent)]
        cells += [String(row.baselineSteps), Self.signed(row.baselineErrorPercent)]
        cells += [count(row.deviceSteps), Self.signed(row.deviceErrorPercent)]
        cells += [metres(row.truthDistanceMeters), metres(row.distanceMeters), Self.signed(row.distanceErrorPercent)]
        cells += [count(row.matching?.matchedSteps), count(row.matching?.missedSteps), count(row.matching?.extraSteps)]
        cells += [count(row.alternatingTruthSteps), Self.signed(row.alternatingErrorPercent), source ?? row.truthSource]
        return line(name(row.label), cells) + (row.worseThanBaseline ? "  < worse than baseline" : "")
    }

    func footer(_ summary: EvalSummary) -> String {
        var lines = [""]
        lines += statistics(summary.overall, indent: "")
        if let matching = summary.matching { lines.append(Self.totals(matching)) }
        for group in summary.folders {
            lines.append("")
            lines.append(name(group.folder) + "/")
            lines += statistics(group.statistics, indent: "  ")
        }
        if !summary.folders.isEmpty { lines.append("") }
        lines.append("\(summary.evaluated) recordings evaluated, \(summary.skipped) skipped, \(summary.failed) failed")
        return lines.joined(separator: "\n")
    }

    private func statistics(_ statistics: EvalStatistics, indent: String) -> [String] {
        var lines = [Self.errors("ours", statistics.ours)]
        if statistics.alternating.recordings > 0 {
            lines.append(Self.errors("ours", statistics.alternating) + " against the alternating counts")
        }
        if statistics.baseline.recordings > 0 { lines.append(Self.errors("baseline", statistics.baseline)) }
        if statistics.device.recordings > 0 { lines.append(Self.errors("device", statistics.device)) }
        if statistics.distance.recordings > 0 { lines.append(Self.errors("distance", statistics.distance)) }
        let zero = statistics.oursFalseSteps
        if zero.recordings > 0 {
            let baseline = statistics.baselineFalseSteps
            lines.append(
                "no steps taken in \(Self.recordings(zero.recordings)): ours counted \(zero.total) (at most \(zero.most) in one), "
                    + "the baseline \(baseline.total) (at most \(baseline.most))")
        }
        let worse = statistics.worseThanBaseline
        if !worse.isEmpty {
            lines.append(
                "ours more than \(NumberText.fixed(EvalRow.worseThanBaselineMargin, digits: 0)) points worse than the baseline in "
                    + "\(worse.count): " + worse.map(name).joined(separator: ", "))
        }
        return lines.map { indent + $0 }
    }

    private static func errors(_ name: String, _ statistics: ErrorStatistics) -> String {
        return name.padding(toLength: 9, withPad: " ", startingAt: 0)
            + "MAPE \(percent(statistics.mape))   median \(percent(statistics.medianAbsolutePercent))"
            + "   max \(percent(statistics.maxAbsolutePercent))   (\(recordings(statistics.recordings)))"
    }

    /// The missed and extra step times of one recording, indented under its row.
    func unmatched(_ matching: EvalMatching) -> String {
        func times(_ values: [Double]) -> String {
            values.isEmpty ? "none" : values.map { NumberText.fixed($0, digits: 2) }.joined(separator: " ")
        }
        return "    missed (s): \(times(matching.missedTimes))\n    extra (s):  \(times(matching.extraTimes))"
    }

    private static func totals(_ matching: MatchingTotals) -> String {
        let truth = matching.matchedSteps + matching.missedSteps
        return "pairing  \(matching.matchedSteps) of \(truth) true steps found (\(percent(matching.recallPercent))), "
            + "\(matching.missedSteps) missed, \(matching.extraSteps) extra (\(matching.extraBeforeTruth) before the first "
            + "true step, \(matching.extraAfterTruth) after the last; precision \(percent(matching.precisionPercent))) "
            + "in \(recordings(matching.recordings))"
    }

    /// A percentage to two decimals (`12.50%`), "–" when unknown.
    private static func percent(_ value: Double?) -> String {
        value.map { NumberText.fixed($0, digits: 2) + "%" } ?? "–"
    }

    /// "1 recording", "2 recordings".
    static func recordings(_ count: Int) -> String {
        count == 1 ? "1 recording" : "\(count) recordings"
    }

    static func signed(_ value: Double?) -> String {
        guard let value else { return "–" }
        let text = NumberText.fixed(value, digits: 2)
        return value > 0 && !text.hasPrefix("-") ? "+" + text : text
    }
}
