import Testing
@testable import PedometerCore

@Suite struct ActivityTests {
    /// Step times at `cadence` steps/s from `start` to `end`.
    private func steps(_ start: Double, _ end: Double, cadence: Double) -> [Double] {
        stride(from: start, to: end, by: 1 / cadence).map { $0 }
    }

    @Test func walkingRunningAndStanding() {
        let times = steps(10, 40, cadence: 1.8) + steps(40, 70, cadence: 2.8) + steps(90, 100, cadence: 1.7)
        let impact = (0..<110).map { second -> Double? in (40..<70).contains(second) ? 8 : 2 }
        let activities = ActivityClassifier().classify(steps: times, duration: 110, impact: impact)
        #expect(activities.count == 110)
        #expect(activities[0..<8].allSatisfy { $0 == .stationary })
        #expect(activities[12..<38].allSatisfy { $0 == .walking })
        #expect(activities[43..<68].allSatisfy { $0 == .running })
        #expect(activities[75..<88].allSatisfy { $0 == .stationary })
        #expect(activities[92..<98].allSatisfy { $0 == .walking })
    }

    @Test func fastCadenceWithoutImpactIsBriskWalkingUnlessVeryFast() {
        let brisk = ActivityClassifier().classify(steps: steps(0, 30, cadence: 2.4), duration: 30, impact: Array(repeating: 2, count: 30))
        #expect(brisk[5..<25].allSatisfy { $0 == .walking })
        let sprint = ActivityClassifier().classify(steps: steps(0, 30, cadence: 3.0), duration: 30, impact: Array(repeating: 2, count: 30))
        #expect(sprint[5..<25].allSatisfy { $0 == .running })
    }

    @Test func intervalsAbsorbShortBlips() {
        // 30 s run, 2 s walk blip, 30 s run, 30 s walk, 3 s standing, 30 s walk.
        let activities: [Activity] =
            Array(repeating: .running, count: 30) + Array(repeating: .walking, count: 2) + Array(repeating: .running, count: 30)
            + Array(repeating: .walking, count: 30) + Array(repeating: .stationary, count: 3) + Array(repeating: .walking, count: 30)
        let segments = IntervalSegmenter().segments(activities)
        #expect(segments.map(\.activity) == [.running, .walking])
        #expect(segments.map(\.start) == [0, 62])
        #expect(segments.map(\.end) == [62, 125])
    }

    @Test func runWalkRunIntervals() {
        var activities: [Activity] = []
        for _ in 0..<4 {
            activities += Array(repeating: .running, count: 30) + Array(repeating: .walking, count: 30)
        }
        let segments = IntervalSegmenter().segments(activities)
        #expect(segments.count == 8)
        #expect(segments.allSatisfy { $0.end - $0.start == 30 })
    }
}
