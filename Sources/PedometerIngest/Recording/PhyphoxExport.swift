/// A phyphox CSV export of several data sets: one file per set (named after it:
/// `Accelerometer.csv`, `Gyroscope.csv`, `Linear Acceleration.csv` …) beside the `meta/` folder
/// (``RecordingReader/isPhyphoxMetadata(_:)``), as a folder or the zip the app shares.
///
/// The sets are one recording's, measured together: its acceleration is read from the set
/// that holds it best (rows that average to gravity first, as a body's acceleration does,
/// then by what the columns' names say: ``HeaderRoles``), the others passed over and named in
/// a note. Until 2026-11-27 a folder of such sets was read as one recording per file (a walk
/// counted twice, from its acceleration and its linear acceleration) and the zip was refused.
struct PhyphoxExport: Sendable, Hashable {
    /// The set the acceleration is read from.
    var accelerationFile: String
    /// The other data files of the export.
    var otherFiles: [String]

    /// The export in `folder`: a phyphox `meta/` folder beside two data files or more (`.csv`,
    /// `.tsv`, `.txt`), every one of them a phyphox table (its first column a time in seconds,
    /// `Time (s)`, `Zeit (s)` …: phyphox writes every set so), one of which holds acceleration;
    /// `nil` otherwise (an export of one set, `Raw Data.csv`, is that file; a folder of a
    /// user's walks beside an unzipped export's `meta/` is searched as any folder).
    init?(folder: String) {
        // One look for `meta/` before listing: a folder of thousands of walks is listed once.
        guard FileSystem.isDirectory(folder + "/meta"), RecordingReader.isPhyphoxMetadata(folder + "/meta") else { return nil }
        let files = (FileSystem.contents(of: folder) ?? []).filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }.filter { path in
            !FileSystem.isDirectory(path) && [".csv", ".tsv", ".txt"].contains { path.lowercased().hasSuffix($0) }
        }
        guard files.count >= 2 else { return nil }
        var best: (file: String, score: Int)?
        for file in files {
            guard let reader = try? CSVReader(path: file, options: IngestOptions()), (try? reader.next()) == true else { return nil }
            let header = reader.strings()
            guard let first = header.first, first.trimmingSpaces.hasSuffix("(s)") else { return nil }
            guard let axes = HeaderRoles.acceleration(ColumnNames(header), excluding: 0) else { continue }
            var rows = AccelerationPreview()
            let (x, y, z) = (axes.triplet.x, axes.triplet.y, axes.triplet.z)
            while rows.magnitudes.count < 256, (try? reader.next()) == true {
                if let x = reader.number(x), let y = reader.number(y), let z = reader.number(z) { rows.add(x, y, z) }
            }
            let score = (rows.showsGravity ? 10 : 0) + axes.triplet.meaning.rank
            if score > best?.score ?? -1 { best = (file, score) }
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
