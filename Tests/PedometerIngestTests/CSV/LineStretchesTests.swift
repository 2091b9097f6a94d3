import Foundation
import Testing
@testable import PedometerIngest

/// `LineStretches`: every data line falls in exactly one stretch, each stretch starts on a line
/// start, and lines are numbered from 1 in each, whatever the stretch size.
@Suite struct LineStretchesTests {
    /// The records of every stretch, in order, with the line each starts on in its stretch.
    private static func stretchRecords(_ path: String, stretchBytes: Int) throws -> [[(line: Int, text: String)]] {
        let reader = try CSVReader(path: path)
        _ = try reader.next()  // header
        let stretches = LineStretches(after: reader, path: path, stretchBytes: stretchBytes)
        return try (0..<stretches.count).map { index in
            let stretch = try #require(stretches.reader(index))
            var records: [(Int, String)] = []
            while try stretch.next() { records.append((stretch.line, stretch.strings().joined(separator: ","))) }
            return records
        }
    }

    @Test func everyLineFallsInExactlyOneStretch() throws {
        let files = TemporaryFiles()
        let lines = (0..<60).map { row in "\(row)," + String(repeating: "7", count: row % 11) + ",\(row * row)" }
        let path = files.write("lines.csv", (["t,a,b"] + lines).joined(separator: "\n") + "\n")
        for stretchBytes in [1, 2, 5, 13, 64, 100, 1000, 100_000] {
            let stretches = try Self.stretchRecords(path, stretchBytes: stretchBytes)
            #expect(stretches.flatMap { $0.map(\.text) } == lines, "\(stretchBytes)-byte stretches")
            // Lines count from 1 in each stretch, one record a line.
            for stretch in stretches {
                #expect(stretch.map(\.line) == stretch.indices.map { $0 + 1 })
            }
        }
    }

    @Test func aLineLongerThanTheLimitAtABorderCannotBeSplit() throws {
        let files = TemporaryFiles()
        let long = String(repeating: "9", count: 6 << 20)
        let path = files.write("long.csv", "t,a\n0,1\n" + long + "\n1,2\n")
        let reader = try CSVReader(path: path)
        _ = try reader.next()
        let stretches = LineStretches(after: reader, path: path, stretchBytes: 1 << 20)
        // The border between the first two stretches lies more than 4 MiB before the long
        // line's end: neither can be read on its own.
        #expect(stretches.reader(0) == nil)
        #expect(stretches.reader(1) == nil)
        // The last stretch starts after the long line.
        let last = try #require(stretches.reader(stretches.count - 1))
        #expect(try last.next())
        #expect(last.strings() == ["1", "2"])
    }
}
