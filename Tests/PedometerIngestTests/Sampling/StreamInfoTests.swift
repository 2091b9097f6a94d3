import Testing
@testable import PedometerIngest

/// Numbers in messages: any finite value is printable (a fuzzed file once trapped on 1e22).
@Suite struct StreamInfoTests {
    @Test func messageNumbersOfAnySize() {
        #expect(String(format3: 12.34567) == "12.346")
        #expect(String(format3: -0.4) == "-0.4")
        #expect(String(format3: 1e22) == "1e+22")
        #expect(String(format3: -1.5e300) == "-1.5e+300")
        #expect(String(format3: .infinity) == "inf")
    }
}
