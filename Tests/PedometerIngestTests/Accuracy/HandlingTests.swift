import Foundation
import Testing
import PedometerCore
import PedometerIngest

/// The phone handled between steps: put into a pocket after a few steps, or raised to be looked
/// at while the walk goes on. Both turn the device, so gravity's direction in it changes by tens
/// of degrees, and both leave a few seconds without a period; only the first is a pause
/// (``StepDetector/Configuration/handlingTurn``).
@Suite struct HandlingTests {
    /// The Oxford back-pocket fixture: the walker takes eight steps (the foot switches' last at
    /// 4.33 s), stops to put the phone into the back pocket, and walks on (the foot switches
    /// see one step at 6.13 s, the next at 7.79 s). The seconds in between have no period; the
    /// rhythm of the handling on either side used to bridge them, counting 5 steps there.
    static let backPocket = "oxford/Samsung_Dario_Hard_BackPocket_1"
    static let pause = 4.4...7.7

    @Test func phonePutAwayAfterAFewStepsIsNoWalk() throws {
        let (_, sink) = try readRecording(Fixtures.path(Self.backPocket))
        let truth = Self.stepTimes(sink).filter { Self.pause.contains($0) }
        #expect(truth.count == 1)
        // The premise: the phone turned over the pause.
        let before = StridePeriodicTests.up(sink.acceleration.filter { (3.3..<4.3).contains($0.time) })
        let after = StridePeriodicTests.up(sink.acceleration.filter { (7.7..<8.7).contains($0.time) })
        #expect(acos((before * after).sum()) * 180 / .pi > 40)

        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        let inPause = steps.filter { Self.pause.contains($0) }
        #expect(inPause.count <= 2, "steps in the pause: \(inPause)")
    }

    /// The steady minute of the Oxford in-hand fixture (``StridePeriodicTests/steadyMinute()``),
    /// with the phone raised to be read while walking on, at its middle: the arm's lift (one
    /// cycle of 1.5 Hz under a Hann window along gravity, 10 m/s^2 at its peak, as in
    /// ``TransientTests``) leaves its windows without a period, and the phone turns by `degrees`
    /// about a horizontal axis over that second and is held so (gravity and the steps'
    /// acceleration turn with it). Counted within 3 %, never a stride-long interval
    /// (``AsymmetricGaitTests/expectMinuteCounted(_:truth:_:sourceLocation:)``): the walk was
    /// under way. Also with 2 s of data missing 4 s before the turn (a logger dropping
    /// samples): the walk that the gap interrupts is still under way after it.
    @Test(arguments: [45.0, 90.0], [false, true])
    func phoneTurnedWhileWalkingOnKeepsItsSteps(degrees: Double, holeBefore: Bool) throws {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first], end = start + 60, turn = start + 30
        let truth = stepTimes.filter { $0 >= start && $0 < end }
        let hole = turn - 6..<turn - 4
        let samples = acceleration.filter { $0.time < end + 1 && !(holeBefore && hole.contains($0.time)) }
        let up = StridePeriodicTests.up(samples.filter { $0.time >= start && $0.time < end })
        // A horizontal axis: perpendicular to gravity.
        let side = Self.normalized(Self.cross(up, SIMD3(1, 0, 0)))
        let lift = 1 / 1.5
        let turned = samples.map { sample -> AccelerationSample in
            let t = sample.time - turn
            let hann = t >= 0 && t < lift ? 0.5 - 0.5 * cos(2 * Double.pi * t / lift) : 0
            let lifted = SIMD3(sample.x, sample.y, sample.z) + 10 * hann * sin(2 * Double.pi * t / lift) * up
            let angle = degrees * .pi / 180 * (0.5 - 0.5 * cos(Double.pi * min(max(t, 0), 1)))
            let v = Self.rotate(lifted, about: side, by: angle)
            return AccelerationSample(time: sample.time, x: v.x, y: v.y, z: v.z)
        }
        AsymmetricGaitTests.expectMinuteCounted(
            AsymmetricGaitTests.steps(in: turned, magnitudeOnly: false), truth: truth,
            "turned \(degrees)°\(holeBefore ? " after a hole" : "")")
    }

    /// A real wrist walk of 100 steps (Pebble's step test `walk_100_heather_16`,
    /// `Fixtures/pebble`, Apache-2.0) in which the walker raises the watch to read it from
    /// 25.3 to 27.4 s, walking on: the watch turns about 70° (its z axis from 0.1 g to
    /// −0.9 g and back), the windows over the raise show no period for 2.4 s, and the first
    /// one after it reads the arm's stride (0.94 s, the walk stepping every 0.54 s) before the
    /// next reads the step again. That window belongs to the stretch, which the walk under way
    /// bridges: steps every 0.5–0.75 s through it, where none were counted from 23.8 to 27.0 s
    /// (85 steps in all then, 89 after). At 12–14 s, away from the raise, the watch turns 90°
    /// over 2.2 s after 9.6 steps of walking, where the walker took about four steps: with a
    /// walk's period taken as its newest hop's, the windows there showed no period and the
    /// stretch became a pause of the walk (the handling rule), one step in it (88 in all);
    /// with the walk's period the median of its last window's length of hops, their halves
    /// read the walk's cadence (0.55–0.64 s) and the walk goes on: four steps (12.14–13.78 s),
    /// 91 in all.
    @Test func aWatchReadWhileWalkingOnKeepsItsSteps() throws {
        let (_, sink) = try readRecording(Fixtures.path("pebble/walk_100_heather_16.csv"))
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        let glance = steps.filter { $0 > 23.9 && $0 < 27.0 }
        #expect(glance.count >= 3, "steps while the watch was read: \(glance)")
        let around = zip(steps.dropFirst(), steps).filter { $0.1 >= 23 && $0.0 <= 28 }.map { $0.0 - $0.1 }
        #expect(around.allSatisfy { $0 <= 0.8 }, "intervals from 23 to 28 s: \(around)")
        #expect(steps.count >= 91, "\(steps.count) steps of 100")
    }

    /// A phone picked up, turned 87° with the hand's jolts and held out again over the 2.8 s
    /// before a real 7-step walk from stillness (`Tests/Data/handling/`, from an Oxford in-hand
    /// trace; its README says how). Peaks of the jolts come in the walk's rhythm and are found
    /// looking back from it, but the device was turned at them: they are handling, and a walk
    /// from standing whose steps include them is none (its
    /// ``StepDetector/Configuration/shortestWalk`` rule asks the turn over every step it
    /// counts). While only the bout's own steps were asked, 11 counted, 4 in the handling.
    @Test func joltsOfAHandledPhoneBeforeAShortWalkAreNoSteps() throws {
        let file = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
            .appendingPathComponent("Tests/Data/handling/oxford-walk-after-handling.csv").path
        let (_, sink) = try readRecording(file)
        let steps = AsymmetricGaitTests.steps(in: sink.acceleration, magnitudeOnly: false)
        let handling = 7.25..<10.08
        #expect(steps.filter { handling.contains($0) }.isEmpty, "steps in the handling: \(steps)")
        #expect(steps.count <= 7, "\(steps.count) steps for 7: \(steps)")
    }

    /// The steady minute of the Oxford in-hand fixture (``StridePeriodicTests/steadyMinute()``),
    /// with the walker stopping for 6.5 s at its middle to handle the phone: the walk's
    /// samples there replaced by gravity turning 70° about a horizontal axis and back, with the
    /// hand's jolts on it (the arm movements of ``BrokenWalkTests/armMovements(over:)``, a
    /// third as strong), so the device moves as much as walking did; then the walk goes on at
    /// its cadence. The phone turned, so the stop is a pause: no steps in it
    /// (`StepDetector.stepsWalkedThrough(pauseAfter:every:before:every:)`), though gravity
    /// comes back to where it was (a phone moved from one pocket to another).
    @Test func aPhoneHandledDuringAStopGetsNoSteps() throws {
        let (acceleration, stepTimes, first) = try StridePeriodicTests.steadyMinute()
        let start = stepTimes[first], end = start + 60
        let stop = start + 30..<start + 30 + BrokenWalkTests.movementLength
        let samples = acceleration.filter { $0.time < end + 1 }
        let up = StridePeriodicTests.up(samples.filter { $0.time >= start && $0.time < end })
        let gravity = up * samples.filter { $0.time >= start && $0.time < end }.reduce(0.0) { $0 + $1.magnitude }
            / Double(samples.filter { $0.time >= start && $0.time < end }.count)
        let side = Self.normalized(Self.cross(up, SIMD3(1, 0, 0)))
        let jolts = BrokenWalkTests.armMovements(over: stop.upperBound - stop.lowerBound)
        let handled = samples.map { sample -> AccelerationSample in
            guard stop.contains(sample.time) else { return sample }
            let t = sample.time - stop.lowerBound
            var v = Self.rotate(gravity, about: side, by: 70 * .pi / 180 * sin(.pi * t / (stop.upperBound - stop.lowerBound)))
            for jolt in jolts where t >= jolt.start && t < jolt.start + jolt.duration {
                let phase = 2 * Double.pi * (t - jolt.start) / jolt.duration
                let push: Double = jolt.amplitude / 3 * (0.5 - 0.5 * cos(phase)) * sin(phase)
                v += push * jolt.direction
            }
            return AccelerationSample(time: sample.time, x: v.x, y: v.y, z: v.z)
        }
        let steps = AsymmetricGaitTests.steps(in: handled, magnitudeOnly: false)
        let inStop = steps.filter { $0 > stop.lowerBound + 0.5 && $0 < stop.upperBound - 0.5 }
        #expect(inStop.isEmpty, "steps in the stop: \(inStop)")
        // The walk on either side is still counted.
        let truth = stepTimes.filter { ($0 >= start && $0 < stop.lowerBound) || ($0 >= stop.upperBound && $0 < end) }
        let counted = steps.filter { $0 >= start - 0.25 && $0 <= end + 0.25 }
        #expect(abs(counted.count - truth.count) <= 3, "\(counted.count) steps for \(truth.count)")
    }

    /// Where the foot switches' cumulative count goes up.
    static func stepTimes(_ sink: CollectingSink) -> [Double] {
        let truth = sink.steps[.groundTruth] ?? []
        return zip(truth.dropFirst(), truth).filter { $0.steps > $1.steps }.map { $0.0.time }
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    static func normalized(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }

    /// `v` turned by `angle` radians about the unit vector `axis` (Rodrigues' formula).
    static func rotate(_ v: SIMD3<Double>, about axis: SIMD3<Double>, by angle: Double) -> SIMD3<Double> {
        v * cos(angle) + cross(axis, v) * sin(angle) + axis * (axis * v).sum() * (1 - cos(angle))
    }
}
