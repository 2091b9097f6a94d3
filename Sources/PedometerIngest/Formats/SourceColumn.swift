/// A column naming whose rows they are (`User`, `Subject`, `Device`: HHAR's and research
/// datasets' tables of many people or phones in one file): one recording is one person's walk
/// on one device, so a row of another value refuses the file, saying how to split it, rather
/// than counting two phones' steps of one walk twice (HHAR: 218 steps of 108) or several
/// people's walks as one.
struct SourceColumn: Sendable, Hashable {
    /// The column's index and name as the header writes it.
    var index: Int
    var name: String
    /// The first value in the column, spaces around it aside.
    var value: String
    private var bytes: [UInt8]
    /// `value` as a number, when it is one: `1.0` names the rows of `1` (a spreadsheet's
    /// resave writes ids so).
    private var number: Double?
    /// Whether the file has no header: the split it suggests keeps no first line.
    var headerless: Bool

    static let names: Set<String> = [
        "user", "userid", "subject", "subjectid", "participant", "participantid", "device", "deviceid", "deviceuuid",
    ]
    /// ``names`` and a plain `Id`, which in a step log names the person (Fitabase's exports of
    /// many Fitbit wearers), while in an acceleration table it is often the row's number.
    static let stepLogNames = names.union(["id"])

    init(index: Int, name: String, value: String, headerless: Bool = false) {
        self.headerless = headerless
        self.index = index
        self.name = name
        self.value = value
        bytes = Array(value.utf8)
        // Only numbers a Double holds exactly enough: ids of 16 digits or more differ in
        // digits it drops (the review: two 19-digit device ids read as one).
        number = bytes.withUnsafeBytes { DecimalParser.parseDouble($0) ?? DecimalParser.parseLocalized($0, decimalComma: true) }
            .flatMap { abs($0) < 1e15 ? $0 : nil }
    }

    /// The source columns of `header` (a user's and a device's, HHAR has both), each with its
    /// first value among the first `rows` that is not empty.
    static func find(header: [String], in rows: [[String]], names sourceNames: Set<String> = names) -> [SourceColumn] {
        let names = ColumnNames(header)
        return names.normalized.indices.compactMap { index in
            guard sourceNames.contains(names.normalized[index]) else { return nil }
            // A value on every row of its own is each row's number (`_id`, `id`), no source.
            let values = rows.compactMap { index < $0.count ? String($0[index].trimmingSpaces) : nil }
            if values.count >= 3, Set(values).count == values.count { return nil }
            let value = rows.lazy.compactMap { index < $0.count ? String($0[index].trimmingSpaces) : nil }.first { !$0.isEmpty }
            return value.map { SourceColumn(index: index, name: header[index], value: $0) }
        }
    }

    /// Whether the current record is of the first row's source: its value (spaces around it
    /// aside) the first row's, the same number written otherwise (`1.0` for `1`), or empty.
    /// Other text is another source, letter case included (`s1` is not `S1`).
    @inline(__always)
    func isSame(_ reader: CSVReader) -> Bool {
        reader.isEmpty(index) || reader.field(index, trimmedEquals: bytes) || isSameNumber(reader)
    }

    @inline(never)
    private func isSameNumber(_ reader: CSVReader) -> Bool {
        guard let number else { return false }
        return reader.number(index) == number
    }

    /// The error refusing the file at the current record, of another source.
    func refusal(_ reader: CSVReader) -> IngestError {
        let other = reader.string(index).trimmingSpaces
        let delimiter = reader.delimiter == UInt8(ascii: "\t") ? "\\t" : String(UnicodeScalar(reader.delimiter))
        // A file name the shell takes as one word.
        let file = String(value.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" }) + ".csv"
        return reader.error(
            atField: index,
            "rows of another \(name) ('\(other)'; the rows above are '\(value)'): a recording is one \(name)'s, so split the file by "
                + "that column, e.g. awk -F'\(delimiter)' '\(headerless ? "" : "NR==1 || ")$\(index + 1)==\"\(value)\"' FILE > \(file)")
    }
}
