import Foundation
import Testing
@testable import PedometerCore

/// The engine's bookkeeping, with step times fed directly (the detector is tested on its own).
@Suite struct PedometerTests {
    /// Step times at `cadence` steps/s in `[start, end)`, the first half a step after `start`.
    private func times(_ start: Double, _ end: Double, cadence: Double) -> [Double] {
        let count = Int(((end - start) * cadence).rounded())
        return (0..<count).map { start + (Double($0) + 0.5) / cadence }
    }

    private func pedometer(
        steps: [Double], impact: (Int) -> Double = { _ in 2 }, until end: Double? = nil,
        configuration: PedometerConfiguration = PedometerConfiguration(), finish: Bool = true
    ) -> Pedometer {
        var engine = Pedometer(configuration: configuration)
        let last = end ?? steps.last ?? 0
        for second in 0..<Int(last.rounded(.up)) { engine.recordImpact(impact(second), at: Double(second) + 0.5) }
        for time in steps { engine.recordStep(at: time) }
        if let end { engine.recordImpact(impact(Int(end)), at: end) }
        if finish { engine.finish() }
        return engine
    }

    private let model = StrideModel()

    @Test func steadyWalkCountsStepsCadenceAndDistance() throws {
        let engine = pedometer(steps: times(0, 60, cadence: 2), until: 60)
        let data = engine.snapshot()
        #expect(data.numberOfSteps == 120)
        #expect(data.startDate == 0)
        #expect(data.endDate == 60)
        let cadence = try #require(data.currentCadence)
        #expect(abs(cadence - 2) < 1e-9)
        let distance = try #require(data.distance)
        #expect(abs(distance - 120 * model.stepLength(cadence: 2)) < 1e-6)
        let pace = try #require(data.currentPace)
        #expect(abs(pace - 1 / (2 * model.stepLength(cadence: 2))) < 1e-9)
        let active = try #require(data.activeDuration)
        #expect(active > 59 && active <= 60)
        // Active time over the distance of the steps in it: the first step's interval is half
        // before the recording, and half its length counts (active / distance, 0.4 % fast here,
        // was the expectation until 2026-11-26: the 20 s fixtures' walks came out 2 % fast).
        let average = try #require(data.averageActivePace)
        #expect(abs(average - 1 / (2 * model.stepLength(cadence: 2))) < 1e-9)
        #expect(abs(average - active / (distance - 0.5 * model.stepLength(cadence: 2))) < 1e-9)
        #expect(engine.distanceMethod == .heightModel)
        #expect(engine.stepsSource == .acceleration)
        #expect(engine.steps.count == 120)
        #expect(abs((engine.maxCadence ?? 0) - 2) < 1e-9)
        // The first step's interval began before the recording: its share inside counts, so
        // the steady walk's average cadence is its cadence (it was 120 / 59.75 s, above the max).
        #expect(abs((engine.averageCadence ?? 0) - 2) < 1e-9)
        #expect(engine.activities.count == 60)
        #expect(engine.activities[1..<59].allSatisfy { $0 == .walking })
    }

    @Test func walkingStrideRescalesTheModel() throws {
        var configuration = PedometerConfiguration()
        configuration.walkingStride = 0.8
        let engine = pedometer(steps: times(0, 60, cadence: 1.8), until: 60, configuration: configuration)
        #expect(engine.distanceMethod == .userStride)
        let distance = try #require(engine.snapshot().distance)
        #expect(abs(distance - 108 * 0.8) < 1e-6)
    }

    @Test func currentValuesNeedTwoStepsInTheTrailingWindow() {
        // One step at 5 s, then nothing until 30 s: no cadence can be known at 30 s.
        let engine = pedometer(steps: [5], until: 30)
        let data = engine.snapshot()
        #expect(data.numberOfSteps == 1)
        #expect(data.currentCadence == nil)
        #expect(data.currentPace == nil)
        // Steps long before the window do not count either.
        let later = pedometer(steps: times(0, 20, cadence: 2) + [40], until: 40)
        #expect(later.snapshot().currentCadence == nil)
        #expect(later.query(from: 0, to: 20).currentCadence != nil)
        // A walk at 2 steps/s that stops at 20 s: walking on until two intervals have passed
        // without a step, then stopped, with no current cadence nor pace, however few steps are
        // left in the window (until 2026-11-26 they stayed for 10 s, rising as the window emptied).
        let stopped = pedometer(steps: times(0, 20, cadence: 2), until: 30)
        let lastStep = stopped.steps.last ?? 0
        #expect(stopped.query(from: 0, to: lastStep + 0.9).currentCadence.map { abs($0 - 2) < 1e-9 } == true)
        for end in [lastStep + 1.1, lastStep + 5, lastStep + 9.5] {
            let data = stopped.query(from: 0, to: end)
            #expect(data.currentCadence == nil && data.currentPace == nil, "\(end - lastStep) s after the last step")
        }
    }

    @Test func activeDurationExcludesAStandingPause() throws {
        let steps = times(0, 30, cadence: 2) + times(60, 90, cadence: 2)
        let engine = pedometer(steps: steps, until: 90)
        let data = engine.snapshot()
        #expect(data.numberOfSteps == 120)
        #expect(data.duration == 90)
        // Two walks of 60 steps 0.5 s apart, each active for its 60 intervals (30 s, the first
        // less the quarter second of its first interval before the recording's start, its first
        // step at 0.25 s); the 30 s pause is excluded. (Until
        // 2026-11-26 active time was the whole seconds with a step within 1.5 s: 60–66 s here,
        // and a steady walk's average cadence came out 5 % low over a minute.)
        let active = try #require(data.activeDuration)
        #expect(abs(active - 59.75) < 1e-9, "\(active)")
        #expect(abs((engine.averageCadence ?? 0) - 2) < 1e-9)
        let distance = try #require(data.distance)
        let pace = try #require(data.averageActivePace)
        // The steady walks' pace (the quarter second of the first interval before the start
        // takes half a step's length from the distance in the active time; see above).
        #expect(abs(pace - 1 / (2 * model.stepLength(cadence: 2))) < 1e-9)
        #expect(pace < 90 / distance)
        #expect(engine.activities[40..<50].allSatisfy { $0 == .stationary })
    }

    @Test func aSteadyWalksAverageCadenceIsItsCadenceWhereverItIsCut() throws {
        // A walk at 1.776 steps/s that began before the recording (its first step at 0.18 s, as
        // in the SensorLog fixture): its average cadence was its 35 steps over the 19.3 s left
        // after the clipped first interval, 1.81/s, above its own maximum. Cut by any window,
        // its average is its cadence, never above its maximum.
        let interval = 0.563
        let steps = (0..<35).map { 0.18 + Double($0) * interval }
        let engine = pedometer(steps: steps, until: 20)
        let cadence = 1 / interval
        #expect(abs((engine.averageCadence ?? 0) - cadence) < 1e-9)
        #expect((engine.maxCadence ?? 0) >= (engine.averageCadence ?? 0) - 1e-9)
        for (from, to) in [(0.0, 20.0), (3.3, 20), (0, 11.1), (4.05, 12.9)] {
            let average = try #require(engine.averageCadence(from: from, to: to))
            #expect(abs(average - cadence) < 1e-9, "\(from)–\(to) s: \(average)")
        }
    }

    /// A window of one walk that changes pace has the window's cadence and pace, not the
    /// walk's mean (until 2026-11-26 every window of a run/walk session's one walk had the
    /// walk's mean cadence, 138 steps/min over its walking, whose maximum was 108).
    @Test func aWindowOfAWalkHasItsOwnCadenceAndPace() throws {
        let steps = times(0, 30, cadence: 1.5) + times(30, 60, cadence: 2.5)
        let engine = pedometer(steps: steps, until: 60)
        for (from, to, cadence) in [(5.0, 25.0, 1.5), (35.2, 55.7, 2.5)] {
            let data = engine.query(from: from, to: to)
            let average = try #require(engine.averageCadence(from: from, to: to))
            #expect(abs(average - cadence) < 1e-9, "\(from)–\(to) s: \(average)")
            let pace = try #require(data.averageActivePace)
            #expect(abs(pace - 1 / (cadence * model.stepLength(cadence: cadence))) < 1e-9, "\(from)–\(to) s: \(pace)")
        }
    }

    /// A walk cut by the recording's start has the pace of its cadence and step length, as it
    /// has their cadence: the steps whose intervals are partly before the start count their
    /// share (the 35 steps over the 19.3 s left made the SensorLog fixture's walk 2 % fast,
    /// and a log of two step events 0.586 s apart twice as fast as its current pace).
    @Test func aWalkCutByTheStartHasThePaceOfItsCadence() throws {
        for steps in [(0..<35).map { 0.18 + Double($0) * 0.563 }, [0.1, 0.686]] {
            let engine = pedometer(steps: steps, until: (steps.last ?? 0) + 0.2)
            let data = engine.snapshot()
            let cadence = try #require(engine.averageCadence)
            let pace = try #require(data.averageActivePace)
            #expect(abs(pace - 1 / (cadence * model.stepLength(cadence: cadence))) < 1e-9, "\(steps.count) steps: \(pace)")
            // The distance is every step's.
            #expect(abs(try #require(data.distance) - Double(steps.count) * model.stepLength(cadence: cadence)) < 1e-9)
        }
    }

    @Test func queriesOverHalvesAddUp() throws {
        let steps = times(0, 30, cadence: 1.8) + times(30, 60, cadence: 2.6)
        let engine = pedometer(steps: steps, impact: { $0 >= 30 ? 8 : 2 }, until: 60)
        let whole = engine.query(from: 0, to: 60)
        let first = engine.query(from: 0, to: 30)
        let second = engine.query(from: 30, to: 60)
        #expect(first.numberOfSteps + second.numberOfSteps == whole.numberOfSteps)
        #expect(first.numberOfSteps == 54)
        #expect(abs(try #require(first.activeDuration) + #require(second.activeDuration) - #require(whole.activeDuration)) < 1e-9)
        let sum = try #require(first.distance) + #require(second.distance)
        #expect(abs(sum - (whole.distance ?? 0)) < 1e-6)
        // The faster half has longer steps.
        #expect((second.distance ?? 0) / Double(second.numberOfSteps) > (first.distance ?? 0) / Double(first.numberOfSteps))
        // Queries with fractional ends also add up.
        let a = engine.query(from: 0, to: 17.3)
        let b = engine.query(from: 17.3, to: 60)
        #expect(a.numberOfSteps + b.numberOfSteps == whole.numberOfSteps)
        #expect(abs(try #require(a.activeDuration) + #require(b.activeDuration) - #require(whole.activeDuration)) < 1e-9)
        #expect(engine.snapshot() == whole)
    }

    @Test func snapshotsWhileStreamingAgreeWithTheFinishedRun() {
        let steps = times(0, 200, cadence: 2)
        var engine = Pedometer()
        var counts: [Int] = []
        for time in steps {
            engine.recordImpact(2, at: time)
            engine.recordStep(at: time)
            if Int(time * 2) % 40 == 0 { counts.append(engine.snapshot().numberOfSteps) }
        }
        #expect(counts == counts.sorted())
        let streamed = engine.snapshot()
        engine.finish()
        let finished = engine.snapshot()
        #expect(streamed.numberOfSteps == finished.numberOfSteps)
        #expect(streamed.activeDuration == finished.activeDuration)
        #expect(abs((streamed.distance ?? 0) - (finished.distance ?? 0)) < 1e-6)
    }

    @Test func runWalkIntervals() throws {
        // 30 s running at 2.8 steps/s with strong impacts, 30 s walking at 1.8, three times.
        var steps: [Double] = []
        for round in 0..<3 {
            let start = Double(round * 60)
            steps += times(start, start + 30, cadence: 2.8) + times(start + 30, start + 60, cadence: 1.8)
        }
        let engine = pedometer(steps: steps, impact: { $0 % 60 < 30 ? 8 : 2 }, until: 180)
        let intervals = engine.intervals
        #expect(intervals.map(\.activity) == [.running, .walking, .running, .walking, .running, .walking])
        for (index, interval) in intervals.enumerated() {
            #expect(abs(interval.start - Double(index * 30)) <= 2)
            #expect(abs(interval.duration - 30) <= 4)
        }
        #expect(intervals.map(\.steps).reduce(0, +) == steps.count)
        let total = intervals.compactMap(\.distance).reduce(0, +)
        #expect(abs(total - (engine.snapshot().distance ?? 0)) < 1e-6)
        let running = try #require(intervals.first)
        let walking = intervals[1]
        #expect(try #require(running.pace) < #require(walking.pace))
        #expect(abs((engine.maxCadence ?? 0) - 2.8) < 0.05)
    }

    /// Reps of 60 s running between minutes of standing: each rep's interval runs from one step
    /// interval before its first step to its last, as its active time, so its time and pace are
    /// the rep's; the rests take the rest. Until 2026-11-26 the seconds marked active by a step
    /// nearby made each rep 64 s long and its pace 6.7 % slow; 2 s of standing before the first
    /// rep, too short to be an interval, made it 2 s longer.
    @Test func anIntervalBetweenRestsIsBoundedByItsSteps() throws {
        let reps = [2.0, 122, 242]
        let steps = reps.flatMap { times($0, $0 + 60, cadence: 2.8) }
        let engine = pedometer(steps: steps, impact: { _ in 8 }, until: 332)
        let intervals = engine.intervals
        #expect(intervals.map(\.activity) == [.running, .stationary, .running, .stationary, .running, .stationary])
        for (index, start) in reps.enumerated() {
            let rep = intervals[2 * index]
            // Steps every 1/2.8 s from half an interval after `start`: the first's interval
            // begins half an interval before it, the last step half an interval before
            // `start + 60`.
            #expect(abs(rep.start - (start - 0.5 / 2.8)) < 1e-9)
            #expect(abs(rep.end - (start + 60 - 0.5 / 2.8)) < 1e-9)
            #expect(rep.steps == 168)
            let expected = engine.query(from: start, to: start + 61)
            #expect(abs(try #require(rep.pace) - (try #require(expected.averageActivePace))) < 1e-9)
            #expect(intervals[2 * index + 1].start == rep.end)
        }
        #expect(intervals.last?.end == engine.endDate)
        // Cut to a window, the intervals keep their steps: a rep's last step stays in it (the
        // review: with a window the re-queried rep lost it to the rest after it).
        let window = engine.intervals(from: 100, to: 200)
        #expect(window.map(\.steps).reduce(0, +) == engine.query(from: 100, to: 200).numberOfSteps)
        #expect(window.filter { !$0.activity.isActive }.allSatisfy { $0.steps == 0 })
        #expect(window.first?.start == 100 && window.last?.end == 200)
        #expect(zip(window, window.dropFirst()).allSatisfy { $0.end == $1.start })
        // A window from just after a rep's last step holds none of the rep.
        let after = engine.intervals(from: 182, to: 200)
        #expect(after.map(\.activity) == [.stationary] && after.first?.start == 182)
        // Standing shown beside a rep lies in the rep's seconds: a window of it is that
        // standing, and a window from before a rep begins with it (the second review: no
        // interval, and 1.6 s of the window in none).
        let rest = engine.intervals(from: 181.9, to: 182.5)
        #expect(rest.map(\.activity) == [.stationary] && rest.first?.start == 181.9 && rest.first?.end == 182.5)
        let before = engine.intervals(from: 121.5, to: 130)
        #expect(before.map(\.activity) == [.stationary, .running] && before.first?.start == 121.5)
    }

    @Test func referencesAreTheChangeOverTheSpan() {
        var engine = Pedometer()
        engine.beginStepCounts(kind: .device)
        // A step counter since boot, with distance; and a ground truth from 0.
        for (index, time) in stride(from: 1.0, through: 21, by: 2.5).enumerated() {
            engine.accept(StepCountSample(time: time, steps: 18_342 + Double(index * 5), distance: 1000 + Double(index) * 3.5), kind: .device)
            engine.accept(StepCountSample(time: time - 1, steps: Double(index * 5)), kind: .groundTruth)
        }
        engine.accept(AccelerationSample(time: 22, x: 0, y: 0, z: 9.8))
        engine.finish()
        let references = engine.references
        #expect(references.deviceSteps == 40)
        #expect(references.groundTruthSteps == 40)
        #expect(references.algorithmSteps == nil)
        #expect(abs((references.deviceDistance ?? 0) - 28) < 1e-9)
        // Over a span: the change between the values in force at its ends.
        #expect(engine.references(from: 5, to: 12).deviceSteps == 15)
        // Acceleration exists: the device's steps are a reference, never ours.
        #expect(engine.stepsSource == .acceleration)
        #expect(engine.distanceMethod == .heightModel)
        // A corrupt log's total beyond any integer is unknown (until 2026-11-27 converting it
        // trapped: a health export of two devices' rows of 10^20 steps).
        var corrupt = Pedometer()
        corrupt.beginStepCounts(kind: .device)
        corrupt.accept(StepCountSample(time: 0, steps: 0), kind: .device)
        corrupt.accept(StepCountSample(time: 60, steps: 2e20), kind: .device)
        corrupt.finish()
        #expect(corrupt.references.deviceSteps == nil)
    }

    /// A ground truth that logged each step as it fell (foot switches) gives its step times:
    /// one per step, twice when both feet pressed at once; one that logged counts in batches
    /// gives none, nor does a recording without a ground truth.
    @Test func groundTruthStepTimesWhenEachStepWasLogged() {
        var engine = Pedometer()
        for (time, steps) in [(0.1, 0.0), (1.0, 1), (1.5, 2), (2.0, 4), (2.2, 4), (2.5, 5)] {
            engine.accept(StepCountSample(time: time, steps: steps), kind: .groundTruth)
        }
        #expect(engine.groundTruthStepTimes == [1.0, 1.5, 2.0, 2.0, 2.5])

        var batches = Pedometer()
        for (time, steps) in [(0.0, 0.0), (10, 12), (20, 25)] {
            batches.accept(StepCountSample(time: time, steps: steps), kind: .groundTruth)
        }
        #expect(batches.groundTruthStepTimes == nil)

        var device = Pedometer()
        device.accept(StepCountSample(time: 1, steps: 1), kind: .device)
        #expect(device.groundTruthStepTimes == nil)
    }

    /// A device distance that goes down (a counter reset or a glitch, found by fuzzing) moves
    /// the baseline: the distance is the sum of the increases, never negative.
    @Test func aDeviceCountGoingDownOnlyMovesTheBaseline() throws {
        var engine = Pedometer()
        engine.beginStepCounts(kind: .device)
        let distances = [0.0, 10, 20, 0.2, 5.2, 15.2]
        for (second, distance) in distances.enumerated() {
            engine.accept(StepCountSample(time: Double(second), steps: Double(second * 10), distance: distance), kind: .device)
        }
        engine.finish()
        #expect(engine.distanceMethod == .device)
        let distance = try #require(engine.snapshot().distance)
        #expect(abs(distance - 35) < 1e-9)
        #expect(engine.references.deviceDistance.map { abs($0 - 35) < 1e-9 } == true)
    }

    @Test func aDeviceCountRisingFasterThanAnyoneRunsOnlyMovesTheBaseline() {
        var engine = Pedometer()
        // 100 steps in 10 s is 10 steps/s: a counter jump. Then 20 in 10 s are steps.
        for (time, steps) in [(0.0, 0.0), (10, 100), (20, 120)] {
            engine.accept(StepCountSample(time: time, steps: steps), kind: .device)
        }
        engine.finish()
        #expect(engine.snapshot().numberOfSteps == 20)
        #expect(engine.steps.allSatisfy { $0 > 10 })
        #expect(engine.references.deviceSteps == 120)
    }

    @Test func samplesFartherFromTimeZeroThanTheirStreamsLimitAreIgnored() {
        var engine = Pedometer(configuration: PedometerConfiguration(maximumDuration: 60, maximumStepLogDuration: 3600))
        // Found by tools/fuzz: counts 10^10 s apart before time 0 made billions of step times.
        for (time, steps) in [(-2e10, 12.0), (-1e10, 5e10), (-3601, 0), (3601, 9e4), (0, 0), (10, 20), (3000, 50)] {
            engine.accept(StepCountSample(time: time, steps: steps), kind: .device)
        }
        // A step log may run longer than a sensor's: the pressure after a minute is ignored,
        // the count after 50 minutes is not.
        engine.accept(PressureSample(time: 61, pressure: 1000))
        engine.finish()
        #expect(engine.ignoredSamples == 5)
        #expect(engine.ignoredStepCounts == 4)
        #expect(engine.snapshot().numberOfSteps == 50)
        #expect(engine.endDate == 3000)
    }

    @Test func aStepLogsDistanceAfterHoursWithoutASampleIsNoCurrentPace() {
        // 10 s of walking, a day without a sample, then 1 step in the log's next second: the
        // current window reached back over the day to the sample before it and read 0.00 m/s.
        var engine = Pedometer()
        engine.beginStepCounts(kind: .device)
        for second in 0...10 {
            engine.accept(StepCountSample(time: Double(second), steps: Double(second * 2), distance: Double(second) * 1.4), kind: .device)
        }
        engine.accept(StepCountSample(time: 86_400, steps: 21, distance: 14.7), kind: .device)
        engine.accept(StepCountSample(time: 86_401, steps: 23, distance: 16.1), kind: .device)
        engine.finish()
        #expect(engine.snapshot().currentPace.map { $0 > 60 } != true, "\(String(describing: engine.snapshot().currentPace))")
    }

    /// A count over an interval puts its steps inside the interval, each at the middle of its
    /// share; one too large for its interval (50 steps in 2 s) or over an interval of no
    /// length is spread since the previous count, as a counter read is (since the interval
    /// placement of 2026-11-26, such a count was squeezed into its 2 s, 392 steps/min).
    @Test func aCountOverAnIntervalTooShortForItIsSpreadSinceThePreviousCount() throws {
        var engine = Pedometer()
        engine.beginStepCounts(kind: .device)
        engine.accept(StepCountSample(time: 0, steps: 0), kind: .device)
        engine.accept(StepCountSample(time: 30, steps: 50, intervalStart: 0), kind: .device)
        engine.accept(StepCountSample(time: 82, steps: 100, intervalStart: 80), kind: .device)
        engine.accept(StepCountSample(time: 112, steps: 150, intervalStart: 112), kind: .device)
        engine.finish()
        let steps = engine.steps
        #expect(steps.count == 150)
        // The first 50 at the middles of 0.6 s shares of 0–30 s.
        #expect(abs(steps[0] - 0.3) < 1e-9 && abs(steps[49] - 29.7) < 1e-9)
        // The next 50 over 30–82 s (not 80–82), the last on the count; the 50 of the instant
        // row over 82–112 s.
        #expect(abs(steps[50] - (30 + 52.0 / 50)) < 1e-9 && steps[99] == 82)
        #expect(abs(steps[100] - (82 + 30.0 / 50)) < 1e-9 && steps[149] == 112)
        #expect((engine.maxCadence ?? 0) < 2)
        #expect(engine.unplacedDeviceSteps == 0)
        // A count with no time since the one before cannot be placed: the baseline moves, and
        // the steps are said to be left out (second review QA: 50 of 250 missing without a word).
        var instant = Pedometer()
        instant.beginStepCounts(kind: .device)
        instant.accept(StepCountSample(time: 0, steps: 0), kind: .device)
        instant.accept(StepCountSample(time: 60, steps: 100, intervalStart: 0), kind: .device)
        instant.accept(StepCountSample(time: 60, steps: 150, intervalStart: 60), kind: .device)
        instant.finish()
        #expect(instant.steps.count == 100)
        #expect(instant.unplacedDeviceSteps == 50)
        #expect(instant.references.deviceSteps == 150)
    }

    @Test func aStepLogWithoutAccelerationUsesTheDeviceSteps() throws {
        var engine = Pedometer()
        engine.beginStepCounts(kind: .device)
        for second in 0...20 {
            engine.accept(StepCountSample(time: Double(second), steps: Double(second * 2), distance: Double(second) * 1.4), kind: .device)
        }
        let streaming = engine.snapshot()
        #expect(streaming.numberOfSteps == 40)
        engine.finish()
        #expect(engine.stepsSource == .device)
        #expect(engine.distanceMethod == .device)
        let data = engine.snapshot()
        #expect(data.numberOfSteps == 40)
        #expect(abs((data.distance ?? 0) - 28) < 1e-9)
        let active = try #require(data.activeDuration)
        #expect(active > 18)
        let pace = try #require(data.averageActivePace)
        #expect(abs(pace - active / 28) < 1e-9)
        let current = try #require(data.currentPace)
        #expect(abs(current - 1 / 1.4) < 1e-6)
        #expect(engine.references.deviceSteps == 40)
    }

    /// A log of totals per 15 minutes (Google Fit's export) knows how many steps and how far,
    /// not how fast nor for how long: cadence, pace, active time and intervals are unknown, not
    /// those of steps spread evenly over each quarter hour (until 2026-11-26 a daily log came
    /// out at "15 steps/min, max 6/min" and 19 h active of 48). Its distance is spread over each
    /// interval as its steps are, so that a part of the log has both. Counts a minute apart
    /// (a tracker's finest bucket) keep their cadence.
    @Test func aLogOfTotalsPerQuarterHourKnowsNoCadenceNorPace() throws {
        var engine = Pedometer()
        engine.beginStepCounts(kind: .device)
        let quarters: [(steps: Double, metres: Double)] = [(0, 0), (900, 700), (0, 0), (1500, 1200)]
        var total = (steps: 0.0, metres: 0.0)
        engine.accept(StepCountSample(time: 0, steps: 0, distance: 0), kind: .device)
        for (index, quarter) in quarters.enumerated() {
            total = (total.steps + quarter.steps, total.metres + quarter.metres)
            engine.accept(StepCountSample(time: Double(index + 1) * 900, steps: total.steps, distance: total.metres), kind: .device)
        }
        engine.finish()
        #expect(!engine.knowsStepTimes)
        let data = engine.snapshot()
        #expect(data.numberOfSteps == 2400 && data.distance == 1900)
        #expect(data.activeDuration == nil && data.averageActivePace == nil)
        #expect(data.currentCadence == nil && data.currentPace == nil)
        #expect(engine.maxCadence == nil && engine.averageCadence == nil)
        #expect(engine.intervals.isEmpty)
        // The second quarter's first third: a third of its steps and of its metres.
        let part = engine.query(from: 900, to: 1200)
        #expect(abs(part.numberOfSteps - 300) <= 1)  // each step at the end of its share of the time
        #expect(abs((part.distance ?? 0) - 700.0 / 3) < 1e-9)

        var minutes = Pedometer()
        minutes.beginStepCounts(kind: .device)
        for minute in 0...10 {
            minutes.accept(StepCountSample(time: Double(minute) * 60, steps: Double(minute) * 110), kind: .device)
        }
        minutes.finish()
        #expect(minutes.knowsStepTimes)
        #expect(abs((minutes.averageCadence ?? 0) - 110.0 / 60) < 0.05)
        #expect(minutes.snapshot().activeDuration != nil)
    }

    @Test func aStepLogWithoutDistanceUsesTheModel() {
        var engine = Pedometer()
        for (index, time) in times(0, 20, cadence: 2).enumerated() {
            engine.accept(StepCountSample(time: time, steps: Double(index + 1)), kind: .device)
        }
        engine.finish()
        #expect(engine.stepsSource == .device)
        #expect(engine.distanceMethod == .heightModel)
        // The first count is the baseline: 39 steps after it.
        #expect(engine.snapshot().numberOfSteps == 39)
    }

    @Test func deviceStepsReadBeforeAccelerationAreDropped() {
        var engine = Pedometer()
        for second in 0...10 { engine.accept(StepCountSample(time: Double(second), steps: Double(second * 2)), kind: .device) }
        #expect(engine.snapshot().numberOfSteps == 20)
        engine.beginAcceleration(kind: .total)
        for index in 0..<1000 { engine.accept(AccelerationSample(time: Double(index) / 100, x: 0, y: 0, z: standardGravity)) }
        engine.finish()
        #expect(engine.stepsSource == .acceleration)
        #expect(engine.steps.isEmpty)
        #expect(engine.references.deviceSteps == 20)
    }

    @Test func nothingToCountFrom() {
        var engine = Pedometer()
        engine.accept(LocationSample(time: 3, latitude: 51, longitude: -1))
        engine.finish()
        let data = engine.snapshot()
        #expect(engine.stepsSource == .none)
        #expect(data.numberOfSteps == 0)
        #expect(data.distance == nil)
        #expect(data.averageActivePace == nil)
        #expect(data.floorsAscended == nil)
        #expect(engine.distanceMethod == nil)
    }

    @Test func gpsFixesCalibrateTheStride() throws {
        // 300 s of walking at 2 steps/s, with good fixes every second moving east at 1.6 m/s.
        let steps = times(0, 300, cadence: 2)
        var engine = Pedometer()
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        for second in 0...300 {
            engine.recordImpact(2, at: Double(second))
            engine.accept(
                LocationSample(
                    time: Double(second), latitude: 0, longitude: 1.6 * Double(second) / metresPerDegree,
                    horizontalAccuracy: 5))
        }
        for time in steps { engine.recordStep(at: time) }
        engine.finish()
        #expect(engine.distanceMethod == .gpsCalibrated)
        let fit = try #require(engine.gpsFits[.walking])
        #expect(abs(fit.scale - 1.6 / (2 * model.stepLength(cadence: 2))) < 0.01)
        let distance = try #require(engine.snapshot().distance)
        #expect(abs(distance - 480) < 480 * 0.01)

        // Poor fixes are not used.
        var poor = Pedometer()
        for second in 0...300 {
            poor.accept(LocationSample(time: Double(second), latitude: 0, longitude: 1.6 * Double(second) / metresPerDegree, horizontalAccuracy: 30))
        }
        for time in steps { poor.recordStep(at: time) }
        poor.finish()
        #expect(poor.distanceMethod == .heightModel)
        // And the summary can say why (until 2026-11-26 nothing did): no fix accurate enough,
        // too little walking under good fixes, or GPS and steps too far apart to trust.
        #expect(poor.gpsRefusal == .noAccurateFix(maximumAccuracy: 10))
        #expect(engine.gpsRefusal == nil)
        var short = Pedometer()
        for second in 0...40 {
            short.recordImpact(2, at: Double(second))
            short.accept(LocationSample(time: Double(second), latitude: 0, longitude: 1.6 * Double(second) / metresPerDegree, horizontalAccuracy: 5))
        }
        for time in times(0, 40, cadence: 2) { short.recordStep(at: time) }
        short.finish()
        guard case .tooLittle(let metres, 100, .walking)? = short.gpsRefusal else {
            Issue.record("\(String(describing: short.gpsRefusal))")
            return
        }
        #expect(metres > 40 && metres < 100)
        #expect(short.gpsRefusal?.description.hasPrefix("GPS fixes not used to calibrate the stride: ") == true)
    }

    @Test func floorsAreCountedWhileWalking() throws {
        // Climbing 7.5 m over 60 s of walking, then standing in a lift that rises 9 m more.
        var engine = Pedometer()
        for tenth in 0...1200 {
            let time = Double(tenth) / 10
            let altitude = time <= 60 ? time * 0.125 : 7.5 + min(time - 60, 30) * 0.3
            engine.accept(PressureSample(time: time, relativeAltitude: altitude))
        }
        for time in times(0, 60, cadence: 1.8) { engine.recordStep(at: time) }
        engine.finish()
        let data = engine.snapshot()
        #expect(data.floorsAscended == 2)
        #expect(data.floorsDescended == 0)
        #expect(engine.query(from: 60, to: 120).floorsAscended == 0)
    }

    @Test func aStoreyClimbedJustBeforeStoppingCounts() {
        // 20 s on the level, a 3.3 m storey in 10 s, then sitting down at the top: a barometer
        // reporting once a second. The floor was lost while the altitude was smoothed with a lag.
        var engine = Pedometer()
        for second in 0...60 {
            let time = Double(second)
            engine.accept(PressureSample(time: time, relativeAltitude: min(max(time - 20, 0) / 10, 1) * 3.3))
        }
        for time in times(0, 30, cadence: 1.9) { engine.recordStep(at: time) }
        engine.finish()
        #expect(engine.snapshot().floorsAscended == 1)
        #expect(engine.snapshot().floorsDescended == 0)
    }

    @Test func aLiftRideBetweenWalksIsNoFloor() {
        // Walk 30 s to a lift, 3 s for its doors, a ride of 31 m in 15 s, 3 s for its doors, walk
        // 30 s away: up, then the same down. The activity timeline reaches into the 21 s of
        // standing, and the ride was counted as a floor.
        for direction in [1.0, -1.0] {
            var engine = Pedometer()
            for second in 0...81 {
                let time = Double(second)
                engine.accept(PressureSample(time: time, relativeAltitude: direction * min(max(time - 33, 0) / 15, 1) * 31))
            }
            for time in times(0, 30, cadence: 1.9) + times(51, 81, cadence: 1.9) { engine.recordStep(at: time) }
            engine.finish()
            #expect(engine.snapshot().floorsAscended == 0, "\(direction)")
            #expect(engine.snapshot().floorsDescended == 0, "\(direction)")
        }
    }

    @Test func pressureBecomesAltitude() throws {
        var engine = Pedometer()
        // About 0.012 kPa per metre near sea level: 7 m up while walking.
        for second in 0...60 {
            engine.accept(PressureSample(time: Double(second), pressure: 101.325 - 0.0012 * Double(second) * 7 / 6))
        }
        for time in times(0, 60, cadence: 1.8) { engine.recordStep(at: time) }
        engine.finish()
        #expect(engine.snapshot().floorsAscended == 2)
    }

    @Test func realAccelerationFlowsThroughTheDetector() {
        // A 2 Hz walk at 100 Hz for 20 s: whatever the detector finds, it finds it in order,
        // within the recording, and the engine's totals agree with its step list.
        var engine = Pedometer()
        engine.beginAcceleration(kind: .total)
        for index in 0..<2000 {
            let time = Double(index) / 100
            let vertical = standardGravity + 3 * sin(2 * Double.pi * 2 * time)
            engine.accept(AccelerationSample(time: time, x: 0.3, y: 0.2, z: vertical))
        }
        engine.finish()
        #expect(engine.stepsSource == .acceleration)
        #expect(engine.endDate == 19.99)
        #expect(engine.steps == engine.steps.sorted())
        #expect(engine.steps.allSatisfy { $0 >= 0 && $0 <= 19.99 })
        let data = engine.snapshot()
        #expect(data.numberOfSteps == engine.steps.count)
        #expect(engine.activities.count == 20)
        // Gravity is in the signal, so the walking steps are measured by their rise.
        #expect(engine.distanceMethod == .invertedPendulum)
        #expect(data.distance != nil)
    }

    /// A minute of walking at 1.8 steps/s whose sensor rises and falls `rise` metres a step,
    /// with gravity (`.total`) or without it (`.user`). With `rocking`, the sensor also pitches
    /// back and forth by that many radians once a stride, as a phone in a trouser pocket turns
    /// with the thigh (only turning: it moves as the body does).
    private func bouncingWalk(
        rise: Double, kind: AccelerationKind, height: Double = 1.70, rocking: Double = 0,
        rate: Double = 100, cadence: Double = 1.8, hole: ClosedRange<Double>? = nil, knocks: [Double] = []
    ) -> Pedometer {
        var configuration = PedometerConfiguration()
        configuration.height = height
        var engine = Pedometer(configuration: configuration)
        engine.beginAcceleration(kind: kind)
        let omega = 2 * Double.pi * cadence
        for index in 0..<Int(60 * rate) {
            let time = Double(index) / rate
            if let hole, hole.contains(time) { continue }
            let up = (kind == .total ? standardGravity : 0) + rise / 2 * omega * omega * cos(omega * time)
            let forward = 0.3
            // The world's forward and vertical acceleration in the pitched sensor's axes.
            let pitch = -rocking * sin(omega / 2 * time)
            // A knock: one sample of 20 g (a phone tapped on a table).
            let knock = knocks.contains { abs($0 - time) < 0.5 / rate } ? 20 * standardGravity : 0
            engine.accept(
                AccelerationSample(
                    time: time, x: cos(pitch) * forward - sin(pitch) * up, y: 0.2,
                    z: sin(pitch) * forward + cos(pitch) * up + knock))
        }
        engine.finish()
        return engine
    }

    @Test func walkingStepsAreAsLongAsTheirRiseSays() throws {
        for (rise, height) in [(0.03, 1.70), (0.05, 1.70), (0.04, 1.90)] {
            let engine = bouncingWalk(rise: rise, kind: .total, height: height)
            let data = engine.snapshot()
            #expect(engine.distanceMethod == .invertedPendulum)
            #expect(abs(Double(data.numberOfSteps) - 108) <= 3, "\(data.numberOfSteps)")
            let perStep = try #require(data.distance) / Double(data.numberOfSteps)
            // The detector's anti-alias low-passes (two poles at 5 Hz) keep 1 / (1 + (1.8/5)²)
            // of a 1.8 Hz rise: the pendulum is measured on the body's smooth movement.
            let cutOff = StepDetector.Configuration().antiAliasFrequency
            let seen = rise / (1 + (1.8 / cutOff) * (1.8 / cutOff))
            let expected = StrideModel(height: height).stepLength(excursion: seen)
            #expect(abs(perStep - expected) < 0.03 * expected, "rise \(rise): \(perStep) m, not \(expected)")
        }
    }

    @Test func aStepIsAsLongAtAnySamplingRate() throws {
        // The anti-alias low-passes act on the samples as they come: with the first-order
        // coefficient dt / (RC + dt) they kept 11 % less of the 1.8 Hz rise at 20 Hz than at
        // 100 Hz, and steps came out 5 % shorter. Exactly discretised, they are one filter
        // (from 20 Hz up: below, the cut-off falls to a quarter of the rate).
        let reference = try #require(bouncingWalk(rise: 0.04, kind: .total).snapshot().distance)
        for rate in [20.0, 25, 50, 60, 400, 2000] {
            let data = bouncingWalk(rise: 0.04, kind: .total, rate: rate).snapshot()
            #expect(abs(Double(data.numberOfSteps) - 108) <= 3, "\(rate) Hz: \(data.numberOfSteps)")
            let distance = try #require(data.distance)
            #expect(abs(distance - reference) < 0.01 * reference, "\(rate) Hz: \(distance) m, 100 Hz \(reference) m")
        }
    }

    @Test func aSensorRockingOnceAStrideRisesAsTheBodyDoes() throws {
        // Pitching ±0.35 rad (20°) once a stride, the sensor sees gravity along an axis that
        // lags its turning shrink by g·(1 − cos) twice a stride: at the step frequency, here in
        // phase with the bounce (measured on the signal along gravity, these steps came out
        // 1.6 % long). The magnitude, from which the rise is measured, does not depend on how
        // the sensor is turned.
        let steady = try #require(bouncingWalk(rise: 0.04, kind: .total).snapshot().distance)
        let engine = bouncingWalk(rise: 0.04, kind: .total, rocking: 0.35)
        let data = engine.snapshot()
        #expect(engine.distanceMethod == .invertedPendulum)
        #expect(abs(Double(data.numberOfSteps) - 108) <= 3, "\(data.numberOfSteps)")
        let rocking = try #require(data.distance)
        #expect(abs(rocking - steady) < 0.01 * steady, "\(rocking) m rocking, \(steady) m steady")
    }

    /// Steps the activity calls running (150 steps/min with strong impacts) are no inverted
    /// pendulum: their length is the running model's, not a pendulum's held to the walking
    /// speed (until 2026-11-26 only steps above 160 steps/min were, and a jog at 140–160
    /// steps/min could not be shown faster than 2.1 m/s, 7:56 min/km, for 1.70 m).
    /// Knocks of one sample (20 g) are no rise of the body: the walk's distance stays (one
    /// knock in a 20 s walk made it 16 % longer, its steps around it up to twice as long).
    @Test func aKnockIsNoRise() throws {
        for rate in [100.0, 50] {
            let knocked = try #require(bouncingWalk(rise: 0.03, kind: .total, rate: rate, knocks: [20.13, 41.5]).snapshot().distance)
            let clean = try #require(bouncingWalk(rise: 0.03, kind: .total, rate: rate).snapshot().distance)
            #expect(abs(knocked - clean) < 0.01 * clean, "\(rate) Hz: \(knocked) m with two knocks, \(clean) m without")
        }
    }

    @Test func runningStepsAreNoPendulum() throws {
        let engine = bouncingWalk(rise: 0.06, kind: .total, cadence: 2.5)
        let data = engine.snapshot()
        #expect(abs(Double(data.numberOfSteps) - 150) <= 3, "\(data.numberOfSteps)")
        #expect(engine.activities[10..<50].allSatisfy { $0 == .running })
        let perStep = try #require(data.distance) / Double(data.numberOfSteps)
        let running = StrideModel(height: 1.70).stepLength(cadence: 2.5)
        #expect(abs(perStep - running) < 0.02 * running, "\(perStep) m a step, the running model \(running) m")
        #expect(perStep > StrideModel(height: 1.70).longestWalkingStep(cadence: 2.5))
    }

    /// Steps around a hole in the data (their rises unknown: filled into it, measured across
    /// it, or in the filters' settling after it) take the walk's own length from the nearest
    /// known rises, not the population's for the cadence (until 2026-11-26 a walk with a 3 s
    /// hole came out 2 % long, those steps 0.70 m where the walker's were 0.62).
    @Test func stepsAroundAHoleInTheDataKeepTheWalksLength() throws {
        let whole = try #require(bouncingWalk(rise: 0.03, kind: .total).snapshot().distance)
        let engine = bouncingWalk(rise: 0.03, kind: .total, hole: 30...33)
        let data = engine.snapshot()
        #expect(abs(Double(data.numberOfSteps) - 108) <= 3, "\(data.numberOfSteps)")
        let distance = try #require(data.distance)
        #expect(abs(distance - whole) < 0.01 * whole, "\(distance) m with the hole, \(whole) m without")
        #expect(whole / 108 < 0.9 * StrideModel(height: 1.70).stepLength(cadence: 1.8), "the walker's steps are not the model's")
    }

    /// A run/walk session with GPS whose walking steps are 15 % longer than their rise says and
    /// whose running steps 30 % longer than the running model's: each activity's fit rescales
    /// its own steps, and with no fixes over the run the walking's fit leaves the running steps
    /// alone (until 2026-11-26 one fit on the walking rescaled every step, which made a 60 s run
    /// interval 224 m where the GPS track had 180).
    @Test func aGPSFitRescalesTheStepsOfItsOwnActivity() throws {
        let phases: [(start: Double, end: Double, cadence: Double, rise: Double)] = [
            (0, 150, 1.8, 0.03), (150, 270, 2.8, 0.06), (270, 420, 1.8, 0.03),
        ]
        func session(fixes: [LocationSample]) -> Pedometer {
            var engine = Pedometer()
            engine.beginAcceleration(kind: .total)
            var phase = 0.0
            for index in 0..<(420 * 100) {
                let time = Double(index) / 100
                let current = phases.first { time < $0.end } ?? phases[phases.count - 1]
                let omega = 2 * Double.pi * current.cadence
                phase += omega / 100
                let up = standardGravity + current.rise / 2 * omega * omega * cos(phase)
                engine.accept(AccelerationSample(time: time, x: 0.3, y: 0.2, z: up))
            }
            for fix in fixes { engine.accept(fix) }
            engine.finish()
            return engine
        }
        let plain = session(fixes: [])
        // The GPS track moves at each phase's measured speed times its true scale.
        let speeds = try phases.map { phase in
            let metres = try #require(plain.query(from: phase.start, to: phase.end).distance)
            return metres * (phase.cadence < 2 ? 1.15 : 1.3) / (phase.end - phase.start)
        }
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        var east = 0.0
        var fixes: [LocationSample] = []
        for second in 0...420 {
            fixes.append(LocationSample(time: Double(second), latitude: 0, longitude: east / metresPerDegree, horizontalAccuracy: 5))
            east += speeds[phases.firstIndex { Double(second) < $0.end } ?? 2]
        }
        let windows = [(20.0, 130.0), (170, 250), (290, 400)]
        for (track, runningScale) in [(fixes, 1.3), (fixes.filter { $0.time < 150 || $0.time > 270 }, 1.0)] {
            let calibrated = session(fixes: track)
            #expect(calibrated.distanceMethod == .gpsCalibrated)
            let walkingFit = try #require(calibrated.gpsFits[.walking]?.scale)
            #expect(abs(walkingFit - 1.15) < 0.03, "\(walkingFit)")
            for (window, scale) in zip(windows, [1.15, runningScale, 1.15]) {
                let before = try #require(plain.query(from: window.0, to: window.1).distance)
                let after = try #require(calibrated.query(from: window.0, to: window.1).distance)
                #expect(abs(after / before - scale) < 0.03, "\(window.0)–\(window.1) s: \(after) m, \(before) m without GPS")
            }
        }
    }

    @Test func userAccelerationHasNoVerticalToMeasure() throws {
        // Without gravity there is no telling which way is up: steps get the cadence's length.
        let engine = bouncingWalk(rise: 0.04, kind: .user)
        let data = engine.snapshot()
        #expect(engine.distanceMethod == .heightModel)
        let perStep = try #require(data.distance) / Double(data.numberOfSteps)
        #expect(abs(perStep - StrideModel(height: 1.70).stepLength(cadence: 1.8)) < 0.01)
    }
}
