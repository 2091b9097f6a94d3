#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import PedometerIngest
import TestSupport

/// `DecimalParser.parseDouble` of `text`, checked to give the same bits when `text` is read as
/// `CSVReader` hands a field over: followed by a NUL (`terminated: true`).
private func parseDouble(_ text: String) -> Double? {
    let value = Array(text.utf8).withUnsafeBytes { DecimalParser.parseDouble($0) }
    let terminated = withTerminatedField(text) { DecimalParser.parseDouble($0, terminated: true) }
    #expect(sameBits(value, terminated), "\(text.debugDescription) read as a NUL-terminated field")
    return value
}

/// Calls `body` with the bytes of `text` followed, outside the buffer, by a NUL.
private func withTerminatedField<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    (Array(text.utf8) + [0]).withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
}

private func parseInt64(_ text: String) -> Int64? {
    Array(text.utf8).withUnsafeBytes { DecimalParser.parseInt64($0) }
}

/// glibc reference: the value when `strtod` consumes all of `text` and it is finite.
private func strtodReference(_ text: String) -> Double? {
    guard !text.isEmpty else { return nil }  // strtod "consumes" all of an empty string
    return text.withCString { start -> Double? in
        var end: UnsafeMutablePointer<CChar>? = nil
        let value = strtod(start, &end)
        guard let end, end - UnsafeMutablePointer(mutating: start) == text.utf8.count, value.isFinite else { return nil }
        return value
    }
}

/// Both nil, or both non-nil with identical bits.
private func sameBits(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let x?, let y?): x.bitPattern == y.bitPattern
    default: false
    }
}

@Suite("DecimalParser")
struct DecimalParserTests {
    @Test("edge cases", arguments: [
        ("0", 0.0), ("-0", -0.0), ("+0", 0.0), ("-0.0", -0.0), ("-0e10", -0.0), ("0e999999999", 0.0),
        ("1", 1.0), ("+3", 3.0), ("-3", -3.0), (".5", 0.5), ("5.", 5.0), ("-.5", -0.5), ("+5.", 5.0),
        ("1e5", 1e5), ("1E-5", 1e-5), ("1e+5", 1e5), ("2.5E+3", 2500.0), ("0.1", 0.1), ("-0.0123456789", -0.0123456789),
        ("9.81234", 9.81234), ("000123.4500", 123.45), ("0.000001", 1e-6),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("-1.7976931348623157e308", -1.7976931348623157e308),
        ("4.9e-324", .leastNonzeroMagnitude), ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("123456789012345678901234567890", 123456789012345678901234567890.0),
        ("9007199254740993", 9007199254740992.0), ("9007199254740995", 9007199254740996.0),
        ("1e22", 1e22), ("1e23", 1e23), ("12345e30", 12345e30), ("1e-400", 0.0), ("-1e-400", -0.0),
        (" 1.5 ", 1.5), ("\t-2\t", -2.0), ("  1.5", 1.5),
        ("0.30000000000000000000000000000000000000000001", 0.3),
        ("1.00000000000000011102230246251565404236316680908203125", 1.0),  // exactly halfway: ties to even
        ("1.000000000000000111022302462515654042363166809082031251", 1.0000000000000002),  // just above halfway
        ("1.00000000000000011102230246251565404236316680908203124", 1.0),
    ] as [(String, Double)])
    func accepts(_ text: String, _ expected: Double) {
        let value = parseDouble(text)
        #expect(value?.bitPattern == expected.bitPattern, "\(text) -> \(String(describing: value))")
        #expect(sameBits(value, strtodReference(trimmingBlanks(text))), "\(text) differs from strtod")
    }

    @Test("rejects", arguments: [
        "", " ", "\t", "-", "+", ".", "-.", "+.", "e5", ".e5", "1e", "1e+", "1e-", "1.5x", "x1.5", "1..5", "1.5.",
        "--1", "+-1", "1e5.5", "1e5e5", "1 5", "1,5", "nan", "NaN", "-nan", "inf", "-inf", "infinity", "Infinity",
        "0x1p3", "0x10", "1e309", "-1e309", "1.8e308", "1\n", "\n1", "1_000", "١",
    ])
    func rejects(_ text: String) {
        #expect(parseDouble(text) == nil, "\(text.debugDescription) should be rejected")
    }

    @Test("does not read past the field")
    func fieldBounds() {
        let bytes = Array("1.25e2999".utf8)
        let value = bytes.withUnsafeBytes { DecimalParser.parseDouble(UnsafeRawBufferPointer(rebasing: $0[0..<6])) }
        #expect(value == 125.0)
        let empty = bytes.withUnsafeBytes { DecimalParser.parseDouble(UnsafeRawBufferPointer(rebasing: $0[0..<0])) }
        #expect(empty == nil)
        // Slow path (30 digits) on a slice that is followed by more digits in memory.
        let long = Array("123456789012345678901234567890999".utf8)
        let slow = long.withUnsafeBytes { DecimalParser.parseDouble(UnsafeRawBufferPointer(rebasing: $0[0..<30])) }
        #expect(slow == 123456789012345678901234567890.0)
        let integer = long.withUnsafeBytes { DecimalParser.parseInt64(UnsafeRawBufferPointer(rebasing: $0[0..<3])) }
        #expect(integer == 123)
    }

    @Test("matches strtod bit for bit on 200 000 random inputs")
    func randomAgainstStrtod() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var mismatches: [String] = []
        var accepted = 0
        for n in 0..<200_000 {
            let text: String
            switch n % 4 {
            case 0:  // Swift's shortest round-trip description of a random finite Double
                var value: Double
                repeat { value = Double(bitPattern: rng.next()) } while !value.isFinite
                text = value.description
            case 1:  // fixed notation, 1...17 significant digits, decimal exponent -30...30
                let digits = Int.random(in: 1...17, using: &rng)
                text = Self.fixed(Self.randomDigits(digits, &rng), exponent: Int.random(in: -30...30, using: &rng),
                                  negative: Bool.random(using: &rng))
            case 2:  // scientific notation, exponent -320...310
                let digits = Self.randomDigits(Int.random(in: 1...20, using: &rng), &rng)
                var mantissa = String(digits.first!)
                if digits.count > 1 { mantissa += "." + digits.dropFirst() }
                let e = Int.random(in: -320...310, using: &rng)
                let marker = Bool.random(using: &rng) ? "e" : "E"
                let sign = e < 0 ? "-" : (Bool.random(using: &rng) ? "+" : "")
                text = (Bool.random(using: &rng) ? "-" : "") + mantissa + marker + sign + String(abs(e))
            default:  // 1...25 random digits (leading zeros allowed) with an optional point somewhere
                var digits = ""
                for _ in 0..<Int.random(in: 1...25, using: &rng) { digits.append(Character(String(Int.random(in: 0...9, using: &rng)))) }
                if Bool.random(using: &rng) {
                    let at = digits.index(digits.startIndex, offsetBy: Int.random(in: 0...digits.count, using: &rng))
                    digits.insert(".", at: at)
                }
                text = digits
            }
            let value = parseDouble(text)
            if value != nil { accepted += 1 }
            if !sameBits(value, strtodReference(text)), mismatches.count < 10 {
                mismatches.append("\(text): \(String(describing: value)) vs \(String(describing: strtodReference(text)))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(accepted > 190_000)  // only overflowing scientific values are rejected
    }

    @Test("accepts exactly what strtod fully consumes, over random strings of number characters")
    func randomSyntaxAgainstStrtod() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        let alphabet = Array("0123456789.eE+-")
        var mismatches: [String] = []
        var accepted = 0
        for _ in 0..<100_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
            }
            let value = parseDouble(text)
            if value != nil { accepted += 1 }
            if !sameBits(value, strtodReference(text)), mismatches.count < 10 {
                mismatches.append("\(text): \(String(describing: value)) vs \(String(describing: strtodReference(text)))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(accepted > 1_000)
    }

    @Test("parseInt64 edge cases", arguments: [
        ("0", 0), ("-0", 0), ("+7", 7), ("007", 7), (" 42\t", 42), ("-1", -1),
        ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("1557761272123456789", 1_557_761_272_123_456_789), ("0000000000000000000000001", 1),
    ] as [(String, Int64)])
    func int64Accepts(_ text: String, _ expected: Int64) {
        #expect(parseInt64(text) == expected)
    }

    @Test("parseInt64 rejects", arguments: [
        "", " ", "-", "+", "1.0", "1.", ".5", "1e3", "0x10", "--1", "1 2", "12a", "nan",
        "9223372036854775808", "-9223372036854775809", "18446744073709551616", "99999999999999999999999",
    ])
    func int64Rejects(_ text: String) {
        #expect(parseInt64(text) == nil, "\(text.debugDescription) should be rejected")
    }

    @Test("parseInt64 matches Int64(String) on random inputs")
    func int64Random() {
        var rng = SplitMix64(seed: 0x5EED_0003)
        var mismatches: [String] = []
        for n in 0..<100_000 {
            var text: String
            switch n % 3 {
            case 0:
                text = String(Int64(bitPattern: rng.next()) >> UInt64.random(in: 0...63, using: &rng))
            case 1:  // around the overflow edges
                let edge = Bool.random(using: &rng) ? "922337203685477580" : "-922337203685477580"
                text = edge + String(Int.random(in: 0...9, using: &rng))
            default:
                text = ["", "-", "+"][Int.random(in: 0...2, using: &rng)]
                for _ in 0..<Int.random(in: 0...21, using: &rng) { text += String(Int.random(in: 0...9, using: &rng)) }
            }
            if parseInt64(text) != Int64(text), mismatches.count < 10 {
                mismatches.append("\(text): \(String(describing: parseInt64(text))) vs \(String(describing: Int64(text)))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("a timestamp reads as parseInt64 reads it, else as parseDouble does", arguments: [
        "0", "-0", "+0", "5.", ".5", "-.5", "+.5", ".", "-", "+", "", "1.5.", "1..5", "--1", "+-1", " 1.5", "1.5 ",
        " 42\t", "1e5", "0.025936", "-0.025936", "10.101487", "4969.990000", "1700000000.123456",
        "1557761272123456789", "9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "9999999999999999999", "99999999999999999999",
        "1.000000000000000000", "900719925474099.3", "-1234567.89012345", "00000000000000.1", "1,5", "1x", "x1", "١", "1\u{0}5", "1\u{0}",
    ])
    func integerOrDouble(_ text: String) {
        Array(text.utf8).withUnsafeBytes { field in
            #expect(sameNumber(DecimalParser.parseIntegerOrDouble(field), integerThenDouble(field)), "\(text)")
            let terminated = withTerminatedField(text) { DecimalParser.parseIntegerOrDouble($0, terminated: true) }
            #expect(sameNumber(terminated, integerThenDouble(field)), "\(text) read as a NUL-terminated field")
        }
    }

    @Test("a timestamp reads as parseInt64 reads it, else as parseDouble does, on 200 000 random fields")
    func integerOrDoubleRandom() {
        var rng = SplitMix64(seed: 0x5EED_0004)
        let alphabet = Array("0123456789.-+e ")
        var mismatches: [String] = []
        for n in 0..<200_000 {
            var text = ""
            if n % 2 == 0 {  // a logger's fixed notation: sign, 0-12 integer digits, point, 0-12 decimals
                if Bool.random(using: &rng) { text = "-" }
                for _ in 0..<Int.random(in: 0...12, using: &rng) { text += String(Int.random(in: 0...9, using: &rng)) }
                if Int.random(in: 0...4, using: &rng) > 0 { text += "." }
                for _ in 0..<Int.random(in: 0...12, using: &rng) { text += String(Int.random(in: 0...9, using: &rng)) }
            } else {
                for _ in 0..<Int.random(in: 0...20, using: &rng) { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]) }
            }
            Array(text.utf8).withUnsafeBytes { field in
                let terminated = withTerminatedField(text) { DecimalParser.parseIntegerOrDouble($0, terminated: true) }
                let expected = integerThenDouble(field)
                if !sameNumber(DecimalParser.parseIntegerOrDouble(field), expected) || !sameNumber(terminated, expected),
                    mismatches.count < 10
                {
                    mismatches.append(text)
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("a logger's usual fields are read in one pass", arguments: [
        ("-0.025936", 25936 as UInt64, 6), ("10.101487", 10_101_487, 6), ("4969.990000", 4_969_990_000, 6),
        ("1700000000.123456", 1_700_000_000_123_456, 6), ("1557761272123456789", 1_557_761_272_123_456_789, 0),
        ("7", 7, 0), ("-123.4567890123456789", 1_234_567_890_123_456_789, 16),
    ] as [(String, UInt64, Int)])
    func plainDecimal(_ text: String, _ mantissa: UInt64, _ fractionDigits: Int) {
        for terminated in [false, true] {
            let decimal = withTerminatedField(text) { DecimalParser.PlainDecimal($0, terminated: terminated) }
            #expect(decimal?.mantissa == mantissa)
            #expect(decimal?.fractionDigits == fractionDigits)
            #expect(decimal?.negative == text.hasPrefix("-"))
        }
    }

    // MARK: - Helpers

    fileprivate static func randomDigits(_ count: Int, _ rng: inout SplitMix64) -> String {
        var digits = String(Int.random(in: 1...9, using: &rng))
        for _ in 1..<max(count, 1) { digits += String(Int.random(in: 0...9, using: &rng)) }
        return digits
    }

    /// `digits` × 10^exponent written without an exponent.
    static func fixed(_ digits: String, exponent: Int, negative: Bool) -> String {
        var text: String
        if exponent >= 0 {
            text = digits + String(repeating: "0", count: exponent)
        } else if -exponent < digits.count {
            let split = digits.index(digits.endIndex, offsetBy: exponent)
            text = digits[..<split] + "." + digits[split...]
        } else {
            text = "0." + String(repeating: "0", count: -exponent - digits.count) + digits
        }
        return negative ? "-" + text : text
    }

    /// A spreadsheet's number with both marks, digits grouped by three (`1.032,9` in a German
    /// export of milli-g, `1,032.9` quoted in an English one), is the number it means, whichever
    /// decimal mark the file was read with (until 2026-11-27 refused: a walk's every bounce
    /// above 1 g skipped, its distance 41 % short); `1.032` alone may be a decimal and is left
    /// to the file's mark, and groups not of three are no number.
    @Test("numbers grouped by thousands, with both marks")
    func groupedThousands() {
        func localized(_ text: String, decimalComma: Bool) -> Double? {
            Array(text.utf8).withUnsafeBytes { DecimalParser.parseLocalized($0, decimalComma: decimalComma) }
        }
        let cases: [(String, Double)] = [
            ("1.032,9", 1032.9), ("-12.345,67", -12345.67), ("+1.234.567,8", 1_234_567.8), ("1,032.9", 1032.9),
            ("-1,234,567.25", -1_234_567.25), (" 1.032,9 ", 1032.9),
        ]
        for (text, value) in cases {
            for decimalComma in [true, false] { #expect(localized(text, decimalComma: decimalComma) == value, "\(text)") }
        }
        for text in ["1.03,9", "1.0329,5", "1.032,", "1.032.9", "1,032,9", "12345.678,9", "1.032,9x", "1..032,9", "--1.032,9"] {
            #expect(localized(text, decimalComma: true) == nil && localized(text, decimalComma: false) == nil, "\(text)")
        }
        #expect(localized("1,032", decimalComma: true) == 1.032)
        #expect(localized("1.032", decimalComma: true) == nil)
        // No thousands begin with a zero; a timestamp is read so too (the review: a German
        // export's seconds past 1.000,00 were skipped).
        #expect(localized("0.123,4", decimalComma: true) == nil && localized("000.123,4", decimalComma: false) == nil)
        // A sign alone, or a sign and a mark (the random-bytes test found the first out of bounds).
        for text in ["-", "+", " - ", "-.", "+,", "-1.", "1.000,"] {
            #expect(localized(text, decimalComma: true) == nil && localized(text, decimalComma: false) == nil, "\(text)")
        }
        let time = Array("1.000,25".utf8).withUnsafeBytes { DecimalParser.parseLocalizedIntegerOrDouble($0, decimalComma: true) }
        #expect(time == .double(1000.25))
    }

    /// Digits grouped by an apostrophe, as Swiss exports write them (`1'032.9` milli-g, `’` too),
    /// are the number they mean, with or without decimals after them: an apostrophe is no
    /// decimal mark (until 2026-11-28 refused: a milli-g walk's every bounce above 1 g skipped,
    /// 250 rows of 2,000, its distance 10 % short).
    @Test("numbers grouped by apostrophes")
    func apostropheGroups() {
        func localized(_ text: String, decimalComma: Bool) -> Double? {
            Array(text.utf8).withUnsafeBytes { DecimalParser.parseLocalized($0, decimalComma: decimalComma) }
        }
        let cases: [(String, Double)] = [
            ("1'032.9", 1032.9), ("1'032,9", 1032.9), ("-12'345", -12345), ("+1'234'567.25", 1_234_567.25),
            ("1\u{2019}032.9", 1032.9), (" 1'032.9 ", 1032.9), ("-1\u{2019}000", -1000),
        ]
        for (text, value) in cases {
            for decimalComma in [true, false] { #expect(localized(text, decimalComma: decimalComma) == value, "\(text)") }
        }
        for text in ["1'03.9", "1'0329", "1'032.", "1''032", "'032", "1'032'", "0'123", "1'032.9'", "1'032x", "1'032,000.5", "12345'678"] {
            #expect(localized(text, decimalComma: true) == nil && localized(text, decimalComma: false) == nil, "\(text)")
        }
        let time = Array("1'557'761'272'123".utf8).withUnsafeBytes { DecimalParser.parseLocalizedIntegerOrDouble($0, decimalComma: false) }
        #expect(time == .integer(1_557_761_272_123))
    }
}

/// What a timestamp field was read as before ``DecimalParser/parseIntegerOrDouble(_:)``:
/// an exact integer when it is one, else a number.
private func integerThenDouble(_ field: UnsafeRawBufferPointer) -> DecimalParser.IntegerOrDouble? {
    if let integer = DecimalParser.parseInt64(field) { return .integer(integer) }
    return DecimalParser.parseDouble(field).map { .double($0) }
}

/// Both nil, the same integer, or numbers with identical bits.
private func sameNumber(_ a: DecimalParser.IntegerOrDouble?, _ b: DecimalParser.IntegerOrDouble?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (.integer(let x)?, .integer(let y)?): x == y
    case (.double(let x)?, .double(let y)?): x.bitPattern == y.bitPattern
    default: false
    }
}

/// `text` without leading and trailing ASCII spaces and tabs.
private func trimmingBlanks(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(String(text.drop(while: blank).reversed().drop(while: blank)).reversed())
}
