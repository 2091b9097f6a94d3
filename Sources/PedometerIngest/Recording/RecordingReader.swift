import Foundation
import PedometerCore

/// Reads one recording (a file, a folder or a zip) of any supported format into a ``SampleSink``.
public enum RecordingReader {
    /// Detects the format of `path`, streams its samples into `sink`, and returns what was found.
    ///
    /// Rows that cannot be used are skipped and reported in ``RecordingInfo/skipped`` (or thrown,
    /// with ``IngestOptions/strict``). A recording with no usable sample at all is an error.
    ///
    /// A recording whose files change while they are read (a logger still writing, a copy
    /// still running) is read as it comes, and a note says so.
    public static func read<Sink: SampleSink>(
        _ path: String, options: IngestOptions = IngestOptions(), into sink: inout Sink
    ) throws(IngestError) -> RecordingInfo {
        let before = FileState(of: path)
        var info = try readRecording(path, options: options, into: &sink)
        if let before, let after = FileState(of: path), let change = after.change(since: before) {
            info.notes.append(
                "\(path) changed while it was read (\(change)): the summary is of the data read, which may be cut short; read it again once it is complete")
        }
        return info
    }

    private static func readRecording<Sink: SampleSink>(
        _ path: String, options: IngestOptions, into sink: inout Sink
    ) throws(IngestError) -> RecordingInfo {
        // A gzip file: the file it holds, read in place (`walk.csv.gz/walk.csv` in messages).
        if ZipArchiveFiles.isGzip(path), FileSystem.isFile(path), ZipArchiveFiles.resolve(path) == nil {
            return try ZipArchiveFiles.withMounted(path, limits: options.zipLimits) { _ throws(IngestError) in
                var info = try read(path + "/" + ZipArchiveFiles.gzipMember(of: path), options: options, into: &sink)
                info.source = path
                return info
            }
        }
        let detection = try FormatDetector.detect(path, options: options)
        var info = RecordingInfo(source: path, format: detection.format, detectionReason: detection.reason)
        var emitter = SampleEmitter(sink: sink, strict: options.strict)
        switch detection.layout {
        case .oxfordFolder(let folder):
            try FormatDetector.withGzippedMembers(of: folder, limits: options.zipLimits) { unreadable throws(IngestError) in
                info.notes += unreadable.map { "\($0): not read" }
                try OxfordReader.readFolder(folder, displayName: folder, options: options, into: &emitter, info: &info)
            }
        case .oxfordLog:
            try OxfordReader.readLog(path, displayName: path, options: options, into: &emitter, info: &info)
        case .sensorLoggerFolder(let folder):
            try FormatDetector.withGzippedMembers(of: folder, limits: options.zipLimits) { unreadable throws(IngestError) in
                info.notes += unreadable.map { "\($0): not read" }
                try SensorLoggerReader.readFolder(folder, displayName: folder, options: options, into: &emitter, info: &info)
            }
        case .zip:
            // Nothing read yet: the emitter's copy of the sink is dropped for the recording inside.
            return try readZip(path, options: options, into: &sink)
        case .sensorLoggerFile(let header):
            try SensorLoggerReader.readFile(path, displayName: path, header: header, options: options, into: &emitter, info: &info)
        case .sensorLog(let header):
            try SensorLogReader.read(path, displayName: path, header: header, options: options, into: &emitter, info: &info)
        case .table(let header, let preambleRecords, let secondRow):
            var options = options
            if options.columns == nil { options.columns = detection.columns }
            try GenericReader.read(
                path, displayName: path, format: detection.format, header: header, preambleRecords: preambleRecords,
                secondRow: secondRow, source: detection.source, options: options, into: &emitter, info: &info)
            if let export = PhyphoxExport(folder: FormatDetector.parentFolder(path)), export.accelerationFile == path {
                info.notes.append(export.note)
            }
        case .xsens(let layout):
            try XsensReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .stepIntervals(let layout):
            try StepIntervalReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .fitCSV(let layout):
            try FitCSVReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .empatica(let layout):
            try EmpaticaReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .actigraph(let layout):
            try ActiGraphReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .magnitude(let layout):
            try MagnitudeReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .steps(let header, let fieldCount):
            try StepLogReader.read(path, displayName: path, header: header, fieldCount: fieldCount, options: options, into: &emitter, info: &info)
        }
        emitter.finish()
        info.streams = emitter.streams
        info.skipped = emitter.skipped
        // Acceleration over less than half the time of a step log beside it (a file cut short,
        // a single row): the steps where it has no samples are not counted, and compared with
        // the log they would look missed.
        if let acceleration = info.stream("acceleration"),
            let log = info.streams.first(where: { $0.stream == "steps" && acceleration.duration < $0.duration / 2 })
        {
            info.notes.append(
                "the acceleration (\(FileSystem.lastComponent(acceleration.file))) covers \(String(format3: acceleration.duration)) s "
                    + "(\(acceleration.sampleCount) samples) of the \(String(format3: log.duration)) s of \(FileSystem.lastComponent(log.file))'s "
                    + "step log (\(log.detail)): steps where it has no samples are not counted")
        }
        // Local times without a zone that jump an hour, ahead or back: a daylight-saving change
        // that --time-zone would place (a stranger's walk across spring's change lasted 3,745 s,
        // the only hint a gap of 3,600 s).
        if info.notes.contains(DateTimeClock.localTimeNote), let acceleration = info.stream("acceleration"),
            let jump = acceleration.longestGaps.first(where: { abs($0.length - 3600) < 5 }).map({ ($0.start, "ahead") })
                ?? acceleration.clockRestarts.first(where: { abs($0.back - 3600) < 5 }).map({ ($0.time, "back") })
        {
            info.notes.append(
                "the local times jump an hour \(jump.1) after \(String(format3: jump.0)) s: a daylight-saving change? "
                    + "give --time-zone (Europe/Paris …), which places them")
        }
        // Most samples going back in time is a table sorted newest first, or rows in no time
        // order (a shuffled table goes back as often once a row far ahead was read): refused,
        // not read as the few samples ahead of them all.
        if let reversed = info.streams.first(where: { $0.outOfOrder > $0.sampleCount }) {
            throw IngestError(
                file: path,
                "\(reversed.outOfOrder) of the \(reversed.outOfOrder + reversed.sampleCount) \(reversed.stream) samples go back in time: the rows are newest first, or in no time order? sort them by time, oldest first")
        }
        guard !info.streams.isEmpty else {
            if let first = emitter.skipped.examples.first {
                throw IngestError(first.location, "no usable rows: \(first.reason) (and \(emitter.skipped.count - 1) more rows skipped)")
            }
            let unread = info.notes.filter { $0.hasSuffix(": not read") }
            throw IngestError(file: path, "no samples: the recording has no data rows" + (unread.isEmpty ? "" : " (\(unread.joined(separator: "; ")))"))
        }
        sink = emitter.sink
        return info
    }

    /// Whether most of `path` is parsed in stretches on ``IngestOptions/threads`` threads
    /// (generic, phyphox, Oxford, Sensor Logger, SensorLog), rather than by one reader (step
    /// logs); `false` when the format cannot be detected.
    public static func readsInStretches(_ path: String, options: IngestOptions) -> Bool {
        (try? FormatDetector.detect(path, options: options))?.layout.readsInStretches ?? false
    }

    /// A zip archive, read in place (its entries streamed, nothing extracted): the recording in
    /// it, an export folder (Sensor Logger, Oxford) at its root or in a sub-folder, else its only
    /// data file (`.csv`, `.tsv`, `.txt`), read as it would be unzipped; the archive is its source.
    private static func readZip<Sink: SampleSink>(
        _ path: String, options: IngestOptions, into sink: inout Sink
    ) throws(IngestError) -> RecordingInfo {
        try ZipArchiveFiles.withMounted(path, limits: options.zipLimits) { archive throws(IngestError) in
            guard let inner = recordingFolder(in: path) ?? loneDataFile(in: path) ?? phyphoxAcceleration(in: path) else {
                if let error = archive.unreadableFile(named: SensorLoggerReader.accelerationFiles) { throw error }
                // Several data files of no one export: a zip of recordings (a stranger's
                // `a/walk.csv`, `b/run.csv` was said to hold none).
                let files = dataFiles(in: path, upTo: 4).map { String($0.dropFirst(path.count + 1)) }.sorted()
                if files.count > 1 {
                    throw IngestError(
                        file: path,
                        "zip archive holds \(files.count > 3 ? "more than 3" : "\(files.count)") data files (\(files.prefix(3).joined(separator: ", "))"
                            + "\(files.count > 3 ? ", …" : "")) of no one export: a zip is read as one recording; unzip it to read each file")
                }
                throw IngestError(
                    file: path,
                    "zip archive holds no recording: no Sensor Logger or Oxford export (TotalAcceleration.csv, Accelerometer.csv …), nor a single data file (.csv, .tsv, .txt)")
            }
            var info = try read(inner, options: options, into: &sink)
            info.source = path
            info.detectionReason = "zip archive: " + info.detectionReason
            return info
        }
    }

    /// The only data file (`.csv`, `.tsv`, `.txt`; not hidden) anywhere in the archive mounted
    /// at `root`, `nil` when there is none or more than one.
    private static func loneDataFile(in root: String) -> String? {
        let found = dataFiles(in: root, upTo: 2)
        return found.count == 1 ? found[0] : nil
    }

    /// The data files (`.csv`, `.tsv`, `.txt`; not hidden) anywhere in the archive mounted at
    /// `root`, `limit` at most. phyphox's metadata folder beside its data
    /// (``isPhyphoxMetadata(_:)``) is left out.
    private static func dataFiles(in root: String, upTo limit: Int) -> [String] {
        var found: [String] = []
        var folders = [root]
        while let folder = folders.popLast(), found.count < limit {
            for name in FileSystem.contents(of: folder) ?? [] where !name.hasPrefix(".") {
                let path = folder + "/" + name
                if FileSystem.isDirectory(path) {
                    if isPhyphoxMetadata(path) { continue }
                    folders.append(path)
                } else if [".csv", ".tsv", ".txt"].contains(where: { name.lowercased().hasSuffix($0) }), found.count < limit {
                    found.append(path)
                }
            }
        }
        return found
    }

    /// The acceleration file of a phyphox export of several data sets (``PhyphoxExport``) at
    /// `root` or in its one sub-folder.
    private static func phyphoxAcceleration(in root: String) -> String? {
        if let export = PhyphoxExport(folder: root) { return export.accelerationFile }
        let folders = (FileSystem.contents(of: root) ?? []).filter { !$0.hasPrefix(".") && FileSystem.isDirectory(root + "/" + $0) }
        guard folders.count == 1 else { return nil }
        return PhyphoxExport(folder: root + "/" + folders[0])?.accelerationFile
    }

    /// Whether `folder` is the `meta` folder of phyphox's CSV export (its ExperimentExport
    /// writes `Raw Data.csv` beside `meta/device.csv` and `meta/time.csv`): the device's
    /// properties and the experiment's start and pause events, no samples.
    static func isPhyphoxMetadata(_ folder: String) -> Bool {
        guard FileSystem.lastComponent(folder) == "meta", let names = FileSystem.contents(of: folder) else { return false }
        let visible = names.filter { !$0.hasPrefix(".") }
        return !visible.isEmpty && visible.allSatisfy { ["device.csv", "time.csv"].contains($0) }
    }

    /// The folder holding a recording export (Sensor Logger, Oxford) inside an archive: its
    /// root, or the first sub-folder that holds one.
    private static func recordingFolder(in root: String) -> String? {
        if FormatDetector.detectFolder(root) != nil { return root }
        for name in FileSystem.contents(of: root) ?? [] where FileSystem.isDirectory(root + "/" + name) {
            if let found = recordingFolder(in: root + "/" + name) { return found }
        }
        return nil
    }
}
