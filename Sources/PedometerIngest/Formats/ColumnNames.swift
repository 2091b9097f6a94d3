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
        for name in Self.withoutNamespace(header) {
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

    /// The names, those written in one reverse-domain namespace (`com.`, `org.` or `net.` and at
    /// least three dots, the same up to the last dot for all of them: an Android app's content
    /// names) by their last part. Names of several such prefixes are a hierarchy
    /// (`com.foo.gyro.x` beside `com.foo.acc.x`), kept whole.
    static func withoutNamespace(_ header: [String]) -> [String] {
        let split = header.map { name -> (prefix: Substring, last: Substring)? in
            let trimmed = name.trimmingSpaces
            guard let dot = trimmed.lastIndex(of: "."), trimmed.split(separator: ".", omittingEmptySubsequences: false).count >= 4,
                ["com.", "org.", "net."].contains(trimmed.prefix(4).lowercased()), trimmed.index(after: dot) < trimmed.endIndex
            else { return nil }
            return (trimmed[..<dot], trimmed[trimmed.index(after: dot)...])
        }
        guard Set(split.compactMap { $0?.prefix }).count == 1 else { return header }
        return zip(header, split).map { name, parts in parts.map { String($0.last) } ?? name }
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
