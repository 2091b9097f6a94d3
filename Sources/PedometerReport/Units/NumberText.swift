/// Number formatting without Foundation: fixed decimals, rounded once, no "-0"; and the plain
/// decimals a user types.
public enum NumberText {
    /// The value of a plain decimal: ASCII digits with at most one decimal point (`5`, `5.25`,
    /// `.5`, `5.`); `nil` for anything else, which `Double(_:)` would read: a sign, an exponent
    /// (`1e3`), hexadecimal (`0x10`), `inf`, `nan`.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        var digits = 0
        var points = 0
        for character in text.utf8 {
            if character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9") {
                digits += 1
            } else if character == UInt8(ascii: ".") {
                points += 1
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// `value` with exactly `digits` decimals ("–" when not finite).
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let integer = Int64(scaled)
        let whole = integer / Int64(scale)
        var text = String(whole)
        if digits > 0 {
            var fraction = String(integer % Int64(scale))
            while fraction.count < digits { fraction = "0" + fraction }
            text += "." + fraction
        }
        return (value < 0 && integer != 0 ? "-" : "") + text
    }

    static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
