import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// A sensor at the lower back feels each step twice: the heel strike and, about half a step
/// later, the other foot's push-off. In a real GENEActiv export (GaitPy's demo recording,
/// `Fixtures/lower-back/geneactiv-gaitpy-demo.csv`: three walks at 0.56–0.70 s a step) some
/// 4 s windows correlate strongly at the step lag and, merely not negatively (about −0.06), at
/// half of it, which the period estimator's stride rule reads as a stride of two steps at
/// 0.31 s: the walk was counted at twice its cadence for seconds at a time (130 steps, 4 too
/// many, at intervals of 0.29–0.32 s in 86.5–90.8 s). Cadence does not double from one window
/// to the next inside a steady walk (``StepDetector/Configuration/strideTolerance``).
@Suite struct DoubleStrikeTests {
    static let recording = "lower-back/geneactiv-gaitpy-demo.csv"

    @Test func lowerBackWalkIsNotCountedAtTwiceItsCadence() throws {
        let (info, sink) = try readRecording(Fixtures.path(Self.recording))
        #expect(info.detectionReason.contains("GENEActiv raw data"))
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        // The walks: steps less than 2 s apart.
        var walks: [[Double]] = []
        for step in steps {
            if let last = walks.last?.last, step - last < 2 {
                walks[walks.count - 1].append(step)
            } else {
                walks.append([step])
            }
        }
        let long = walks.filter { $0.count >= 20 }
        #expect(long.count == 3)
        for walk in long {
            let intervals = zip(walk.dropFirst(), walk).map { $0 - $1 }.sorted()
            let median = intervals[intervals.count / 2]
            // A doubled cadence gives intervals of half the walk's step.
            #expect(intervals.first! >= 2 * median / 3, "walk from \(walk.first!) s: shortest interval \(intervals.first!) s, median \(median) s")
            // A steady walk has as many steps as its duration holds step periods, and one.
            let expected = (walk.last! - walk.first!) / median + 1
            #expect(abs(Double(walk.count) - expected) <= 1.5, "walk from \(walk.first!) s: \(walk.count) steps, \(expected) expected")
        }
    }

    /// A slow walk with a watch on the wrist (Pebble's step test `walk_30_slow`,
    /// `Fixtures/pebble`, Apache-2.0: 30 steps, one every 0.74 s) whose recording ends 1.5 s
    /// after the walk: the last windows, cut short by the end of the data, read 0.38 s (the
    /// walk's last steps and the arm moving as the walker stops), half the walk's step, and
    /// its last 1.6 s were counted at twice its cadence (32 steps, 4 intervals of 0.36–0.42 s
    /// from 21.06 s). A window cut short does not double a steady walk's cadence.
    @Test func aWalkIsNotCountedAtTwiceItsCadenceInTheLastWindows() throws {
        let (_, sink) = try readRecording(Fixtures.path("pebble/walk_30_slow.csv"))
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        #expect(steps.count == 30, "\(steps)")
        let intervals = zip(steps.dropFirst(), steps).map { $0 - $1 }
        #expect(intervals.allSatisfy { $0 > 0.6 }, "\(intervals)")
    }

    /// The other side of that rule: a walk that breaks into a run shortly before the data
    /// end or stop for a while. The slow wrist walk above (its first 19 s) followed at once by
    /// 1.2 s of Pebble's real `running_100` (a step every 0.37 s, about half the walk's) and
    /// then, after 2 s without samples, 10 s more of that run. The windows cut short by the gap
    /// read half the walk's step, as the walk's end does, but a run's impacts at least double the
    /// movement: its steps are the run's. Counted within 2 of the steps found in the two
    /// recordings uncut over the same spans (and in the gap); while the rule asked no level, 8
    /// of its 61 steps were lost (a review's reproducer).
    @Test func aWalkBreakingIntoARunBeforeAGapKeepsTheRunsSteps() throws {
        // Both in milli-g, as the watch wrote them (a run alone, its median magnitude 1.9 g, is
        // otherwise read in an unknown unit scaled so that its median is 1 g).
        var milliG = IngestOptions()
        milliG.accelerationUnit = .milliG
        let walk = try readRecording(Fixtures.path("pebble/walk_30_slow.csv"), milliG).1.acceleration
        let run = try readRecording(Fixtures.path("pebble/running_100.csv"), milliG).1.acceleration
        let walkEnd = 19.0, runStart = 10.0, beforeGap = 1.2, gap = 2.0, after = 10.0
        var samples = walk.filter { $0.time < walkEnd }
        let shift = walkEnd - runStart
        for sample in run where sample.time >= runStart && sample.time < runStart + beforeGap + gap + after {
            guard sample.time < runStart + beforeGap || sample.time >= runStart + beforeGap + gap else { continue }
            samples.append(AccelerationSample(time: sample.time + shift, x: sample.x, y: sample.y, z: sample.z))
        }
        let uncutWalk = AsymmetricGaitTests.steps(in: walk, magnitudeOnly: false)
        let uncutRun = AsymmetricGaitTests.steps(in: run, magnitudeOnly: false)
        let truth = uncutWalk.filter { $0 < walkEnd }.count
            + uncutRun.filter { $0 >= runStart && $0 < runStart + beforeGap + gap + after }.count
        let steps = AsymmetricGaitTests.steps(in: samples, magnitudeOnly: false)
        #expect(abs(steps.count - truth) <= 2, "\(steps.count) steps for \(truth)")
    }
}
