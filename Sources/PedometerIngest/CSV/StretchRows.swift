/// Rows parsed from one stretch of a CSV file by a parsing thread, before anything carried
/// from row to row (time 0, the last values seen) is known. Locations in them count lines
/// from 1 at the stretch's first line.
protocol StretchRows: Sendable {
    associatedtype Row: Sendable
    /// One per record, in file order.
    var rows: [Row] { get set }
    /// The error that stopped reading, after the last row.
    var fatal: IngestError? { get set }
    /// Whether the reader reached the end of its input.
    var reachedEnd: Bool { get set }
    init()
}

extension StretchRows {
    /// Reads up to `maxRows` records from `reader`, each made a row by `row` (which can note
    /// what it needs in the rows read so far), into `storage`'s memory. A reading error ends
    /// them: it is kept as ``fatal``; so does a record that `row` sets ``fatal`` for (no row
    /// then). Inlined, so that `row` is too (it runs for every record).
    @inline(__always)
    static func read(
        from reader: CSVReader, maxRows: Int, reusing storage: consuming [Row], row: (inout Self) -> Row
    ) -> Self {
        var result = Self()
        result.rows = consume storage
        result.rows.removeAll(keepingCapacity: true)
        do throws(IngestError) {
            while result.rows.count < maxRows {
                guard try reader.next() else {
                    result.reachedEnd = true
                    break
                }
                let parsed = row(&result)
                if result.fatal != nil { break }
                result.rows.append(parsed)
            }
        } catch {
            result.fatal = error
        }
        return result
    }
}
