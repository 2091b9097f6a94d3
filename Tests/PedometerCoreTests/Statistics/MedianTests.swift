import Testing
@testable import PedometerCore

@Suite struct MedianTests {
    @Test func middleOfOddAndMeanOfMiddlesOfEvenCounts() {
        #expect([3.0, 1, 2].median == 2)
        #expect([4.0, 1, 3, 2].median == 2.5)
        #expect([7.0].median == 7)
        #expect([Double]().median == nil)
        #expect([5.0, 1, 9, 3][1...].median == 3)  // any collection: the slice 1, 9, 3
    }
}
