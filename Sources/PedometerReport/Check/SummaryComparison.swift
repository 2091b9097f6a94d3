import Foundation

/// Compares an expected summary (a recording's `NAME.expected.json`) with the current one, key
/// by key, as `pedometer check` does.
///
/// - Counts (``integerKeys``: steps, floors, reference and ground-truth steps, interval and
///   split counts and numbers, a failing recording's exit status) and strings (format, distance method, steps source, source,
///   each warning) must be equal.
/// - Other numbers are floats and may differ by the ``Tolerance``: the same inputs give
///   bit-identical results on one machine, so the tolerance only absorbs floating-point
///   differences between CPUs, compilers and maths libraries.
/// - A key present on one side only, `null` against a value, a value of another type, or an
///   array of another length is a difference.
///
/// Differences come in key order, nested keys as paths (`intervals.items[2].steps`).
public struct SummaryComparison: Sendable, Hashable {
    /// How far a float may be from its expected value: the larger of a relative and an
    /// absolute bound.
    public struct Tolerance: Sendable, Hashable {
        /// A fraction of the expected value's magnitude.
        public var relative: Double
        /// Absolute, for values at or near zero.
        public var absolute: Double

        public init(relative: Double, absolute: Double) {
            self.relative = relative
            self.absolute = absolute
        }

        /// `pedometer check`'s defaults: relative 1e-6, absolute 1e-9.
        public static let standard = Tolerance(relative: 1e-6, absolute: 1e-9)
        /// No difference allowed (what `--record` reports as a change).
        public static let exact = Tolerance(relative: 0, absolute: 0)

        /// The largest difference allowed from `expected`.
        public func allowance(for expected: Double) -> Double {
            max(relative * abs(expected), absolute)
        }

        /// Whether `actual` is within the tolerance of `expected`.
        public func accepts(expected: Double, actual: Double) -> Bool {
            if expected == actual { return true }
            guard expected.isFinite && actual.isFinite else { return false }
            return abs(actual - expected) <= allowance(for: expected)
        }
    }

    /// One key whose values differ.
    public struct Difference: Sendable, Hashable, CustomStringConvertible {
        /// The key's path: `steps`, `warnings[1]`, `intervals.items[2].steps`.
        public var path: String
        /// The expected value; `nil` when the expected summary lacks the key.
        public var expected: JSONValue?
        /// The current value; `nil` when the current summary lacks the key.
        public var actual: JSONValue?
        /// For floats out of tolerance, by how much and what was allowed.
        public var note: String?

        public init(path: String, expected: JSONValue?, actual: JSONValue?, note: String? = nil) {
            self.path = path
            self.expected = expected
            self.actual = actual
            self.note = note
        }

        /// `steps: expected 261, got 259`; a missing key shows as `(no key)`, a missing array
        /// item as `(no item)`.
        public var description: String {
            var text = "\(path): expected \(Self.text(expected, path: path)), got \(Self.text(actual, path: path))"
            if let note { text += " (\(note))" }
            return text
        }

        /// `steps: 261 → 259`, as `--record` reports a change to an expected file.
        public var change: String {
            "\(path): \(Self.text(expected, path: path)) → \(Self.text(actual, path: path))"
        }

        /// A value as it appears in a diff line: numbers as written in the file, strings
        /// quoted, arrays and objects as compact JSON (shortened past 100 characters).
        public static func text(_ value: JSONValue?, path: String) -> String {
            guard let value else { return path.hasSuffix("]") ? "(no item)" : "(no key)" }
            switch value {
            case .number(let number): return SummaryComparison.numberText(number)
            case .array, .object:
                let json = value.text()
                return json.count > 100 ? String(json.prefix(99)) + "…" : json
            default: return value.text()
            }
        }
    }

    /// Keys whose numbers are integers (counts, and `exitStatus`, the status an expected file
    /// records for a recording that must fail), compared exactly wherever they appear.
    public static let integerKeys: Set<String> = [
        "steps", "floorsAscended", "floorsDescended", "referenceSteps", "groundTruthSteps", "count", "number", "exitStatus",
    ]

    public var tolerance: Tolerance

    public init(tolerance: Tolerance = .standard) {
        self.tolerance = tolerance
    }

    /// Every difference between `expected` and `actual`, in key order.
    public func differences(expected: JSONValue, actual: JSONValue) -> [Difference] {
        var result: [Difference] = []
        compare(expected, actual, path: "", key: nil, into: &result)
        return result
    }

    private func compare(_ expected: JSONValue, _ actual: JSONValue, path: String, key: String?, into result: inout [Difference]) {
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            for name in Set(left.keys).union(right.keys).sorted() {
                let child = path.isEmpty ? name : path + "." + name
                switch (left[name], right[name]) {
                case (let l?, let r?): compare(l, r, path: child, key: name, into: &result)
                case (let l, let r): result.append(Difference(path: child, expected: l, actual: r))
                }
            }
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                let child = "\(path)[\(index)]"
                if index < left.count && index < right.count {
                    compare(left[index], right[index], path: child, key: key, into: &result)
                } else {
                    result.append(Difference(
                        path: child, expected: index < left.count ? left[index] : nil,
                        actual: index < right.count ? right[index] : nil))
                }
            }
        case (.number(let left), .number(let right)):
            if let key, Self.integerKeys.contains(key) {
                if left != right { result.append(Difference(path: path, expected: expected, actual: actual)) }
            } else if !tolerance.accepts(expected: left, actual: right) {
                let note = tolerance == .exact ? nil
                    : "off by \(Self.shortText(abs(right - left))), tolerance \(Self.shortText(tolerance.allowance(for: left)))"
                result.append(Difference(path: path, expected: expected, actual: actual, note: note))
            }
        default:
            if expected != actual { result.append(Difference(path: path, expected: expected, actual: actual)) }
        }
    }

    /// A number as JSON writes it: whole numbers without a fraction, others in the shortest
    /// form that reads back to the same value.
    static func numberText(_ value: Double) -> String {
        if let whole = JSONValue.wholeNumber(value) { return String(whole) }
        return "\(value)"
    }

    /// Three significant digits, for the size of a difference and of the tolerance.
    static func shortText(_ value: Double) -> String {
        String(format: "%.3g", value)
    }
}
