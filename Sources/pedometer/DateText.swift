import Foundation

/// Absolute times as the CLI prints them.
enum DateText {
    /// ISO 8601 in UTC with milliseconds, e.g. `2024-05-01T07:30:12.250Z`.
    static func iso(_ epochSeconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: epochSeconds))
    }
}
