/// A place in an input file: the file, and when known the 1-based line and byte column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, leaving out what is not known.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// Why an input could not be read, and where: printed as `file:line:column: reason`.
public struct IngestError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var reason: String

    public init(_ location: SourceLocation, _ reason: String) {
        self.location = location
        self.reason = reason
    }

    public init(file: String, line: Int? = nil, column: Int? = nil, _ reason: String) {
        self.init(SourceLocation(file: file, line: line, column: column), reason)
    }

    public var description: String { "\(location): \(reason)" }
}

extension IngestError {
    /// The same error with its line moved down by `offset` lines: a location found by a
    /// reader that numbered lines from a later point of the file.
    func movingLines(by offset: Int) -> IngestError {
        var moved = self
        moved.location.line = location.line.map { $0 + offset }
        return moved
    }
}
