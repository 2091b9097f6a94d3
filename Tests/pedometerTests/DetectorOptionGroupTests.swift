import Testing
import PedometerCore
@testable import pedometer

/// `--detector NAME=VALUE` reaches every parameter of the step detector, and only those.
@Suite struct DetectorOptionGroupTests {
    /// The detector's parameters by name, as `StepDetector.Configuration` declares them.
    private static func declared(_ configuration: StepDetector.Configuration) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: configuration).children.compactMap { child in
            guard let name = child.label, let value = child.value as? Double else { return nil }
            return (name, value)
        })
    }

    @Test func everyParameterCanBeSet() {
        let defaults = Self.declared(StepDetector.Configuration())
        #expect(Set(DetectorOptionGroup.parameters.keys) == Set(defaults.keys))
    }

    @Test func eachNameSetsItsOwnParameter() throws {
        let defaults = Self.declared(StepDetector.Configuration())
        for name in DetectorOptionGroup.parameters.keys.sorted() {
            let value = (defaults[name] ?? 0) + 0.125
            let group = try DetectorOptionGroup.parse(["--detector", "\(name)=\(value)"])
            let changed = Self.declared(try group.configuration()).filter { defaults[$0.key] != $0.value }
            #expect(changed == [name: value], "--detector \(name)=\(value) changed \(changed)")
        }
    }

    @Test func unknownNamesAndNonNumbersAreRefused() {
        for assignment in ["noSuchParameter=1", "relativePeak=high", "relativePeak", "relativePeak=nan"] {
            #expect(throws: (any Error).self, "--detector \(assignment)") {
                try DetectorOptionGroup.parse(["--detector", assignment]).configuration()
            }
        }
    }
}
