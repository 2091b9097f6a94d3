/// A CSV header, with each name also in a normalised form for matching: lower-case letters and
/// digits only, units in parentheses or brackets removed (`"Acceleration x (m/s^2)"` →
/// `accelerationx`, unit `m/s^2`), and a reverse-domain namespace before the name dropped
/// (Samsung Health's `com.samsung.health.step_count.start_time` → `starttime`).
struct ColumnNames {
    let raw: [String]
    let normalized: [String]
    /// The unit written in parentheses or brackets after each name, lower-cased (`""` if none).
    let units: [String]
    /// Each normalised name without a data set's label before a colon (Vernier's
    /// `Data Set 1:Time(s)`, Logger Pro's `Latest: Time (s)` and `Run 1: Time (s)` → `time`);
    /// the normalised name when it has none. A colon in a unit (`(hh:mm:ss)`) labels nothing.
    let unlabelled: [String]

    init(_ header: [String]) {
        raw = header
        var names: [String] = []
        var units: [String] = []
        var unlabelled: [String] = []
        for name in Self.withoutNamespace(header) {
            let (base, unit, label) = Self.normalize(name)
            names.append(base)
            units.append(unit)
            unlabelled.append(label.map { String(base.dropFirst($0)) } ?? base)
        }
        normalized = names
        self.units = units
        self.unlabelled = unlabelled
    }

    /// A name's letters and digits lower-cased, its unit (what parentheses or brackets hold,
    /// trimmed and lower-cased), and how many of those letters and digits come before its last
    /// colon outside brackets when letters or digits follow it.
    private static func normalize(_ name: String) -> (base: String, unit: String, label: Int?) {
        var base = ""
        var unit = ""
        var depth = 0
        var colon: Int?
        for character in name {
            if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth = max(depth - 1, 0)
            } else if depth > 0 {
                unit.append(character)
            } else if character.isLetter || character.isNumber {
                base += character.lowercased()
            } else if character == ":" {
                colon = base.count
            }
        }
        let label = colon.flatMap { $0 > 0 && $0 < base.count ? $0 : nil }
        return (base, unit.trimmingSpaces.lowercased(), label)
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
