import Foundation

/// The repository's bundled `Fixtures/` folder, found from this source file's path
/// (`Tests/PedometerIngestTests/Support/Fixtures.swift` → `Fixtures/`), so tests read the
/// checked-in files wherever the package is cloned.
enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures").path
    }()

    /// The absolute path of `relative` inside `Fixtures/`.
    static func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// `Fixtures/formats/expected.json` (written by `tools/make-format-fixtures`): the ground
    /// truth and generated counts of every format fixture, keyed by path inside `Fixtures/`.
    nonisolated(unsafe) static let expected: [String: Any] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: path("formats/expected.json")))
        let document = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return document["files"] as! [String: Any]
    }()

    /// The expected values of one fixture.
    static func expected(_ relative: String) -> Expected {
        Expected(values: expected[relative] as! [String: Any])
    }

    struct Expected: @unchecked Sendable {
        let values: [String: Any]

        func int(_ key: String) -> Int { (values[key] as! NSNumber).intValue }
        func double(_ key: String) -> Double { (values[key] as! NSNumber).doubleValue }
        func string(_ key: String) -> String { values[key] as! String }
        func has(_ key: String) -> Bool { values[key] != nil }
        func nested(_ key: String) -> Expected { Expected(values: values[key] as! [String: Any]) }
    }
}
