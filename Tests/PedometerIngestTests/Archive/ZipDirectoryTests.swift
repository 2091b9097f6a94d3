import Foundation
import Testing
import TestSupport
@testable import PedometerIngest

/// The zip reader on archives built byte by byte (stored entries, ZIP64 records, a comment, a
/// wrong CRC, an encrypted flag) and on thousands of damaged copies of a real export: it reads
/// what is readable and reports, never traps on, the rest.
@Suite struct ZipDirectoryTests {
    let files = TemporaryFiles()

    /// A Sensor Logger acceleration table of `rows` rows at 100 Hz (about 45 bytes a row).
    private static func table(rows: Int) -> [UInt8] {
        var text = "time,seconds_elapsed,z,y,x\n"
        for index in 0..<rows {
            let seconds = Double(index) / 100
            text += "\(1_700_000_000_000_000_000 + index * 10_000_000),\(seconds),\(9.81 + sin(seconds * 11)),\(index % 5),0.25\n"
        }
        return Array(text.utf8)
    }

    private func read(_ path: String) -> Result<CollectingSink, IngestError> {
        var sink = CollectingSink()
        do throws(IngestError) {
            _ = try RecordingReader.read(path, into: &sink)
            return .success(sink)
        } catch {
            return .failure(error)
        }
    }

    @Test func storedEntriesWithZip64RecordsReadAsTheirFolder() throws {
        // 1.6 MB: more than the inflating ring holds, so its slots are reused.
        let table = Self.table(rows: 36_000)
        let folder = files.write("plain/TotalAcceleration.csv", table)
        for zip64 in [false, true] {
            let archive = HandBuiltZip(entries: [.init(name: "rec/TotalAcceleration.csv", data: table)], zip64: zip64, comment: "exported")
            let path = files.write("rec-\(zip64).zip", archive.bytes)
            guard case .success(let zipped) = read(path), case .success(let plain) = read((folder as NSString).deletingLastPathComponent) else {
                Issue.record("zip64 \(zip64): \(read(path))")
                continue
            }
            #expect(zipped.acceleration.count == 36_000)
            #expect(zipped.acceleration == plain.acceleration)
        }
    }

    /// The error reading an archive of `entry` alone gives, with the archive's path as `ZIP`.
    private func refusal(_ entry: HandBuiltZip.Entry) -> String? {
        let path = files.write("one-entry.zip", HandBuiltZip(entries: [entry]).bytes)
        guard case .failure(let error) = read(path) else { return nil }
        return error.description.replacingOccurrences(of: path, with: "ZIP")
    }

    private static var entry: HandBuiltZip.Entry { .init(name: "TotalAcceleration.csv", data: table(rows: 50)) }

    @Test func aWrongChecksumIsReportedWithTheEntry() {
        var entry = Self.entry
        entry.crc ^= 1
        #expect(refusal(entry) == "ZIP: corrupt zip archive: TotalAcceleration.csv fails its CRC-32 check")
    }

    @Test func anEncryptedEntryIsRefusedAndNamed() {
        var entry = Self.entry
        entry.flags = 1
        #expect(refusal(entry) == "ZIP/TotalAcceleration.csv: cannot read: the entry is encrypted")
    }

    @Test func anEntryPastTheArchivesEndIsReported() {
        var entry = Self.entry
        entry.declaredCompressedSize = 1 << 30
        #expect(refusal(entry) == "ZIP/TotalAcceleration.csv: corrupt zip entry: its data lies beyond the archive's end (truncated?)")
    }

    @Test func damagedCopiesOfARealExportAreReadOrReportedNeverTrap() throws {
        // Bytes changed anywhere (half of them in the directory at the end), or the file cut:
        // every outcome is a summary or an error naming the archive or one of its entries.
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("formats/sensor-logger/android.zip"))))
        var random = SplitMix64(seed: 27)
        var outcomes = (read: 0, refused: 0)
        for trial in 0..<300 {
            var bytes = original
            if trial % 10 == 9 {
                bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            } else {
                let directoryStart = bytes.count - 700
                for _ in 0..<(1 + random.next() % 4) {
                    let index = trial % 2 == 0
                        ? directoryStart + Int(random.next() % 700) : Int(random.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            let path = files.write("damaged.zip", bytes)
            switch read(path) {
            case .success: outcomes.read += 1
            case .failure(let error):
                outcomes.refused += 1
                #expect(error.location.file.hasPrefix(path), "\(error)")
            }
        }
        print("ZipDirectoryTests: 300 damaged archives, \(outcomes.read) read, \(outcomes.refused) refused")
        #expect(outcomes.refused > 100)
    }
}

/// A zip archive written field by field as PKWARE's APPNOTE lays it out, with stored entries,
/// so that tests can give it what an archiver would not: ZIP64 records on a small archive, a
/// wrong checksum, a flag, a size.
struct HandBuiltZip {
    struct Entry {
        var name: String
        var data: [UInt8]
        var crc: UInt32
        var flags: UInt16 = 0
        /// The compressed size the headers declare (the data's own when nil).
        var declaredCompressedSize: UInt64?

        init(name: String, data: [UInt8]) {
            self.name = name
            self.data = data
            crc = Self.crc32(data)
        }

        /// CRC-32 (IEEE, reflected), bit by bit: test data is small.
        static func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
    }

    var entries: [Entry]
    /// Sizes and offsets in ZIP64 extra fields and end records, as an archiver writes them for
    /// archives beyond 4 GB.
    var zip64 = false
    var comment = ""

    var bytes: [UInt8] {
        var out: [UInt8] = []
        func put(_ value: UInt64, _ width: Int) { for index in 0..<width { out.append(UInt8(truncatingIfNeeded: value >> (8 * index))) } }
        var offsets: [UInt64] = []
        for entry in entries {
            offsets.append(UInt64(out.count))
            let size = UInt64(entry.data.count)
            let compressed = entry.declaredCompressedSize ?? size
            put(0x0403_4b50, 4); put(zip64 ? 45 : 20, 2); put(UInt64(entry.flags), 2); put(0, 2); put(0, 4)
            put(UInt64(entry.crc), 4)
            put(zip64 ? 0xFFFF_FFFF : compressed, 4); put(zip64 ? 0xFFFF_FFFF : size, 4)
            put(UInt64(entry.name.utf8.count), 2); put(zip64 ? 20 : 0, 2)
            out += Array(entry.name.utf8)
            if zip64 { put(1, 2); put(16, 2); put(size, 8); put(compressed, 8) }
            out += entry.data
        }
        let directoryStart = UInt64(out.count)
        for (entry, offset) in zip(entries, offsets) {
            let size = UInt64(entry.data.count)
            let compressed = entry.declaredCompressedSize ?? size
            put(0x0201_4b50, 4); put(0x031E, 2); put(zip64 ? 45 : 20, 2); put(UInt64(entry.flags), 2); put(0, 2); put(0, 4)
            put(UInt64(entry.crc), 4)
            put(zip64 ? 0xFFFF_FFFF : compressed, 4); put(zip64 ? 0xFFFF_FFFF : size, 4)
            put(UInt64(entry.name.utf8.count), 2); put(zip64 ? 28 : 0, 2); put(0, 2); put(0, 2); put(0, 2)
            put(0o100644 << 16, 4); put(zip64 ? 0xFFFF_FFFF : offset, 4)
            out += Array(entry.name.utf8)
            if zip64 { put(1, 2); put(24, 2); put(size, 8); put(compressed, 8); put(offset, 8) }
        }
        let directorySize = UInt64(out.count) - directoryStart
        let count = UInt64(entries.count)
        if zip64 {
            let recordStart = UInt64(out.count)
            put(0x0606_4b50, 4); put(44, 8); put(45, 2); put(45, 2); put(0, 4); put(0, 4)
            put(count, 8); put(count, 8); put(directorySize, 8); put(directoryStart, 8)
            put(0x0706_4b50, 4); put(0, 4); put(recordStart, 8); put(1, 4)
        }
        put(0x0605_4b50, 4); put(0, 2); put(0, 2)
        put(zip64 ? 0xFFFF : count, 2); put(zip64 ? 0xFFFF : count, 2)
        put(zip64 ? 0xFFFF_FFFF : directorySize, 4); put(zip64 ? 0xFFFF_FFFF : directoryStart, 4)
        put(UInt64(comment.utf8.count), 2)
        out += Array(comment.utf8)
        return out
    }
}
