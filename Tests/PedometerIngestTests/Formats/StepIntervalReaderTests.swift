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
        #expect(sink.stepTotal(.device) == 187)
        #expect(abs((sink.steps[.device]?.last?.distance ?? 0) - 130.9) < 1e-9)
        #expect(info.notes.contains("times in UTC (the column '\(prefix)time_offset' gives each row's local offset)"))
        #expect(info.notes.contains { $0.hasPrefix("rows of 2 devices ('\(prefix)deviceuuid'): their counts are added up") }, "\(info.notes)")
        // UTC whatever --time-zone says of other files (the review: 2 h early under +02:00).
        var options = IngestOptions()
        options.timeZone = TimeZoneRule("+02:00")
        let (zoned, _) = try read(path, options)
        #expect(zoned.startDate == 1_557_734_400)
    }

    /// Apple Health's step records as the converters of its export.xml write them: each row's
    /// `value` over its `startDate`–`endDate`, rows of other quantities passed over and
    /// counted, the `device` text (which holds the software version) no other person's rows,
    /// and two sources' counts added up with a note. Until 2026-11-27 refused ("names no time").
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

        // The full identifier, a phone and a watch (added up and said), below Excel's `sep=`.
        let watch = [
            "sep=,", "type,sourceName,sourceVersion,productType,device,startDate,endDate,unit,value",
            "HKQuantityTypeIdentifierStepCount,Jan's iPhone,16.1,\"iPhone14,2\",,2023-01-01 08:00:12 +0100,2023-01-01 08:09:54 +0100,count,812",
            "HKQuantityTypeIdentifierStepCount,Jan's Apple Watch,9.1,\"Watch6,1\",,2023-01-01 08:00:30 +0100,2023-01-01 08:09:40 +0100,count,790",
        ]
        let (watchInfo, watchSink) = try read(files.write("export.csv", watch.joined(separator: "\n") + "\n"))
        #expect(watchSink.stepTotal(.device) == 1602)
        #expect(watchInfo.notes.contains { $0.hasPrefix("rows of 2 devices ('sourceName'): their counts are added up") }, "\(watchInfo.notes)")
        // The watch's interval ended first (08:09:40): read first, on the clock of the earliest
        // start (the phone's, 08:00:12 +0100).
        #expect(watchInfo.startDate == 1_672_556_412)
        #expect(watchSink.steps[.device]?.map(\.time) == [0, 568, 582])

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
