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
public struct SkippedRows: Sendable, Hashable {
    /// How many rows were skipped in all.
    public private(set) var count = 0
    /// Skips per reason.
    public private(set) var byReason: [String: Int] = [:]
    /// The first skipped rows, located (at most ``exampleLimit``).
    public private(set) var examples: [IngestError] = []
    public static let exampleLimit = 10

    public init() {}

    /// The reasons with their counts, the most frequent first (ties in the reasons' order), so
    /// that every report lists them alike from run to run.
    public var reasonsByFrequency: [(reason: String, count: Int)] {
        byReason.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    mutating func record(_ error: IngestError) {
        count += 1
        byReason[error.reason, default: 0] += 1
        if examples.count < Self.exampleLimit { examples.append(error) }
    }
}
