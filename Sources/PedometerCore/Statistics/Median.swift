extension Collection where Element == Double {
    /// The middle value once sorted (the mean of the two middle ones for an even count); `nil`
    /// when empty. Sorts a copy on every call.
    public var median: Double? {
        guard !isEmpty else { return nil }
        let sorted = self.sorted()
        let upper = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[upper] : (sorted[upper - 1] + sorted[upper]) / 2
    }
}
