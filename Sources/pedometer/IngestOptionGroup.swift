import ArgumentParser
import PedometerIngest

/// The options every command that reads recordings shares.
struct IngestOptionGroup: ParsableArguments {
    @Option(name: .customLong("input-format"), help: "Read as this format instead of detecting it: \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var inputFormat: RecordingFormat?

    @Option(help: ArgumentHelp(
        "Which columns hold the time and the acceleration, instead of what the header's names say: by name or number from 1 (time=timestamp,x=accG_x,y=accG_y,z=accG_z), or one role per column (t,_,x,y,z).",
        valueName: "roles"))
    var columns: String?

    @Option(name: .customLong("time-unit"), help: "Unit of generic time columns: ns, us, ms, s, excel-days (a spreadsheet's serial date-time) or datenum (MATLAB's) (inferred when absent).")
    var timeUnit: TimeUnit?

    @Option(name: .customLong("accel-unit"), help: "Unit of generic acceleration: g, mg or mps2 (inferred when absent).")
    var accelerationUnit: AccelerationUnit?

    @Option(name: .customLong("rate"), parsing: .unconditional, help: ArgumentHelp(
        "Samples per second of a generic table with no usable time column (none, or too coarse): sample n is n / rate seconds in; a time column is then not read, and --columns may leave it out (x,y,z).",
        valueName: "hz"))
    var sampleRate: Double?

    @Option(help: ArgumentHelp("Field delimiter: comma, semicolon, tab (detected when absent).", valueName: "delimiter"))
    var delimiter: String?

    @Option(help: ArgumentHelp("Decimal mark of numbers: point or comma (a decimal comma is detected in ';' and tab files).", valueName: "mark"))
    var decimal: DecimalSeparator?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp(
        "Zone of date-times written without one: an offset (+02:00, UTC) or a region (Europe/Paris); without it they give durations but no absolute start.",
        valueName: "zone"))
    var timeZone: String?

    @Option(name: .customLong("zip-max-ratio"), help: ArgumentHelp(
        "A zipped export's entry inflating to more than this many times its compressed size (beyond its first 16 MiB) is refused as a zip bomb.",
        valueName: "ratio"))
    var zipMaxRatio = ZipLimits.standard.maxRatio

    @Option(name: .customLong("zip-max-entries"), help: ArgumentHelp("A zip archive listing more entries is refused.", valueName: "n"))
    var zipMaxEntries = ZipLimits.standard.maxEntries

    @Flag(help: "Treat any unusable row as an error instead of a counted, reported skip.")
    var strict = false

    func validate() throws {
        _ = try options()
    }

    /// The ingest options these arguments describe.
    func options() throws -> IngestOptions {
        var parsedColumns: ColumnRoles?
        if let columns {
            do {
                parsedColumns = try ColumnRoles(parsing: columns)
            } catch {
                throw ValidationError(error.description)
            }
        }
        var zone: TimeZoneRule?
        if let timeZone {
            guard let rule = TimeZoneRule(timeZone) else {
                throw ValidationError("--time-zone must be an offset (+02:00, -0530, UTC) or a region of the time zone database (Europe/Paris)")
            }
            zone = rule
        }
        var delimiterByte: UInt8?
        if let delimiter {
            switch delimiter.lowercased() {
            case ",", "comma": delimiterByte = UInt8(ascii: ",")
            case ";", "semicolon": delimiterByte = UInt8(ascii: ";")
            case "\t", "\\t", "tab": delimiterByte = UInt8(ascii: "\t")
            default: throw ValidationError("--delimiter must be comma, semicolon or tab")
            }
        }
        guard zipMaxRatio >= 1, zipMaxRatio.isFinite else { throw ValidationError("--zip-max-ratio must be a number of at least 1") }
        guard zipMaxEntries >= 1 else { throw ValidationError("--zip-max-entries must be at least 1") }
        if let sampleRate, !(sampleRate > 0 && sampleRate <= 100_000) {
            throw ValidationError("--rate must be a number of samples per second above 0 (at most 100000)")
        }
        var options = IngestOptions(
            format: inputFormat, columns: parsedColumns, timeUnit: timeUnit, accelerationUnit: accelerationUnit,
            delimiter: delimiterByte, decimal: decimal, timeZone: zone, strict: strict)
        options.sampleRate = sampleRate
        options.zipLimits = ZipLimits(maxRatio: zipMaxRatio, allowanceBytes: ZipLimits.standard.allowanceBytes, maxEntries: zipMaxEntries)
        return options
    }
}

extension RecordingFormat: ExpressibleByArgument {}
extension TimeUnit: ExpressibleByArgument {}
extension AccelerationUnit: ExpressibleByArgument {}
extension DecimalSeparator: ExpressibleByArgument {}
