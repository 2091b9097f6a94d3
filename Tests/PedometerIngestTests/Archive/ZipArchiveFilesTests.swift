import Foundation
import Synchronization
import Testing
import ZIPFoundation
@testable import PedometerIngest

/// Zipped exports read in place: entries streamed, nothing written to disk, and limits that
/// refuse zip bombs, escaping names and endless entry lists with the entry named.
@Suite struct ZipArchiveFilesTests {
    let files = TemporaryFiles()

    /// A zip of `entries` (name, size, bytes at an offset), deflated.
    private func zip(_ name: String, _ entries: [(String, Int, (Int, Int) -> Data)]) throws -> String {
        let path = files.path(name)
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (entry, size, bytes) in entries {
            try archive.addEntry(
                with: entry, type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate,
                provider: { position, count in bytes(Int(position), count) })
        }
        return path
    }

    private func read(_ path: String, _ options: IngestOptions = .init()) -> Result<RecordingInfo, IngestError> {
        var sink = CollectingSink()
        do throws(IngestError) {
            return .success(try RecordingReader.read(path, options: options, into: &sink))
        } catch {
            return .failure(error)
        }
    }

    @Test func zipBombIsRefusedWithItsEntryNamed() throws {
        // A Sensor Logger header, then 64 MiB of zeros: about 64 KB deflated, more than 1000:1.
        let header = Array("time,seconds_elapsed,z,y,x\n".utf8)
        let bomb = try zip("bomb.zip", [
            ("rec/TotalAcceleration.csv", 64 << 20, { offset, count in
                Data((offset..<(offset + count)).map { $0 < header.count ? header[$0] : 0 })
            }),
        ])
        let started = Date()
        guard case .failure(let error) = read(bomb) else {
            Issue.record("a zip bomb was read")
            return
        }
        print("ZipArchiveFilesTests: bomb refused in \(Date().timeIntervalSince(started)) s")
        #expect(error.location.file == bomb + "/rec/TotalAcceleration.csv")
        #expect(error.reason.hasPrefix("looks like a zip bomb: 67108864 bytes or more from "))
        #expect(error.reason.hasSuffix("beyond 1000:1 (--zip-max-ratio raises the limit)"))
    }

    @Test func aHigherRatioReadsWhatTheDefaultRefuses() throws {
        // A recording whose rows repeat compresses far: refused at 10:1, read at the default.
        let rows = 60_000
        let header = Array("time,seconds_elapsed,z,y,x\n".utf8)
        let text = header + (0..<rows).flatMap { index -> [UInt8] in
            Array("\(1_000_000_000 + index * 10_000_000),\(Double(index) / 100),9.8,\(index % 7),0.2\n".utf8)
        }
        let path = try zip("long.zip", [("TotalAcceleration.csv", text.count, { offset, count in Data(text[offset..<(offset + count)]) })])
        var tight = IngestOptions()
        tight.zipLimits = ZipLimits(maxRatio: 2, allowanceBytes: 1 << 20, maxEntries: 10)
        guard case .failure(let error) = read(path, tight) else {
            Issue.record("read beyond a 2:1 limit")
            return
        }
        #expect(error.reason.hasPrefix("looks like a zip bomb"))
        guard case .success(let info) = read(path) else {
            Issue.record("refused at the default limits")
            return
        }
        #expect(info.streams.first?.sampleCount == rows)
    }

    /// A zip of one data file (in a folder or not), or of an Oxford folder: the recording inside,
    /// read as unzipped, the zip its source. (Until 2026-11-25 only a Sensor Logger export was
    /// looked for: 'zip archive holds no Sensor Logger export'.)
    @Test func aZipOfOneFileOrAnOxfordFolderIsItsRecording() throws {
        let csvPath = Fixtures.path("formats/generic/timestamp-ms.csv")
        let csv = try Data(contentsOf: URL(fileURLWithPath: csvPath))
        var plain = CollectingSink()
        _ = try RecordingReader.read(csvPath, into: &plain)
        for name in ["walk.csv", "export/walk.csv"] {
            let path = try zip("one-\(name.count).zip", [(name, csv.count, { offset, count in csv[offset..<(offset + count)] })])
            var sink = CollectingSink()
            let info = try RecordingReader.read(path, into: &sink)
            #expect(sink.acceleration == plain.acceleration)
            #expect(info.source == path && info.format == .generic)
            #expect(info.detectionReason.hasPrefix("zip archive: header names time column 'timestamp'"))
        }
        let folder = Fixtures.path("oxford/Samsung_Jamie_Hard_InHand_1")
        let files = try ["accelerometer.csv", "stepcounter.csv", "metadata.txt"].map { name in
            (name, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        let oxford = try zip("oxford.zip", files.map { name, data in
            ("Samsung_Jamie_Hard_InHand_1/" + name, data.count, { offset, count in data[offset..<(offset + count)] })
        })
        var unzipped = CollectingSink(), zipped = CollectingSink()
        _ = try RecordingReader.read(folder, into: &unzipped)
        let info = try RecordingReader.read(oxford, into: &zipped)
        #expect(info.format == .oxford)
        #expect(zipped.acceleration == unzipped.acceleration && zipped.stepTotal(.groundTruth) == 265)
    }

    /// phyphox's own CSV export: `Raw Data.csv` beside `meta/device.csv` and `meta/time.csv`
    /// (its ExperimentExport's layout), read as the data file alone (until 2026-11-26 refused:
    /// 'zip archive holds no recording: … nor a single data file').
    @Test func aPhyphoxExportIsItsDataFile() throws {
        let csvPath = Fixtures.path("formats/phyphox/Acceleration with g/Raw Data.csv")
        let csv = try Data(contentsOf: URL(fileURLWithPath: csvPath))
        let device = Data("\"property\",\"value\"\n\"deviceModel\",\"Pixel 7\"\n".utf8)
        let time = Data(
            ("\"event\",\"experiment time\",\"system time\",\"system time text\"\n"
                + "\"START\",0.000000000E0,1.714557600123E9,\"2024-05-01 10:00:00.123 UTC+02:00\"\n").utf8)
        let path = try zip("Acceleration with g 2024-05-01 10-00-00.zip", [("Raw Data.csv", csv), ("meta/device.csv", device), ("meta/time.csv", time)].map {
            name, data in (name, data.count, { offset, count in data[offset..<(offset + count)] })
        })
        var plain = CollectingSink(), zipped = CollectingSink()
        _ = try RecordingReader.read(csvPath, into: &plain)
        let info = try RecordingReader.read(path, into: &zipped)
        #expect(info.format == .phyphox && info.source == path)
        #expect(!zipped.acceleration.isEmpty && zipped.acceleration == plain.acceleration)
    }

    @Test func escapingAndAbsoluteNamesAreRefusedAndNamed() throws {
        for name in ["../evil/TotalAcceleration.csv", "/etc/TotalAcceleration.csv", "rec/../../TotalAcceleration.csv"] {
            let path = try zip("escape.zip", [(name, 10, { _, count in Data("time,x\n1,2\n".utf8.prefix(count)) })])
            defer { try? FileManager.default.removeItem(atPath: path) }
            guard case .failure(let error) = read(path) else {
                Issue.record("\(name) was read")
                continue
            }
            #expect(error.description == "\(path): entry '\(name)' escapes the archive (an absolute path or '..'): refused")
        }
    }

    @Test func tooManyEntriesAreRefused() throws {
        let android = Fixtures.path("formats/sensor-logger/android.zip")
        var few = IngestOptions()
        few.zipLimits = ZipLimits(maxRatio: 1000, allowanceBytes: 16 << 20, maxEntries: 3)
        guard case .failure(let error) = read(android, few) else {
            Issue.record("read with more entries than allowed")
            return
        }
        #expect(error.description == "\(android): more than 3 entries: not a recording export (--zip-max-entries raises the limit)")
        guard case .success = read(android) else {
            Issue.record("the fixture is refused at the default limits")
            return
        }
    }

    /// Readings of one archive on several threads at once, some with limits it exceeds: each
    /// sees only its own mount (a process-wide table of mounts let a reading take another's,
    /// skipping its own entry limit, or lose the archive when the other ended: "android.zip/
    /// Pedometer.csv: cannot open: not a directory", now and then, in parallel test runs).
    @Test func concurrentReadingsOfOneArchiveDoNotShareItsMount() {
        let android = Fixtures.path("formats/sensor-logger/android.zip")
        let few = ZipLimits(maxRatio: 1000, allowanceBytes: 16 << 20, maxEntries: 3)
        let outcomes = Mutex<[(limited: Bool, succeeded: Bool)]>([])
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            let limited = index.isMultiple(of: 2)
            var options = IngestOptions()
            if limited { options.zipLimits = few }
            var sink = CollectingSink()
            let succeeded = (try? RecordingReader.read(android, options: options, into: &sink)) != nil
            outcomes.withLock { $0.append((limited, succeeded)) }
        }
        let all = outcomes.withLock { $0 }
        #expect(all.count == 24)
        #expect(all.allSatisfy { $0.succeeded != $0.limited }, "\(all)")
    }

    @Test func entriesAreStreamedAsTheFolderWouldBeRead() throws {
        // The same export zipped and as a folder: the same samples.
        var zipped = CollectingSink()
        var folder = CollectingSink()
        _ = try RecordingReader.read(Fixtures.path("formats/sensor-logger/android.zip"), into: &zipped)
        _ = try RecordingReader.read(Fixtures.path("formats/sensor-logger/android"), into: &folder)
        #expect(zipped.acceleration == folder.acceleration && !zipped.acceleration.isEmpty)
        #expect(zipped.steps[.device]?.count == folder.steps[.device]?.count)
        #expect(zipped.locations.count == folder.locations.count && zipped.pressures.count == folder.pressures.count)
    }
}
