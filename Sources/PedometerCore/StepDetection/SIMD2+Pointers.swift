extension SIMD2 where Scalar == Double {
    /// The two doubles at `pointer` and `pointer + 1` (any 8-byte alignment).
    @inline(__always)
    init(loadingFrom pointer: UnsafePointer<Double>) {
        self = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// Writes the lanes to `pointer` and `pointer + 1` (any 8-byte alignment).
    @inline(__always)
    func store(to pointer: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: self, as: SIMD2<Double>.self)
    }
}
