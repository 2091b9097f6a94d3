/// Times of a table without a time column: sample `n` (counting every data row, skipped ones
/// too) is `n / rate` seconds after the first, as in ActiGraph's raw export without
/// timestamps, whose header gives the rate and the start.
struct SampleRateClock: RowClock {
    let rate: Double
    let epochStart: Double?
    private var count = 0

    init(rate: Double, epochStart: Double?) {
        self.rate = rate
        self.epochStart = epochStart
    }

    mutating func seconds(_: TimeColumn.ParsedTime) -> Double {
        defer { count += 1 }
        return Double(count) / rate
    }
}
