import Testing
@testable import PedometerIngest

/// The alternation check of foot-switch presses, on press sequences with known faults.
@Suite struct FootSwitchPressesTests {
    /// Presses of a walk at 0.5 s a step, alternating feet from `start`, `count` of them.
    private func walk(_ presses: inout FootSwitchPresses, from start: Double, count: Int, firstFoot: Int = 0) {
        for index in 0..<count {
            let foot = (firstFoot + index) % 2
            presses.add(time: start + Double(index) * 0.5, first: foot == 0, second: foot == 1)
        }
    }

    @Test func anAlternatingWalkIsLeftAsItIs() {
        var presses = FootSwitchPresses()
        walk(&presses, from: 1, count: 40)
        let check = presses.check()
        #expect(check.presses == 40 && check.alternatingCount == 40)
        #expect(check.note == nil)
    }

    @Test func aBounceIsDroppedAndAMissingPressAdded() throws {
        var presses = FootSwitchPresses()
        walk(&presses, from: 1, count: 20)                    // last press: foot 1 at 10.5 s
        presses.add(time: 10.8, first: false, second: true)  // foot 1 again, 0.3 s later: a bounce
        walk(&presses, from: 11, count: 10, firstFoot: 0)     // foot 0 at 11 s … foot 1 at 15.5 s
        walk(&presses, from: 16.5, count: 10, firstFoot: 1)   // foot 1 a stride (1 s) later: foot 0's press at 16 s is missing
        let check = presses.check()
        #expect(check.presses == 41)
        #expect(check.doubled == 1 && check.afterMissing == 1 && check.otherRepeats == 0)
        #expect(check.alternatingCount == 41)
        let note = try #require(check.note)
        #expect(note.hasPrefix("2 of the 41 foot-switch presses come from the foot that pressed last"))
        #expect(note.contains("1 sooner than the median interval"))
        #expect(note.contains("1 a stride later"))
        #expect(note.hasSuffix("41 steps when they are corrected"))
    }

    /// After a pause (standing, then starting again with the foot that stopped) the repeat is
    /// neither a bounce nor a missing press: it stays.
    @Test func aRepeatAfterAPauseStays() {
        var presses = FootSwitchPresses()
        walk(&presses, from: 1, count: 21)                   // last press: foot 0 at 11 s
        walk(&presses, from: 16, count: 20, firstFoot: 0)    // foot 0 again, 5 s later
        let check = presses.check()
        #expect(check.otherRepeats == 1 && check.doubled == 0 && check.afterMissing == 0)
        #expect(check.alternatingCount == 41)
        #expect(check.note?.contains("1 at other intervals (left as they are)") == true)
    }

    /// Both feet at once are two presses, and neither foot is "the last" after them.
    @Test func bothFeetAtOnce() {
        var presses = FootSwitchPresses()
        presses.add(time: 1, first: true, second: true)
        walk(&presses, from: 1.5, count: 10)
        let check = presses.check()
        #expect(check.presses == 12)
        #expect(check.alternatingCount == 12)
        #expect(check.note == nil)
    }
}
