import PedometerCore

/// Renders ``ChartData`` as a standalone SVG document: no scripts, no external fonts or
/// styles, a `viewBox` of 1000 × 500.
///
/// Two panels share the time axis: cadence (steps/min) above, pace below (min/km or min/mi,
/// inverted so that faster is up; with ``UnitSystem/both``, min/km on the left axis and min/mi
/// on the right). The intervals are shaded across both panels (one `rect` each, colour by
/// activity, with a legend), splits are dashed vertical lines labelled `1 km`, `2 km`...
/// A missing value leaves a gap in its line; values outside the axis range (pace slower than
/// 30 min/km, cadence above 240 steps/min) are clipped at the panel's edge. The same data always
/// gives the same bytes: every number is written with fixed decimals.
public enum SVGChart {
    // Layout, in viewBox units.
    static let width = 1000.0
    static let height = 500.0
    static let plotLeft = 78.0
    static let plotRight = 922.0
    static let cadenceTop = 66.0
    static let cadenceBottom = 246.0
    static let paceTop = 268.0
    static let paceBottom = 448.0

    /// Pace shown at most this fast / slow, seconds per metre (3 and 30 min/km).
    static let fastestPace = 0.18
    static let slowestPace = 1.8
    /// Cadence axis ceiling, steps per minute.
    static let highestCadence = 240.0

    static let cadenceColor = "#1f4e9c"
    static let paceColor = "#b3261e"

    /// The fill of an interval's shading.
    static func fill(_ activity: Activity) -> (color: String, opacity: String) {
        switch activity {
        case .running: return ("#f28e2b", "0.30")
        case .walking: return ("#4e9bd6", "0.22")
        case .stationary: return ("#9e9e9e", "0.12")
        }
    }

    public static func render(_ data: ChartData) -> String {
        var svg = SVGWriter()
        let time = TimeAxis(duration: data.duration, left: plotLeft, right: plotRight)
        let cadence = CadenceAxis(data.points)
        let pace = PaceAxis(data.points, units: data.units)

        svg.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" "
                + "height=\"\(n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"11\">")
        svg.line("<title>\(escape(data.title))</title>")
        svg.line("<defs>")
        svg.line(clip("clip-cadence", top: cadenceTop, bottom: cadenceBottom))
        svg.line(clip("clip-pace", top: paceTop, bottom: paceBottom))
        // Both panels (a clip path's children add up), so that the shading skips the gap.
        svg.line(
            "<clipPath id=\"clip-panels\">" + panelRect(top: cadenceTop, bottom: cadenceBottom)
                + panelRect(top: paceTop, bottom: paceBottom) + "</clipPath>")
        svg.line("</defs>")
        svg.line("<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>")

        // Title and legend.
        svg.line(
            "<text x=\"\(n(plotLeft))\" y=\"30\" font-size=\"16\" font-weight=\"bold\" fill=\"#222222\">"
                + escape(shortened(data.title, to: 70)) + "</text>")
        legend(&svg, data)

        // Interval shading, under everything else, across both panels.
        svg.line("<g class=\"intervals\" clip-path=\"url(#clip-panels)\">")
        for interval in data.intervals {
            let x0 = time.x(max(interval.start, 0))
            let x1 = time.x(min(interval.end, max(data.duration, 0)))
            guard x1 > x0 else { continue }
            let (color, opacity) = fill(interval.activity)
            svg.line(
                "<rect class=\"interval \(interval.activity.rawValue)\" x=\"\(n(x0))\" y=\"\(n(cadenceTop))\" "
                    + "width=\"\(n(x1 - x0))\" height=\"\(n(paceBottom - cadenceTop))\" fill=\"\(color)\" "
                    + "fill-opacity=\"\(opacity)\"/>")
        }
        svg.line("</g>")

        // Grid and axes.
        svg.line("<g class=\"grid\" stroke=\"#d9d9d9\" stroke-width=\"1\">")
        for tick in time.ticks {
            let x = n(time.x(tick))
            svg.line("<line x1=\"\(x)\" y1=\"\(n(cadenceTop))\" x2=\"\(x)\" y2=\"\(n(cadenceBottom))\"/>")
            svg.line("<line x1=\"\(x)\" y1=\"\(n(paceTop))\" x2=\"\(x)\" y2=\"\(n(paceBottom))\"/>")
        }
        for tick in cadence.ticks {
            let y = n(cadence.y(tick))
            svg.line("<line x1=\"\(n(plotLeft))\" y1=\"\(y)\" x2=\"\(n(plotRight))\" y2=\"\(y)\"/>")
        }
        for tick in pace.ticks {
            let y = n(pace.y(tick))
            svg.line("<line x1=\"\(n(plotLeft))\" y1=\"\(y)\" x2=\"\(n(plotRight))\" y2=\"\(y)\"/>")
        }
        svg.line("</g>")
        frame(&svg, top: cadenceTop, bottom: cadenceBottom)
        frame(&svg, top: paceTop, bottom: paceBottom)

        // Tick labels.
        svg.line("<g class=\"ticks\" fill=\"#444444\">")
        for tick in time.ticks {
            svg.line(
                "<text x=\"\(n(time.x(tick)))\" y=\"\(n(paceBottom + 16))\" text-anchor=\"middle\">"
                    + time.label(tick) + "</text>")
        }
        for tick in cadence.ticks {
            svg.line(
                "<text x=\"\(n(plotLeft - 6))\" y=\"\(n(cadence.y(tick) + 4))\" text-anchor=\"end\">"
                    + NumberText.fixed(tick, digits: 0) + "</text>")
        }
        for tick in pace.ticks {
            svg.line(
                "<text x=\"\(n(plotLeft - 6))\" y=\"\(n(pace.y(tick) + 4))\" text-anchor=\"end\">"
                    + PaceAxis.label(tick) + "</text>")
        }
        if let secondary = pace.secondary {
            for tick in secondary.ticks {
                svg.line(
                    "<text x=\"\(n(plotRight + 6))\" y=\"\(n(secondary.y(tick) + 4))\" text-anchor=\"start\">"
                        + PaceAxis.label(tick) + "</text>")
                let y = n(secondary.y(tick))
                svg.line(
                    "<line x1=\"\(n(plotRight))\" y1=\"\(y)\" x2=\"\(n(plotRight + 4))\" y2=\"\(y)\" stroke=\"#888888\"/>")
            }
        }
        svg.line("</g>")

        // Axis titles.
        svg.line("<g class=\"axis-titles\" font-size=\"12\" fill=\"#222222\">")
        svg.line(
            "<text x=\"\(n((plotLeft + plotRight) / 2))\" y=\"\(n(height - 14))\" text-anchor=\"middle\">"
                + "Time (\(time.unitText))</text>")
        svg.line(verticalLabel("Cadence (steps/min)", x: 20, top: cadenceTop, bottom: cadenceBottom, color: cadenceColor))
        svg.line(verticalLabel("Pace (\(pace.unitText))", x: 20, top: paceTop, bottom: paceBottom, color: paceColor))
        if let secondary = pace.secondary {
            svg.line(
                verticalLabel(
                    "Pace (\(secondary.unitText))", x: width - 16, top: paceTop, bottom: paceBottom, color: paceColor,
                    angle: 90))
        }
        svg.line("</g>")

        // Series.
        series(&svg, data.points.map { ($0.time, $0.cadence.map { $0 * 60 }) }, time: time, color: cadenceColor,
            clip: "clip-cadence", name: "cadence", top: cadenceTop, bottom: cadenceBottom, y: cadence.y)
        series(&svg, data.points.map { ($0.time, $0.pace.map(pace.value)) }, time: time, color: paceColor,
            clip: "clip-pace", name: "pace", top: paceTop, bottom: paceBottom, y: pace.y)
        if cadence.isEmpty { note(&svg, "No cadence", top: cadenceTop, bottom: cadenceBottom) }
        if pace.isEmpty { note(&svg, pace.emptyNote, top: paceTop, bottom: paceBottom) }

        // Splits.
        splits(&svg, data.marks, time: time, duration: data.duration)

        svg.line("</svg>")
        return svg.text
    }

    // MARK: - Parts

    private static func clip(_ id: String, top: Double, bottom: Double) -> String {
        "<clipPath id=\"\(id)\">" + panelRect(top: top, bottom: bottom) + "</clipPath>"
    }

    private static func panelRect(top: Double, bottom: Double) -> String {
        "<rect x=\"\(n(plotLeft))\" y=\"\(n(top))\" width=\"\(n(plotRight - plotLeft))\" height=\"\(n(bottom - top))\"/>"
    }

    private static func frame(_ svg: inout SVGWriter, top: Double, bottom: Double) {
        svg.line(
            "<rect class=\"frame\" x=\"\(n(plotLeft))\" y=\"\(n(top))\" width=\"\(n(plotRight - plotLeft))\" "
                + "height=\"\(n(bottom - top))\" fill=\"none\" stroke=\"#888888\" stroke-width=\"1\"/>")
    }

    private static func verticalLabel(
        _ text: String, x: Double, top: Double, bottom: Double, color: String, angle: Int = -90
    ) -> String {
        let y = (top + bottom) / 2
        return "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"middle\" fill=\"\(color)\" "
            + "transform=\"rotate(\(angle) \(n(x)) \(n(y)))\">\(escape(text))</text>"
    }

    private static func note(_ svg: inout SVGWriter, _ text: String, top: Double, bottom: Double) {
        svg.line(
            "<text class=\"note\" x=\"\(n((plotLeft + plotRight) / 2))\" y=\"\(n((top + bottom) / 2 + 5))\" "
                + "text-anchor=\"middle\" font-size=\"13\" fill=\"#888888\">\(escape(text))</text>")
    }

    /// Swatches of the activities that occur, right-aligned on the title's line.
    private static func legend(_ svg: inout SVGWriter, _ data: ChartData) {
        let present = Activity.allCases.reversed().filter { activity in
            data.intervals.contains { $0.activity == activity && $0.end > $0.start }
        }
        guard !present.isEmpty else { return }
        let itemWidth = 92.0
        var x = plotRight - itemWidth * Double(present.count)
        svg.line("<g class=\"legend\" font-size=\"12\" fill=\"#333333\">")
        for activity in present {
            let (color, opacity) = fill(activity)
            svg.line(
                "<rect x=\"\(n(x))\" y=\"19\" width=\"14\" height=\"14\" fill=\"\(color)\" fill-opacity=\"\(opacity)\" "
                    + "stroke=\"\(color)\" stroke-width=\"1\"/>")
            svg.line("<text x=\"\(n(x + 19))\" y=\"30\">\(legendName(activity))</text>")
            x += itemWidth
        }
        svg.line("</g>")
    }

    private static func legendName(_ activity: Activity) -> String {
        switch activity {
        case .running: return "Running"
        case .walking: return "Walking"
        case .stationary: return "Stationary"
        }
    }

    /// A line through the present values, broken where a value is missing.
    private static func series(
        _ svg: inout SVGWriter, _ values: [(time: Double, value: Double?)], time: TimeAxis, color: String,
        clip: String, name: String, top: Double, bottom: Double, y: (Double) -> Double
    ) {
        var segments: [String] = []
        var current = ""
        for (t, value) in values {
            guard let value, value.isFinite, t.isFinite else {
                if !current.isEmpty { segments.append(current) }
                current = ""
                continue
            }
            // Far-off values are drawn just beyond the panel, where the clip hides them.
            let yValue = min(max(y(value), top - 20), bottom + 20)
            let point = n(time.x(t)) + " " + n(yValue)
            current += current.isEmpty ? "M" + point : " L" + point
        }
        if !current.isEmpty { segments.append(current) }
        svg.line(
            "<g class=\"series \(name)\" clip-path=\"url(#\(clip))\" fill=\"none\" stroke=\"\(color)\" "
                + "stroke-width=\"1.6\" stroke-linejoin=\"round\" stroke-linecap=\"round\">")
        for segment in segments {
            // A lone point has no length: a zero-length segment shows it as a dot.
            let d = segment.contains("L") ? segment : segment + " h0"
            svg.line("<path d=\"\(d)\"/>")
        }
        svg.line("</g>")
    }

    /// Dashed vertical lines across both panels, labelled above the cadence panel (labels
    /// that would overlap the previous one are left out; the line stays, unless it is within
    /// ``minimumSplitSpacing`` of the line before: 400 m laps of a day's ultra would grey the
    /// chart over).
    /// Pixels between two split lines at least.
    static let minimumSplitSpacing = 3.0

    private static func splits(_ svg: inout SVGWriter, _ marks: [ChartData.Mark], time: TimeAxis, duration: Double) {
        guard !marks.isEmpty else { return }
        svg.line(
            "<g class=\"splits\" stroke=\"#333333\" stroke-width=\"1\" stroke-dasharray=\"5 4\">")
        var labels: [String] = []
        var lastLabel = -Double.infinity
        var lastLine = -Double.infinity
        for mark in marks where mark.time.isFinite && mark.time >= 0 && mark.time <= max(duration, 0) + 1e-9 {
            let x = time.x(mark.time)
            guard x - lastLine >= minimumSplitSpacing else { continue }
            lastLine = x
            svg.line(
                "<line class=\"split\" x1=\"\(n(x))\" y1=\"\(n(cadenceTop))\" x2=\"\(n(x))\" y2=\"\(n(paceBottom))\"/>")
            let width = 7.0 * Double(mark.label.count) + 6
            if x - lastLabel >= width {
                let labelX = min(x, SVGChart.width - width / 2 - 4)
                labels.append(
                    "<text x=\"\(n(labelX))\" y=\"\(n(cadenceTop - 6))\" text-anchor=\"middle\">"
                        + escape(mark.label) + "</text>")
                lastLabel = x
            }
        }
        svg.line("</g>")
        svg.line("<g class=\"split-labels\" font-size=\"11\" fill=\"#333333\">")
        for label in labels { svg.line(label) }
        svg.line("</g>")
    }

    // MARK: - Text

    /// A coordinate with one decimal.
    static func n(_ value: Double) -> String { NumberText.fixed(value, digits: 1) }

    /// `text` made safe for XML character data and attribute values (characters XML 1.0 does
    /// not allow become U+FFFD).
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(" ")
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) || (0xD800...0xDFFF).contains(value) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// At most `limit` characters, keeping the end (a file name's end says the most).
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return "…" + text.suffix(limit - 1)
    }
}

/// Collects the document's lines.
struct SVGWriter {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }
}

// MARK: - Axes

/// The shared time axis: seconds from 0 to the duration, ticks at a round step.
struct TimeAxis {
    var duration: Double
    var left: Double
    var right: Double
    var ticks: [Double]
    /// Whether the labels are `h:mm:ss` (else `m:ss`).
    var hours: Bool

    static let steps: [Double] = [
        1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
    ]

    init(duration: Double, left: Double, right: Double) {
        self.duration = duration.isFinite && duration > 0 ? duration : 1
        self.left = left
        self.right = right
        let span = self.duration
        let step = Self.steps.first { span / $0 <= 8 } ?? (span / 8 / 86400).rounded(.up) * 86400
        var ticks: [Double] = []
        var index = 0
        while Double(index) * step <= span + 1e-9 {
            ticks.append(Double(index) * step)
            index += 1
        }
        self.ticks = ticks
        hours = span >= 3600
    }

    func x(_ time: Double) -> Double { left + (right - left) * time / duration }

    var unitText: String { hours ? "h:mm:ss" : "m:ss" }

    func label(_ time: Double) -> String {
        let span = TimeSpan(seconds: time)
        return hours ? span.hoursMinutesSeconds : span.clock
    }
}

/// Steps per minute, from 0 to a round ceiling above the highest value.
struct CadenceAxis {
    var ticks: [Double]
    var top: Double
    var isEmpty: Bool

    init(_ points: [ChartData.Point]) {
        let values = points.compactMap { $0.cadence.map { $0 * 60 } }.filter { $0.isFinite }
        isEmpty = values.isEmpty
        let highest = min(values.max() ?? 120, SVGChart.highestCadence)
        let ceiling = max(highest * 1.05, 60)
        let step = [10.0, 20, 25, 50, 100].first { ceiling / $0 <= 6 } ?? 100
        top = (ceiling / step).rounded(.up) * step
        ticks = stride(from: 0.0, through: top + 1e-9, by: step).map { $0 }
    }

    func y(_ stepsPerMinute: Double) -> Double {
        SVGChart.cadenceBottom - (SVGChart.cadenceBottom - SVGChart.cadenceTop) * stepsPerMinute / top
    }
}

/// Minutes per kilometre or per mile, faster (smaller) at the top, over the range of the
/// values (bounded by ``SVGChart/fastestPace`` and ``SVGChart/slowestPace``).
struct PaceAxis {
    /// Metres in the axis's unit.
    var unitMeters: Double
    var unitText: String
    /// Minutes per unit at the top (fast) and bottom (slow) of the panel.
    var fast: Double
    var slow: Double
    var ticks: [Double]
    var isEmpty: Bool
    /// What the panel says when it draws no pace: none known, or all of it off the scale.
    var emptyNote: String
    /// The min/mi axis beside a min/km one (``UnitSystem/both``).
    var secondary: Secondary?

    struct Secondary {
        var unitText: String
        var ticks: [Double]
        /// Minutes per mile → y.
        var y: (Double) -> Double
    }

    static let steps: [Double] = [0.25, 0.5, 1, 2, 5, 10]

    init(_ points: [ChartData.Point], units: UnitSystem) {
        unitMeters = units == .imperial ? Distance.metersPerMile : 1000
        unitText = units == .imperial ? "min/mi" : "min/km"
        let lower = SVGChart.fastestPace * unitMeters / 60
        let upper = SVGChart.slowestPace * unitMeters / 60
        let meters = unitMeters
        let values = points.compactMap { $0.pace.map { $0 * meters / 60 } }
            .filter { $0.isFinite && $0 >= lower && $0 <= upper }
        isEmpty = values.isEmpty
        let known = points.compactMap(\.pace).filter(\.isFinite)
        if known.isEmpty {
            emptyNote = "No pace"
        } else if known.allSatisfy({ $0 > SVGChart.slowestPace }) {
            emptyNote = "Pace slower than \(Self.label(upper)) \(unitText) throughout"
        } else if known.allSatisfy({ $0 < SVGChart.fastestPace }) {
            emptyNote = "Pace faster than \(Self.label(lower)) \(unitText) throughout"
        } else {
            emptyNote = "Pace outside \(Self.label(lower))–\(Self.label(upper)) \(unitText) throughout"
        }
        var low = values.min() ?? 4 * unitMeters / 1000
        var high = values.max() ?? 12 * unitMeters / 1000
        if high - low < 1 {
            let middle = (high + low) / 2
            low = middle - 0.5
            high = middle + 0.5
        }
        let step = Self.steps.first { (high - low) / $0 <= 6 } ?? 10
        fast = max((low / step).rounded(.down) * step, 0)
        slow = (high / step).rounded(.up) * step
        ticks = stride(from: fast, through: slow + 1e-9, by: step).map { $0 }
        if units == .both {
            let factor = Distance.metersPerMile / 1000
            let fastMile = fast * factor
            let slowMile = slow * factor
            let mileStep = Self.steps.first { (slowMile - fastMile) / $0 <= 6 } ?? 10
            let first = (fastMile / mileStep).rounded(.up) * mileStep
            let (top, bottom) = (fast, slow)
            secondary = Secondary(
                unitText: "min/mi",
                ticks: stride(from: first, through: slowMile + 1e-9, by: mileStep).map { $0 },
                y: { mile in
                    SVGChart.paceTop + (SVGChart.paceBottom - SVGChart.paceTop) * (mile / factor - top) / (bottom - top)
                })
        }
    }

    /// Minutes per unit of a pace in seconds per metre.
    func value(_ secondsPerMeter: Double) -> Double { secondsPerMeter * unitMeters / 60 }

    func y(_ minutes: Double) -> Double {
        SVGChart.paceTop + (SVGChart.paceBottom - SVGChart.paceTop) * (minutes - fast) / (slow - fast)
    }

    /// `5:00`, `7:30`.
    static func label(_ minutes: Double) -> String { TimeSpan(seconds: minutes * 60).clock }
}
