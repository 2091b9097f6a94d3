/// Times of a column that counts clock ticks in an unsigned 32-bit register, which wraps to 0
/// (Xsens `SampleTimeFine`: every 71.6 minutes on a DOT, which counts microseconds). A value
/// more than half the register's range below the one before has wrapped, and counts on from
/// 2^32; a smaller step back is a step back, left to the readers' checks of time order.
struct WrappingTickClock: RowClock {
    /// The register's range: 2^32 ticks.
    static let range: Int64 = 1 << 32

    private var column: TimeColumn
    private var wraps: Int64 = 0
    private var previous: Int64?
    let epochStart: Double?

    /// Ticks of `secondsPerTick`; `epochStart` is the absolute time of the first tick when
    /// the file states it elsewhere (the ticks count from the device's power-on).
    init(secondsPerTick: Double, epochStart: Double?) {
        column = TimeColumn(secondsPerUnit: secondsPerTick)
        self.epochStart = epochStart
    }

    mutating func seconds(_ time: TimeColumn.ParsedTime) -> Double {
        guard time.isInteger else { return column.seconds(time) }
        if let previous, previous - time.integer > Self.range / 2 { wraps += 1 }
        previous = time.integer
        var unwrapped = time
        unwrapped.integer += wraps * Self.range
        unwrapped.value = Double(unwrapped.integer)
        return column.seconds(unwrapped)
    }
}
