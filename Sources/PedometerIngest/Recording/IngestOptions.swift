import PedometerCore

/// How to read recordings: overrides for what is otherwise detected or inferred.
public struct IngestOptions: Sendable, Hashable {
    /// Use this format instead of detecting one.
    public var format: RecordingFormat?
    /// Which columns hold the time and the acceleration, by position or by name, instead of
    /// what the header's names say (or `t,x,y,z` for headerless files).
    public var columns: ColumnRoles?
    /// Unit of the time column of generic files (inferred from the values when `nil`).
    public var timeUnit: TimeUnit?
    /// Samples per second of a generic table without a usable time column (none, or one too
    /// coarse or broken to trust): sample `n` is then `n / rate` seconds after the first, and
    /// any time column is not read.
    public var sampleRate: Double?
    /// Unit of generic acceleration (inferred from the magnitude when `nil`).
    public var accelerationUnit: AccelerationUnit?
    /// Field delimiter (comma, semicolon or tab are detected when `nil`).
    public var delimiter: UInt8?
    /// Decimal mark of numbers (a decimal comma is detected in `;` and tab files when `nil`).
    public var decimal: DecimalSeparator?
    /// The zone of date-times written without one (they are read as the recording's local
    /// clock, with no absolute start, when `nil`).
    public var timeZone: TimeZoneRule?
    /// Make any skipped row an error instead of a counted, reported skip.
    public var strict = false
    /// What a zipped export may hold before it is refused.
    public var zipLimits = ZipLimits.standard
    /// Threads that parse one file (generic, phyphox, Oxford, Sensor Logger and SensorLog
    /// files; not step logs), each a stretch of ``stretchBytes`` at a time (at most 4 are
    /// used); what is read is the same whatever the count.
    public var threads = 1
    /// Bytes of a file each parsing thread takes at a time (see ``threads``).
    public var stretchBytes = 512 << 10

    public init(
        format: RecordingFormat? = nil, columns: ColumnRoles? = nil, timeUnit: TimeUnit? = nil,
        accelerationUnit: AccelerationUnit? = nil, delimiter: UInt8? = nil, decimal: DecimalSeparator? = nil,
        timeZone: TimeZoneRule? = nil, strict: Bool = false, threads: Int = 1
    ) {
        self.format = format
        self.columns = columns
        self.timeUnit = timeUnit
        self.accelerationUnit = accelerationUnit
        self.delimiter = delimiter
        self.decimal = decimal
        self.timeZone = timeZone
        self.strict = strict
        self.threads = threads
    }
}

/// The decimal mark of a file's numbers.
public enum DecimalSeparator: String, Sendable, Hashable, CaseIterable {
    /// `0.123`
    case point
    /// `0,123`, as spreadsheets and phyphox write numbers in most European locales.
    case comma
}

extension CSVReader {
    /// Opens `path` with the delimiter and decimal mark `options` give (detected when absent).
    convenience init(path: String, options: IngestOptions, displayName: String? = nil) throws(IngestError) {
        try self.init(path: path, delimiter: options.delimiter, decimal: options.decimal, displayName: displayName)
    }
}

/// The role of a column in a generic CSV, in the positional form of ``ColumnRoles``.
public enum GenericColumn: String, Sendable, Hashable, CaseIterable {
    case time = "t"
    case x, y, z
    /// A column to ignore.
    case skip = "_"

    /// Parses `t,x,y,z` (also `time`, `-` or `_` for a skipped column; the time may be left
    /// out, `x,y,z`, for a table timed by ``IngestOptions/sampleRate``).
    public static func parseList(_ text: String) -> [GenericColumn]? {
        var result: [GenericColumn] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            switch name.trimmingSpaces.lowercased() {
            case "t", "time": result.append(.time)
            case "x": result.append(.x)
            case "y": result.append(.y)
            case "z": result.append(.z)
            case "_", "-", "skip", "": result.append(.skip)
            default: return nil
            }
        }
        // The time may be left out (a table timed by `--rate`), the axes may not.
        let roles = result.filter { $0 != .skip }
        guard Set(roles).isSuperset(of: [.x, .y, .z]), roles.count == Set(roles).count else { return nil }
        return result
    }
}

/// Units of a timestamp column.
public enum TimeUnit: String, Sendable, Hashable, CaseIterable {
    case nanoseconds = "ns"
    case microseconds = "us"
    case milliseconds = "ms"
    case seconds = "s"
    /// Days since 1899-12-30 with their fraction: a spreadsheet's serial date-time (Excel,
    /// LibreOffice, and exports made with them, activPAL's among them).
    case spreadsheetDays = "excel-days"
    /// Days since the year 0 with their fraction: MATLAB's `datenum`.
    case matlabDays = "datenum"

    /// Seconds per unit.
    public var seconds: Double {
        switch self {
        case .nanoseconds: 1e-9
        case .microseconds: 1e-6
        case .milliseconds: 1e-3
        case .seconds: 1
        case .spreadsheetDays, .matlabDays: 86_400
        }
    }

    /// Whether the unit counts days (a spreadsheet's or MATLAB's clock: it states no zone, so
    /// its times give durations, no absolute start).
    public var countsDays: Bool { self == .spreadsheetDays || self == .matlabDays }

    /// Values a timestamp in this unit can take: a count of days only 1950–2100 (so that no
    /// other column is read as one), any other unit anything.
    var plausibleValues: ClosedRange<Double> {
        switch self {
        case .spreadsheetDays: 18_264...73_051
        case .matlabDays: 712_224...767_011
        default: -Double.infinity...Double.infinity
        }
    }
}

/// Units of an acceleration column.
public enum AccelerationUnit: String, Sendable, Hashable, CaseIterable {
    /// Standard gravities (1 g = 9.80665 m/s^2).
    case g
    /// Thousandths of a standard gravity (Polar's and other wearables' exports).
    case milliG = "mg"
    /// Metres per second squared.
    case metersPerSecondSquared = "mps2"

    /// The unit as written in notes: `g`, `mg` or `m/s^2`.
    public var symbol: String {
        switch self {
        case .g: "g"
        case .milliG: "mg"
        case .metersPerSecondSquared: "m/s^2"
        }
    }

    /// Metres per second squared in one of the unit.
    public var metersPerSecondSquared: Double {
        switch self {
        case .g: standardGravity
        case .milliG: standardGravity / 1000
        case .metersPerSecondSquared: 1
        }
    }

    /// The unit a header writes in brackets (`g`, `mg`, `m/s^2`, `m/(s^2)`, `ms^-2`, `mps2`;
    /// lower-cased, as ``ColumnNames`` reads it), `nil` for any other.
    init?(written unit: String) {
        switch unit {
        case "g": self = .g
        case "mg": self = .milliG
        case _ where unit.hasPrefix("m/s") || ["ms^-2", "ms-2", "mps2"].contains(unit): self = .metersPerSecondSquared
        default: return nil
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: Substring {
        // "\r\n" is one Character, so it is named too.
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return Substring()
        }
        return Substring(self[first...last])
    }

    /// The field as a number, spaces around it passed over, with a decimal point or a decimal
    /// comma (`-0,35075` in a `;`-separated file); `nil` when it is none.
    var numberWithEitherDecimalMark: Double? {
        Double(trimmingSpaces.replacingOccurrences(of: ",", with: "."))
    }
}
