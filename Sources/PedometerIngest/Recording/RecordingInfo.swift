/// What reading a recording found: its format and why, its streams and their sampling,
/// what was inferred, and the rows that were skipped.
public struct RecordingInfo: Sendable, Hashable {
    /// The path given for the recording (a file, a folder or a zip).
    public var source: String
    public var format: RecordingFormat
    /// Why this format was chosen.
    public var detectionReason: String
    /// Absolute time of the recording's start (time 0), seconds since 1970, when known.
    public var startDate: Double?
    /// The device or app, when the export says.
    public var device: String?
    public var streams: [StreamInfo] = []
    /// Units and layouts that were inferred rather than read, and other remarks.
    public var notes: [String] = []
    /// Rows that could not be used.
    public var skipped = SkippedRows()
    /// For a foot-switch ground truth, its step count with the presses that do not alternate
    /// feet corrected (doubled presses dropped, unrecorded ones added; see the notes).
    public var alternatingGroundTruthSteps: Int?

    public init(source: String, format: RecordingFormat, detectionReason: String) {
        self.source = source
        self.format = format
        self.detectionReason = detectionReason
    }

    /// Seconds from time 0 to the last sample of any stream.
    public var duration: Double {
        streams.compactMap(\.lastTime).max() ?? 0
    }

    /// The stream of a kind (`acceleration`, `steps`, `location`, `pressure`), if present.
    public func stream(_ name: String) -> StreamInfo? {
        streams.first { $0.stream == name }
    }
}

/// Rows left out of a recording, counted by reason, with the first few locations.
///
/// Reasons that differ only in the value they quote (`z acceleration is not a finite number:
/// '1.194,5'`, `… '1.199,1'`) are one reason, shown with its first value as an example
/// (`… number: e.g. '1.194,5'`): until 2026-11-27 each value was a reason of its own, and a
/// file whose every bounce was written `1.032,9` had a warning of 65,000 characters.
public struct SkippedRows: Sendable, Hashable {
    /// How many rows were skipped in all.
    public private(set) var count = 0
    /// The first skipped rows, located (at most ``exampleLimit``).
    public private(set) var examples: [IngestError] = []
    public static let exampleLimit = 10

    /// A reason, by its text with the values it quotes masked.
    private struct Kind: Sendable, Hashable {
        var count = 0
        /// The first reason of the kind, as written.
        var first: String
        /// Whether its rows quoted other values than the first's.
        var varied = false

        /// The reason as shown: the first, its first quoted value given as an example when
        /// the rows quoted several.
        var shown: String {
            guard varied, let open = SkippedRows.quotedValues(first).first?.lowerBound else { return first }
            return first[..<open] + "e.g. " + first[open...]
        }
    }
    private var kinds: [String: Kind] = [:]

    public init() {}

    /// Skips per reason.
    public var byReason: [String: Int] {
        Dictionary(kinds.values.map { ($0.shown, $0.count) }, uniquingKeysWith: +)
    }

    /// The reasons with their counts, the most frequent first (ties in the reasons' order), so
    /// that every report lists them alike from run to run.
    public var reasonsByFrequency: [(reason: String, count: Int)] {
        byReason.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    mutating func record(_ error: IngestError) {
        count += 1
        let key = Self.masked(error.reason)
        var kind = kinds[key] ?? Kind(first: error.reason)
        kind.count += 1
        if error.reason != kind.first { kind.varied = true }
        kinds[key] = kind
        if examples.count < Self.exampleLimit { examples.append(error) }
    }

    /// `reason` with each value it quotes (`'…'`) blanked.
    private static func masked(_ reason: String) -> String {
        var result = reason
        for range in quotedValues(reason).reversed() { result.replaceSubrange(range, with: "''") }
        return result
    }

    /// The values `reason` quotes, quotes included: from a `'` after a space, a colon or a
    /// bracket (not an apostrophe, `header's`) to the next `'` followed by the end, a space or
    /// punctuation (not one inside the value: `'1'032.9'`, a Swiss thousands mark).
    private static func quotedValues(_ reason: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var index = reason.startIndex
        while index < reason.endIndex {
            let opens = reason[index] == "'" && (index == reason.startIndex || " :(".contains(reason[reason.index(before: index)]))
            guard opens else {
                index = reason.index(after: index)
                continue
            }
            var close = reason.index(after: index)
            while close < reason.endIndex {
                let next = reason.index(after: close)
                if reason[close] == "'" && (next == reason.endIndex || !(reason[next].isLetter || reason[next].isNumber)) { break }
                close = next
            }
            guard close < reason.endIndex else { break }
            let end = reason.index(after: close)
            ranges.append(index..<end)
            index = end
        }
        return ranges
    }
}
