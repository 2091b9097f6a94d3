import ArgumentParser
import PedometerIngest

/// The options every command that reads recordings shares.
struct IngestOptionGroup: ParsableArguments {
    @Option(name: .customLong("input-format"), help: "Read as this format instead of detecting it: \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var inputFormat: RecordingFormat?

    @Option(help: ArgumentHelp("Column roles of headerless generic files, e.g. t,x,y,z or t,_,x,y,z.", valueName: "roles"))
    var columns: String?

    @Option(name: .customLong("time-unit"), help: "Unit of generic time columns: ns, us, ms or s (inferred when absent).")
    var timeUnit: TimeUnit?

    @Option(name: .customLong("accel-unit"), help: "Unit of generic acceleration: g or mps2 (inferred when absent).")
    var accelerationUnit: AccelerationUnit?

    @Option(help: ArgumentHelp("Field delimiter: comma, semicolon, tab (detected when absent).", valueName: "delimiter"))
    var delimiter: String?

    @Flag(help: "Treat any unusable row as an error instead of a counted, reported skip.")
    var strict = false

    func validate() throws {
        _ = try options()
    }

    /// The ingest options these arguments describe.
    func options() throws -> IngestOptions {
        var parsedColumns: [GenericColumn]?
        if let columns {
            guard let list = GenericColumn.parseList(columns) else {
                throw ValidationError("--columns needs t, x, y and z once each, other columns as _ (e.g. t,x,y,z)")
            }
            parsedColumns = list
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
        return IngestOptions(
            format: inputFormat, columns: parsedColumns, timeUnit: timeUnit, accelerationUnit: accelerationUnit,
            delimiter: delimiterByte, strict: strict)
    }
}

extension RecordingFormat: ExpressibleByArgument {}
extension TimeUnit: ExpressibleByArgument {}
extension AccelerationUnit: ExpressibleByArgument {}
