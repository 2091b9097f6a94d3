/// Number formatting without Foundation: fixed decimals, rounded once, no "-0".
public enum NumberText {
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
