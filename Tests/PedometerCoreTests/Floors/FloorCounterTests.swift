import Testing
@testable import PedometerCore
import TestSupport

@Suite struct FloorCounterTests {
    @Test func countsStairsOnlyWhileWalking() {
        var counter = FloorCounter()
        // Climb 3 floors (9.5 m) walking over 60 s, then a lift down 9 m while standing.
        for second in 0...60 { counter.add(time: Double(second), altitude: Double(second) * 9.5 / 60, walking: true) }
        for second in 61...90 { counter.add(time: Double(second), altitude: 9.5 - Double(second - 60) * 0.3, walking: false) }
        #expect(counter.ascended == 3)
        #expect(counter.descended == 0)
        // Then walk down the stairs 6 m: two floors.
        for second in 91...150 { counter.add(time: Double(second), altitude: 0.5 - Double(second - 90) * 0.1, walking: true) }
        #expect(counter.descended == 2)
    }

    @Test func noiseDoesNotCountFloors() {
        var counter = FloorCounter()
        var generator = SplitMix64(seed: 3)
        for second in 0..<600 {
            counter.add(time: Double(second), altitude: 100 + Double.random(in: -1.2...1.2, using: &generator), walking: true)
        }
        #expect(counter.ascended + counter.descended == 0)
    }

    @Test func barometricAltitude() {
        #expect(abs(FloorCounter.altitude(pressure: 101.325)) < 1e-9)
        // About 8.4 m per hPa near sea level.
        #expect(abs(FloorCounter.altitude(pressure: 101.225) - 8.3) < 0.2)
    }
}

