import Testing
@testable import PedometerCore
import TestSupport

@Suite struct FloorCounterTests {
    @Test func countsStairsOnlyWhileWalking() {
        var counter = FloorCounter()
        // Climb 3 floors (9.5 m) walking over 60 s, then a lift down 9 m while standing: the
        // reference goes down with the lift.
        for second in 0...60 { counter.add(time: Double(second), altitude: Double(second) * 9.5 / 60, walking: true) }
        for second in 61...90 { counter.add(time: Double(second), altitude: 9.5 - Double(second - 60) * 0.3, walking: false) }
        #expect(counter.ascended == 3)
        #expect(counter.descended == 0)
        // Then walk down the stairs 6 m: two floors.
        for second in 91...150 { counter.add(time: Double(second), altitude: 0.5 - Double(second - 90) * 0.1, walking: true) }
        counter.finish()
        #expect(counter.descended == 2)
    }

    @Test func aFlightThatEndsStandingStillCounts() {
        // Walk 20 s on the level, climb a 3.3 m storey in 10 s (17 cm steps at 1.9 a second),
        // then stand: the floor is climbed while walking. A one-pole low-pass of 2 s lagged the
        // climb by 0.66 m, so the smoothed altitude stood at 2.7 m when the walking stopped and
        // the floor was lost; so was any storey under 3.5 m climbed this fast.
        for (height, rate) in [(3.3, 1.0), (3.3, 25.0), (3.2, 1.0)] {
            var counter = FloorCounter()
            for index in 0...Int(60 * rate) {
                let time = Double(index) / rate
                let altitude = min(max(time - 20, 0) / 10, 1) * height
                counter.add(time: time, altitude: altitude, walking: time <= 30.5)
            }
            counter.finish()
            #expect(counter.ascended == 1, "\(height) m at \(rate) Hz")
            #expect(counter.descended == 0)
        }
    }

    @Test func restsOnTheWayUpKeepWhatWasClimbed() {
        // A hill walk of six climbs of 2.6 m, each followed by 15 s standing for a photo: 15.6 m
        // climbed on foot, 5 floors. Starting again from the altitude of each rest counted none.
        // (A rest's ends cost 0.1 m: the means of the first and last readings standing still
        // hold 2 s of the climb's ends.)
        var counter = FloorCounter()
        var time = 0.0, altitude = 0.0
        for _ in 0..<6 {
            for _ in 0..<26 { counter.add(time: time, altitude: altitude, walking: true); time += 1; altitude += 0.1 }
            for _ in 0..<15 { counter.add(time: time, altitude: altitude, walking: false); time += 1 }
        }
        counter.finish()
        #expect(counter.ascended == 5)
        #expect(counter.descended == 0)
    }

    @Test func weatherIsNoClimb() {
        // An hour's walk on the level while a front passes: the pressure falls 1.2 hPa, the
        // barometric altitude rises 10 m. No floor (3 were counted); nor when it rises.
        for sign in [1.0, -1.0] {
            var counter = FloorCounter()
            var generator = SplitMix64(seed: 5)
            for second in 0...3600 {
                let altitude = sign * 10 * Double(second) / 3600 + Double.random(in: -0.2...0.2, using: &generator)
                counter.add(time: Double(second), altitude: altitude, walking: true)
            }
            counter.finish()
            #expect(counter.ascended + counter.descended == 0, "\(sign)")
        }
    }

    @Test func storeysOfExactlyAFloorCountWhenTheWalkGoesOn() {
        // Three storeys of 3 m climbed in 30 s, then a minute's walk along the top corridor: the
        // walking after a climb does not wear away what it climbed (the weather allowance holds
        // only where the altitude changes slower than any climb).
        var counter = FloorCounter()
        for second in 0...120 {
            let time = Double(second)
            counter.add(time: time, altitude: min(max(time - 30, 0), 30) * 0.3, walking: true)
        }
        counter.finish()
        #expect(counter.ascended == 3)
    }

    @Test func aDayOfShortWalksAddsNoFloors() {
        // 200 walks of 20 s on one floor, 40 s apart, a barometer's noise of ±0.3 m at 1 Hz: each
        // walk's ends carry their noise into the climb, which must not add up to floors.
        var counter = FloorCounter()
        var generator = SplitMix64(seed: 11)
        for second in 0..<(200 * 60) {
            let altitude = Double.random(in: -0.3...0.3, using: &generator)
            counter.add(time: Double(second), altitude: altitude, walking: second % 60 < 20)
        }
        counter.finish()
        #expect(counter.ascended + counter.descended == 0)
    }

    @Test func theEndOfARecordingIsJudged() {
        // A recording that ends on the stairs: its last readings are judged at finish().
        var counter = FloorCounter()
        for second in 0...9 { counter.add(time: Double(second), altitude: Double(second) * 0.35, walking: true) }
        #expect(counter.ascended == 0)
        counter.finish()
        #expect(counter.ascended == 1)
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
        // A flight of 3.5 m climbed in 10 s: its floor counts when the mean altitude around a
        // reading has risen 3 m (at 13.6 s), at the same time whether the barometer reports
        // once a second or 25 times, up to the second a 1 Hz report waits for, never earlier.
        func countTime(rate: Double) -> Double? {
            var counter = FloorCounter()
            for index in 0...Int(30 * rate) {
                let time = Double(index) / rate
                counter.add(time: time, altitude: min(max(time - 5, 0), 10) * 0.35, walking: true)
            }
            counter.finish()
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

