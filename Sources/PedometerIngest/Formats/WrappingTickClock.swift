/// Times of a column that counts clock ticks in an unsigned 32-bit register, which wraps to 0
/// (Xsens `SampleTimeFine`: every 71.6 minutes on a DOT, which counts microseconds). Each value
/// is taken where it lies nearest the one before, of itself, itself a register's range later
/// and earlier: a value far below the last has wrapped, and counts on from 2^32; a packet from
/// before the wrap that arrives after it stays before it (a step back, left to the readers'
/// checks of time order).
struct WrappingTickClock: RowClock {
    /// The register's range: 2^32 ticks.
    static let range = 4_294_967_296.0

    /// The unwrapped ticks in seconds since the first (whole seconds kept whole).
    private var column: TimeColumn
    /// Register ranges counted on so far.
    private var wraps = 0.0
    private var previous: Double?
    let epochStart: Double?

    /// Ticks of `secondsPerTick`; `epochStart` is the absolute time of the first tick when
    /// the file states it elsewhere (the ticks count from the device's power-on).
    init(secondsPerTick: Double, epochStart: Double?) {
        column = TimeColumn(secondsPerUnit: secondsPerTick)
        self.epochStart = epochStart
    }

    mutating func seconds(_ time: TimeColumn.ParsedTime) -> Double {
        var unwrapped = time.value + wraps * Self.range
        if let previous {
            let later = unwrapped + Self.range, earlier = unwrapped - Self.range
            if abs(later - previous) < abs(unwrapped - previous) {
                unwrapped = later
                wraps += 1
            } else if abs(earlier - previous) < abs(unwrapped - previous) {
                unwrapped = earlier
            }
        }
        previous = unwrapped
        return column.seconds(TimeColumn.ParsedTime(integer: 0, value: unwrapped, isInteger: false))
    }
}
