/// Metres of steps, those measured as walking and those measured as running apart: a GPS fit
/// on one rescales only the steps its model measured.
struct StepMetres: Sendable, Hashable {
    var walking = 0.0
    var running = 0.0

    static func + (left: StepMetres, right: StepMetres) -> StepMetres {
        StepMetres(walking: left.walking + right.walking, running: left.running + right.running)
    }

    static func += (total: inout StepMetres, step: StepMetres) {
        total = total + step
    }

    static func - (left: StepMetres, right: StepMetres) -> StepMetres {
        StepMetres(walking: left.walking - right.walking, running: left.running - right.running)
    }

    /// A share of these metres (part of a step).
    static func * (metres: StepMetres, share: Double) -> StepMetres {
        StepMetres(walking: metres.walking * share, running: metres.running * share)
    }

    /// The metres at these scales.
    func scaled(by scales: StrideScales) -> Double {
        scales.walking * walking + scales.running * running
    }
}
