extension CSVReader {
    /// Throws unless the current record has at least `count` fields.
    func requireFields(_ count: Int) throws(IngestError) {
        guard fieldCount >= count else {
            throw error(atField: fieldCount, "expected \(count) fields, found \(fieldCount)")
        }
    }

    /// Field `index` as a finite number, or an error located at the field naming what is wrong.
    @inline(__always)
    func requireNumber(_ index: Int, _ name: String) throws(IngestError) -> Double {
        if let value = number(index) { return value }
        throw numberError(index, name)
    }

    /// Field `index` as a number, `nil` when empty or when it is `-1`-style "not available"
    /// (values in `unavailable`); a non-numeric text is an error.
    func optionalNumber(_ index: Int?, _ name: String, unavailable: Double? = nil) throws(IngestError) -> Double? {
        guard let index, index < fieldCount, !isEmpty(index) else { return nil }
        guard let value = number(index) else { throw numberError(index, name) }
        return value == unavailable ? nil : value
    }

    private func numberError(_ index: Int, _ name: String) -> IngestError {
        if index >= fieldCount {
            return error(atField: fieldCount, "missing \(name) (record has \(fieldCount) fields)")
        }
        if isEmpty(index) { return error(atField: index, "empty \(name)") }
        var text = string(index)
        if text.count > 40 { text = String(text.prefix(40)) + "…" }
        return error(atField: index, "\(name) is not a finite number: '\(text)'")
    }
}
