#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Allocation-free parsers for the numeric fields of one CSV record.
///
/// Both parsers take the raw bytes of a single field (no terminator is read past
/// `bytes.count`) and trim ASCII spaces and tabs at both ends, because some exports
/// pad their columns (`"  1.5"`). Everything else that is not part of the grammar
/// makes the field invalid (`nil`).
public enum DecimalParser {
    /// Parses one finite decimal floating-point number, correctly rounded.
    ///
    /// Grammar (after trimming ASCII spaces/tabs at both ends):
    /// `[+-] (digits [. [digits]] | . digits) [(e|E) [+-] digits]`.
    /// Rejects the empty string, a lone sign or `.`, `nan`, `inf`, hexadecimal floats
    /// and any trailing character. Returns `nil` when the value overflows to infinity;
    /// values below the subnormal range round to (signed) zero like `strtod`.
    ///
    /// The result has the same bits as glibc `strtod` on every accepted input: a logger's
    /// usual `[+-]digits[.digits]` is read in one pass (``PlainDecimal``), other short inputs use
    /// the exact Clinger fast path, the rest go to `strtod`.
    ///
    /// `terminated`: the byte after `bytes` may be read and is neither a digit nor a point (a
    /// ``CSVReader`` field is followed by a NUL), so the digit loops need not check for the end.
    @inline(__always)
    public static func parseDouble(_ bytes: UnsafeRawBufferPointer, terminated: Bool = false) -> Double? {
        if let decimal = PlainDecimal(bytes, terminated: terminated), let value = decimal.doubleValue { return value }
        return parseAnyDouble(bytes)
    }

    /// ``parseDouble(_:)`` for every form of its grammar.
    private static func parseAnyDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let base = bytes.baseAddress, let (start, end) = trimmed(bytes) else { return nil }

        var i = start
        @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

        var negative = false
        var c = byte(i)
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
            negative = c == UInt8(ascii: "-")
            i += 1
        }

        // Mantissa: up to 19 significant digits accumulated exactly.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var anyDigit = false
        var decimalExponent = 0
        var tooManyDigits = false

        while i < end {
            let digit = byte(i) &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            anyDigit = true
            if mantissa != 0 || digit != 0 {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    tooManyDigits = true
                }
            }
            i += 1
        }
        if i < end, byte(i) == UInt8(ascii: ".") {
            i += 1
            while i < end {
                let digit = byte(i) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                anyDigit = true
                if mantissa != 0 || digit != 0 {
                    if significantDigits < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        significantDigits += 1
                        decimalExponent -= 1
                    } else {
                        tooManyDigits = true
                    }
                } else {
                    decimalExponent -= 1  // leading zero after the point
                }
                i += 1
            }
        }
        guard anyDigit else { return nil }

        if i < end {
            c = byte(i)
            guard c == UInt8(ascii: "e") || c == UInt8(ascii: "E") else { return nil }
            i += 1
            var exponentNegative = false
            if i < end {
                c = byte(i)
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                    exponentNegative = c == UInt8(ascii: "-")
                    i += 1
                }
            }
            var exponent = 0
            var exponentDigits = false
            while i < end {
                let digit = byte(i) &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                exponentDigits = true
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }  // clamp: far out of range anyway
                i += 1
            }
            guard exponentDigits else { return nil }
            decimalExponent += exponentNegative ? -exponent : exponent
        }

        if mantissa == 0 { return negative ? -0.0 : 0.0 }  // every digit was zero

        if !tooManyDigits, mantissa <= 1 << 53 {
            var value = Double(mantissa)  // exact
            if decimalExponent >= 0 {
                if decimalExponent <= 22 {
                    value *= exactPowerOfTen(decimalExponent)
                    return negative ? -value : value
                }
                if decimalExponent <= 22 + 15 {
                    // mantissa * 10^(e-22) may still be an exact integer below 2^53.
                    let scaled = mantissa.multipliedReportingOverflow(by: UInt64(exactPowerOfTen(decimalExponent - 22)))
                    if !scaled.overflow, scaled.partialValue <= 1 << 53 {
                        value = Double(scaled.partialValue) * 1e22
                        return negative ? -value : value
                    }
                }
            } else if decimalExponent >= -22 {
                value /= exactPowerOfTen(-decimalExponent)
                return negative ? -value : value
            }
        }
        return parseWithStrtod(base + start, count: end - start)
    }

    /// A timestamp field: the exact integer when it is one (``parseInt64(_:)``), else the
    /// number (``parseDouble(_:terminated:)``); `nil` for neither. The usual forms take one pass.
    /// `terminated` as for ``parseDouble(_:terminated:)``.
    @inline(__always)
    static func parseIntegerOrDouble(_ bytes: UnsafeRawBufferPointer, terminated: Bool = false) -> IntegerOrDouble? {
        if let decimal = PlainDecimal(bytes, terminated: terminated) {
            if !decimal.hasPoint, let magnitude = Int64(exactly: decimal.mantissa) {
                return .integer(decimal.negative ? -magnitude : magnitude)
            }
            if let value = decimal.doubleValue { return .double(value) }
        }
        if let integer = parseInt64(bytes) { return .integer(integer) }
        return parseAnyDouble(bytes).map(IntegerOrDouble.double)  // PlainDecimal said all it could above
    }

    /// A number read by ``parseIntegerOrDouble(_:)``.
    enum IntegerOrDouble: Sendable, Hashable {
        case integer(Int64)
        case double(Double)
    }

    /// A field of the form `[+-]digits[.digits]` with 1 to 19 digits and nothing else (no
    /// blanks, no exponent): what loggers write.
    struct PlainDecimal {
        /// The digits, without the point, as one integer (below 10^19).
        let mantissa: UInt64
        /// Digits after the point.
        let fractionDigits: Int
        let hasPoint: Bool
        let negative: Bool

        /// `nil` for anything else: the general parsers decide those. `terminated`: the byte
        /// after `bytes` may be read and is neither a digit nor a point, so the loops stop
        /// there unchecked.
        @inline(__always)
        init?(_ bytes: UnsafeRawBufferPointer, terminated: Bool) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            let end = bytes.count
            @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
            let first = byte(0)
            negative = first == UInt8(ascii: "-")
            var i = negative || first == UInt8(ascii: "+") ? 1 : 0  // wrapping arithmetic below: i ≤ end
            let integerStart = i
            var mantissa: UInt64 = 0
            while terminated || i < end {
                let digit = byte(i) &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i &+= 1
            }
            var digits = i &- integerStart
            hasPoint = (terminated || i < end) && byte(i) == UInt8(ascii: ".")
            var fractionDigits = 0
            if hasPoint {
                i &+= 1
                let fractionStart = i
                while terminated || i < end {
                    let digit = byte(i) &- UInt8(ascii: "0")
                    guard digit < 10 else { break }
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    i &+= 1
                }
                fractionDigits = i &- fractionStart
                digits &+= fractionDigits
            }
            guard i == end, digits > 0, digits <= 19 else { return nil }
            self.mantissa = mantissa
            self.fractionDigits = fractionDigits
        }

        /// The mantissa divided by an exact power of ten when the mantissa is exact as a
        /// `Double` (at most 2^53): correctly rounded, as ``parseDouble(_:)``'s paths give it.
        @inline(__always)
        var doubleValue: Double? {
            guard mantissa <= 1 << 53 else { return nil }
            let value = Double(mantissa) / DecimalParser.exactPowerOfTen(fractionDigits)
            return negative ? -value : value
        }
    }

    /// A number written the way some locales' exports write it, read as the same number written
    /// plainly is: with a decimal comma (`0,123`, `-1,5E-2`; only when `decimalComma`) and a
    /// Unicode minus sign (`−0.5`, U+2212). `nil` when there is nothing of the kind to read
    /// (the plain parsers have said all about the field), when a comma comes with a point (a
    /// thousands separator is never guessed) and for fields over 64 bytes. The slow path of
    /// ``CSVReader``'s numbers: only fields that the plain parsers refuse come here.
    static func parseLocalized(_ bytes: UnsafeRawBufferPointer, decimalComma: Bool) -> Double? {
        withPlainForm(bytes, decimalComma: decimalComma) { parseDouble($0) } ?? withoutGroupSeparators(bytes) { parseDouble($0) }
    }

    /// Runs `body` on a copy of `bytes` without the group separators of a number written with
    /// both marks, as a spreadsheet writes it: digits in groups of three split by one mark, then
    /// the other mark and the decimals (`1.032,9`, `-12.345,67`; `1,032.9`, quoted in a comma
    /// file). Both marks must be there: `1.032` alone may be a decimal. Groups split by an
    /// apostrophe (`'`, or `’`), as Swiss exports write them, need no decimals after them: an
    /// apostrophe is no decimal mark (`1'032.9`, `1'032,9`, `-12'345`). `nil` for anything else.
    private static func withoutGroupSeparators<Result>(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        guard let (start, end) = trimmed(bytes), end - start <= 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Result? in
            let point = UInt8(ascii: "."), comma = UInt8(ascii: ",")
            var index = start
            var length = 0
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                buffer[length] = bytes[index]
                length += 1
                index += 1
            }
            func digits() -> Int {
                var count = 0
                while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    buffer[length] = bytes[index]
                    length += 1
                    index += 1
                    count += 1
                }
                return count
            }
            /// The bytes of an apostrophe at `index` (`'`, or `’` in UTF-8), 0 for anything else.
            func apostrophe() -> Int {
                if bytes[index] == UInt8(ascii: "'") { return 1 }
                if bytes[index] == 0xE2, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0x99 { return 3 }
                return 0
            }
            // A first group of one to three digits, not led by a zero (`0.123,4` is no thousands).
            guard index < end, bytes[index] != UInt8(ascii: "0"), (1...3).contains(digits()), index < end else { return nil }
            if apostrophe() > 0 {
                while index < end, case let width = apostrophe(), width > 0 {
                    index += width
                    guard digits() == 3 else { return nil }
                }
                if index < end {
                    guard bytes[index] == point || bytes[index] == comma else { return nil }
                    buffer[length] = point
                    length += 1
                    index += 1
                    guard digits() > 0 else { return nil }
                }
                guard index == end else { return nil }
                return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<length]))
            }
            let group = bytes[index]
            guard group == point || group == comma else { return nil }
            var groups = 0
            while index < end, bytes[index] == group {
                index += 1
                guard digits() == 3 else { return nil }
                groups += 1
            }
            guard groups > 0, index < end, bytes[index] == (group == point ? comma : point) else { return nil }
            buffer[length] = point
            length += 1
            index += 1
            guard digits() > 0, index == end else { return nil }
            return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<length]))
        }
    }

    /// ``parseLocalized(_:decimalComma:)`` of a timestamp (``parseIntegerOrDouble(_:terminated:)``).
    static func parseLocalizedIntegerOrDouble(_ bytes: UnsafeRawBufferPointer, decimalComma: Bool) -> IntegerOrDouble? {
        withPlainForm(bytes, decimalComma: decimalComma) { parseIntegerOrDouble($0) }
            ?? withoutGroupSeparators(bytes) { parseIntegerOrDouble($0) }
    }

    /// Runs `body` on a copy of `bytes` with the decimal comma and Unicode minus signs written
    /// plainly, when there was any.
    private static func withPlainForm<Result>(
        _ bytes: UnsafeRawBufferPointer, decimalComma: Bool, _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        guard bytes.count <= 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Result? in
            var length = 0
            var changed = false
            var sawPoint = false
            var sawComma = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
                    buffer[length] = UInt8(ascii: "-")  // U+2212 MINUS SIGN
                    index += 3
                    length += 1
                    changed = true
                    continue
                }
                if byte == UInt8(ascii: ".") { sawPoint = true }
                if byte == UInt8(ascii: ","), decimalComma {
                    guard !sawComma else { return nil }
                    sawComma = true
                    changed = true
                    buffer[length] = UInt8(ascii: ".")
                } else {
                    buffer[length] = byte
                }
                length += 1
                index += 1
            }
            guard changed, !(sawComma && sawPoint) else { return nil }
            return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<length]))
        }
    }

    /// The offsets of the first and past-the-last non-blank bytes, `nil` when all are blank.
    @inline(__always)
    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> (Int, Int)? {
        var start = 0
        var end = bytes.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        return start < end ? (start, end) : nil
    }

    /// Parses an optionally signed decimal integer (after trimming ASCII spaces/tabs at
    /// both ends), exactly. Returns `nil` on overflow, on an empty or sign-only field,
    /// and on any character other than digits.
    public static func parseInt64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let base = bytes.baseAddress, let (start, end) = trimmed(bytes) else { return nil }
        var i = start

        var negative = false
        let first = base.load(fromByteOffset: i, as: UInt8.self)
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            i += 1
            guard i < end else { return nil }
        }
        var magnitude: UInt64 = 0
        // The first 18 digits cannot overflow (< 10^18); only the rest need checks.
        let uncheckedEnd = min(end, i + 18)
        while i < uncheckedEnd {
            let digit = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            i += 1
        }
        while i < end {
            let digit = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            i += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return Int64(truncatingIfNeeded: 0 &- magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    // MARK: - Helpers

    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// 10^exponent for 0...22, all exactly representable as `Double`.
    /// A `switch` (compiled to a constant table) avoids the lazy-global check of a static array.
    @inline(__always)
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The "C" numeric locale, so that `strtod` reads '.' whatever `setlocale` says.
    #if canImport(Glibc) || canImport(Musl)
    nonisolated(unsafe) private static let cNumericLocale: locale_t? = newlocale(Int32(1 << LC_NUMERIC), "C", nil)
    #else
    nonisolated(unsafe) private static let cNumericLocale: locale_t? = newlocale(LC_NUMERIC_MASK, "C", nil)
    #endif

    /// Slow path for syntactically valid input: `strtod` on a NUL-terminated copy.
    @inline(never)
    static func parseWithStrtod(_ start: UnsafeRawPointer, count: Int) -> Double? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer -> Double? in
            guard let copy = buffer.baseAddress else { return nil }
            UnsafeMutableRawPointer(copy).copyMemory(from: start, byteCount: count)
            copy[count] = 0
            let previousLocale = cNumericLocale.map { uselocale($0) }
            defer { if let previousLocale { uselocale(previousLocale) } }
            var endPointer: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(copy, &endPointer)
            guard let endPointer, endPointer - copy == count, value.isFinite else { return nil }
            return value
        }
    }
}
