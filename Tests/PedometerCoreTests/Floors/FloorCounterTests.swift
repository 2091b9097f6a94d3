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

    @Test func aBarometersRateDoesNotChangeWhenAFloorCounts() {
        // A flight of 3.5 m climbed in 10 s: its floor counts when the smoothed altitude, 2 s
        // behind, has risen 3 m, at the same time whether the barometer reports once a second
        // or 25 times, up to the second a 1 Hz report waits for, never earlier (with the
        // first-order weight dt / 2 s the 1 Hz count came at 15.0 s, the 25 Hz one at 15.64 s).
        func countTime(rate: Double) -> Double? {
            var counter = FloorCounter()
            for index in 0...Int(30 * rate) {
                let time = Double(index) / rate
                counter.add(time: time, altitude: min(max(time - 5, 0), 10) * 0.35, walking: true)
            }
            return counter.events.first?.time
        }
        let slow = countTime(rate: 1), fast = countTime(rate: 25)
        #expect(slow != nil && fast != nil)
        let delay = (slow ?? 0) - (fast ?? 0)
        #expect(delay >= 0 && delay <= 1, "1 Hz: \(String(describing: slow)) s, 25 Hz: \(String(describing: fast)) s")
    }

    @Test func barometricAltitude() {
        #expect(abs(FloorCounter.altitude(pressure: 101.325)) < 1e-9)
        // About 8.4 m per hPa near sea level.
        #expect(abs(FloorCounter.altitude(pressure: 101.225) - 8.3) < 0.2)
    }
}

