/// Which columns of a CSV hold the time and the three axes of acceleration (`--columns`),
/// instead of what the header's names say.
///
/// Two forms: a role for every column in order, `t,_,x,y,z` (``GenericColumn``; `_` skips a
/// column), or each role given a column by name or by number from 1,
/// `time=timestamp,x=accG_x,y=accG_y,z=accG_z` or `t=1,x=8,y=9,z=10`. A name matches a
/// header name exactly, else ignoring case, else as letters and digits alone without a unit
/// in parentheses (`accG x` finds `accG_x`, `Time` finds `"Time (s)"`).
public enum ColumnRoles: Sendable, Hashable, CustomStringConvertible {
    /// One role per column, in order.
    case positional([GenericColumn])
    /// The column of each role (no time for a table timed by ``IngestOptions/sampleRate``).
    case named(time: Reference?, x: Reference, y: Reference, z: Reference)

    /// A column, by its header name or its number from 1.
    public enum Reference: Sendable, Hashable, CustomStringConvertible {
        case name(String)
        case position(Int)

        public var description: String {
            switch self {
            case .name(let name): name
            case .position(let number): "\(number)"
            }
        }
    }

    /// Why a `--columns` text was refused.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// Parses either form.
    public init(parsing text: String) throws(ParseError) {
        guard text.contains("=") else {
            guard let list = GenericColumn.parseList(text) else {
                throw ParseError(description: "--columns needs x, y and z once each, and t unless --rate times the rows, other columns as _ (e.g. t,x,y,z), or roles by name or number (e.g. time=timestamp,x=accG_x,y=accG_y,z=accG_z)")
            }
            self = .positional(list)
            return
        }
        var found: [GenericColumn: Reference] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let role: GenericColumn?
            switch parts.first.map({ $0.trimmingSpaces.lowercased() }) {
            case "t", "time": role = .time
            case "x": role = .x
            case "y": role = .y
            case "z": role = .z
            default: role = nil
            }
            guard let role, parts.count == 2 else {
                throw ParseError(description: "--columns: '\(item)' is not role=column (roles: time, x, y, z; columns by header name or number from 1)")
            }
            let column = String(parts[1].trimmingSpaces)
            guard !column.isEmpty else { throw ParseError(description: "--columns: no column given for \(role.rawValue)") }
            guard found[role] == nil else { throw ParseError(description: "--columns: \(role.rawValue) is given twice") }
            if let number = Int(column) {
                guard number >= 1 else { throw ParseError(description: "--columns: column numbers start at 1 ('\(item)')") }
                found[role] = .position(number)
            } else {
                found[role] = .name(column)
            }
        }
        guard let x = found[.x], let y = found[.y], let z = found[.z] else {
            let missing = [GenericColumn.x, .y, .z].filter { found[$0] == nil }.map(\.rawValue)
            throw ParseError(description: "--columns: no column given for \(missing.joined(separator: ", ")) (e.g. time=timestamp,x=accG_x,y=accG_y,z=accG_z)")
        }
        self = .named(time: found[.time], x: x, y: y, z: z)
    }

    public var description: String {
        switch self {
        case .positional(let roles):
            roles.map(\.rawValue).joined(separator: ",")
        case .named(let time, let x, let y, let z):
            (time.map { "time=\($0)," } ?? "") + "x=\(x),y=\(y),z=\(z)"
        }
    }

    /// The 0-based indices of the time (`nil` when none is given) and axis columns in a file
    /// with this `header` (`nil` when it has none) and `fieldCount` fields in its first record.
    func indices(header: [String]?, fieldCount: Int, file: String) throws(IngestError) -> (time: Int?, x: Int, y: Int, z: Int) {
        switch self {
        case .positional(let roles):
            return (roles.firstIndex(of: .time), roles.firstIndex(of: .x)!, roles.firstIndex(of: .y)!, roles.firstIndex(of: .z)!)
        case .named(let time, let x, let y, let z):
            let timeIndex = try time.map { reference throws(IngestError) in
                try Self.index(of: reference, header: header, fieldCount: fieldCount, file: file)
            }
            var result: [Int] = []
            for reference in [x, y, z] {
                result.append(try Self.index(of: reference, header: header, fieldCount: fieldCount, file: file))
            }
            return (timeIndex, result[0], result[1], result[2])
        }
    }

    private static func index(of reference: Reference, header: [String]?, fieldCount: Int, file: String) throws(IngestError) -> Int {
        switch reference {
        case .position(let number):
            guard number <= fieldCount else {
                throw IngestError(file: file, line: 1, column: 1, "--columns: no column \(number): the first record has \(fieldCount) fields")
            }
            return number - 1
        case .name(let name):
            guard let header else {
                throw IngestError(file: file, line: 1, column: 1, "--columns names column '\(name)', but the file has no header: give columns by number (e.g. time=1,x=2,y=3,z=4)")
            }
            if let index = header.firstIndex(of: name) { return index }
            if let index = header.firstIndex(where: { $0.lowercased() == name.lowercased() }) { return index }
            let names = ColumnNames(header)
            let wanted = ColumnNames([name])
            if let index = names.normalized.firstIndex(where: { $0 == wanted.normalized[0] && !$0.isEmpty }) { return index }
            let listed = header.prefix(12).map { "'\($0)'" }.joined(separator: ", ") + (header.count > 12 ? ", …" : "")
            throw IngestError(file: file, line: 1, column: 1, "--columns: no column named '\(name)' in the header (\(listed))")
        }
    }
}
