import Testing
@testable import PedometerCore
@testable import PedometerReport

@Suite struct SplitTests {
    /// A finished engine fed `count` steps at `cadence` steps/s from `start`, each `stride` metres.
    private func engine(steps count: Int, cadence: Double = 1.8, start: Double = 10, stride: Double = 1) -> Pedometer {
        var engine = Pedometer(configuration: PedometerConfiguration(walkingStride: stride))
        for index in 0..<count { engine.recordStep(at: start + Double(index) / cadence) }
        engine.finish()
        return engine
    }

    @Test func steadyWalkSplitsEveryKilometre() throws {
        let engine = engine(steps: 2500)
        let total = try #require(engine.snapshot().distance)
        #expect(abs(total - 2500) < 1e-6)
        let splits = Split.splits(of: engine, every: .km)
        #expect(splits.map(\.number) == [1, 2, 3])
        #expect(splits.map(\.distance).map { ($0 * 1e6).rounded() / 1e6 } == [1000, 1000, 500])
        #expect(abs(splits[2].cumulativeDistance - 2500) < 1e-6)
        // 1000 steps at 1.8/s per kilometre; the first begins one step before the first step.
        #expect(abs(splits[0].start - (10 - 1 / 1.8)) < 1e-9)
        for split in splits.prefix(2) { #expect(abs(split.duration - 1000 / 1.8) < 1e-6) }
        #expect(abs(splits[2].duration - 500 / 1.8) < 1e-6)
        for split in splits { #expect(abs(try #require(split.pace) - 1 / 1.8) < 1e-9) }
        // Contiguous, and the last ends at the last step.
        for (a, b) in zip(splits, splits.dropFirst()) { #expect(a.end == b.start) }
        #expect(splits.last?.end == engine.steps.last)
    }

    /// A walk cut by the recording's start (its first step 0.2 s in, a step every 0.5 s):
    /// the first split begins with the first step's distance, before time 0, so that its pace
    /// is the walk's, as the average active pace is (until 2026-11-26 it began at 0: the
    /// 20 s fixtures' splits 2 % fast, a log of two step events twice its pace).
    @Test func aWalkCutByTheStartKeepsItsPace() throws {
        for count in [2, 40] {
            let engine = engine(steps: count, cadence: 2, start: 0.2)
            let splits = Split.splits(of: engine, every: .km)
            #expect(splits.count == 1)
            #expect(abs(splits[0].start - (0.2 - 0.5)) < 1e-9)
            // Steady steps of one length (the stride at 2 steps/s): 0.5 s a step.
            let stepLength = try #require(engine.snapshot().distance) / Double(count)
            #expect(abs(try #require(splits[0].pace) - 0.5 / stepLength) < 1e-9, "\(count) steps")
            #expect(abs(try #require(engine.snapshot().averageActivePace) - 0.5 / stepLength) < 1e-9, "\(count) steps")
        }
    }

    /// A first step alone before a pause (a step-event log, whose time 0 is its first step)
    /// is taken over one step at the reference cadence before it, as its active time is, not
    /// the longest stride's 2 s (second review QA: the first split longer than the recording).
    @Test func aLoneFirstStepTakesOneReferenceStep() throws {
        var engine = Pedometer(configuration: PedometerConfiguration(walkingStride: 1))
        for time in [0.0] + (0..<40).map({ 10 + Double($0) * 0.5 }) { engine.recordStep(at: time) }
        engine.finish()
        let splits = Split.splits(of: engine, every: .km)
        #expect(abs(try #require(splits.first).start - -1 / StrideModel.referenceCadence) < 1e-9)
    }

    @Test func milesAndAnExactMultiple() {
        let miles = Split.splits(of: engine(steps: 3300), every: .mi)
        #expect(miles.count == 3)
        #expect(abs(miles[0].distance - 1609.344) < 1e-9)
        #expect(abs(miles[2].distance - (3300 - 2 * 1609.344)) < 1e-6)
        // Exactly 2 km: two splits, no empty third.
        let exact = Split.splits(of: engine(steps: 2000), every: .km)
        #expect(exact.count == 2)
        #expect(exact.allSatisfy { $0.distance == 1000 })
    }

    @Test func aPauseIsNotSpreadIntoTheDistance() {
        var engine = Pedometer(configuration: PedometerConfiguration(walkingStride: 1))
        for index in 0..<600 { engine.recordStep(at: Double(index) / 1.8) }
        // Stand still for ten minutes, then walk on.
        let resume = 599 / 1.8 + 600
        for index in 0..<600 { engine.recordStep(at: resume + Double(index) / 1.8) }
        engine.finish()
        let splits = Split.splits(of: engine, every: .km)
        #expect(splits.count == 2)
        // The pause sits inside the first kilometre, which ends 400 steps after walking resumes.
        #expect(abs(splits[0].end - (resume + 399 / 1.8)) < 1e-6)
        #expect(splits[0].duration > 600)
        #expect(abs(splits[1].duration - 200 / 1.8) < 1e-6)
    }

    @Test func noStepsNoSplits() {
        var engine = Pedometer()
        engine.finish()
        #expect(Split.splits(of: engine, every: .km).isEmpty)
        // A single step covers its length in no known time: no split (until 2026-11-26 one of
        // 0 s at a pace of 0 s/m, while the same recording's intervals were none).
        #expect(Split.splits(of: self.engine(steps: 1), every: .km).isEmpty)
        #expect(Split.splits(of: self.engine(steps: 2), every: .km).count == 1)
        #expect(SplitLength.mi.meters == 1609.344)
        #expect(Split(number: 1, start: 0, end: 10, distance: 0, cumulativeDistance: 0).pace == nil)
        #expect(Split(number: 1, start: 5, end: 5, distance: 1, cumulativeDistance: 1).pace == nil)
    }

    /// A last split of under a hundredth of the unit reads in metres, not `0.00 km`; beside
    /// miles in feet.
    @Test func aTinyLastSplitReadsInMetres() {
        let splits = [
            Split(number: 1, start: 0, end: 500, distance: 1000, cumulativeDistance: 1000),
            Split(number: 2, start: 500, end: 500.5, distance: 0.45, cumulativeDistance: 1000.45),
        ]
        let lines = SummaryWriter.splitLines(SplitSummary(length: .km, splits: splits))
        #expect(lines[2].contains("1.00 km"))
        #expect(lines[3].contains("2 (part)") && lines[3].contains("0.45 m") && !lines[3].contains("0.00 km"), "\(lines)")
        #expect(lines[3].contains("1.00 km"))
        // Beside miles, in feet (the review: a metre in a table of miles reads as one).
        let miles = [
            Split(number: 1, start: 0, end: 800, distance: Distance.metersPerMile, cumulativeDistance: Distance.metersPerMile),
            Split(number: 2, start: 800, end: 802, distance: 3.75, cumulativeDistance: Distance.metersPerMile + 3.75),
        ]
        let mileLines = SummaryWriter.splitLines(SplitSummary(length: .mi, splits: miles))
        #expect(mileLines[3].contains("2 (part)") && mileLines[3].contains("12.3 ft"), "\(mileLines)")
        // The only split of a few steps: its cumulative distance too (until 2026-11-28 `1.4 m`
        // beside a cumulative `0.00 km`).
        let few = SummaryWriter.splitLines(SplitSummary(length: .km, splits: [Split(number: 1, start: 0, end: 1, distance: 1.4, cumulativeDistance: 1.4)]))
        #expect(few[2].contains("1.4 m") && !few[2].contains("0.00 km") && few[2].components(separatedBy: "1.4 m").count == 3, "\(few)")
    }
}
