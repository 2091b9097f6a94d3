/// The presses of two foot switches (a ground truth), checked against the one thing every walk
/// does: it alternates feet.
///
/// A press by the foot that pressed last, with no press of the other foot between, is no
/// ordinary step. Sooner than the median interval between presses, it is a switch bouncing or
/// a foot set down twice: the truth counts a step too many. About a stride after the previous
/// press (1.5 to 2.5 median intervals), the other foot's press between was not recorded: the
/// truth counts a step too few. ``Check/alternatingCount`` corrects both.
struct FootSwitchPresses: Sendable {
    private struct Press: Sendable {
        var time: Double
        /// 0 or 1; `nil` when both feet went down at once.
        var foot: Int?
    }

    private var presses: [Press] = []

    /// Records the presses at `time`: `first` and `second` say which feet went down.
    mutating func add(time: Double, first: Bool, second: Bool) {
        switch (first, second) {
        case (true, true): presses += [Press(time: time, foot: nil), Press(time: time, foot: nil)]
        case (true, false): presses.append(Press(time: time, foot: 0))
        case (false, true): presses.append(Press(time: time, foot: 1))
        case (false, false): break
        }
    }

    /// All presses so far: the truth's step count.
    var count: Int { presses.count }

    /// What the alternation check finds.
    struct Check: Sendable, Hashable {
        /// All presses: the truth's step count.
        var presses = 0
        /// Repeated presses sooner than the median interval: not steps.
        var doubled = 0
        /// Repeated presses a stride after the previous one: a step is missing before each.
        var afterMissing = 0
        /// Repeated presses at other intervals (a pause, a turn): left as they are.
        var otherRepeats = 0

        /// The step count with doubled presses dropped and missing ones added.
        var alternatingCount: Int { presses - doubled + afterMissing }

        /// The finding, for a recording's notes; `nil` when every press alternates.
        var note: String? {
            let repeated = doubled + afterMissing + otherRepeats
            guard repeated > 0 else { return nil }
            var parts: [String] = []
            if doubled > 0 {
                parts.append("\(doubled) sooner than the median interval between presses (a switch bouncing or a foot set down twice: not steps)")
            }
            if afterMissing > 0 {
                parts.append("\(afterMissing) a stride later (1.5–2.5 median intervals: the other foot's press between was not recorded)")
            }
            if otherRepeats > 0 { parts.append("\(otherRepeats) at other intervals (left as they are)") }
            return "\(repeated) of the \(presses) foot-switch presses come from the foot that pressed last, with no "
                + "press of the other foot between: " + parts.joined(separator: ", ")
                + "; walking alternates feet: \(alternatingCount) steps when they are corrected"
        }
    }

    func check() -> Check {
        var check = Check(presses: count)
        guard presses.count > 1 else { return check }
        let intervals = zip(presses.dropFirst(), presses).map { $0.time - $1.time }.sorted()
        let middle = intervals.count / 2
        let median = intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
        for (press, previous) in zip(presses.dropFirst(), presses) {
            guard let foot = press.foot, foot == previous.foot else { continue }
            let interval = press.time - previous.time
            if interval < median {
                check.doubled += 1
            } else if interval >= 1.5 * median && interval <= 2.5 * median {
                check.afterMissing += 1
            } else {
                check.otherRepeats += 1
            }
        }
        return check
    }
}
