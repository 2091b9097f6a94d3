extension String {
    /// A number with up to three decimals, trailing zeros removed (for messages).
    init(format3 value: Double) {
        // Beyond 1e15 thousandths do not fit an Int64 (and no fixed decimals are meaningful).
        guard value.isFinite, abs(value) < 1e15 else {
            self = "\(value)"
            return
        }
        let scaled = (value * 1000).rounded()
        var text = String(Int64(scaled) / 1000)
        let fraction = abs(Int64(scaled) % 1000)
        if scaled < 0 && Int64(scaled) / 1000 == 0 { text = "-0" }
        if fraction != 0 {
            var digits = String(fraction)
            while digits.count < 3 { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        self = text
    }
}
