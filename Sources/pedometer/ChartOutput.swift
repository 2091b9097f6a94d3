import Foundation
import PedometerCore
import PedometerReport

/// Writes the SVG chart of a processed recording (`summarize --chart DIR`).
enum ChartOutput {
    /// The chart of the recording at `source`: `<directory>/<RecordingFileName.stem(for: source)>.svg`.
    static func path(for source: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent(RecordingFileName.stem(for: source) + fileExtension)
    }

    /// The charts' file extension.
    static let fileExtension = ".svg"

    /// Writes the chart at ``path(for:in:)`` atomically (a temporary file in the same
    /// directory, then a rename over any previous chart: ``AtomicFile``), creating the
    /// directory when needed. Returns the chart's path.
    @discardableResult
    static func write(
        _ processed: SummaryBuilder.Processed, to directory: String, units: UnitSystem, splits: SplitLength?
    ) throws(AtomicFile.WriteError) -> String {
        let info = processed.info
        var title = RecordingFileName.displayName(info.source)
        if let start = info.startDate, start.isFinite { title += " · " + DateText.iso(start) }
        let data = ChartData(pedometer: processed.pedometer, title: title, units: units, splits: splits)
        let path = Self.path(for: info.source, in: directory)
        try AtomicFile.write(SVGChart.render(data), to: path)
        return path
    }
}
