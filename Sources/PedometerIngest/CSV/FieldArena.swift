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
            Self.copy(from: UnsafeRawPointer(bytes), to: UnsafeMutableRawPointer(storage + used), count: length)
        }
        storage[end] = 0
        starts[fieldCount] = used
        lengths[fieldCount] = length
        used = end &+ 1
        fieldCount &+= 1
    }

    /// Copies `count` bytes (> 0); a number field's few bytes in two overlapping word moves
    /// rather than a call to `memcpy`.
    @inline(__always)
    private static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 8...16:
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        case 4..<8:
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        case 1..<4:
            for offset in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        default:
            target.copyMemory(from: source, byteCount: count)
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
