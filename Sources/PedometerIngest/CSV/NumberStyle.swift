/// How a table writes its counts and measures: as most exports do (a decimal point; a count's
/// thousands grouped by commas or spaces at most: `8,123`), or, as German, Dutch, Spanish and
/// Italian exports do, with points grouping a count's thousands (`6.260` steps) and a decimal
/// comma (`4,38` km). Decided once per table from its first rows, never per field: a German
/// `6.000` is 6,000 steps beside `6.260`, though alone it reads as 6.
struct NumberStyle: Sendable, Hashable {
    /// Whether points group the thousands of counts, and a comma marks the decimals of other numbers.
    let pointsGroupThousands: Bool
    /// Whether the counts could be written so, though nothing else in the table says it is
    /// (`12.345`, `8.001` beside `950` under English names): every count digits alone or in
    /// groups of three after points, one group at least not `000`, and no other number a
    /// decimal with a point. Read as fractions; a reader says so.
    let countsMayGroupThousands: Bool

    /// Counts and measures written plainly.
    static let plain = NumberStyle(pointsGroupThousands: false)

    /// What a reader says of a table whose counts group their thousands by points.
    static let pointsGroupThousandsNote = "numbers with a decimal comma, a count's thousands grouped by points ('6.260' is 6,260 steps)"

    private init(pointsGroupThousands: Bool) {
        self.pointsGroupThousands = pointsGroupThousands
        countsMayGroupThousands = false
    }

    /// The style of a table from its first rows: `counts`, a column of counts as written, and
    /// `others`, the other fields of those rows. Points group the thousands when
    /// - every count with a digit is digits alone or in groups of three after points, never
    ///   starting with `0` (`0.457` is a fraction), and
    /// - the table writes decimals with a comma: the sniffer found it does
    ///   (`decimalCommaSniffed`), or one of `others` is a number with a comma that cannot be a
    ///   comma grouping a count's thousands (`4,51`, `0,880`), or the header names its columns
    ///   in a language that writes them (`decimalCommaNamed`: `Datum;Schritte`) and its counts
    ///   with points have a group other than `000` (a fraction, which no count is: `6.260`;
    ///   counts of only `6.000`s may be whole numbers written as decimals); and
    /// - unless the sniffer found decimal commas, none of `others` is a number with a point
    ///   that cannot be such a grouping (`8.75`, `0.5`).
    /// Otherwise `23.457` is a fraction of a step (a minute's average), as English files write
    /// it, whatever their separator.
    init(
        counts: some Sequence<some StringProtocol>, others: some Sequence<some StringProtocol>, decimalCommaNamed: Bool,
        decimalCommaSniffed: Bool = false
    ) {
        var points = false
        var fractional = false
        for text in counts {
            let trimmed = text.trimmingSpaces
            guard trimmed.contains(where: \.isNumber) else { continue }  // `-`, `--`: no count
            guard let groups = Self.groups(trimmed, "."), (1...3).contains(groups[0].count) || groups.count == 1,
                groups[0] != "0" || groups.count == 1, groups.dropFirst().allSatisfy({ $0.count == 3 })
            else {
                self = .plain
                return
            }
            if groups.count > 1 { points = true }
            if groups.dropFirst().contains(where: { $0 != "000" }) { fractional = true }
        }
        var commaDecimals = decimalCommaSniffed
        for text in others where !decimalCommaSniffed {
            let trimmed = text.trimmingSpaces
            if Self.isDecimal(trimmed, ".") {
                self = .plain
                return
            }
            if Self.isDecimal(trimmed, ",") { commaDecimals = true }
        }
        pointsGroupThousands = commaDecimals || (decimalCommaNamed && points && fractional)
        countsMayGroupThousands = points && fractional
    }

    /// Column names in languages that write decimals with a comma (German, Dutch, Spanish,
    /// Italian, Portuguese, French, Polish, Russian): a date, steps, a distance, a time.
    private static let decimalCommaWords: Set<String> = [
        "datum", "schritte", "strecke", "distanz", "zeit", "uhrzeit", "stappen", "afstand", "tijd", "fecha", "pasos",
        "distancia", "hora", "passi", "distanza", "passos", "distância", "kroki", "dystans", "czas", "дата", "шаги",
        "дистанция", "время", "heure", "pas",
    ]

    /// Whether `names` holds a column named in a language that writes decimals with a comma.
    static func decimalCommaNamed(_ names: [String]) -> Bool {
        names.contains(where: decimalCommaWords.contains)
    }

    /// Whether `names` holds a column named in a language that writes numeric dates day first
    /// (`01/03/2020` is 1 March): every language that writes decimals with a comma does.
    static func dayFirstNamed(_ names: [String]) -> Bool {
        decimalCommaNamed(names)
    }

    /// The digit groups of `text` split at `separator`, an optional minus aside; `nil` when
    /// a group is empty or holds anything but ASCII digits.
    private static func groups(_ text: Substring, _ separator: Character) -> [Substring]? {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : text
        let groups = unsigned.split(separator: separator, omittingEmptySubsequences: false)
        return groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) ? groups : nil
    }

    /// Whether `text` is a number with one `mark` that can only be a decimal mark: not followed
    /// by exactly three digits, or after a lone `0` (`8.75`, `4,51`, `0,880`; not `2,345`).
    private static func isDecimal(_ text: Substring, _ mark: Character) -> Bool {
        guard let groups = groups(text, mark), groups.count == 2 else { return false }
        return groups[1].count != 3 || groups[0] == "0"
    }
}
