/// The clock of a phyphox export: its `meta/time.csv` beside the data
/// (`"event","experiment time","system time","system time text"`), whose first `START` row says
/// which Unix time the experiment's time (the data's `Time (s)`) had then.
///
/// The data's times count from the experiment's start, so without it a phyphox recording has
/// no date; with it, its start is the system time of that `START`, plus the data's first time
/// less the experiment time it was given at.
struct PhyphoxTimeReference: Sendable, Hashable {
    /// The experiment's time at its first start, seconds.
    var experimentTime: Double
    /// The Unix time then, seconds.
    var systemTime: Double

    /// The reference of the export holding the data file at `dataPath` (in a folder or a
    /// mounted zip): `meta/time.csv` beside it; `nil` when there is none or it holds no `START`
    /// row with both times (the export then has no date, as before).
    static func beside(_ dataPath: String, options: IngestOptions) -> PhyphoxTimeReference? {
        // One look for `meta/` (phyphox writes it so) before listing it: a folder of thousands of
        // walks is not listed for each.
        let meta = FormatDetector.parentFolder(dataPath) + "/meta"
        guard FileSystem.isDirectory(meta), let file = FileSystem.entry("time.csv", in: meta),
            let reader = try? CSVReader(path: meta + "/" + file, options: IngestOptions(delimiter: options.delimiter)),
            (try? reader.next()) == true
        else { return nil }
        let names = ColumnNames(reader.strings())
        guard let event = names.index(of: "event"), let experiment = names.index(of: "experimenttime"),
            let system = names.index(of: "systemtime")
        else { return nil }
        while (try? reader.next()) == true {
            guard event < reader.fieldCount, reader.string(event).uppercased() == "START" else { continue }
            guard let experimentTime = reader.number(experiment), let systemTime = reader.number(system),
                UnitInference.unixTimes.contains(systemTime)
            else { return nil }
            return PhyphoxTimeReference(experimentTime: experimentTime, systemTime: systemTime)
        }
        return nil
    }

    /// The Unix time of the data's time `seconds` (experiment time).
    func unixTime(ofExperimentTime seconds: Double) -> Double {
        systemTime + (seconds - experimentTime)
    }
}
