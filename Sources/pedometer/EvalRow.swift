import PedometerCore
import PedometerReport
import PedometerIngest

/// One evaluated recording: our count, the plain baseline's and the device's against the
/// truth, and our distance against a measured one.
struct EvalRow: Sendable, Encodable {
    var recording: String
    /// The folder the recording is in: rows are summarised per folder.
    var folder: String
    var format: String
    /// Where the truth comes from: `manifest` (a truth manifest), `groundTruth` (the recording's
    /// own: foot switches, a label) or `device` (the phone's own count, when nothing better).
    var truthSource: String
    var truthSteps: Int
    var steps: Int
    var stepsSource: String
    /// (ours − truth) / truth × 100; `nil` when the truth is 0 (then `steps` are all false).
    var errorPercent: Double?
    /// ``BaselineStepCounter``'s count on the same acceleration, and its error.
    var baselineSteps: Int
    var baselineErrorPercent: Double?
    /// Whether our error is more than ``worseThanBaselineMargin`` points larger than the
    /// baseline's (for a zero truth: more than that many steps more).
    var worseThanBaseline: Bool
    /// The device's count when the truth is not the device's.
    var deviceSteps: Int?
    var deviceErrorPercent: Double?
    /// The foot-switch truth's count with presses that do not alternate feet corrected, and
    /// our error against it.
    var alternatingTruthSteps: Int?
    var alternatingErrorPercent: Double?
    /// Our steps paired with the true steps, when the truth lists each one's time (the
    /// manifest's `step_times`, or the recording's foot switches).
    var matching: EvalMatching?
    /// Our distance, metres, and how it was obtained.
    var distanceMeters: Double?
    var distanceMethod: String?
    /// The walker's height the stride model used, metres (the manifest's, else the default).
    var heightMeters: Double
    /// The measured distance (manifest), and our error against it.
    var truthDistanceMeters: Double?
    var distanceErrorPercent: Double?
    /// The part of the recording evaluated (the manifest's `from_s`, `to_s`), seconds from its
    /// start; both `nil`: all of it, `toSeconds` `nil`: to its end.
    var fromSeconds: Double?
    var toSeconds: Double?

    /// How the table names a recording: its path, and the part evaluated when the manifest
    /// limits it (`walk.csv [30–90 s]`), so that one recording's windows are told apart.
    static func label(_ path: String, window: ClosedRange<Double>?) -> String {
        guard let window else { return path }
        let to = window.upperBound.isFinite ? NumberText.fixed(window.upperBound, digits: 1) + " s" : "end"
        return "\(path) [\(NumberText.fixed(window.lowerBound, digits: 1))–\(to)]"
    }

    /// ``label(_:window:)`` of this row.
    var label: String {
        Self.label(recording, window: fromSeconds.map { $0...(toSeconds ?? .infinity) })
    }

    /// Points of error by which ours may exceed the baseline's before the row is flagged.
    static let worseThanBaselineMargin = 2.0

    /// `nil` when there is no truth (no manifest entry, no ground truth, no device count), or
    /// when the recording's steps are the device's own (a step log without acceleration:
    /// nothing to evaluate).
    init?(_ sink: EvalSink, info: RecordingInfo, folder: String, truth: TruthManifest.Entry?, tolerance: Double) {
        let pedometer = sink.pedometer
        guard pedometer.stepsSource == .acceleration else { return nil }
        // The part the truth covers: all of the recording unless the manifest limits it.
        let window = truth?.window ?? -Double.infinity...Double.infinity
        if truth?.window != nil {
            fromSeconds = window.lowerBound
            toSeconds = window.upperBound.isFinite ? window.upperBound : nil
        }
        let end = min(window.upperBound, pedometer.endDate)
        let references = pedometer.references(from: window.lowerBound, to: end)
        let ourSteps = pedometer.steps.filter(window.contains)
        recording = info.source
        self.folder = folder
        format = info.format.rawValue
        steps = ourSteps.count
        heightMeters = pedometer.configuration.height
        stepsSource = pedometer.stepsSource.rawValue
        baselineSteps = sink.baseline.stepTimes.filter(window.contains).count
        if let truth {
            truthSource = "manifest"
            truthSteps = truth.steps
            deviceSteps = references.deviceSteps
            truthDistanceMeters = truth.distance
        } else if let groundTruth = references.groundTruthSteps {
            truthSource = "groundTruth"
            truthSteps = groundTruth
            deviceSteps = references.deviceSteps
            alternatingTruthSteps = info.alternatingGroundTruthSteps
        } else if let device = references.deviceSteps {
            truthSource = "device"
            truthSteps = device
        } else {
            return nil
        }
        // The true steps' times: the manifest's, else the recording's own (foot switches).
        let trueTimes = truthSource == "device" ? nil : truth?.stepTimes ?? pedometer.groundTruthStepTimes?.filter(window.contains)
        if truthSteps > 0, let times = trueTimes, times.count == truthSteps {
            matching = EvalMatching(StepMatching(detected: ourSteps, truth: times, tolerance: tolerance))
        }
        errorPercent = Self.percent(steps, truthSteps)
        baselineErrorPercent = Self.percent(baselineSteps, truthSteps)
        if let ours = errorPercent, let baseline = baselineErrorPercent {
            worseThanBaseline = abs(ours) > abs(baseline) + Self.worseThanBaselineMargin
        } else {
            worseThanBaseline = Double(steps) > Double(baselineSteps) + Self.worseThanBaselineMargin
        }
        deviceErrorPercent = deviceSteps.flatMap { Self.percent($0, truthSteps) }
        alternatingErrorPercent = alternatingTruthSteps.flatMap { Self.percent(steps, $0) }
        let data = truth?.window == nil ? pedometer.snapshot() : pedometer.query(from: window.lowerBound, to: end)
        distanceMeters = data.distance.flatMap { $0.isFinite ? $0 : nil }
        distanceMethod = pedometer.distanceMethod?.rawValue
        if let measured = truthDistanceMeters, let ours = distanceMeters {
            distanceErrorPercent = (ours - measured) / measured * 100
        }
    }

    static func percent(_ value: Int, _ truth: Int) -> Double? {
        truth > 0 ? Double(value - truth) / Double(truth) * 100 : nil
    }
}
