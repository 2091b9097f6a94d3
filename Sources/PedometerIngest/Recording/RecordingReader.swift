import Foundation
import PedometerCore

/// Reads one recording (a file, a folder or a zip) of any supported format into a ``SampleSink``.
public enum RecordingReader {
    /// Detects the format of `path`, streams its samples into `sink`, and returns what was found.
    ///
    /// Rows that cannot be used are skipped and reported in ``RecordingInfo/skipped`` (or thrown,
    /// with ``IngestOptions/strict``). A recording with no usable sample at all is an error.
    public static func read<Sink: SampleSink>(
        _ path: String, options: IngestOptions = IngestOptions(), into sink: inout Sink
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
            try OxfordReader.readFolder(folder, displayName: folder, options: options, into: &emitter, info: &info)
        case .oxfordLog:
            try OxfordReader.readLog(path, displayName: path, options: options, into: &emitter, info: &info)
        case .sensorLoggerFolder(let folder):
            try SensorLoggerReader.readFolder(folder, displayName: folder, options: options, into: &emitter, info: &info)
        case .sensorLoggerZip:
            // Read in place: the entries are streamed, nothing is extracted.
            try ZipArchiveFiles.withMounted(path, limits: options.zipLimits) { archive throws(IngestError) in
                guard let recording = recordingFolder(in: path) else {
                    if let error = archive.unreadableFile(named: SensorLoggerReader.accelerationFiles) { throw error }
                    throw IngestError(file: path, "zip archive holds no Sensor Logger export (no TotalAcceleration.csv, Accelerometer.csv …)")
                }
                try SensorLoggerReader.readFolder(recording, displayName: recording, options: options, into: &emitter, info: &info)
            }
        case .sensorLoggerFile(let header):
            try SensorLoggerReader.readFile(path, displayName: path, header: header, options: options, into: &emitter, info: &info)
        case .sensorLog(let header):
            try SensorLogReader.read(path, displayName: path, header: header, options: options, into: &emitter, info: &info)
        case .table(let header, let preambleRecords, let unitsRow):
            try GenericReader.read(
                path, displayName: path, format: detection.format, header: header, preambleRecords: preambleRecords,
                unitsRow: unitsRow, options: options, into: &emitter, info: &info)
        case .xsens(let layout):
            try XsensReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
        case .stepIntervals(let layout):
            try StepIntervalReader.read(path, displayName: path, layout: layout, options: options, into: &emitter, info: &info)
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
        guard !info.streams.isEmpty else {
            if let first = emitter.skipped.examples.first {
                throw IngestError(first.location, "no usable rows: \(first.reason) (and \(emitter.skipped.count - 1) more rows skipped)")
            }
            throw IngestError(file: path, "no samples: the recording has no data rows")
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

    /// The folder holding a Sensor Logger export inside an archive: its root, or the first
    /// sub-folder that holds one.
    private static func recordingFolder(in root: String) -> String? {
        if FormatDetector.detectFolder(root) != nil { return root }
        for name in FileSystem.contents(of: root) ?? [] where FileSystem.isDirectory(root + "/" + name) {
            if let found = recordingFolder(in: root + "/" + name) { return found }
        }
        return nil
    }
}
