#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The fields of the record being parsed, copied out of libcsv's buffer into one reused block.
///
/// libcsv's C callbacks reach it through a raw pointer, so it is a plain struct with manual
/// memory; ``CSVReader`` owns it and frees it.
struct FieldArena {
    /// Why the record was refused, checked after every `csv_parse`.
    enum Overflow {
        case none
        case tooManyFields
        case recordTooLong
    }

    private(set) var fieldCount = 0
    var recordsEnded = 0
    /// Whether one `;` ending a record's last field is dropped: comma-separated rows that end
    /// with one, as WISDM v1.1's raw data (`33,Jogging,49105962326000,-0.69,12.68,0.50;`),
    /// whose last value would otherwise be no number. Set for a comma delimiter.
    var dropsTrailingSemicolon = true
    private(set) var overflow = Overflow.none

    private var storage: UnsafeMutablePointer<UInt8>
    private var storageCapacity: Int
    private var used = 0
    private let starts: UnsafeMutablePointer<Int>
    private let lengths: UnsafeMutablePointer<Int>
    private let maxFields: Int
    private let maxBytes = 8 << 20

    init(maxFields: Int) {
        self.maxFields = maxFields
        storageCapacity = 4096
        storage = .allocate(capacity: storageCapacity)
        starts = .allocate(capacity: maxFields)
        lengths = .allocate(capacity: maxFields)
    }

    func deallocate() {
        storage.deallocate()
        starts.deallocate()
        lengths.deallocate()
    }

    mutating func reset() {
        fieldCount = 0
        used = 0
        recordsEnded = 0
        overflow = .none
    }

    /// Ends the record being parsed, dropping the `;` that ends its last field when
    /// ``dropsTrailingSemicolon``.
    @inline(__always)
    mutating func endRecord() {
        recordsEnded &+= 1
        guard dropsTrailingSemicolon, fieldCount > 0 else { return }
        let last = fieldCount &- 1
        let end = starts[last] &+ lengths[last] &- 1
        if lengths[last] > 0 && storage[end] == UInt8(ascii: ";") {
            storage[end] = 0
            lengths[last] &-= 1
        }
    }

    /// The bytes of field `index`, followed (outside the buffer) by a NUL.
    @inline(__always)
    func bytes(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + starts[index], count: lengths[index])
    }

    @inline(__always)
    func length(_ index: Int) -> Int { lengths[index] }

    /// Copies one field; keeps a NUL after it so C functions may read it as a string.
    @inline(__always)
    mutating func append(_ bytes: UnsafeMutableRawPointer?, _ length: Int) {
        // A number-sized field with room for it: this path calls nothing, so libcsv's callback
        // needs no registers saved.
        let end = used &+ length
        guard let bytes, fieldCount < maxFields, end < storageCapacity, length > 0, length <= Self.shortField else {
            return appendRare(bytes, length)
        }
        Self.copyShort(from: UnsafeRawPointer(bytes), to: UnsafeMutableRawPointer(storage + used), count: length)
        store(length, endingAt: end)
    }

    /// ``append(_:_:)`` for every field: empty, long, over a limit or needing a larger block.
    @inline(never)
    private mutating func appendRare(_ bytes: UnsafeMutableRawPointer?, _ length: Int) {
        guard fieldCount < maxFields else {
            overflow = .tooManyFields
            return
        }
        // No overflow checks below: `used + length` stays under `maxBytes` plus a field libcsv
        // has in memory.
        let end = used &+ length
        if end &+ 1 > storageCapacity {
            guard grow(toHold: end &+ 1) else { return }
        }
        if let bytes, length > 0 {
            UnsafeMutableRawPointer(storage + used).copyMemory(from: bytes, byteCount: length)
        }
        store(length, endingAt: end)
    }

    /// Records the field of `length` bytes just copied to `used..<end`, and its NUL.
    @inline(__always)
    private mutating func store(_ length: Int, endingAt end: Int) {
        storage[end] = 0
        starts[fieldCount] = used
        lengths[fieldCount] = length
        used = end &+ 1
        fieldCount &+= 1
    }

    /// The longest field ``copyShort(from:to:count:)`` copies.
    private static let shortField = 16

    /// Copies `count` bytes (1...``shortField``), a number field's, in two overlapping moves rather than a
    /// call to `memcpy`.
    @inline(__always)
    private static func copyShort(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 8...:
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        case 4...:
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        default:
            for offset in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
    }

    private mutating func grow(toHold count: Int) -> Bool {
        guard count <= maxBytes else {
            overflow = .recordTooLong
            return false
        }
        var newCapacity = storageCapacity
        while newCapacity < count { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: used)
        storage.deallocate()
        storage = grown
        storageCapacity = newCapacity
        return true
    }
}
