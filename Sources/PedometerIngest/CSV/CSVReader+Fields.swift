import PedometerCore

extension CSVReader {
    /// Throws unless the current record has at least `count` fields.
    func requireFields(_ count: Int) throws(IngestError) {
        guard fieldCount >= count else {
            throw error(atField: fieldCount, "expected \(count) fields, found \(fieldCount)")
        }
    }

    /// The first non-empty field of the current record beyond the first `width` (the header's
    /// fields, or a headerless file's first row's), `nil` when there is none: a row whose values
    /// are shifted by the fields it has too many (an unquoted comma in a text field, a decimal
    /// comma splitting a number). Empty fields beyond them (`x,y,z,`: a trailing delimiter)
    /// hold no value.
    @inline(__always)
    func fieldBeyond(_ width: Int) -> Int? {
        fieldCount > width ? (width..<fieldCount).first { !isEmpty($0) } : nil
    }

    /// Whether field `index`, spaces around it aside, is `bytes` (a text column's value compared
    /// row by row without building a string); `false` when the record has no such field.
    @inline(__always)
    func field(_ index: Int, trimmedEquals bytes: [UInt8]) -> Bool {
        guard index < fieldCount else { return false }
        let field = self.field(index)
        var start = 0
        var end = field.count
        while start < end && field[start] == UInt8(ascii: " ") { start += 1 }
        while end > start && field[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end - start == bytes.count else { return false }
        for offset in 0..<bytes.count where field[start + offset] != bytes[offset] { return false }
        return true
    }

    /// Throws, located at the field, when the current record has a value beyond the first
    /// `width` fields (``fieldBeyond(_:)``).
    @inline(__always)
    func requireNoFieldsBeyond(_ width: Int) throws(IngestError) {
        if let index = fieldBeyond(width) {
            throw error(atField: index, "expected \(width) fields, found \(fieldCount)")
        }
    }

    /// Field `index` as a finite number, or an error located at the field naming what is wrong.
    @inline(__always)
    func requireNumber(_ index: Int, _ name: String) throws(IngestError) -> Double {
        if let value = number(index) { return value }
        throw numberError(index, name)
    }

    /// The largest acceleration a row may hold, m/s^2 (100 g): more than any body-worn sensor
    /// records of human movement (a foot strikes at 20–30 g running). A value beyond it is a
    /// corrupted row, and read as a sample it would ring through the step filters for seconds.
    static let largestAcceleration = 100 * standardGravity

    /// Field `index` times `scale` as an acceleration in m/s^2: an error located at the field
    /// when it is no finite number or beyond ``largestAcceleration``.
    @inline(__always)
    func requireAcceleration(_ index: Int, _ name: String, scale: Double) throws(IngestError) -> Double {
        let value = try requireNumber(index, name) * scale
        try checkAcceleration(value, index, name)
        return value
    }

    /// Throws, located at field `index`, when `value` (m/s^2) is beyond ``largestAcceleration``.
    @inline(__always)
    func checkAcceleration(_ value: Double, _ index: Int, _ name: String) throws(IngestError) {
        guard abs(value) <= Self.largestAcceleration else { throw accelerationRangeError(index, name, value) }
    }

    /// The error of an acceleration beyond ``largestAcceleration``, located at field `index`.
    @inline(never)
    private func accelerationRangeError(_ index: Int, _ name: String, _ value: Double) -> IngestError {
        let text = abs(value) < 1e9 ? "\(Int(value.rounded())) m/s^2" : "\(value) m/s^2"
        return error(atField: index, "\(name) \(text) is beyond any body-worn sensor's range (100 g): a corrupted value")
    }

    /// Field `index` as a number, `nil` when empty or when it is `-1`-style "not available"
    /// (values in `unavailable`); a non-numeric text is an error.
    func optionalNumber(_ index: Int?, _ name: String, unavailable: Double? = nil) throws(IngestError) -> Double? {
        guard let index, index < fieldCount, !isEmpty(index) else { return nil }
        guard let value = number(index) else { throw numberError(index, name) }
        return value == unavailable ? nil : value
    }

    /// ``optionalNumber(_:_:unavailable:)`` of a table written in `style`: when its counts'
    /// thousands are grouped by points, with those points and a decimal comma (`4,38` and
    /// `3.075` beside `6.260` steps, `1.234,5`).
    func optionalNumber(_ index: Int?, _ name: String, _ style: NumberStyle) throws(IngestError) -> Double? {
        guard style.pointsGroupThousands else { return try optionalNumber(index, name) }
        guard let index, index < fieldCount, !isEmpty(index) else { return nil }
        let parts = string(index).trimmingSpaces.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Self.pointGroupedWholeNumber(parts[0]),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy({ $0.isASCII && $0.isNumber }))
        else { throw numberError(index, name) }
        let fraction = parts.count == 2 ? Double("0." + parts[1]) ?? 0 : 0
        return parts[0].hasPrefix("-") ? whole - fraction : whole + fraction
    }

    /// The style of the first rows of this reader (at most 256 of those `included`, up to one
    /// that `ends` the table), the counts in field `counts`, the columns named `names`
    /// (normalised, ``ColumnNames``).
    func numberStyle(
        counts: Int, names: [String], included: (CSVReader) -> Bool = { _ in true }, ends: (CSVReader) -> Bool = { _ in false }
    ) throws(IngestError) -> NumberStyle {
        var written: [String] = []
        var others: [String] = []
        while written.count < 256, try next(), !ends(self) {
            guard counts < fieldCount, included(self) else { continue }
            written.append(string(counts))
            for index in 0..<fieldCount where index != counts { others.append(string(index)) }
        }
        return NumberStyle(counts: written, others: others, decimalCommaNamed: NumberStyle.decimalCommaNamed(names), decimalCommaSniffed: decimalComma)
    }

    /// Digits alone, or in groups of three after points (`812`, `6.260`, `-1.234`), as a
    /// whole number; `nil` otherwise.
    private static func pointGroupedWholeNumber(_ text: Substring) -> Double? {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : text
        guard !unsigned.isEmpty else { return nil }
        let value = unsigned.contains(".") ? groupedWholeNumber(unsigned) : unsigned.allSatisfy({ $0.isASCII && $0.isNumber }) ? Double(unsigned) : nil
        return text.hasPrefix("-") ? value.map { -$0 } : value
    }

    /// ``optionalNumber(_:_:unavailable:)`` for a count of whole things (steps), which may also
    /// be written with its thousands grouped (`"8,123"`, `1 234 567`, as Fitbit's export writes
    /// them): a count is never a fraction, so `8,123` is no decimal comma there. In a column
    /// whose ``NumberStyle`` groups thousands by points, `6.260` is 6,260.
    func optionalCount(_ index: Int?, _ name: String, _ style: NumberStyle = .plain) throws(IngestError) -> Double? {
        guard let index, index < fieldCount, !isEmpty(index) else { return nil }
        return try requireCount(index, name, style)
    }

    /// ``requireNumber(_:_:)`` for a count (``optionalCount(_:_:_:)``).
    func requireCount(_ index: Int, _ name: String, _ style: NumberStyle = .plain) throws(IngestError) -> Double {
        if let value = count(index, style) { return value }
        throw numberError(index, name)
    }

    /// Field `index` as a count (``optionalCount(_:_:_:)``), `nil` when it is none.
    func count(_ index: Int, _ style: NumberStyle = .plain) -> Double? {
        guard index < fieldCount else { return nil }
        if style.pointsGroupThousands { return Self.pointGroupedWholeNumber(string(index).trimmingSpaces) }
        return number(index) ?? Self.groupedWholeNumber(string(index).trimmingSpaces)
    }

    /// A whole number written in groups of three digits after the first one to three, all
    /// split by one of `,`, `.`, `'`, a space or a narrow or no-break space; `nil` otherwise.
    static func groupedWholeNumber<Text: StringProtocol>(_ text: Text) -> Double? {
        let separators: Set<Character> = [",", ".", "'", " ", "\u{00A0}", "\u{202F}"]
        guard let separator = text.first(where: separators.contains) else { return nil }
        let groups = text.split(separator: separator, omittingEmptySubsequences: false)
        guard groups.count >= 2, (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
            groups.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return Double(groups.joined())
    }

    private func numberError(_ index: Int, _ name: String) -> IngestError {
        if index >= fieldCount {
            return error(atField: fieldCount, "missing \(name) (record has \(fieldCount) fields)")
        }
        if isEmpty(index) { return error(atField: index, "empty \(name)") }
        var text = string(index)
        if text.count > 40 { text = String(text.prefix(40)) + "…" }
        return error(atField: index, "\(name) is not a finite number: '\(text)'\(decimalCommaHint(index))")
    }

    /// ` (a decimal comma? --decimal comma reads it)` when field `index` is a number written
    /// with a decimal comma in a file read with a decimal point (a quoted `"0,5"` in a
    /// comma-separated file, which the sniffer does not take for one); empty otherwise.
    func decimalCommaHint(_ index: Int) -> String {
        !decimalComma && DecimalParser.parseLocalized(field(index), decimalComma: true) != nil
            ? " (a decimal comma? --decimal comma reads it)" : ""
    }
}
