/// A CSV header, with each name also in a normalised form for matching: lower-case letters and
/// digits only, units in parentheses or brackets removed (`"Acceleration x (m/s^2)"` →
/// `accelerationx`, unit `m/s^2`), and a reverse-domain namespace before the name dropped
/// (Samsung Health's `com.samsung.health.step_count.start_time` → `starttime`).
struct ColumnNames {
    let raw: [String]
    let normalized: [String]
    /// The unit written in parentheses or brackets after each name, lower-cased (`""` if none).
    let units: [String]

    init(_ header: [String]) {
        raw = header
        var names: [String] = []
        var units: [String] = []
        for name in header.map(Self.withoutNamespace) {
            var base = ""
            var unit = ""
            var depth = 0
            for character in name {
                if character == "(" || character == "[" {
                    depth += 1
                } else if character == ")" || character == "]" {
                    depth = max(depth - 1, 0)
                } else if depth > 0 {
                    unit.append(character)
                } else if character.isLetter || character.isNumber {
                    base += character.lowercased()
                }
            }
            names.append(base)
            units.append(unit.trimmingSpaces.lowercased())
        }
        normalized = names
        self.units = units
    }

    /// The last part of a name written in a reverse-domain namespace (`com.`, `org.` or `net.`
    /// and at least three dots: an Android app's content names), else the name.
    static func withoutNamespace(_ name: String) -> String {
        let parts = name.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, ["com", "org", "net"].contains(parts[0].lowercased()), let last = parts.last, !last.isEmpty else {
            return name
        }
        return String(last)
    }

    /// Index of the first column whose normalised name is one of `names`.
    func index(of names: String...) -> Int? {
        normalized.firstIndex { names.contains($0) }
    }

    /// Index of the first column whose normalised name satisfies `predicate`.
    func index(where predicate: (String) -> Bool) -> Int? {
        normalized.firstIndex(where: predicate)
    }
}
