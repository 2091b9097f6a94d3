import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Step logs of one time column: cumulative counts, counts per interval stamped with the
/// interval's start, step events; times as numbers or date-time texts.
@Suite struct StepLogReaderTests {
    let files = TemporaryFiles()

    /// A tracker's minute steps (`timestamp,steps`, as Fitbit's time-series export writes them):
    /// each row the steps of the minute it begins. Read as a cumulative count they were 150
    /// steps of 347 (every minute with fewer steps than the one before taken for a reset).
    @Test func minuteCountsArePerInterval() throws {
        let path = files.write("steps_2024-03-01.csv", """
            timestamp,steps
            2024-03-01T08:00:00Z,0
            2024-03-01T08:01:00Z,95
            2024-03-01T08:02:00Z,110
            2024-03-01T08:03:00Z,102
            2024-03-01T08:04:00Z,0
            2024-03-01T08:05:00Z,40

            """)
        let (info, sink) = try readRecording(path)
        #expect(info.format == .steps)
        #expect(info.startDate == 1_709_280_000)
        let steps = try #require(sink.steps[.device])
        #expect(sink.stepTotal(.device) == 347)
        // 0 at the first minute's start, then each minute's count at its end.
        #expect(steps.map(\.time) == [0, 60, 120, 180, 240, 300, 360])
        #expect(steps.map(\.steps) == [0, 0, 95, 205, 307, 307, 347])
        #expect(steps[3].intervalStart == 120)
        #expect(info.notes.contains("time from ISO 8601 date-times with their zone"))
        #expect(info.notes.contains { $0.hasPrefix("step counts per interval, each from its row's time to the next row's (at most 60 s") })
    }

    /// A minute missing from the log (the tracker was off) is no interval of its row before:
    /// that row's steps stay within the usual spacing.
    @Test func aGapEndsTheIntervalAtTheUsualSpacing() throws {
        let path = files.write("minutes.csv", "time,steps\n1709280000,30\n1709280060,90\n1709280120,80\n1709280600,70\n1709280660,100\n")
        let (_, sink) = try readRecording(path)
        let steps = try #require(sink.steps[.device])
        #expect(steps.map(\.time) == [0, 60, 120, 180, 660, 720])
        #expect(steps[3].intervalStart == 120 && steps[4].intervalStart == 600)
        #expect(sink.stepTotal(.device) == 370)
    }

    /// Distances per interval add up from 0 at the first interval's start: the first row's
    /// metres count (the review found 210 of 250 m: the baseline had no distance).
    @Test func distancesPerIntervalAddUpFromTheFirst() throws {
        let path = files.write("metres.csv", "time,steps,distance\n1709280000,50,40\n1709280060,90,70\n1709280120,80,60\n1709280180,0,0\n1709280240,100,80\n")
        let (_, sink) = try readRecording(path)
        let steps = try #require(sink.steps[.device])
        #expect(steps.map(\.distance) == [0, 40, 110, 170, 170, 250])
        #expect(sink.stepTotal(.device) == 320)
    }

    /// A cumulative count that goes down once (the phone restarted) stays cumulative: the count
    /// after the restart moves the baseline (``CumulativeSeries``).
    @Test func aCountResetOnceIsStillCumulative() throws {
        var rows = (0..<40).map { "\($0 * 10),\($0 * 15)" }
        rows += (0..<20).map { "\(400 + $0 * 10),\($0 * 15)" }
        let path = files.write("counter.csv", "time,steps\n" + rows.joined(separator: "\n") + "\n")
        let (info, sink) = try readRecording(path)
        #expect(info.notes.contains("cumulative step counts"))
        let expected: [Double] = (0..<40).map { Double($0 * 15) } + (0..<20).map { Double($0 * 15) }
        #expect(sink.steps[.device]?.map(\.steps) == expected)
    }

    /// Rows a day apart are a day's counts, though too few to go down twice (a health app's
    /// three days read as a counter: 2,111 steps of 24,900), unless they rise at every row of
    /// at least five; a distance's stated unit and counts with their thousands grouped are read
    /// (a French `Date;Pas;Distance (km)` read 7.45 km as 7 m).
    @Test func fewDailyRowsAreDaysCounts() throws {
        let french = "Date;Pas;Distance (km)\n2019-05-12;8 123;5,91\n2019-05-13;10 234;7,45\n2019-05-14;6 543;4,76\n"
        let (info, sink) = try readRecording(files.write("pas.csv", french))
        #expect(sink.stepTotal(.device) == 24_900)
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - 18_120) < 1e-6)
        #expect(info.notes.contains { $0.hasPrefix("step counts per day, each from its row's time to the next row's") }, "\(info.notes)")
        let counter = "time,steps\n" + (0..<6).map { String(format: "2019-05-%02d,%d", 12 + $0, 1000 + 5000 * $0) }.joined(separator: "\n") + "\n"
        let (counterInfo, counterSink) = try readRecording(files.write("counter-daily.csv", counter))
        #expect(counterInfo.notes.contains("cumulative step counts"), "\(counterInfo.notes)")
        #expect(counterSink.stepTotal(.device) == 25_000)  // counted from the first reading
    }

    /// Daily counts under `time,steps` whose dates a spreadsheet saved as whole numbers
    /// (45627, 45628 …) are read in days: as seconds, by their spacing of one, their 8,000
    /// steps a row would fall in a second (until 2026-11-28 read so, and none counted: 0 steps
    /// over 7 s). Seconds from 45627 whose counts fit them, a running total or a few steps a
    /// row, stay seconds.
    @Test func wholeNumberDatesWhoseCountsNoSecondHolds() throws {
        let counts = [8123, 10450, 7600, 12001, 5400, 9800, 11020]
        let daily = "time,steps\n" + counts.enumerated().map { "\(45627 + $0.offset),\($0.element)" }.joined(separator: "\n") + "\n"
        let (info, sink) = try readRecording(files.write("daily.csv", daily))
        #expect(sink.stepTotal(.device) == Double(counts.reduce(0, +)))
        #expect(sink.steps[.device]?.last?.time == 7.0 * 86_400)
        #expect(info.notes.contains { $0.hasPrefix("time in excel-days (inferred: whole numbers 45627–45633, a day apart, are spreadsheet dates") }, "\(info.notes)")
        let total = "time,steps\n" + (0..<60).map { "\(45627 + $0),\(8000 + 2 * $0)" }.joined(separator: "\n") + "\n"
        let (totalInfo, totalSink) = try readRecording(files.write("running-total.csv", total))
        #expect(totalInfo.notes.contains { $0.hasPrefix("time in s") }, "\(totalInfo.notes)")
        #expect(totalSink.stepTotal(.device) == 118)
        let perSecond = "time,steps\n" + (0..<60).map { "\(45627 + $0),\($0 % 3)" }.joined(separator: "\n") + "\n"
        let (secondInfo, _) = try readRecording(files.write("per-second.csv", perSecond))
        #expect(secondInfo.notes.contains { $0.hasPrefix("time in s") }, "\(secondInfo.notes)")
    }

    /// An hourly cumulative counter reset twice (at midnight, and a restart) goes up 33 times
    /// and down twice: cumulative still (the review found 013dda7's rule, two falls and one pair
    /// in twenty, reading it per interval: 94,799 steps of 13,816).
    @Test func anHourlyCounterResetTwiceIsCumulative() throws {
        var counts: [Int] = []
        var total = 0
        for hour in 0..<36 {
            if hour == 14 || hour == 24 { total = 0 }
            total += 380 + (hour * 37) % 200
            counts.append(total)
        }
        let rows = counts.enumerated().map { "\(1_557_705_600 + 3600 * $0.offset),\($0.element)" }
        let path = files.write("hourly-counter.csv", "timestamp,steps\n" + rows.joined(separator: "\n") + "\n")
        let (info, sink) = try readRecording(path)
        #expect(info.notes.contains("cumulative step counts"), "\(info.notes)")
        #expect(sink.steps[.device]?.map(\.steps) == counts.map(Double.init))
    }

    /// A sedentary counter reset each midnight (hourly rows, two walking hours a day) goes up
    /// 10 times and down 4 in five days, but holds its count 100 times: cumulative (the second
    /// review: read per interval, 57,663 steps of 5,241); a table's row numbers (`_id`) are no
    /// person's (they were refused as 'rows of another _id').
    @Test func aSedentaryCounterAndRowNumbers() throws {
        var rows: [String] = []
        var expected: [Double] = []
        for day in 0..<5 {
            var total = 0
            for hour in 0..<24 {
                if hour == 9 || hour == 18 { total += 500 + 37 * day }
                rows.append("\(rows.count),\(1_709_510_400 + 3600 * (24 * day + hour)),\(total)")
                expected.append(Double(total))
            }
        }
        let path = files.write("sedentary.csv", "_id,timestamp,steps\n" + rows.joined(separator: "\n") + "\n")
        let (info, sink) = try readRecording(path)
        #expect(info.notes.contains("cumulative step counts"), "\(info.notes)")
        #expect(sink.steps[.device]?.map(\.steps) == expected)
    }

    /// Fitabase's Fitbit exports (`Id,ActivityMinute,Steps`, `Id,ActivityHour,StepTotal`,
    /// `Id,ActivityDay,StepTotal`, times on a 12-hour clock): one wearer's rows are read, a
    /// merged file of many is refused where the next wearer begins, saying how to split it
    /// (until 2026-11-26 all were refused as step counts in no known layout).
    @Test func fitabaseExports() throws {
        func minutes(_ id: String, _ counts: [Int]) -> [String] {
            counts.enumerated().map { "\(id),4/12/2016 \($0.offset == 0 ? 12 : 1):0\($0.offset):00 \($0.offset == 0 ? "AM" : "AM"),\($0.element)" }
        }
        let one = files.write("minuteStepsNarrow.csv", (["Id,ActivityMinute,Steps"] + minutes("1503960366", [0, 60, 95, 80, 0, 40])).joined(separator: "\n") + "\n")
        let (info, sink) = try readRecording(one)
        #expect(info.format == .steps && sink.stepTotal(.device) == 275)
        let merged = files.write("merged.csv", (["Id,ActivityMinute,Steps"] + minutes("1503960366", [0, 60, 95]) + minutes("1624580081", [10, 20])).joined(separator: "\n") + "\n")
        #expect(throws: IngestError(
            file: merged, line: 5, column: 1,
            "rows of another Id ('1624580081'; the rows above are '1503960366'): a recording is one Id's, so split the file by that column, e.g. awk -F',' 'NR==1 || $1==\"1503960366\"' FILE > 1503960366.csv"
        )) {
            try readRecording(merged)
        }
        let daily = files.write("dailySteps.csv", "Id,ActivityDay,StepTotal\n1503960366,4/12/2016,13162\n1503960366,4/13/2016,10735\n")
        let (dailyInfo, dailySink) = try readRecording(daily)
        #expect(dailyInfo.notes.contains("step counts per day") && dailySink.stepTotal(.device) == 23897)
    }

    /// Google's Fitbit export (Takeout, `steps_YYYY-MM-DD.csv`: `timestamp,steps,data source`,
    /// a row per minute and source): the watch's minutes, and the phone's Health Connect
    /// writing them again some milliseconds later (`08:01:00.117Z`), are the same steps, each
    /// minute counted once, the larger count, as Samsung's and Apple Health's rows of several
    /// devices are; the phone's own minutes while the watch charged are added. Until 2026-11-27
    /// refused as step counts in no known layout.
    @Test func googleFitbitExportOfAWatchAndItsPhone() throws {
        var rows = ["timestamp,steps,data source"]
        var expected = 0
        var minutes: [Int] = []
        for minute in 1..<40 where minute % 7 != 3 {  // some minutes without steps: no row
            let watch = minute % 5 == 0 ? 40 : 90 + (minute * 13) % 27
            rows.append(String(format: "2026-05-01T08:%02d:00Z,%d,Google Pixel Watch 3", minute, watch))
            // The copy: the same count, fewer steps for a minute it synced part of, or none.
            let copy = minute == 11 ? watch - 20 : watch
            if minute != 18 { rows.append(String(format: "2026-05-01T08:%02d:00.%03dZ,%d,Phone Health Connect", minute, 1 + (minute * 379) % 999, copy)) }
            expected += watch
            minutes.append(minute)
        }
        for minute in 50..<54 {
            rows.append(String(format: "2026-05-01T08:%02d:00.250Z,%d,Phone Health Connect", minute, 70 + minute))
            expected += 70 + minute
        }
        let (info, sink) = try readRecording(files.write("steps_2026-05-01.csv", rows.joined(separator: "\n") + "\n"))
        #expect(info.format == .steps)
        #expect(info.startDate == 1_777_622_460)  // 2026-05-01T08:01:00Z
        #expect(sink.stepTotal(.device) == Double(expected))
        // One interval per watch minute, the watch's own: its copy, less than a second later,
        // is no second minute.
        let steps = try #require(sink.steps[.device])
        let watchMinutes = minutes.map { Double(60 * ($0 - 1)) }
        #expect(steps.dropFirst().prefix(watchMinutes.count).map(\.intervalStart) == watchMinutes)
        #expect(steps.dropFirst().prefix(watchMinutes.count).map(\.time) == watchMinutes.map { $0 + 60 })
        #expect(steps.count == 1 + minutes.count + 4)
        #expect(info.notes.contains { $0.hasPrefix("step counts per interval, each from its row's time to the next row's of its 'data source' (at most 60 s") }, "\(info.notes)")
        #expect(info.notes.contains { $0.hasPrefix("\(2 * (minutes.count - 1)) rows of several devices over the same time") && $0.contains("\(minutes.count - 1) of them less than a second from another device's row") }, "\(info.notes)")
        // Sparse minutes (the rows' usual spacing two minutes): a minute whose copy's next one
        // is missing still has its copy, whose row lasts till the copy's next row, read as of
        // the watch's minute, told by its start alone (by its end too, it was a minute and a
        // sliver of time beside the watch's).
        let sparse = [0, 1, 3, 5, 6, 8, 10, 12, 13, 15]
        var sparseRows = ["timestamp,steps,data source"]
        for (index, minute) in sparse.enumerated() {
            sparseRows.append(String(format: "2026-05-01T09:%02d:00Z,%d,Google Pixel Watch 3", minute, 80 + (index * 17) % 40))
            if minute != 1 && minute != 12 { sparseRows.append(String(format: "2026-05-01T09:%02d:00.500Z,%d,Phone Health Connect", minute, 80 + (index * 17) % 40)) }
        }
        let (sparseInfo, sparseSink) = try readRecording(files.write("sparse.csv", sparseRows.joined(separator: "\n") + "\n"))
        let starts = sparse.map { Double($0 * 60) }
        #expect(sparseSink.steps[.device]?.dropFirst().map(\.intervalStart) == starts)
        #expect(sparseSink.steps[.device]?.dropFirst().map(\.time) == zip(starts, starts.dropFirst() + [.infinity]).map { min($1, $0 + 120) })
        #expect(sparseSink.stepTotal(.device) == Double(sparse.indices.map { 80 + ($0 * 17) % 40 }.reduce(0, +)))
        #expect(sparseInfo.notes.contains { $0.contains("8 of them less than a second from another device's row") }, "\(sparseInfo.notes)")
        // The same source named otherwise, or a `device` column (refused as another person's
        // rows until 2026-11-27): the same steps.
        for name in ["source", "data_source", "sourceName", "device"] {
            let renamed = ([rows[0].replacingOccurrences(of: "data source", with: name)] + rows.dropFirst()).joined(separator: "\n") + "\n"
            #expect(try readRecording(files.write("\(name).csv", renamed)).1.stepTotal(.device) == Double(expected), "\(name)")
        }
    }

    /// A file of one source (the watch's alone) reads as it did without its source column:
    /// the same counts, intervals and notes.
    @Test func oneSourceReadsAsWithoutTheColumn() throws {
        let counts = [95, 40, 110, 0, 112, 40, 95, 112, 12, 88, 101, 40]
        let times = counts.indices.map { String(format: "2026-05-01T07:%02d:00Z", 1 + $0 + ($0 > 6 ? 3 : 0)) }
        let plain = files.write("plain.csv", "timestamp,steps\n" + zip(times, counts).map { "\($0),\($1)\n" }.joined())
        let named = files.write("named.csv", "timestamp,steps,data source\n" + zip(times, counts).map { "\($0),\($1),Google Pixel Watch 3\n" }.joined())
        let (plainInfo, plainSink) = try readRecording(plain)
        let (namedInfo, namedSink) = try readRecording(named)
        #expect(namedSink.steps == plainSink.steps)
        #expect(namedSink.stepTotal(.device) == Double(counts.reduce(0, +)))
        #expect(namedInfo.notes == plainInfo.notes)
        #expect(namedInfo.startDate == plainInfo.startDate)
    }

    /// Running totals of several devices are no one count (each device's counter is its own):
    /// refused where the second device's rows begin, saying how to split the file.
    @Test func runningTotalsOfSeveralDevicesAreRefused() throws {
        var rows = ["time,steps,data source"]
        for minute in 0..<30 {
            rows.append("\(1_709_280_000 + 60 * minute),\(100 * minute),watch")
            rows.append("\(1_709_280_001 + 60 * minute),\(90 * minute),phone")
        }
        let path = files.write("counters.csv", rows.joined(separator: "\n") + "\n")
        #expect(throws: IngestError(
            file: path, line: 3, column: 14,
            "rows of another data source ('phone'; the rows above are 'watch'): a recording is one data source's, so split the file by that column, e.g. awk -F',' 'NR==1 || $3==\"watch\"' FILE > watch.csv"
        )) {
            try readRecording(path)
        }
    }

    /// A health app's daily log in another language (a Japanese app's `日付,歩数,距離`: date,
    /// steps, metres; a German `Datum;Schritte`) is read as counts per day (until 2026-11-27
    /// refused as an unknown format, and under `--input-format steps` read as one step a row).
    @Test func stepLogsNamedInOtherLanguages() throws {
        let days = [(29, 21), (2768, 2027), (158, 106), (4000, 2900), (120, 80), (3500, 2500)]
        let japanese = files.write("walking.csv", "日付,歩数,距離\n" + days.enumerated().map { "2022-03-0\($0.offset + 1),\($0.element.0),\($0.element.1)\n" }.joined())
        let (info, sink) = try readRecording(japanese)
        #expect(info.format == .steps)
        #expect(info.notes.contains { $0.hasPrefix("step counts per interval, each from its row's time to the next row's (at most 86400 s") }, "\(info.notes)")
        #expect(sink.stepTotal(.device) == 10575)
        #expect(sink.steps[.device]?.last?.distance == 7634)
        let german = files.write("schritte.csv", "Datum;Schritte\n" + days.enumerated().map { "0\($0.offset + 1).03.2022;\($0.element.0)\n" }.joined())
        #expect(try readRecording(german).1.stepTotal(.device) == 10575)
        // Italian, its dates with `/` day first: six days, not six months (`Data` was no date's
        // name until 2026-11-27).
        let italian = files.write("passi.csv", "Data;Passi\n" + days.enumerated().map { "0\($0.offset + 1)/03/2022;\($0.element.0)\n" }.joined())
        let italianSink = try readRecording(italian).1
        #expect(italianSink.stepTotal(.device) == 10575)
        #expect(italianSink.steps[.device]?.map(\.time) == (0...6).map { Double($0 * 86_400) })
        // In English `data` is the data, not a date: sample indices are no clock, and a `date`
        // beside it is the date.
        #expect(throws: IngestError.self) { try readRecording(files.write("indices.csv", "data,count\n0,5\n1,7\n2,9\n")) }
        #expect(throws: IngestError.self) { try readRecording(files.write("axes.csv", "data,x,y,z\n0,0.1,0.2,9.8\n1,0.1,0.3,9.7\n")) }
        let both = files.write("both.csv", "data,date,steps\n0,2020-03-01,6260\n1,2020-03-02,9679\n2,2020-03-03,6000\n")
        #expect(try readRecording(both).1.stepTotal(.device) == 21_939)
        // A German counter, its thousands grouped by points and its kilometres with a decimal
        // comma (until 2026-11-27 `1.234` was read as 1.234 steps).
        let zeit = "Zeit;Schritte;Strecke (km)\n2020-03-01 08:00:00;0;0\n2020-03-01 09:00:00;1.234;0,88\n2020-03-01 10:00:00;2.501;1,79\n2020-03-01 11:00:00;4.321;3,08\n"
        let (zeitInfo, zeitSink) = try readRecording(files.write("zaehler.csv", zeit))
        #expect(zeitSink.steps[.device]?.map(\.steps) == [0, 1234, 2501, 4321])
        #expect(zeitSink.steps[.device]?.last?.distance == 3080)
        #expect(zeitInfo.notes.contains(NumberStyle.pointsGroupThousandsNote))
        // Dates day first, which the first rows cannot tell (`01/10/2026`) but later ones can
        // (`13/10/2026`): every day read (until 2026-11-27 read month first from the first row,
        // the days after the 12th skipped).
        let counts: [Int] = (1...20).map { day in 1000 + 500 * (day % 3) }
        let spanish = files.write("pasos.csv", "fecha,pasos,distancia\n" + counts.enumerated().map { String(format: "%02d/10/2026,%d,700\n", $0.offset + 1, $0.element) }.joined())
        let (spanishInfo, spanishSink) = try readRecording(spanish)
        #expect(spanishInfo.skipped.count == 0)
        #expect(spanishSink.stepTotal(.device) == Double(counts.reduce(0, +)))

    }

    /// The review of 2026-11-27's rules: a localised counter logged every minute is still a
    /// running total (read as a day's counts per row it gave 1,036 steps of 6,004); counts
    /// with three decimals in an English file are fractions, not thousands (a minute's average
    /// `113.895` read as 113,895); a count written `-` is a row left out, not a reason to read
    /// `4.271` as 4.271; and metres grouped by points (`3.075`) beside decimal commas are read.
    @Test func localisedCountersAndFractionalCounts() throws {
        var total = 0
        let minutes = (0..<60).map { minute -> String in
            total += 40 + (minute * 37) % 60
            return String(format: "01.03.2024 08:%02d:00;%d;%@", minute, total, String(format: "%.1f", Double(total) * 0.7).replacingOccurrences(of: ".", with: ","))
        }
        let (counterInfo, counterSink) = try readRecording(files.write("zaehler.csv", "Datum;Schritte;Strecke\n" + minutes.joined(separator: "\n") + "\n"))
        #expect(counterInfo.notes.contains("cumulative step counts"), "\(counterInfo.notes)")
        #expect(counterSink.stepTotal(.device) == Double(total - 40))  // counted from the first reading
        let fractions = "Date/Time,Step Count (count)\n2024-03-01 08:00:00,113.895\n2024-03-01 08:01:00,60.703\n2024-03-01 08:02:00,44.041\n2024-03-01 08:03:00,120.545\n"
        let (fractionInfo, fractionSink) = try readRecording(files.write("averages.csv", fractions))
        #expect(abs((fractionSink.stepTotal(.device) ?? 0) - 339.184) < 1e-6)
        #expect(!fractionInfo.notes.contains(NumberStyle.pointsGroupThousandsNote))
        // Semicolons and three decimals under an English header: fractions still.
        let (_, semicolonSink) = try readRecording(files.write("semi.csv", "time;steps\n2024-03-01 08:00:00;23.457\n2024-03-01 08:01:00;10.500\n2024-03-01 08:02:00;41.250\n2024-03-01 08:03:00;12.125\n"))
        #expect(abs((semicolonSink.stepTotal(.device) ?? 0) - 87.332) < 1e-6)
        // A German `Strecke` in kilometres, unlabelled, is told from the steps as in Fitbit's
        // export (read as metres, 75 km came out 75 m).
        let strecke = files.write("strecke.csv", "Datum;Schritte;Strecke\n01.05.2019;4.271;3,08\n02.05.2019;9.084;6,54\n03.05.2019;7.120;5,13\n")
        let (streckeInfo, streckeSink) = try readRecording(strecke)
        #expect(abs((streckeSink.steps[.device]?.last?.distance ?? 0) - 14_750) < 1e-6)
        #expect(streckeInfo.notes.contains { $0.hasPrefix("distance 'Strecke' in km (inferred: 0.72 m a step") }, "\(streckeInfo.notes)")
        let dash = files.write("strich.csv", "Datum;Schritte;Strecke (m)\n01.05.2019;4.271;3.075\n02.05.2019;9.084;6.540,5\n03.05.2019;-;0\n04.05.2019;5.812;4.184\n")
        let (dashInfo, dashSink) = try readRecording(dash)
        #expect(dashSink.stepTotal(.device) == 19_167)
        #expect(abs((dashSink.steps[.device]?.last?.distance ?? 0) - 13_799.5) < 1e-6)
        #expect(dashInfo.skipped.examples.map(\.description) == ["\(dash):4:12: step count is not a finite number: '-'"])
    }

    /// Date-times without a zone are the device's clock: placed with --time-zone, and said so
    /// without it; a row that goes back, or a negative count, is located and left out.
    @Test func localTimesAndBadRows() throws {
        let path = files.write("hourly.csv", """
            time,steps
            2024-03-01 08:00:00,500
            2024-03-01 09:00:00,1200
            2024-03-01 10:00:00,300
            2024-03-01 09:30:00,20
            2024-03-01 11:00:00,-4
            2024-03-01 12:00:00,800

            """)
        let (info, sink) = try readRecording(path)
        #expect(info.startDate == nil)
        #expect(info.notes.contains(DateTimeClock.localTimeNote))
        #expect(sink.stepTotal(.device) == 2800)
        #expect(info.skipped.examples.map(\.description) == [
            "\(path):5:1: interval starts before the previous row's",
            "\(path):6:21: negative step count",
        ])
        var options = IngestOptions()
        options.timeZone = TimeZoneRule("+01:00")
        let (zoned, _) = try readRecording(path, options)
        #expect(zoned.startDate == 1_709_276_400)
        #expect(!zoned.notes.contains(DateTimeClock.localTimeNote))
    }

    /// A minute log on a local clock without a zone across the end of daylight saving time
    /// writes the hour 02:00–02:59 twice: its second pass is skipped with the reason and the
    /// option that reads it (a stranger's log lost that hour's steps, the message not saying
    /// why), and `--time-zone` reads every row.
    @Test func anHourWrittenTwiceAtTheEndOfDaylightSavingTime() throws {
        var rows = ["timestamp,steps"]
        for hour in [1, 2, 2, 3] {
            for minute in 0..<60 { rows.append(String(format: "2024-10-27 %02d:%02d:00,%d", hour, minute, 80 + minute % 2 * 40)) }
        }
        let path = files.write("fall_minutes.csv", rows.joined(separator: "\n") + "\n")
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, into: &sink)
        #expect(sink.stepTotal(.device) == 18_000)
        #expect(info.skipped.byReason == [
            "interval starts before the previous row's (the clock went back an hour: daylight saving time ending on a local clock? "
                + "--time-zone ZONE reads its times, e.g. --time-zone Europe/Berlin)": 60,
        ])
        // An hour written twice by day is no change of the clocks: no hint.
        let day = files.write("resync.csv", rows.joined(separator: "\n").replacingOccurrences(of: "2024-10-27 0", with: "2024-05-01 1") + "\n")
        var daySink = CollectingSink()
        let dayInfo = try RecordingReader.read(day, into: &daySink)
        #expect(dayInfo.skipped.byReason == ["interval starts before the previous row's": 60], "\(dayInfo.skipped.byReason)")
        var zoned = CollectingSink()
        let zonedInfo = try RecordingReader.read(path, options: IngestOptions(timeZone: TimeZoneRule("Europe/Berlin")), into: &zoned)
        #expect(zoned.stepTotal(.device) == 24_000 && zonedInfo.skipped.count == 0)
    }

    /// Two devices of different spacings (a watch's minutes, a phone's quarter hours stamped
    /// 117 ms after the watch's minute): each row lasts its own device's spacing, and the phone's
    /// quarter hour is no copy of the watch's minute it starts with (the review: each quarter
    /// hour squeezed into a minute, 6,373 steps "faster than anyone walks", 5,723 of 6,118).
    @Test func devicesOfDifferentSpacings() throws {
        var rows = ["timestamp,steps,data source"]
        var watch = 0
        for minute in 0..<60 {
            let steps = 90 + minute * 37 % 25
            watch += steps
            rows.append(String(format: "2024-05-01T08:%02d:00Z,%d,Pixel Watch 2", minute, steps))
            if minute % 15 == 0 { rows.append(String(format: "2024-05-01T08:%02d:00.117Z,%d,Pixel 8 phone", minute, 1450 + minute)) }
        }
        var sink = CollectingSink()
        let info = try RecordingReader.read(files.write("mixed_spacing.csv", rows.joined(separator: "\n") + "\n"), into: &sink)
        #expect(sink.stepTotal(.device) == Double(watch), "\(info.notes)")
        #expect(!info.notes.contains { $0.contains("faster than anyone") })
    }
}
