/// A phyphox CSV export of several data sets: one file per set (named after it:
/// `Accelerometer.csv`, `Gyroscope.csv`, `Linear Acceleration.csv` …) beside the `meta/` folder
/// (``RecordingReader/isPhyphoxMetadata(_:)``), as a folder or the zip the app shares.
///
/// The sets are one recording's, measured together: its acceleration is read from the set
/// whose columns hold it best (with gravity, then named as acceleration, then without
/// gravity: ``HeaderRoles``), the others passed over and named in a note. Until 2026-11-27 a
/// folder of such sets was read as one recording per file (a walk counted twice, from its
/// acceleration and its linear acceleration) and the zip was refused.
struct PhyphoxExport: Sendable, Hashable {
    /// The set the acceleration is read from.
    var accelerationFile: String
    /// The other data files of the export.
    var otherFiles: [String]

    /// The export in `folder`: a phyphox `meta/` folder beside two data files or more (`.csv`,
    /// `.tsv`, `.txt`), one of which names acceleration; `nil` otherwise (an export of one set,
    /// `Raw Data.csv`, is that file).
    init?(folder: String) {
        let names = (FileSystem.contents(of: folder) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        guard names.contains(where: { RecordingReader.isPhyphoxMetadata(folder + "/" + $0) }) else { return nil }
        let files = names.map { folder + "/" + $0 }.filter { path in
            !FileSystem.isDirectory(path) && [".csv", ".tsv", ".txt"].contains { path.lowercased().hasSuffix($0) }
        }
        guard files.count >= 2 else { return nil }
        var best: (file: String, rank: Int)?
        for file in files {
            guard let reader = try? CSVReader(path: file, options: IngestOptions()), (try? reader.next()) == true,
                let axes = HeaderRoles.acceleration(ColumnNames(reader.strings()), excluding: nil)
            else { continue }
            let rank = axes.triplet.meaning.rank
            if rank > best?.rank ?? -1 { best = (file, rank) }
        }
        guard let best else { return nil }
        accelerationFile = best.file
        otherFiles = files.filter { $0 != best.file }
    }

    /// The note of a recording read from it.
    var note: String {
        "phyphox export of \(otherFiles.count + 1) data sets: the acceleration read from \(FileSystem.lastComponent(accelerationFile)), "
            + "the others passed over (\(otherFiles.map(FileSystem.lastComponent).joined(separator: ", ")))"
    }
}
