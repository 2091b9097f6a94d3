/// The optional blocks of the table: splits, intervals, and the totals of a batch.
extension SummaryWriter {
    /// The split table: number, distance, time, pace, and cumulative distance and time, the
    /// distances in the split length's unit (metres for `400m`) and the pace per kilometre or
    /// per mile as the length is written. A last, partial split shorter than a hundredth of the
    /// length (which would read `0.00 km` or `0.01 mi`) shows its distance in metres beside
    /// kilometres and metres, in feet beside miles, and so does a cumulative distance that short
    /// (the only split of a few steps read `1.4 m` beside a cumulative `0.00 km`).
    static func splitLines(_ splits: SplitSummary) -> [String] {
        let length = splits.length
        let paceUnit: PaceUnit = length.unit == .miles ? .minutesPerMile : .minutesPerKilometer
        guard !splits.items.isEmpty else { return ["  Splits (\(length.title)): none (no distance over time: no distance, a single step, or a log of totals that does not say when it was covered)"] }
        var rows = [["Split", "Distance", "Time", "Pace", "Cumulative", ""]]
        for item in splits.items {
            let partial = abs(item.distanceMeters - length.meters) > 1e-6
            rows.append([
                "\(item.number)" + (partial ? " (part)" : ""),
                item.distanceMeters < length.meters / 100
                    ? shortSplit(item.distanceMeters, length.unit)
                    : splitDistance(item.distanceMeters, length),
                TimeSpan(seconds: item.durationSeconds).clock,
                item.paceSecondsPerMeter.map { Pace(secondsPerMeter: $0).formatted(paceUnit) } ?? "–",
                item.cumulativeDistanceMeters < length.meters / 100
                    ? shortSplit(item.cumulativeDistanceMeters, length.unit)
                    : splitDistance(item.cumulativeDistanceMeters, length),
                TimeSpan(seconds: item.cumulativeSeconds).clock,
            ])
        }
        return ["  Splits (\(length.title)):"] + aligned(rows, rightAligned: [1, 2, 4, 5]).map { "    " + $0 }
    }

    /// A distance in the split length's unit, with as many decimals as the length has (at
    /// least the hundredths of kilometres and miles): `400 m`, `1.5 m`, `1.00 km`, `0.25 mi`.
    private static func splitDistance(_ meters: Double, _ length: SplitLength) -> String {
        let digits = max(length.countDecimals, length.unit == .meters ? 0 : 2)
        return Distance(meters: meters).formatted(length.unit, digits: digits)
    }

    /// A split's distance under a hundredth of its length: metres beside kilometres and metres,
    /// feet beside miles, to the centimetre or tenth of a foot (`0.45 m`, `12.3 ft`).
    private static func shortSplit(_ meters: Double, _ unit: DistanceUnit) -> String {
        switch unit {
        case .meters, .kilometers: return Distance(meters: meters).formatted(.meters, digits: meters < 1 ? 2 : 1)
        case .miles: return NumberText.fixed(meters / Distance.metersPerFoot, digits: 1) + " ft"
        }
    }

    /// The interval table, then the totals over all intervals and per kind.
    static func intervalLines(_ intervals: IntervalSummary, _ units: UnitSystem) -> [String] {
        guard !intervals.items.isEmpty else { return ["  Intervals: none (no second's activity known: an empty recording, or a log of totals per interval)"] }
        func distance(_ meters: Double?) -> String {
            guard let meters else { return "N/A" }
            return units == .imperial ? Distance(meters: meters).formatted(.miles) : Distance(meters: meters).formatted(.meters)
        }
        func pace(_ secondsPerMeter: Double?) -> String {
            guard let secondsPerMeter else { return "–" }
            let value = Pace(secondsPerMeter: secondsPerMeter)
            switch units {
            case .metric: return value.formatted(.minutesPerKilometer)
            case .imperial: return value.formatted(.minutesPerMile)
            case .both: return value.formatted(.minutesPerKilometer) + "  " + value.formatted(.minutesPerMile)
            }
        }
        var rows = [["#", "Kind", "Start", "Duration", "Steps", "Distance", "Pace"]]
        for (index, item) in intervals.items.enumerated() {
            rows.append([
                "\(index + 1)", item.kind, TimeSpan(seconds: item.startSeconds).clock,
                TimeSpan(seconds: item.durationSeconds).clock, "\(item.steps)", distance(item.distanceMeters),
                pace(item.paceSecondsPerMeter),
            ])
        }
        // Per kind only when there is more than one.
        for totals in [intervals.totals] + (intervals.byKind.count > 1 ? intervals.byKind : []) {
            let label = totals.kind.map { "\($0) ×\(totals.count)" } ?? "total ×\(totals.count)"
            rows.append([
                "", label, "", TimeSpan(seconds: totals.durationSeconds).clock, "\(totals.steps)",
                distance(totals.distanceMeters), pace(totals.averagePaceSecondsPerMeter),
            ])
        }
        var lines = aligned(rows, rightAligned: [0, 2, 3, 4, 5]).map { "    " + $0 }
        // A rule between the intervals and the totals.
        let width = lines.map(\.count).max() ?? 0
        lines.insert("    " + String(repeating: "-", count: max(width - 4, 0)), at: intervals.items.count + 1)
        return ["  Intervals (pace: time over the metres of the step intervals in it, a step across an edge in its share):"] + lines
    }

    /// The totals of a batch, a block like a recording's.
    public static func totalsTable(_ totals: SummaryTotals, units: UnitSystem = .both) -> String {
        var lines = ["Total  [\(totals.recordings) recording\(totals.recordings == 1 ? "" : "s")"
            + (totals.repeated > 0 ? ", \(totals.repeated) the same as another (start, steps and distance): counted once" : "")
            + (totals.failed > 0 ? ", \(totals.failed) failed" : "") + "]"]
        // The figures are over the recordings counted once.
        let counted = totals.recordings - totals.repeated
        func row(_ label: String, _ value: String) {
            lines.append("  " + (label + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value)
        }
        // Say which recordings a figure is over when some lack what it sums (a log of daily
        // totals has a distance but no active time).
        func over(_ count: Int, _ what: String) -> String {
            count < counted ? "   (\(count) of \(counted) recordings \(what))" : ""
        }
        row("Duration", TimeSpan(seconds: totals.durationSeconds).hoursMinutesSeconds
            + "   active " + TimeSpan(seconds: totals.activeDurationSeconds).hoursMinutesSeconds
            + over(totals.recordingsWithActiveTime, "know their active time"))
        row("Steps", "\(totals.steps)")
        if totals.recordingsWithDistance > 0 {
            row("Distance", distanceText(Distance(meters: totals.distanceMeters), units) + over(totals.recordingsWithDistance, "have a distance"))
        } else {
            row("Distance", "N/A")
        }
        let pace = paceText(totals.averageActivePaceSecondsPerMeter, units)
        let partial = totals.averageActivePaceSecondsPerMeter != nil && totals.recordingsWithPace < totals.recordingsWithDistance
        row("Avg pace", pace + (partial ? "   (over the \(totals.recordingsWithPace) of \(totals.recordingsWithDistance) recordings with a distance that know their active time)" : ""))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows padded into columns two spaces apart, trailing spaces trimmed.
    static func aligned(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                line += (index > 0 ? "  " : "") + (rightAligned.contains(index) ? pad + cell : cell + pad)
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
