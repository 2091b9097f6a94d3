import Foundation
import Testing
import PedometerCore
@testable import PedometerIngest

/// Step counts per interval (Google Fit's daily activity metrics): a cumulative device stream.
@Suite struct StepIntervalReaderTests {
    let files = TemporaryFiles()

    private func read(_ path: String, _ options: IngestOptions = .init()) throws -> (RecordingInfo, CollectingSink) {
        var sink = CollectingSink()
        let info = try RecordingReader.read(path, options: options, into: &sink)
        return (info, sink)
    }

    @Test func quarterHoursOfOneDayNamedByItsFile() throws {
        let (info, sink) = try read(Fixtures.path("formats/google-fit/2019-05-13.csv"))
        #expect(info.format == .steps)
        let steps = try #require(sink.steps[.device])
        #expect(steps.count == 97)  // 0 at midnight, then one per quarter hour
        #expect(sink.stepTotal(.device) == 8853)
        #expect(abs((steps.last?.distance ?? 0) - 7966.06) < 0.01)
        // 2019-05-13 00:00 +02:00.
        #expect(info.startDate == 1_557_698_400)
        // 08:00–08:15, in whole seconds exactly (nanoseconds times 1e-9 made it 29,700 s + 4 ns).
        #expect(steps[33].time == 33 * 900 && steps[33].intervalStart == 32 * 900 && steps[33].steps == 812)
        #expect(info.streams.first?.columns == "start 'Start time', end 'End time', steps 'Step count', distance 'Distance (m)'")
    }

    @Test func oneRowPerDay() throws {
        let (info, sink) = try read(Fixtures.path("formats/google-fit/Daily activity metrics.csv"))
        #expect(sink.stepTotal(.device) == 17195)
        #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800])
        #expect(info.notes.contains("step counts per day"))
    }

    /// A date column saved from cells formatted as numbers holds a spreadsheet's serial dates
    /// (`43597` for 2019-05-12): read as those days, and hours as their fractions, in local time
    /// that `--time-zone` places; `yyyyMMdd` and Unix seconds are dates too (until 2026-11-28
    /// each was refused as no date-time).
    @Test func spreadsheetSerialDates() throws {
        let text = try String(contentsOfFile: Fixtures.path("formats/google-fit/Daily activity metrics.csv"), encoding: .utf8)
        let serial = text.split(separator: "\n").map { line in
            line.replacingOccurrences(of: "2019-05-12", with: "43597").replacingOccurrences(of: "2019-05-13", with: "43598")
        }
        #expect(serial.count == 3 && serial[2].hasPrefix("43598,"))
        var options = IngestOptions()
        options.timeZone = TimeZoneRule("+02:00")
        let (info, sink) = try read(files.write("daily.csv", serial.joined(separator: "\n") + "\n"), options)
        #expect(sink.stepTotal(.device) == 17195)
        #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800])
        #expect(info.notes.contains("dates in 'Date' are a spreadsheet's serial dates (days since 1899-12-30)"))
        #expect(info.notes.contains("step counts per day"))
        #expect(info.startDate == 1_557_612_000)  // 2019-05-12 00:00 +02:00
        // Hours, five decimals (0.864 s): a row's usual spacing, to the second.
        var rows: [String] = []
        var total = 0
        for hour in 0..<48 {
            let count = hour % 24 < 8 ? 0 : 50 + hour * 37 % 200
            total += count
            rows.append(String(format: "%.5f,%d", 43_597 + Double(hour) / 24, count))
        }
        let (hourly, hourlySink) = try read(files.write("hourly.csv", (["Date,Steps"] + rows).joined(separator: "\n") + "\n"))
        #expect(hourly.notes.contains("step counts per 3600 s from each row's time (the rows' usual spacing)"), "\(hourly.notes)")
        #expect(hourlySink.stepTotal(.device) == Double(total))
        // The same under `time,steps` (one time column): days inferred from the hours' spacing.
        let (inferred, inferredSink) = try read(files.write("timed.csv", (["time,steps"] + rows).joined(separator: "\n") + "\n"))
        #expect(inferred.notes.contains { $0.hasPrefix("time in excel-days (inferred: median spacing 3600") }, "\(inferred.notes)")
        #expect(inferredSink.stepTotal(.device) == hourlySink.stepTotal(.device))
        // ISO 8601's basic form (`20190512`, local) and Unix seconds (an instant) as numbers.
        for (name, first, second, note) in [
            ("compact.csv", "20190512", "20190513", "dates in 'Date' are written yyyyMMdd"),
            ("unix.csv", "1557612000", "1557698400", "dates in 'Date' are seconds since 1970"),
        ] {
            let written = text.replacingOccurrences(of: "2019-05-12", with: first).replacingOccurrences(of: "2019-05-13", with: second)
            let (numeric, numericSink) = try read(files.write(name, written), options)
            #expect(numericSink.stepTotal(.device) == 17195 && numericSink.steps[.device]?.map(\.time) == [0, 86_400, 172_800], "\(name)")
            #expect(numeric.notes.contains(note), "\(numeric.notes)")
            #expect(numeric.startDate == 1_557_612_000, "\(name)")
        }
        // Start and end columns both so written (until 2026-11-28 the end was refused as no
        // date-time, the start read).
        for (name, rows) in [
            ("start-end-unix.csv", "start,end,steps\n1714521600,1714525200,500\n1714525200,1714528800,700\n"),
            ("start-end-days.csv", "start,end,steps\n45413.5,45413.541667,500\n45413.541667,45413.583333,700\n"),
        ] {
            let (_, bounded) = try read(files.write(name, rows))
            #expect(bounded.stepTotal(.device) == 1200, "\(name)")
            #expect(bounded.steps[.device]?.last.map { abs($0.time - 7200) < 1 } == true, "\(name)")
        }
    }

    /// The device's own distance beside its daily steps, as Fitbit's data (Fitabase's
    /// `dailyActivity_merged.csv`, the first rows of the public data set: `TotalDistance` in
    /// km, unstated, told by the step's length) and Health Auto Export (`Walking + Running
    /// Distance (km)`) write it: read as the device's distance (until 2026-11-27 it was passed
    /// over without a word, and the distance came from height and cadence: 40.1 km for 36.65).
    @Test func theDevicesDistanceBesideItsDailySteps() throws {
        let fitabase = files.write("dailyActivity_merged.csv", """
            Id,ActivityDate,TotalSteps,TotalDistance,TrackerDistance,LoggedActivitiesDistance,VeryActiveDistance,ModeratelyActiveDistance,LightActiveDistance,SedentaryActiveDistance,VeryActiveMinutes,FairlyActiveMinutes,LightlyActiveMinutes,SedentaryMinutes,Calories
            1503960366,4/12/2016,13162,8.5,8.5,0,1.87999999523163,0.550000011920929,6.05999994277954,0,25,13,328,728,1985
            1503960366,4/13/2016,10735,6.96999979019165,6.96999979019165,0,1.57000005245209,0.689999997615814,4.71000003814697,0,21,19,217,776,1797

            """)
        let (info, sink) = try read(fitabase)
        #expect(sink.stepTotal(.device) == 23_897)
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - 15_469.999_790_191_65) < 1e-6)
        #expect(info.notes.contains { $0.hasPrefix("distance 'TrackerDistance' in km (inferred: 0.65 m a step") }, "\(info.notes)")
        // The tracker's distance, not the total with activities logged by hand (the review: a
        // logged 20 km ride was added to the day's walk).
        let logged = files.write("logged/dailyActivity_merged.csv", """
            Id,ActivityDate,TotalSteps,TotalDistance,TrackerDistance,LoggedActivitiesDistance
            1503960366,4/12/2016,13162,28.5,8.5,20
            1503960366,4/13/2016,10735,6.96999979019165,6.96999979019165,0

            """)
        let (_, loggedSink) = try read(logged)
        #expect(abs((loggedSink.steps[.device]?.last?.distance ?? 0) - 15_469.999_790_191_65) < 1e-6)
        let healthAutoExport = files.write("HealthAutoExport-2024-05-01-2024-05-02.csv", """
            Date,Active Energy (kJ),Flights Climbed (count),Step Count (count),Walking + Running Distance (km),Walking Speed (km/hr),Walking Step Length (cm)
            2024-05-01 00:00:00,2406.978,25,12289,8.848,4.503,70.549
            2024-05-02 00:00:00,1980.5,12,8120,5.71,4.4,70.1

            """)
        let (_, daily) = try read(healthAutoExport)
        #expect(sink.steps[.device] != nil && daily.stepTotal(.device) == 20_409)
        #expect(abs((daily.steps[.device]?.last?.distance ?? 0) - 14_558) < 1e-6)
    }

    /// Slashed dates that every one fits either order (`01/03/2024` … `12/03/2024`) are read
    /// month first, as English writes them, and a note says the order was a guess (a stranger's
    /// twelve days of March were read as the 3rd of each month, nothing said); a date past the
    /// 12th settles it, and no note is given.
    @Test func anAmbiguousOrderOfDayAndMonthIsSaid() throws {
        let rows = (1...12).map { String(format: "%02d/03/2024,%d", $0, 8000 + $0) }.joined(separator: "\n")
        let (info, _) = try read(files.write("uk_daily12.csv", "Date,Steps\n" + rows + "\n"))
        #expect(info.notes.contains("date-times (M/d/yyyy) without a zone: every date fits the other order of day and month as well; a header "
            + "in a language that writes dates day first (Datum, Fecha, Data …) reads them day first"), "\(info.notes)")
        let (settled, _) = try read(files.write("uk_daily13.csv", "Date,Steps\n" + rows + "\n13/03/2024,9000\n"))
        #expect(!settled.notes.contains { $0.contains("fits the other order") })
    }

    /// Counts written with three decimals beside whole ones, under English names (`12.345`,
    /// `8.001`): read as written, fractions of a step, and the note names the option that reads
    /// their points as thousands (a stranger's days of 12,345 steps were read as 12, unsaid);
    /// with it, thousands.
    @Test func countsThatMayGroupThousandsAreAsked() throws {
        let path = files.write("en_dots.csv", "Date;Steps\n01.03.2024;12.345\n02.03.2024;8.001\n03.03.2024;950\n")
        let (info, sink) = try read(path)
        #expect(abs((sink.stepTotal(.device) ?? 0) - 970.346) < 1e-6)
        #expect(info.notes.contains(
            "step counts written with three decimals ('Steps': read as fractions of a step); if their points group thousands (12.345 for "
                + "12,345 steps), give --decimal comma"), "\(info.notes)")
        let (commaInfo, comma) = try read(path, IngestOptions(decimal: .comma))
        #expect(comma.stepTotal(.device) == 21_296)
        #expect(!commaInfo.notes.contains { $0.hasPrefix("step counts written with three decimals") })
        let (_, plain) = try read(files.write("plain.csv", "Date;Steps\n01.03.2024;12.5\n02.03.2024;8.001\n"))
        #expect((plain.stepTotal(.device) ?? 0) > 0)
    }

    /// A health app's hourly rows under a `Date` column (Health Auto Export): each row's
    /// steps over its hour, not a day (until 2026-11-26 a 24-hour log lasted 47 hours, and
    /// series put its steps at the wrong times); a `Finish` column is an interval's end (QS
    /// Access), and times to the minute are read.
    @Test func hourlyRowsUnderADateAndStartFinish() throws {
        let hourly = files.write("hourly.csv", "Date,Step Count (count)\n2019-05-13 08:00:00,100\n2019-05-13 09:00:00,250\n2019-05-13 10:00:00,50\n")
        let (info, sink) = try read(hourly)
        #expect(sink.steps[.device]?.map(\.time) == [0, 3600, 7200, 10_800])
        #expect(sink.stepTotal(.device) == 400)
        #expect(info.notes.contains("step counts per 3600 s from each row's time (the rows' usual spacing)"))
        let finish = files.write("qs.csv", "Start,Finish,Steps (count)\n13-May-2019 08:00,13-May-2019 09:00,100\n13-May-2019 09:00,13-May-2019 10:00,250\n")
        let (_, finishSink) = try read(finish)
        #expect(finishSink.steps[.device]?.map(\.time) == [0, 3600, 7200])
        #expect(finishSink.stepTotal(.device) == 350)
    }

    /// Samsung Health's step_count export: a line naming the data type above the header, names
    /// in the app's namespace, times in UTC beside each row's local offset, and rows of each
    /// device that counted (added up, with a note). Until 2026-11-26 refused, every message's
    /// advice leading nowhere.
    @Test func samsungHealthsStepCountExport() throws {
        let prefix = "com.samsung.health.step_count."
        let header = ["source_pkg_name", "\(prefix)start_time", "\(prefix)time_offset", "\(prefix)count", "\(prefix)distance", "\(prefix)deviceuuid", "\(prefix)end_time"]
        let rows = [
            "com.samsung.shealth.tracker.pedometer_step_count,6315002,15",
            header.joined(separator: ","),
            "com.sec.android.app.shealth,2019-05-13 08:00:00.000,UTC+0200,102,71.4,VfS0qUERdZ,2019-05-13 08:01:00.000",
            "com.sec.android.app.shealth,2019-05-13 08:01:00.000,UTC+0200,45,31.5,VfS0qUERdZ,2019-05-13 08:02:00.000",
            "com.sec.android.app.shealth,2019-05-13 08:01:00.000,UTC+0200,40,28.0,Wx9watch01,2019-05-13 08:02:00.000",
        ]
        let path = files.write("com.samsung.shealth.tracker.pedometer_step_count.20190513.csv", rows.joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        #expect(info.format == .steps)
        #expect(info.startDate == 1_557_734_400)  // 08:00 UTC
        // The phone's and the watch's 08:01 minute are the same steps: the larger count (until
        // 2026-11-27 both were added, 187 steps, the minute counted twice).
        #expect(sink.stepTotal(.device) == 147)
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - 102.9) < 1e-9)
        #expect(info.notes.contains("times in UTC (the column '\(prefix)time_offset' gives each row's local offset)"))
        #expect(info.notes.contains { $0.hasPrefix("2 rows of several devices over the same time: each moment counts the device that counted the most then") }, "\(info.notes)")
        // The watch's minute half a minute later than the phone's: over the half minute both
        // counted, the phone's 22.5 steps (45 a minute, beside the watch's 20) count; the
        // phone's other half holds its 25 steps the watch did not count (at most its own rate,
        // 22.5, the 2.5 left spread over the whole minute), the watch's the 17.5 the phone did
        // not count: 23.75 + 22.5 + 17.5, in whole steps as they add up 24 + 22 + 18, and the
        // phone's first minute, 102 (until 2026-11-27 both were added up, 187).
        let overlapping = rows.dropLast() + ["com.sec.android.app.shealth,2019-05-13 08:01:30.000,UTC+0200,40,28.0,Wx9watch01,2019-05-13 08:02:30.000"]
        let (overlappingInfo, overlappingSink) = try read(files.write("overlapping.csv", overlapping.joined(separator: "\n") + "\n"))
        #expect(overlappingSink.steps[.device]?.map(\.steps) == [0, 102, 126, 148, 166])
        #expect(overlappingInfo.notes.contains { $0.hasPrefix("2 rows of several devices over the same time") }, "\(overlappingInfo.notes)")
        // Rows of two devices at other times (the watch's minute starting as the phone's ends)
        // are added up, with a note.
        let apart = rows.dropLast() + ["com.sec.android.app.shealth,2019-05-13 08:02:00.000,UTC+0200,40,28.0,Wx9watch01,2019-05-13 08:03:00.000"]
        let (apartInfo, apartSink) = try read(files.write("apart.csv", apart.joined(separator: "\n") + "\n"))
        #expect(apartSink.stepTotal(.device) == 187)
        #expect(apartInfo.notes.contains { $0.hasPrefix("rows of 2 devices ('\(prefix)deviceuuid'): their counts are added up where their intervals do not overlap") }, "\(apartInfo.notes)")
        // UTC whatever --time-zone says of other files (the review: 2 h early under +02:00).
        var options = IngestOptions()
        options.timeZone = TimeZoneRule("+02:00")
        let (zoned, _) = try read(path, options)
        #expect(zoned.startDate == 1_557_734_400)
    }

    /// Apple Health's step records as the converters of its export.xml write them: each row's
    /// `value` over its `startDate`–`endDate`, rows of other quantities passed over and
    /// counted, the `device` text (which holds the software version) no other person's rows,
    /// and two sources' overlapping records counted once. Until 2026-11-27 refused ("names no
    /// time").
    @Test func appleHealthStepRecords() throws {
        let device = "\"<<HKDevice: 0x2837545f0>, name:iPhone, manufacturer:Apple, model:iPhone, hardware:iPhone10,1, software:"
        let rows = [
            "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value",
            "\"iPhone\",\"11.2\",\(device)11.2>\",\"StepCount\",\"count\",2017-12-23 09:33:40 +0100,2017-12-23 09:07:45 +0100,2017-12-23 09:13:55 +0100,8",
            "\"iPhone\",\"11.2\",\(device)11.2>\",\"HeartRate\",\"count/min\",2017-12-23 09:33:40 +0100,2017-12-23 09:10:00 +0100,2017-12-23 09:10:00 +0100,72",
            "\"iPhone\",\"11.3\",\(device)11.3>\",\"StepCount\",\"count\",2017-12-23 10:49:15 +0100,2017-12-23 10:17:03 +0100,2017-12-23 10:23:21 +0100,7",
        ]
        let path = files.write("StepCount.csv", rows.joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        #expect(info.format == .steps)
        #expect(sink.stepTotal(.device) == 15)
        #expect(info.startDate == 1_514_016_465)  // 2017-12-23 09:07:45 +0100
        #expect(sink.steps[.device]?.map(\.time) == [0, 370, 4536])
        #expect(info.notes.contains("1 rows of other quantities than step counts passed over ('type': 'HeartRate')"), "\(info.notes)")
        #expect(info.streams.first?.columns == "start 'startDate', end 'endDate', steps 'value'")

        // The full identifier, a phone and a watch, below Excel's `sep=`: their records of one
        // walk overlap, and the phone counted the most throughout (until 2026-11-27 both were
        // added up, 1602 steps, with a note that the walk was counted twice; the Health app
        // counts it once).
        let watch = [
            "sep=,", "type,sourceName,sourceVersion,productType,device,startDate,endDate,unit,value",
            "HKQuantityTypeIdentifierStepCount,Jan's iPhone,16.1,\"iPhone14,2\",,2023-01-01 08:00:12 +0100,2023-01-01 08:09:54 +0100,count,812",
            "HKQuantityTypeIdentifierStepCount,Jan's Apple Watch,9.1,\"Watch6,1\",,2023-01-01 08:00:30 +0100,2023-01-01 08:09:40 +0100,count,790",
        ]
        let (watchInfo, watchSink) = try read(files.write("export.csv", watch.joined(separator: "\n") + "\n"))
        #expect(watchSink.stepTotal(.device) == 812)
        #expect(watchInfo.notes.contains { $0.hasPrefix("2 rows of several devices over the same time") }, "\(watchInfo.notes)")
        // Time 0 is the earliest start (the phone's, 08:00:12 +0100); the phone's steps come
        // in the pieces between the two rows' bounds (08:00:30, 08:09:40).
        #expect(watchInfo.startDate == 1_672_556_412)
        #expect(watchSink.steps[.device]?.map(\.time) == [0, 18, 568, 582])
        // A phone's 5-minute records over a watch's minutes: the watch counted its minutes
        // (101 each), the phone 480 in each 5 minutes, of which the watch's 5 minutes hold
        // 505: its minutes are counted. A later walk only the phone counted is added.
        var minutes = ["type,sourceName,startDate,endDate,value"]
        minutes += [("08:00:00", "08:05:00", 480), ("08:05:00", "08:10:00", 480), ("09:00:00", "09:02:00", 150)].map {
            "StepCount,Jan's iPhone,2023-01-01 \($0.0) +0100,2023-01-01 \($0.1) +0100,\($0.2)"
        }
        minutes += (0..<10).map { "StepCount,Jan's Apple Watch,2023-01-01 08:0\($0):00 +0100,2023-01-01 08:0\($0):59 +0100,101" }
        let (minutesInfo, minutesSink) = try read(files.write("minutes.csv", minutes.joined(separator: "\n") + "\n"))
        #expect(minutesSink.stepTotal(.device) == 1160)
        // Two stretches of 6 rows: each 5-minute row with the 5 minutes inside it.
        #expect(minutesInfo.notes.contains { $0.hasPrefix("12 rows of several devices over the same time") }, "\(minutesInfo.notes)")
        #expect(!minutesInfo.notes.contains { $0.hasPrefix("rows of 2 devices") }, "\(minutesInfo.notes)")

        // Quantities seen equally often are listed in their names' order, alike from run to run
        // (they came in a dictionary's order, which differs from one dictionary to the next).
        let others = ["type,sourceName,startDate,endDate,value", "StepCount,iPhone,2023-01-01 08:00:00 +0100,2023-01-01 08:05:00 +0100,500"]
            + ["HeartRate", "BasalEnergyBurned", "Weight", "ActiveEnergyBurned"].map { "\($0),iPhone,2023-01-01 08:01:00 +0100,2023-01-01 08:01:00 +0100,1" }
        let (othersInfo, _) = try read(files.write("others.csv", others.joined(separator: "\n") + "\n"))
        #expect(othersInfo.notes.contains("4 rows of other quantities than step counts passed over ('type': 'ActiveEnergyBurned', 'BasalEnergyBurned', 'HeartRate' …)"), "\(othersInfo.notes)")

        // A `type` naming an activity beside a `steps` column is no record's quantity: every row is read.
        let activities = "sourceName,type,start,end,steps\nphone,Walking,2023-01-01 08:00,2023-01-01 08:10,800\nphone,Running,2023-01-01 09:00,2023-01-01 09:20,3000\n"
        let (_, activitySink) = try read(files.write("activities.csv", activities))
        #expect(activitySink.stepTotal(.device) == 3800)
    }

    /// Rows of intervals not in time order (an export listing the newest first, a Samsung
    /// Health export's rows as stored): read in the order their intervals end, from the
    /// earliest start, which is time 0 and the start date (until 2026-11-27 refused as
    /// "newest first"; in the review of the first sorting, the start was the first row's, and a
    /// newest-first log of 20 days lasted one).
    /// Apple Health's records of one minute from a phone and a watch, its interval exactly:
    /// the larger count (a run of 175 steps a minute from each, added up, was 350 a minute,
    /// taken for steps faster than anyone runs and left out: 0 steps). A row written twice by
    /// one device is still a repeat, not a second device's count.
    @Test func oneIntervalOfTwoDevicesIsCountedOnce() throws {
        var rows = ["sourceName,type,startDate,endDate,value"]
        for minute in 0..<10 {
            let start = String(format: "2024-03-01 08:%02d:00 +0100", minute), end = String(format: "2024-03-01 08:%02d:00 +0100", minute + 1)
            rows.append("iPhone,HKQuantityTypeIdentifierStepCount,\(start),\(end),\(170 + minute)")
            rows.append("Apple Watch,HKQuantityTypeIdentifierStepCount,\(start),\(end),\(175 + minute % 3)")
        }
        let (info, sink) = try read(files.write("StepCount.csv", rows.joined(separator: "\n") + "\n"))
        let expected = (0..<10).map { max(170 + $0, 175 + $0 % 3) }.reduce(0, +)
        #expect(sink.stepTotal(.device) == Double(expected))
        #expect(info.notes.contains { $0.hasPrefix("20 rows of several devices over the same time: each moment counts the device that counted the most then") }, "\(info.notes)")
        // A row written twice is one interval's count (until 2026-11-27 the emitter dropped the
        // repeat as a duplicate time but counted part of its steps: 1,643 of 1,623 in a Mi Fit
        // log); rows of one interval that differ are rows the file gives no finer time for:
        // added up, so that no step of the file is lost.
        let twice = "start,end,steps\n2024-03-01T08:00:00Z,2024-03-01T08:15:00Z,900\n2024-03-01T08:00:00Z,2024-03-01T08:15:00Z,900\n2024-03-01T08:15:00Z,2024-03-01T08:30:00Z,300\n"
        let (twiceInfo, twiceSink) = try read(files.write("twice.csv", twice))
        #expect(twiceSink.steps[.device]?.map(\.steps) == [0, 900, 1200])
        #expect(twiceInfo.notes.contains { $0.hasPrefix("1 row repeating another of its interval and device exactly passed over") }, "\(twiceInfo.notes)")
        #expect(!twiceInfo.notes.contains { $0.contains("several devices") })
        let slots = "Date,Steps\n2024-03-01,410\n2024-03-01,700\n2024-03-01,0\n2024-03-01,0\n2024-03-02,850\n"
        #expect(try read(files.write("slots.csv", slots)).1.steps[.device]?.map(\.steps) == [0, 1110, 1960])
    }

    /// A device's rows written again by another app a little later (a phone's health app
    /// copying a watch's minutes, stamped some milliseconds after them): rows of another device
    /// less than a second from an interval's bounds are rows of that interval, the larger count
    /// kept; rows a second or more apart still overlap, each moment counting its larger device.
    @Test func aCopyStampedALittleLaterIsOfTheSameInterval() throws {
        let copies = """
            start,end,steps,data source
            2026-05-01T08:00:00Z,2026-05-01T08:01:00Z,100,watch
            2026-05-01T08:00:00.400Z,2026-05-01T08:01:00.400Z,100,phone
            2026-05-01T08:01:00Z,2026-05-01T08:02:00Z,60,watch
            2026-05-01T08:01:00.700Z,2026-05-01T08:02:00.700Z,50,phone

            """
        let (info, sink) = try read(files.write("copies.csv", copies))
        #expect(sink.stepTotal(.device) == 160)
        #expect(sink.steps[.device]?.map(\.time) == [0, 60, 120])
        #expect(info.notes.contains { $0.hasPrefix("4 rows of several devices over the same time") && $0.hasSuffix("2 of them less than a second from another device's row, read as of its interval)") }, "\(info.notes)")
        // Half a minute apart: overlapping rows, not one interval.
        let apart = copies.replacingOccurrences(of: "00.400Z", with: "30.000Z").replacingOccurrences(of: "00.700Z", with: "30.000Z")
        let (apartInfo, _) = try read(files.write("apart.csv", apart))
        #expect(apartInfo.notes.contains { $0.hasPrefix("4 rows of several devices over the same time") && !$0.contains("less than a second") }, "\(apartInfo.notes)")
    }

    @Test func intervalsInAnyOrderStartAtTheEarliest() throws {
        let rows = (0..<20).reversed().map { day in String(format: "2019-05-%02d,%d", day + 1, 5000 + day) }
        let (info, sink) = try read(files.write("newest-first.csv", (["Date,Steps"] + rows).joined(separator: "\n") + "\n"))
        #expect(sink.stepTotal(.device) == Double((0..<20).reduce(0) { $0 + 5000 + $1 }))
        #expect(sink.steps[.device]?.map(\.time) == (0...20).map { Double($0) * 86_400 })
        #expect(info.streams.first?.outOfOrder == 0)
        let zoned = "Start time,End time,Step count\n2019-05-13T10:00:00Z,2019-05-13T10:15:00Z,100\n2019-05-13T08:00:00Z,2019-05-13T08:15:00Z,50\n"
        let (zonedInfo, zonedSink) = try read(files.write("zoned.csv", zoned))
        #expect(zonedInfo.startDate == 1_557_734_400)  // 08:00Z
        #expect(zonedSink.steps[.device]?.map(\.time) == [0, 900, 8100])
    }

    /// Fitbit's account export: a section's name above the header, counts written with their
    /// thousands grouped (`"8,123"`), day-first dates, and `Distance` in the account's unit,
    /// told from the steps (kilometres here: 0.73 m a step). Until 2026-11-27 refused, with the
    /// advice of a decimal comma that gave 25 steps.
    @Test func fitbitsDailyExport() throws {
        // Its next section (`Sleep`, other columns) is no rows of the table.
        let rows = [
            "Activities",
            "Date,Calories Burned,Steps,Distance,Floors",
            "\"12-05-2019\",\"2,345\",\"8,123\",\"5.91\",\"10\"",
            "\"13-05-2019\",\"2,545\",\"10,234\",\"7.45\",\"12\"",
            "\"14-05-2019\",\"2,145\",\"6,543\",\"4.76\",\"8\"",
            "",
            "Sleep",
            "Start Time,End Time,Minutes Asleep,Minutes Awake,Number of Awakenings",
            "\"12-05-2019 11:40PM\",\"13-05-2019 7:19AM\",\"361\",\"24\",\"0\"",
        ]
        let (info, sink) = try read(files.write("fitbit_export_20190515.csv", rows.joined(separator: "\n") + "\n"))
        #expect(sink.stepTotal(.device) == 24_900)
        #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800, 259_200])
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - 18_120) < 1e-6)
        #expect(info.notes.contains("distance 'Distance' in km (inferred: 0.73 m a step; in metres 0.0007)"), "\(info.notes)")
        #expect(info.notes.contains("the rows from line 7 on ('Sleep', another section of the export) not read"), "\(info.notes)")
        // Miles when kilometres would make a step too short; a unit stated is read as stated.
        let miles = "Date,Steps,Distance\n2019-05-12,8123,3.67\n2019-05-13,10234,4.63\n"
        let (milesInfo, milesSink) = try read(files.write("miles.csv", miles))
        #expect(abs((milesSink.steps[.device]?.last?.distance ?? 0) - 8.30 * 1609.344) < 1e-6)
        #expect(milesInfo.notes.contains { $0.hasPrefix("distance 'Distance' in mi (inferred: 0.73 m a step") }, "\(milesInfo.notes)")
        let stated = "Date,Steps,Distance (m)\n2019-05-12,8123,5.91\n"
        let (statedInfo, statedSink) = try read(files.write("stated.csv", stated))
        #expect(statedSink.steps[.device]?.last?.distance == 5.91)
        #expect(!statedInfo.notes.contains { $0.hasPrefix("distance '") })
        let (_, namedSink) = try read(files.write("named.csv", "Date,Steps,distance_km\n2019-05-12,8123,5.91\n"))
        #expect(abs((namedSink.steps[.device]?.last?.distance ?? 0) - 5910) < 1e-6)
        // Metres that are few for the steps (distance only on the days a GPS logged, a
        // treadmill's days at 0) are no kilometres: 23.6 m a step would be, so they stay metres.
        let treadmill = "Date,Steps,Distance\n2019-05-12,9000,0\n2019-05-13,9500,0\n2019-05-14,9000,650\n"
        let (treadmillInfo, treadmillSink) = try read(files.write("treadmill.csv", treadmill))
        #expect(treadmillSink.steps[.device]?.last?.distance == 650)
        #expect(!treadmillInfo.notes.contains { $0.hasPrefix("distance '") })
    }

    /// Mi Fit's (Zepp's) minute steps, `date,time,steps` (`2017-07-23,08:15,64`): each row
    /// starts at its date and time of day. Until 2026-11-27 the date alone was read: 1,440
    /// rows of one date made a day's count of 8, and 2,652 steps of 50,909 were kept.
    @Test func minuteRowsOfADateAndATimeOfDay() throws {
        var rows = ["date,time,steps"]
        for day in ["2017-07-23", "2017-07-24"] {
            for minute in 0..<1440 { rows.append("\(day),\(String(format: "%02d:%02d", minute / 60, minute % 60)),\(minute % 7 == 0 ? 0 : (minute * 37) % 113)") }
        }
        let expected = (0..<1440).map { $0 % 7 == 0 ? 0 : ($0 * 37) % 113 }.reduce(0, +) * 2
        let (info, sink) = try read(files.write("ACTIVITY_MINUTE.csv", rows.joined(separator: "\n") + "\n"), IngestOptions(timeZone: TimeZoneRule("+08:00")))
        #expect(sink.stepTotal(.device) == Double(expected))
        let steps = try #require(sink.steps[.device])
        #expect(steps.count == 2881)  // 0 at the first minute's start, then one per minute
        #expect(steps[1].time == 60 && steps[1].intervalStart == 0 && steps.last?.time == 2 * 86_400)
        #expect(info.startDate == 1_500_739_200)  // 2017-07-23 00:00 +08:00
        #expect(info.notes.contains("each row starts at its date 'date' and time of day 'time'"), "\(info.notes)")
        #expect(info.notes.contains("step counts per 60 s from each row's time (the rows' usual spacing)"), "\(info.notes)")
        // A German header, day-first dates; a bad time is located at the row's date.
        let german = files.write("de.csv", "Datum;Uhrzeit;Schritte\n13.05.2019;13:00;100\n13.05.2019;13:15;250\n13.05.2019;25:30;7\n13.05.2019;13:45;40\n13.05.2019;14:00;5\n")
        let (germanInfo, germanSink) = try read(german)
        #expect(germanSink.steps[.device]?.map(\.time) == [0, 900, 1800, 3600, 4500])
        #expect(germanSink.stepTotal(.device) == 395)
        // A day's last quarter written at 24:00, the next midnight (until 2026-11-27 skipped
        // with a warning, its 30 steps lost).
        let dayEnd = files.write("end.csv", "date,time,steps\n2017-07-23,23:30,64\n2017-07-23,23:45,12\n2017-07-23,24:00,30\n2017-07-24,00:15,8\n")
        let (dayEndInfo, dayEndSink) = try read(dayEnd)
        #expect(dayEndSink.steps[.device]?.map(\.time) == [0, 900, 1800, 2700, 3600])
        #expect(dayEndSink.stepTotal(.device) == 114)
        #expect(dayEndInfo.skipped.examples.isEmpty, "\(dayEndInfo.skipped.examples)")
        // A 12-hour clock.
        let (_, clockSink) = try read(files.write("pm.csv", "Date,Time,Steps\n05/13/2019,11:45 AM,10\n05/13/2019,12:00 PM,20\n05/13/2019,12:15 PM,30\n"))
        #expect(clockSink.steps[.device]?.map(\.time) == [0, 900, 1800, 2700])
        #expect(germanInfo.skipped.examples.map(\.description) == ["\(german):4:1: timestamp is not a date-time like the first rows': '13.05.2019 25:30'"])
        // Rows newest first or in no order last the usual spacing of their starts; an ISO date
        // with a time of one-digit hours on a 12-hour clock; Spanish `fecha,hora,pasos`.
        let minutesBack = (0..<30).reversed().map { String(format: "2017-07-23,%d:%02d AM,%d", 8 + $0 / 60, $0 % 60, 100 + $0) }
        let (backInfo, backSink) = try read(files.write("back.csv", "date,time,steps\n" + minutesBack.joined(separator: "\n") + "\n"))
        #expect(backSink.steps[.device]?.last?.time == 1800)
        #expect(backSink.stepTotal(.device) == Double((0..<30).map { 100 + $0 }.reduce(0, +)))
        #expect(backInfo.notes.contains("step counts per 60 s from each row's time (the rows' usual spacing)"), "\(backInfo.notes)")
        let (_, spanishSink) = try read(files.write("pasos.csv", "fecha,hora,pasos\n23/07/2017,08:00,10\n23/07/2017,08:01,20\n23/07/2017,08:02,30\n"))
        #expect(spanishSink.steps[.device]?.map(\.time) == [0, 60, 120, 180])
        // Two devices' rows every 10 minutes, 5 minutes apart: each row lasts its device's
        // spacing, 10 minutes (until 2026-11-27 the spacing of all rows together, 5 minutes).
        let interleaved = (0..<6).flatMap { ["2024-03-04,08:\($0)0,100,band", "2024-03-04,08:\($0)5,80,phone"] }
        let (interleavedInfo, _) = try read(files.write("interleaved.csv", "date,time,steps,device\n" + interleaved.joined(separator: "\n") + "\n"))
        #expect(interleavedInfo.notes.contains("step counts per 600 s from each row's time (the rows' usual spacing)"), "\(interleavedInfo.notes)")
        // A column named as a time that holds no times of day (Mi Fit's daily rows beside
        // `lastSyncTime`; a number under `time`), or one row per date (a workout's duration,
        // a sync time: `00:59:24`), leaves each row a day.
        // A counter read every minute under a date and a time of day is a running total.
        let counter = (0..<10).map { String(format: "01.03.2024;08:%02d;%d", $0, 100 * $0 + $0 * $0) }
        let (counterInfo, counterSink) = try read(files.write("zaehler.csv", "Datum;Zeit;Schritte\n" + counter.joined(separator: "\n") + "\n"))
        #expect(counterSink.stepTotal(.device) == 981)
        #expect(counterInfo.notes.contains("cumulative step counts (they go down 0 times in 10 rows)"), "\(counterInfo.notes)")
        let (workoutInfo, workoutSink) = try read(files.write("workouts.csv", "date,time,steps\n2017-07-01,00:59:24,6409\n2017-07-02,00:43:29,7846\n"))
        #expect(workoutSink.steps[.device]?.map(\.time) == [0, 86_400, 172_800])
        #expect(!workoutInfo.notes.contains { $0.hasPrefix("each row starts at") })
        let daily = files.write("daily.csv", "date,time,steps\n2017-07-23,1500854400,8123\n2017-07-24,1500940800,10234\n")
        let (dailyInfo, dailySink) = try read(daily)
        #expect(dailySink.steps[.device]?.map(\.time) == [0, 86_400, 172_800])
        #expect(dailyInfo.notes.contains("step counts per day"))
        #expect(!dailyInfo.notes.contains { $0.hasPrefix("each row starts at") })
    }

    /// The Coursera activity data (`"steps","date","interval"`, a row per 5 minutes, the
    /// interval's start as a clock's digits: `835` is 08:35; `NA` where the device logged
    /// nothing), a data set many people have: until 2026-11-27 read as a day per row, 9 steps
    /// of 19,196. The missing rows are reported, not counted as 0.
    @Test func courseraActivityData() throws {
        var rows = ["\"steps\",\"date\",\"interval\""]
        var expected = 0
        for day in ["2012-10-01", "2012-10-02"] {
            for slot in 0..<288 {
                let clock = (slot / 12) * 100 + (slot % 12) * 5
                let steps = (slot * 53) % 97 < 40 ? 0 : (slot * 29) % 350
                if day == "2012-10-01" && slot < 12 {
                    rows.append("NA,\"\(day)\",\(clock)")
                } else {
                    rows.append("\(steps),\"\(day)\",\(clock)")
                    expected += steps
                }
            }
        }
        let path = files.write("activity.csv", rows.joined(separator: "\n") + "\n")
        let (info, sink) = try read(path)
        #expect(sink.stepTotal(.device) == Double(expected))
        #expect(sink.steps[.device]?.first?.time == 0 && sink.steps[.device]?.last?.time == 2 * 86_400 - 3600)
        #expect(info.notes.contains("each row starts at its date 'date' and time of day 'interval'"), "\(info.notes)")
        #expect(info.notes.contains("step counts per 300 s from each row's time (the rows' usual spacing)"), "\(info.notes)")
        #expect(info.skipped.count == 12)
        #expect(info.skipped.examples.first?.description == "\(path):2:1: step count is not a finite number: 'NA'")
        // An `interval` that counts slots (0 … 287, or 0 … 47 half hours, which the digits of a
        // clock's first hour could be; sorted so that the first rows hold only small ones), not
        // a clock, leaves each row a day.
        for (name, slots) in [("slots.csv", 288), ("halves.csv", 48)] {
            let rows = (0..<slots).flatMap { slot in ["01", "02"].map { "\(slot % 9),2012-10-\($0),\(slot)" } }
            let (slotsInfo, slotsSink) = try read(files.write(name, "steps,date,interval\n" + rows.joined(separator: "\n") + "\n"))
            #expect(!slotsInfo.notes.contains { $0.hasPrefix("each row starts at") }, "\(slotsInfo.notes)")
            #expect(abs((slotsSink.steps[.device]?.last?.time ?? 0) - 2 * 86_400) < 1e-6)  // a day each
        }
    }

    /// Withings' export names its quantity in the file's name (`aggregates_steps.csv`:
    /// `date,value`): its `value` is a day's steps there (until 2026-11-27 refused: "names a
    /// time but no step counts"), and nowhere else (`aggregates_distance.csv` is refused).
    @Test func withingsDailySteps() throws {
        let (info, sink) = try read(files.write("aggregates_steps.csv", "date,value\n2020-03-01,8123\n2020-03-02,10234\n2020-03-03,4021\n"))
        #expect(sink.stepTotal(.device) == 22_378)
        #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800, 259_200])
        #expect(info.notes.contains("steps from 'value', as the file's name says it holds steps"), "\(info.notes)")
        #expect(throws: IngestError.self) { try read(files.write("aggregates_distance.csv", "date,value\n2020-03-01,5800.5\n")) }
        // Only a name whose last word is steps: a goal, a step's length, a counter are no
        // counts of a day's steps.
        for name in ["steps_goal.csv", "step_length.csv", "stepcounter.csv"] {
            #expect(throws: IngestError.self) { try read(files.write(name, "date,value\n2020-03-01,9000\n2020-03-02,9000\n")) }
        }
    }

    /// Fitbit's export in German: `Aktivitäten` above `Datum,…,Schritte,Strecke,…`, counts
    /// with points grouping their thousands (`"6.260"`, and `"6.000"`, which alone would read
    /// as 6), the distance with a decimal comma (`"4,51"`, km). Until 2026-11-27 refused; read
    /// as English, `6.260` would have been 6.26 steps.
    @Test func fitbitsExportInGerman() throws {
        let counts = [6260, 9679, 6000, 812, 12408]
        var rows = ["Aktivitäten", "Datum,Kalorienverbrauch,Schritte,Strecke,Etagen,Minuten im Sitzen"]
        for (day, count) in counts.enumerated() {
            let grouped = count >= 1000 ? "\(count / 1000).\(String(format: "%03d", count % 1000))" : "\(count)"
            rows.append("\"\(String(format: "%02d", day + 1)).03.2020\",\"2.345\",\"\(grouped)\",\"\(count / 1000),\(String(format: "%02d", count % 100))\",\"5\",\"1.234\"")
        }
        rows += ["", "Schlaf", "Startzeit,Endzeit,Minuten im Schlaf", "\"01.03.2020 23:00\",\"02.03.2020 07:00\",\"420\""]
        let (info, sink) = try read(files.write("fitbit_export_20200306.csv", rows.joined(separator: "\n") + "\n"))
        #expect(sink.stepTotal(.device) == Double(counts.reduce(0, +)))
        #expect(sink.steps[.device]?.map(\.steps) == [0, 6260, 15_939, 21_939, 22_751, 35_159])
        let kilometres = counts.map { Double($0 / 1000) + Double($0 % 100) / 100 }.reduce(0, +)
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - kilometres * 1000) < 1e-6)
        #expect(info.notes.contains(NumberStyle.pointsGroupThousandsNote), "\(info.notes)")
        #expect(info.notes.contains { $0.hasPrefix("distance 'Strecke' in km") }, "\(info.notes)")
        #expect(info.notes.contains("the rows from line 9 on ('Schlaf', another section of the export) not read"), "\(info.notes)")
    }

    /// Fitbit's export in Italian and Portuguese (`Data,Calorie bruciate,Passi,Distanza,…`;
    /// `Data,Calorias queimadas,Passos,Distância,…`): `Data` is their date, and their dates
    /// with `/` are day first (`01/03/2020` is 1 March, where an English `Date` would be
    /// 3 January). Until 2026-11-27 refused (`Data` was no name of a date).
    @Test func fitbitsExportInItalianAndPortuguese() throws {
        let counts = [6260, 9679, 6000]
        for (title, header) in [("Attività", "Data,Calorie bruciate,Passi,Distanza,Piani"), ("Atividades", "Data,Calorias queimadas,Passos,Distância,Andares")] {
            var rows = [title, header]
            for (day, count) in counts.enumerated() {
                rows.append("\"0\(day + 1)/03/2020\",\"2.345\",\"\(count / 1000).\(String(format: "%03d", count % 1000))\",\"\(count / 1000),\(String(format: "%02d", count % 100))\",\"5\"")
            }
            let (info, sink) = try read(files.write("fitbit_\(title).csv", rows.joined(separator: "\n") + "\n"))
            #expect(sink.stepTotal(.device) == 21_939)
            #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800, 259_200])
            #expect(info.notes.contains(NumberStyle.pointsGroupThousandsNote), "\(info.notes)")
        }
        // Italian minutes, `Data;Ora;Passi`, across midnight: 2 March follows 1 March.
        let minutes = "Data;Ora;Passi\n01/03/2024;23:58;120\n01/03/2024;23:59;95\n02/03/2024;00:00;101\n"
        let minuteSink = try read(files.write("passi.csv", minutes)).1
        #expect(minuteSink.steps[.device]?.map(\.time) == [0, 60, 120, 180])
        #expect(minuteSink.stepTotal(.device) == 316)
    }

    /// Samsung Health's daily trend (`com.samsung.shealth.step_daily_trend`): each day at its
    /// midnight in UTC in milliseconds (`day_time`), a row of all devices merged
    /// (`source_type` -2) beside each device's own; a day's merged row is read in place of its
    /// devices' rows, and a merged count written twice counts once, the larger. Until
    /// 2026-11-27 refused.
    @Test func samsungHealthsDailyTrend() throws {
        let prefix = "com.samsung.shealth.step_daily_trend."
        let header = ["binning_data", "update_time", "create_time", "count", "distance", "source_type", "day_time", "deviceuuid", "datauuid"]
        let rows = [
            ",2024-01-15 23:59:01.000,2024-01-15 08:00:00.000,8500,6200.5,-2,1705276800000,phone,a1",
            ",2024-01-15 23:59:01.000,2024-01-15 08:00:00.000,6000,4400.0,0,1705276800000,phone,a2",
            ",2024-01-15 23:59:01.000,2024-01-15 08:00:00.000,2500,1800.5,4,1705276800000,watch,a3",
            ",2024-01-16 23:59:01.000,2024-01-16 08:00:00.000,10200,7400.0,-2,1705363200000,phone,a4",
            ",2024-01-16 12:00:00.000,2024-01-16 08:00:00.000,4100,2900.0,-2,1705363200000,phone,a5",
            ",2024-01-17 23:59:01.000,2024-01-17 08:00:00.000,7000,5000.0,-2,1705449600000,phone,a6",
        ]
        let text = "com.samsung.shealth.step_daily_trend,6315002,3\n" + header.map { prefix + $0 }.joined(separator: ",") + "\n" + rows.joined(separator: "\n") + "\n"
        let (info, sink) = try read(files.write("com.samsung.shealth.step_daily_trend.20240118.csv", text))
        #expect(info.format == .steps)
        #expect(sink.stepTotal(.device) == 25_700)
        #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800, 259_200])
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - 18_600.5) < 1e-6)
        #expect(info.startDate == 1_705_276_800)  // 2024-01-15
        #expect(info.notes.contains("step counts per day"), "\(info.notes)")
        #expect(info.notes.contains { $0.hasPrefix("the rows of all devices merged read ('\(prefix)source_type' -2); 2 rows of single devices") }, "\(info.notes)")
        #expect(info.notes.contains("1 interval's merged count written twice: the larger kept"), "\(info.notes)")
        // A day without a merged row keeps its device's row.
        let someMerged = "day_time,count,source_type\n1705276800000,8500,-2\n1705276800000,6000,0\n1705363200000,999,0\n"
        #expect(try read(files.write("some-merged.csv", someMerged)).1.stepTotal(.device) == 9499)
        // Without merged rows, one day's rows of two devices are the same steps counted twice:
        // the larger kept, said so (until 2026-11-27 the second, at the same time as the
        // first, was taken for steps faster than anyone walks and left out).
        let perDevice = "day_time,count,deviceuuid\n1705276800000,6000,phone\n1705276800000,2500,watch\n1705363200000,9000,phone\n1705363200000,11500,watch\n"
        let (perDeviceInfo, perDeviceSink) = try read(files.write("trend.csv", perDevice))
        #expect(perDeviceSink.steps[.device]?.map(\.steps) == [0, 6000, 17_500])
        #expect(perDeviceInfo.notes.contains { $0.hasPrefix("4 rows of several devices over the same time") }, "\(perDeviceInfo.notes)")
        // Days in seconds are no Samsung export's: refused row by row, not read as 1970.
        let seconds = files.write("seconds.csv", "day_time,count\n1705276800,6000\n")
        #expect(throws: IngestError.self) { try read(seconds) }
        let (_, textSink) = try read(files.write("text-trend.csv", "day_time,count\n2024-01-15 00:00:00,6000\n2024-01-16 00:00:00,2500\n"))
        #expect(textSink.steps[.device]?.map(\.time) == [0, 86_400, 172_800])
        let bad = files.write("bad-trend.csv", "day_time,count\n1705276800000,6000\n2024-01-16,2500\n")
        #expect(try read(bad).0.skipped.examples.map(\.description) == ["\(bad):3:1: day (milliseconds since 1970) is not a finite number: '2024-01-16'"])
    }

    /// Daily rows whose dates state a zone are days: their midnight is midnight as written,
    /// not in UTC (the review: read as rows of times of day, each two days long across gaps).
    @Test func zonedDailyRowsAreDays() throws {
        let path = files.write("daily.csv", "Date,Steps\n2019-05-01 00:00:00 +0200,5000\n2019-05-03 00:00:00 +0200,5001\n2019-05-05 00:00:00 +0200,4000\n")
        let (info, sink) = try read(path)
        #expect(info.notes.contains("step counts per day"), "\(info.notes)")
        #expect(sink.steps[.device]?.map(\.time) == [0, 86_400, 172_800 + 86_400, 345_600 + 86_400])
    }

    @Test func badRowsAreLocated() throws {
        let path = files.write("2020-01-01.csv", """
            Start time,End time,Step count
            00:00:00.000+01:00,00:15:00.000+01:00,10
            00:15:00.000+01:00,00:30:00.000+01:00,-3
            00:30:00.000+01:00,00:15:00.000+01:00,5
            00:45:00.000+01:00,01:00:00.000+01:00,many
            01:00:00.000+01:00,01:15:00.000+01:00,7

            """)
        let (info, sink) = try read(path)
        #expect(sink.stepTotal(.device) == 17)
        #expect(info.skipped.examples.map(\.description) == [
            "\(path):3:39: negative step count",
            "\(path):4:20: interval ends before it starts",
            "\(path):5:39: step count is not a finite number: 'many'",
        ])
    }
}
