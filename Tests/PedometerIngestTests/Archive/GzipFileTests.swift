import Foundation
import Testing
@testable import PedometerIngest

/// A gzipped recording (`walk.csv.gz`) is read in place like a zip entry: the same samples as
/// the file it holds, its members one after the other, and a damaged, truncated, oversized or
/// misnamed file refused with its name.
@Suite struct GzipFileTests {
    let files = TemporaryFiles()

    private var gzipped: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("formats/gzip/timestamp-ms.csv.gz"))) } }

    @Test func theFileItHoldsIsReadAsItself() throws {
        let (info, sink) = try readRecording(Fixtures.path("formats/gzip/timestamp-ms.csv.gz"))
        let (plainInfo, plain) = try readRecording(Fixtures.path("formats/generic/timestamp-ms.csv"))
        #expect(sink.acceleration == plain.acceleration)
        #expect(info.source == Fixtures.path("formats/gzip/timestamp-ms.csv.gz"))
        #expect(info.format == plainInfo.format && info.notes == plainInfo.notes && info.startDate == plainInfo.startDate)
        #expect(info.streams.first?.file == Fixtures.path("formats/gzip/timestamp-ms.csv.gz") + "/timestamp-ms.csv")
        // Found in a folder beside other recordings.
        let folder = files.path("logs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try gzipped.write(to: URL(fileURLWithPath: folder + "/a.csv.gz"))
        try Data("not a recording".utf8).write(to: URL(fileURLWithPath: folder + "/notes.gz"))
        #expect(RecordingDiscovery.recordings(in: [folder]) == [folder + "/a.csv.gz"])
    }

    @Test func membersAreReadOneAfterTheOther() throws {
        // `cat a.gz b.gz`: two logs joined (the second the first's walk with x mirrored); the
        // clock going back places the second after the first.
        let text = try String(contentsOfFile: Fixtures.path("formats/generic/timestamp-ms.csv"), encoding: .utf8)
        let mirrored = text.split(separator: "\n").map { line in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let x = Double(fields[1]) { fields[1] = String(-x) }
            return fields.joined(separator: ",")
        }
        let plain = files.write("b.csv", mirrored.joined(separator: "\n") + "\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", plain]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let path = files.path("joined.csv.gz")
        try (try gzipped + Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))).write(to: URL(fileURLWithPath: path))
        let (info, sink) = try readRecording(path)
        #expect(sink.acceleration.count == 4000)
        #expect(info.stream("acceleration")?.clockRestartCount == 1)
        // One log's members twice is the log written again: read once.
        try (try gzipped + gzipped).write(to: URL(fileURLWithPath: path))
        let (twiceInfo, twice) = try readRecording(path)
        #expect(twice.acceleration.count == 2000 && twiceInfo.stream("acceleration")?.resentRows == 2000)
    }

    @Test func damagedTruncatedOversizedOrMisnamedFilesAreRefused() throws {
        func failure(_ name: String, _ bytes: Data, _ options: IngestOptions = .init()) -> String? {
            let path = files.path(name)
            try? bytes.write(to: URL(fileURLWithPath: path))
            return readError(path, options)?.description.replacingOccurrences(of: files.path("") + "/", with: "")
        }
        let data = try gzipped
        #expect(failure("cut.csv.gz", data.prefix(data.count / 2)) == "cut.csv.gz/cut.csv: corrupt gzip file: its deflated data ends early")
        var flipped = data
        flipped[data.count / 2] ^= 0xFF
        #expect(failure("flipped.csv.gz", flipped)?.hasPrefix("flipped.csv.gz/flipped.csv: corrupt gzip file") == true)
        var badCRC = data
        badCRC[data.count - 8] ^= 0xFF  // the trailer's CRC-32
        #expect(failure("crc.csv.gz", badCRC) == "crc.csv.gz/crc.csv: corrupt gzip file: its deflated data is damaged")
        #expect(failure("plain.csv.gz", Data("time,x,y,z\n0,0,0,9.8\n".utf8)) == "plain.csv.gz: not a gzip file (no gzip header), though named .gz")
        var tight = IngestOptions()
        tight.zipLimits = ZipLimits(maxRatio: 2, allowanceBytes: 1 << 10, maxEntries: 10)
        #expect(failure("ratio.csv.gz", data, tight)?.contains("looks like a zip bomb") == true)
    }
}
