/// Rows parsed from one stretch of a CSV file by a parsing thread, before anything carried
/// from row to row (time 0, the last values seen) is known. Locations in them count lines
/// from 1 at the stretch's first line.
protocol StretchRows: Sendable {
    /// Memory a later stretch can reuse (the rows' array).
    associatedtype Storage: Sendable
    var storage: Storage { get }
    /// The error that stopped reading, after the last row.
    var fatal: IngestError? { get }
    /// Whether the reader reached the end of its input.
    var reachedEnd: Bool { get }
}
