import RealModule

/// Fits the stride model's scale to GPS distance on steady walking (or running), so that
/// distance from steps matches the ground covered.
///
/// Only fixes with a horizontal accuracy of ``maximumAccuracy`` metres or better are used,
/// taken at least ``spacingSeconds`` apart (point-to-point sums of 1 Hz fixes add up their
/// jitter), and only between fixes whose every second in between is of the one activity. The
/// fit needs ``minimumDistance`` metres of it; its scale must lie in 0.5–2.
public struct GPSCalibration: Sendable, Hashable {
    public var maximumAccuracy = 10.0
    public var spacingSeconds = 10.0
    public var minimumDistance = 100.0
    /// A gap longer than this between good fixes ends a segment, seconds.
    public var maximumGap = 15.0

    public init() {}

    /// The fit: the scale, and the GPS distance and time it rests on.
    public struct Fit: Sendable, Hashable, Codable {
        public var scale: Double
        public var gpsDistance: Double
        public var modelDistance: Double
        public var seconds: Double
    }

    /// Great-circle distance in metres between two WGS84 points (haversine, mean Earth radius).
    public static func distance(_ a: LocationSample, _ b: LocationSample) -> Double {
        let radius = 6_371_008.8
        let toRadians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * toRadians
        let dLon = (b.longitude - a.longitude) * toRadians
        let h = Double.pow(Double.sin(dLat / 2), 2)
            + Double.cos(a.latitude * toRadians) * Double.cos(b.latitude * toRadians) * Double.pow(Double.sin(dLon / 2), 2)
        return 2 * radius * Double.asin(min(1, h.squareRoot()))
    }

    /// Fits the scale, or `nil` when there is not enough good GPS on steady `activity`.
    /// - Parameters:
    ///   - modelDistance: the model's distance (scale 1) between two times.
    ///   - activities: the activity of each second of the recording.
    ///   - activity: the activity whose seconds the fit rests on.
    public func fit(
        fixes: [LocationSample], activities: [Activity], of activity: Activity = .walking,
        modelDistance: (Double, Double) -> Double
    ) -> Fit? {
        try? outcome(fixes: fixes, activities: activities, of: activity, modelDistance: modelDistance).get()
    }

    /// Why fixes gave no fit, in words for the user.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// No fix as accurate as ``maximumAccuracy``.
        case noAccurateFix(maximumAccuracy: Double)
        /// Fewer metres of accurate fixes over steady walking (or running) than ``minimumDistance``.
        case tooLittle(metres: Double, minimumDistance: Double, activity: Activity)
        /// A scale outside 0.5–2: the fixes and the steps disagree too much to trust either.
        case implausibleScale(Double)

        public var description: String {
            switch self {
            case .noAccurateFix(let accuracy):
                return "GPS fixes not used to calibrate the stride: none with an accuracy of \(Int(accuracy)) m or better"
            case .tooLittle(let metres, let minimum, let activity):
                return "GPS fixes not used to calibrate the stride: \(Int(metres.rounded())) m of accurate fixes over steady \(activity.rawValue), fewer than \(Int(minimum))"
            case .implausibleScale(let scale):
                let percent = Int((scale * 100).rounded())
                return "GPS fixes not used to calibrate the stride: their distance is \(percent) % of the steps', outside 50–200 %"
            }
        }
    }

    /// The fit, or why there is none (``fit(fixes:activities:of:modelDistance:)``).
    public func outcome(
        fixes: [LocationSample], activities: [Activity], of activity: Activity = .walking,
        modelDistance: (Double, Double) -> Double
    ) -> Result<Fit, Refusal> {
        let good = fixes.filter { ($0.horizontalAccuracy ?? .infinity) <= maximumAccuracy }
        guard !good.isEmpty else { return .failure(.noAccurateFix(maximumAccuracy: maximumAccuracy)) }
        var gps = 0.0
        var model = 0.0
        var seconds = 0.0
        var anchor: LocationSample?
        for fix in good {
            guard let start = anchor else {
                anchor = fix
                continue
            }
            let elapsed = fix.time - start.time
            if elapsed > maximumGap + spacingSeconds || !all(activities, are: activity, from: start.time, to: fix.time) {
                anchor = fix
                continue
            }
            guard elapsed >= spacingSeconds else { continue }
            gps += Self.distance(start, fix)
            model += modelDistance(start.time, fix.time)
            seconds += elapsed
            anchor = fix
        }
        guard gps >= minimumDistance, model > 0 else {
            return .failure(.tooLittle(metres: gps, minimumDistance: minimumDistance, activity: activity))
        }
        let scale = gps / model
        guard (0.5...2).contains(scale) else { return .failure(.implausibleScale(scale)) }
        return .success(Fit(scale: scale, gpsDistance: gps, modelDistance: model, seconds: seconds))
    }

    private func all(_ activities: [Activity], are activity: Activity, from start: Double, to end: Double) -> Bool {
        let first = max(Int(start), 0)
        let last = min(Int(end), activities.count - 1)
        guard first <= last else { return false }
        return activities[first...last].allSatisfy { $0 == activity }
    }
}
