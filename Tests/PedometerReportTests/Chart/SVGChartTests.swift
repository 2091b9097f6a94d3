import Foundation
import Testing
@testable import PedometerCore
@testable import PedometerReport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SVG chart: structure, units, intervals, splits, determinism.
@Suite struct SVGChartTests {
    /// Step times at `cadence` steps/s in `[start, end)`.
    private static func times(_ start: Double, _ end: Double, cadence: Double) -> [Double] {
        let count = Int(((end - start) * cadence).rounded())
        return (0..<count).map { start + (Double($0) + 0.5) / cadence }
    }

    /// `rounds` of 30 s running (2.8 steps/s, strong impacts) and 30 s walking (1.8 steps/s),
    /// then `rest` seconds standing still.
    static func runWalk(rounds: Int = 15, rest: Double = 60) -> Pedometer {
        var steps: [Double] = []
        for round in 0..<rounds {
            let start = Double(round * 60)
            steps += times(start, start + 30, cadence: 2.8) + times(start + 30, start + 60, cadence: 1.8)
        }
        let end = Double(rounds * 60) + rest
        var engine = Pedometer()
        for second in 0..<Int(end) {
            let running = second < rounds * 60 && second % 60 < 30
            let resting = second >= rounds * 60
            engine.recordImpact(resting ? 0.05 : running ? 8 : 2, at: Double(second) + 0.5)
        }
        for time in steps { engine.recordStep(at: time) }
        engine.recordImpact(0.05, at: end)
        engine.finish()
        return engine
    }

    private static let engine = runWalk()

    private func chart(_ units: UnitSystem = .metric, splits: SplitLength? = .km, title: String = "Run/walk") -> (ChartData, String) {
        let data = ChartData(pedometer: Self.engine, title: title, units: units, splits: splits)
        return (data, SVGChart.render(data))
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Collects what the parser saw.
    private final class ParserDelegate: NSObject, XMLParserDelegate {
        var root: String?
        var error: Error?
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if root == nil { root = name }
        }
        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { self.error = error }
    }

    /// Parses the document with Foundation's XMLParser (libxml2 on Linux; XMLDocument there
    /// recovers from errors silently) and returns the root element's name; throws when the
    /// document is not well-formed XML.
    private func parse(_ svg: String) throws -> String {
        let parser = XMLParser(data: Data(svg.utf8))
        let delegate = ParserDelegate()
        parser.delegate = delegate
        let finished = parser.parse()
        if let error = delegate.error ?? parser.parserError { throw error }
        guard finished, let root = delegate.root else { throw CocoaError(.coderReadCorrupt) }
        return root
    }

    @Test func dataSamplesTheEngine() throws {
        let (data, _) = chart()
        #expect(data.duration == Self.engine.endDate)
        #expect(data.points.count == Int(Self.engine.endDate) + 1)
        #expect(data.points.first?.time == 0)
        #expect(data.points.last?.time == Self.engine.endDate)
        #expect(data.intervals.map(\.activity) == Self.engine.intervals.map(\.activity))
        #expect(data.intervals.first?.activity == .running)
        #expect(data.intervals.last?.activity == .stationary)
        // Running cadence mid-interval, walking cadence mid-interval, nothing while resting.
        let running = try #require(data.points[20].cadence)
        let walking = try #require(data.points[50].cadence)
        #expect(abs(running - 2.8) < 0.05)
        #expect(abs(walking - 1.8) < 0.05)
        #expect(try #require(data.points[20].pace) < #require(data.points[50].pace))
        #expect(data.points[Int(Self.engine.endDate) - 20].cadence == nil)
        #expect(data.points[Int(Self.engine.endDate) - 20].pace == nil)
        // A mark per whole kilometre.
        let splits = Split.splits(of: Self.engine, every: .km)
        let whole = splits.filter { $0.distance >= 1000 - 1e-6 }
        #expect(whole.count >= 1)
        #expect(data.marks.map(\.label) == whole.map { "\($0.number) km" })
        #expect(data.marks.map(\.time) == whole.map(\.end))
    }

    @Test func chartIsWellFormedSVG() throws {
        for units in UnitSystem.allCases {
            let (_, svg) = chart(units)
            #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1000.0 500.0\""))
            #expect(try parse(svg) == "svg")
        }
        // The check itself rejects what is not well-formed.
        #expect(throws: (any Error).self) { try parse("<svg><g></svg>") }
        #expect(throws: (any Error).self) { try parse("<svg><text>a & b</text></svg>") }
    }

    @Test func axesAreLabelledInTheChosenUnits() {
        let metric = chart(.metric).1
        #expect(metric.contains("Pace (min/km)"))
        #expect(!metric.contains("min/mi"))
        #expect(metric.contains("Cadence (steps/min)"))
        #expect(metric.contains("Time (m:ss)"))
        let imperial = chart(.imperial).1
        #expect(imperial.contains("Pace (min/mi)"))
        #expect(!imperial.contains("min/km"))
        let both = chart(.both).1
        #expect(both.contains("Pace (min/km)"))
        #expect(both.contains("Pace (min/mi)"))
        // Time ticks in m:ss: 16 minutes gives ticks every 2 or 5 minutes.
        #expect(metric.contains(">4:00</text>") || metric.contains(">5:00</text>"))
    }

    @Test func oneShadedRectPerInterval() {
        let (data, svg) = chart()
        #expect(data.intervals.count >= 30)
        #expect(count("<rect class=\"interval ", in: svg) == data.intervals.count)
        #expect(count("<rect class=\"interval running\"", in: svg) == data.intervals.filter { $0.activity == .running }.count)
        #expect(svg.contains(">Running</text>"))
        #expect(svg.contains(">Walking</text>"))
        #expect(svg.contains(">Stationary</text>"))
    }

    @Test func splitLinesAreDrawnAndLabelled() {
        let (data, svg) = chart(splits: .km)
        #expect(!data.marks.isEmpty)
        #expect(count("<line class=\"split\"", in: svg) == data.marks.count)
        #expect(svg.contains(">1 km</text>"))
        let miles = chart(splits: .mi)
        #expect(count("<line class=\"split\"", in: miles.1) == miles.0.marks.count)
        // A track's laps: a mark at every 400 m, labelled with the distance there (labels
        // that would overlap are left out, their lines kept).
        let laps = chart(splits: SplitLength(400, .meters))
        #expect(laps.0.marks.count > data.marks.count * 2)
        #expect(laps.0.marks.prefix(3).map(\.label) == ["400 m", "800 m", "1200 m"])
        #expect(count("<line class=\"split\"", in: laps.1) == laps.0.marks.count)
        #expect(laps.1.contains(">400 m</text>"))
        // 10 m splits: more marks than the chart has room for, lines at least 3 px apart.
        let dense = ChartData(pedometer: Self.runWalk(rounds: 60), title: "Long", units: .metric, splits: SplitLength(10, .meters))
        let lines = count("<line class=\"split\"", in: SVGChart.render(dense))
        #expect(dense.marks.count > Int(SVGChart.width / SVGChart.minimumSplitSpacing), "\(dense.marks.count)")
        #expect(lines < dense.marks.count && lines <= Int(SVGChart.width / SVGChart.minimumSplitSpacing), "\(lines)")
        let none = chart(splits: nil)
        #expect(none.0.marks.isEmpty)
        #expect(!none.1.contains("class=\"split\""))
    }

    @Test func noNonFiniteNumbersAndGapsWhereAbsent() {
        for units in UnitSystem.allCases {
            let svg = chart(units).1.lowercased()
            #expect(!svg.contains("nan"))
            #expect(!svg.contains("inf"))
            #expect(!svg.contains("–"))
        }
        // The rest at the end (and the start, before two steps) breaks the lines.
        let svg = chart().1
        let pace = svg.components(separatedBy: "<g class=\"series pace\"")[1].components(separatedBy: "</g>")[0]
        #expect(count("<path ", in: pace) >= 1)
        #expect(!pace.contains("NaN"))
    }

    @Test func renderingIsDeterministic() {
        let first = chart(.both).1
        let again = SVGChart.render(ChartData(pedometer: Self.runWalk(), title: "Run/walk", units: .both, splits: .km))
        #expect(first == again)
    }

    @Test func titleIsEscaped() throws {
        let (_, svg) = chart(title: "a<b> & \"c\" 'd'\u{1}")
        #expect(svg.contains("a&lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;\u{FFFD}"))
        #expect(!svg.contains("a<b>"))
        #expect(try parse(svg) == "svg")
    }

    @Test func emptyAndDegenerateData() throws {
        var engine = Pedometer()
        engine.finish()
        let data = ChartData(pedometer: engine, title: "empty", units: .both, splits: .km)
        #expect(data.points.count == 1)
        let svg = SVGChart.render(data)
        #expect(try parse(svg) == "svg")
        #expect(svg.contains("No cadence"))
        #expect(!svg.lowercased().contains("nan") && !svg.lowercased().contains("inf"))
        // Absurd values are clipped, never written as huge or non-finite numbers.
        let odd = ChartData(
            title: "odd", duration: 10,
            points: [
                .init(time: 0, cadence: 100, pace: 1e-9), .init(time: 5, cadence: .infinity, pace: 1e9),
                .init(time: 10, cadence: 2, pace: 0.3),
            ],
            intervals: [.init(start: -5, end: 50, activity: .walking)], marks: [.init(time: .nan, label: "x")], units: .metric)
        let oddSVG = SVGChart.render(odd)
        #expect(try parse(oddSVG) == "svg")
        #expect(!oddSVG.lowercased().contains("nan") && !oddSVG.lowercased().contains("inf"))
        #expect(!oddSVG.contains("class=\"split\""))
        #expect(svg.contains("No pace"))
    }

    /// A walk whose pace is all slower than the panel shows says so, not that there is no pace
    /// (QA pass: a 1:00:58 h/km walk's chart said 'No pace').
    @Test func paceOffTheScaleIsSaidSo() {
        let points = (0...10).map { ChartData.Point(time: Double($0) * 10, cadence: 1, pace: 3.6) }
        let slow = SVGChart.render(ChartData(title: "slow", duration: 100, points: points, intervals: [], marks: [], units: .metric))
        #expect(slow.contains("Pace slower than 30:00 min/km throughout"))
        #expect(!slow.contains("No pace"))
        let imperial = SVGChart.render(ChartData(title: "slow", duration: 100, points: points, intervals: [], marks: [], units: .imperial))
        #expect(imperial.contains("Pace slower than 48:17 min/mi throughout"), "\(imperial)")
    }

    @Test func longRecordingsAreSampledSparsely() {
        var engine = Pedometer()
        engine.recordImpact(0.1, at: 0)
        engine.recordImpact(0.1, at: 20_000)
        engine.finish()
        let data = ChartData(pedometer: engine, title: "long", units: .metric, splits: nil)
        #expect(data.points.count <= ChartData.maximumPoints + 2)
        let svg = SVGChart.render(data)
        #expect(svg.contains("Time (h:mm:ss)"))
        #expect(svg.contains(">1:00:00</text>") || svg.contains(">2:00:00</text>"))
    }
}

