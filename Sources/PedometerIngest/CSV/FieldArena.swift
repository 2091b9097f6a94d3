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
        if used + length + 1 > storageCapacity {
            guard grow(toHold: used + length + 1) else { return }
        }
        if let bytes, length > 0 {
            (storage + used).update(from: bytes.assumingMemoryBound(to: UInt8.self), count: length)
        }
        storage[used + length] = 0
        starts[fieldCount] = used
        lengths[fieldCount] = length
        used += length + 1
        fieldCount += 1
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
