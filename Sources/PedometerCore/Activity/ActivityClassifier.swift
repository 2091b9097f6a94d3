/// Classifies each second of a recording from its step times and the strength of its impacts.
///
/// A second is active when a step falls within ``stepWindow`` seconds of it (so the pauses
/// between steps of a slow walk stay active, and standing still for longer does not).
/// An active second is running when the local cadence is at least ``runningCadence`` steps/s
/// (140 steps/min) and the acceleration's RMS deviation from 1 g reaches ``runningImpact``
/// m/s^2, or the cadence alone exceeds ``sprintCadence`` (160 steps/min, which walking
/// cannot reach).
public struct ActivityClassifier: Sendable, Hashable {
    public var stepWindow = 1.5
    public var runningCadence = 140.0 / 60
    public var runningImpact = 4.0
    public var sprintCadence = 160.0 / 60
    /// Seconds around a second over which its cadence is measured.
    public var cadenceWindow = 4.0

    public init() {}

    /// Whether steps at `cadence` steps/s with impacts of `impact` (RMS of |a| − 1 g, m/s^2;
    /// `nil` when unknown, taken as strong) are running: from ``runningCadence`` with strong
    /// impacts, or from ``sprintCadence`` whatever they are.
    public func isRunning(cadence: Double, impact: Double?) -> Bool {
        cadence >= sprintCadence || (cadence >= runningCadence && (impact.map { $0 >= runningImpact } ?? true))
    }

    /// One activity per whole second from 0 to `duration`, given sorted step times and, per
    /// second, the RMS of |a| − 1 g (nil where unknown).
    public func classify(steps: [Double], duration: Double, impact: [Double?]) -> [Activity] {
        let seconds = max(Int(duration.rounded(.up)), 0)
        var result = [Activity](repeating: .stationary, count: seconds)
        guard !steps.isEmpty else { return result }
        var low = 0
        for second in 0..<seconds {
            let center = Double(second) + 0.5
            // Steps within the cadence window around this second.
            while low < steps.count && steps[low] < center - cadenceWindow / 2 { low += 1 }
            var high = low
            var nearest = Double.infinity
            while high < steps.count && steps[high] <= center + cadenceWindow / 2 {
                nearest = min(nearest, abs(steps[high] - center))
                high += 1
            }
            if low > 0 { nearest = min(nearest, abs(steps[low - 1] - center)) }
            if high < steps.count { nearest = min(nearest, abs(steps[high] - center)) }
            guard nearest <= stepWindow + 0.5 else { continue }
            let inWindow = high - low
            let cadence = inWindow >= 2 ? Double(inWindow - 1) / (steps[high - 1] - steps[low]) : 0
            if isRunning(cadence: cadence, impact: second < impact.count ? impact[second] : nil) {
                result[second] = .running
            } else {
                result[second] = .walking
            }
        }
        return result
    }
}
