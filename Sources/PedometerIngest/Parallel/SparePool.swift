import Foundation

/// Things worth keeping for reuse (buffers, readers) that threads hand back and take again,
/// so that work done in many pieces does not allocate, and fault in, fresh memory each time.
final class SparePool<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var spares: [Element] = []

    /// A spare, or `nil` when none is left.
    func take() -> Element? {
        lock.withLock { spares.popLast() }
    }

    /// Keeps `element` for a later ``take()``. It must no longer be used by the giver.
    func give(_ element: consuming Element) {
        lock.lock()
        spares.append(element)
        lock.unlock()
    }
}
