import Testing
import PedometerCore
@testable import PedometerReport

@Suite struct IntervalSummaryTests {
    /// The seed calculator's example: 30 s run, 30 s walk, repeated.
    @Test func totalsAndAveragePaceAcrossIntervals() throws {
        let intervals = (0..<4).map { index in
            ActivityInterval(
                activity: index.isMultiple(of: 2) ? .running : .walking, start: Double(index * 30),
                end: Double(index * 30 + 30), steps: index.isMultiple(of: 2) ? 80 : 50,
                distance: index.isMultiple(of: 2) ? 100 : 40)
        }
        let summary = IntervalSummary(intervals)
        #expect(summary.items.map(\.kind) == ["running", "walking", "running", "walking"])
        #expect(summary.items[0].paceSecondsPerMeter == 0.3)
        #expect(summary.totals.count == 4)
        #expect(summary.totals.durationSeconds == 120)
        #expect(summary.totals.steps == 260)
        #expect(summary.totals.distanceMeters == 280)
        #expect(summary.totals.averagePaceSecondsPerMeter == 120.0 / 280)
        #expect(summary.byKind.map(\.kind) == ["walking", "running"])
        #expect(summary.byKind[1].averagePaceSecondsPerMeter == 0.3)
        #expect(summary.byKind[0].averagePaceSecondsPerMeter == 0.75)

        let table = SummaryWriter.intervalLines(summary, .metric).joined(separator: "\n")
        #expect(table.contains("total ×4"))
        #expect(table.contains("running ×2"))
        // 120 s / 280 m = 7:09 min/km.
        #expect(table.contains("7:09 min/km"))
    }

    @Test func noDistanceMeansNoPace() {
        let summary = IntervalSummary([ActivityInterval(activity: .stationary, start: 0, end: 10, steps: 0, distance: nil)])
        #expect(summary.totals.distanceMeters == nil)
        #expect(summary.totals.averagePaceSecondsPerMeter == nil)
        #expect(SummaryWriter.intervalLines(summary, .both).joined().contains("N/A"))
        #expect(SummaryWriter.intervalLines(IntervalSummary(items: []), .both) == ["  Intervals: none (no second's activity known: an empty recording, or a log of totals per interval)"])
    }

    @Test func standingStillHasNoPace() {
        // A step log's distance spread over a pause: 1 m in 14 hours standing was shown as a
        // pace of 19839:29:03 min/km, where commands.md says a stationary interval has none.
        let summary = IntervalSummary([
            ActivityInterval(activity: .walking, start: 0, end: 11, steps: 18, distance: 13),
            ActivityInterval(activity: .stationary, start: 11, end: 50_002, steps: 0, distance: 0.7),
        ])
        #expect(summary.items[1].paceSecondsPerMeter == nil)
        #expect(summary.byKind.first { $0.kind == "stationary" }?.averagePaceSecondsPerMeter == nil)
        #expect(summary.byKind.first { $0.kind == "walking" }?.averagePaceSecondsPerMeter == 11.0 / 13)
        #expect(summary.totals.averagePaceSecondsPerMeter == 50_002 / 13.7)
    }

    @Test func batchTotals() {
        func summary(steps: Int, distance: Double?, active: Double?, duration: Double? = nil) -> RecordingSummary {
            RecordingSummary(
                source: "x", format: "generic", startDate: nil, durationSeconds: duration ?? (active ?? 0) + 10,
                activeDurationSeconds: active, steps: steps, stepsSource: "acceleration", distanceMeters: distance,
                distanceMethod: nil, averageActivePaceSecondsPerMeter: nil, averageCadenceStepsPerSecond: nil,
                maxCadenceStepsPerSecond: nil, currentPaceSecondsPerMeter: nil, floorsAscended: nil,
                floorsDescended: nil, referenceSteps: nil, referenceDistanceMeters: nil, groundTruthSteps: nil,
                warnings: [])
        }
        var totals = SummaryTotals()
        totals.add(summary(steps: 100, distance: 80, active: 60))
        totals.add(summary(steps: 50, distance: nil, active: 30))
        totals.failed = 1
        #expect(totals.recordings == 2 && totals.steps == 150 && totals.distanceMeters == 80)
        #expect(totals.durationSeconds == 110)
        // The pace counts only the recordings with a distance.
        #expect(totals.averageActivePaceSecondsPerMeter == 0.75)
        let text = SummaryWriter.totalsTable(totals)
        #expect(text.hasPrefix("Total  [2 recordings, 1 failed]\n"))
        #expect(text.contains("(1 of 2 recordings have a distance)"))
        // A log of daily totals has a distance but no active time: the pace and the active time
        // are over the recordings that know theirs, and the table says so (it read "active
        // 0:00:40" and 1.29 m/s beside 22 km over 72 hours, as if they were all of them).
        var mixed = SummaryTotals()
        mixed.add(summary(steps: 30_000, distance: 21_954, active: nil, duration: 259_200))
        mixed.add(summary(steps: 70, distance: 51, active: 40))
        #expect(mixed.averageActivePaceSecondsPerMeter == 40.0 / 51)
        let lines = SummaryWriter.totalsTable(mixed, units: .metric)
        #expect(lines.contains("active 0:00:40   (1 of 2 recordings know their active time)"), "\(lines)")
        #expect(lines.contains("(over the 1 of 2 recordings with a distance that know their active time)"), "\(lines)")
        #expect(!text.contains("active time)"), "\(text)")
        // Each recording's distance over its active time, as its average pace takes it: two
        // walks cut by their start at one pace total to that pace (until 2026-11-26 the totals
        // divided by every step's distance: 18:09 min/km beside the walks' 18:32).
        var alike = SummaryTotals()
        for (steps, distance, active) in [(35, 17.73, 19.32), (36, 18.21, 19.85)] {
            var walk = summary(steps: steps, distance: distance, active: active)
            walk.averageActivePaceSecondsPerMeter = 1.1122
            alike.add(walk)
        }
        #expect(alike.repeated == 0 && alike.steps == 71)
        #expect(abs((alike.averageActivePaceSecondsPerMeter ?? 0) - 1.1122) < 1e-12)
        // The same recording twice (a folder beside its own zip, a file beside its copy): its
        // steps counted once, and said (until 2026-11-28 the Total summed them: 70 of 35).
        var copies = SummaryTotals()
        for _ in 0..<2 { copies.add(summary(steps: 35, distance: 17.73, active: 19.32)) }
        copies.add(summary(steps: 0, distance: nil, active: nil, duration: 60))
        copies.add(summary(steps: 0, distance: nil, active: nil, duration: 60))
        #expect(copies.recordings == 4 && copies.repeated == 1 && copies.steps == 35 && copies.durationSeconds == 29.32 + 120)
        let copied = SummaryWriter.totalsTable(copies, units: .metric)
        #expect(copied.hasPrefix("Total  [4 recordings, 1 the same as another (start, steps and distance): counted once]\n"), "\(copied)")
        #expect(copied.contains("(1 of 3 recordings have a distance)"), "\(copied)")
        // Two weeks of daily totals in local time (no start), of one sum and length: two
        // recordings (the review's: 24,000 of 48,000 steps counted).
        var weeks = SummaryTotals()
        for _ in 0..<2 {
            var week = summary(steps: 24_000, distance: 17_000, active: nil, duration: 259_200)
            week.stepsSource = "device"
            weeks.add(week)
        }
        #expect(weeks.repeated == 0 && weeks.steps == 48_000)
        // The default JSON has neither splits nor intervals.
        #expect(!SummaryWriter.json(summary(steps: 1, distance: 1, active: 1)).contains("splits"))
    }
}
