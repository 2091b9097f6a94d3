import Foundation
import PedometerCore

/// A ``SampleSink`` that hands the samples to another sink running on its own thread, so that
/// reading a recording (libcsv, number parsing) and processing it (step detection, the engine)
/// use two cores. The downstream sink receives exactly the same calls in the same order as
/// it would directly: results are identical.
///
/// Samples travel in blocks through a bounded queue (``blockSize`` events, at most
/// ``queueDepth`` blocks in flight), so memory stays bounded whatever the recording's length.
struct PipelinedSink<Downstream: SampleSink & Sendable>: SampleSink {
    static var blockSize: Int { 4096 }
    static var queueDepth: Int { 8 }

    private let pipe: Pipe
    private var block: [Event] = []

    /// Starts the consumer thread, which owns `downstream` until ``finish()``.
    init(_ downstream: Downstream) {
        pipe = Pipe(downstream)
        block.reserveCapacity(Self.blockSize)
        let pipe = self.pipe
        Thread.detachNewThread { pipe.consume() }
    }

    /// Delivers what is left, waits for the consumer to apply it all, and returns the
    /// downstream sink.
    mutating func finish() -> Downstream {
        flush()
        return pipe.close()
    }

    mutating func beginAcceleration(kind: AccelerationKind) { append(.beginAcceleration(kind)) }
    mutating func accept(_ sample: AccelerationSample) { append(.acceleration(sample)) }
    mutating func accept(_ sample: AccelerationMagnitudeSample) { append(.accelerationMagnitude(sample)) }
    mutating func beginStepCounts(kind: StepReferenceKind) { append(.beginStepCounts(kind)) }
    mutating func accept(_ sample: StepCountSample, kind: StepReferenceKind) { append(.stepCount(sample, kind)) }
    mutating func accept(_ sample: LocationSample) { append(.location(sample)) }
    mutating func accept(_ sample: PressureSample) { append(.pressure(sample)) }

    private mutating func append(_ event: Event) {
        block.append(event)
        if block.count >= Self.blockSize { flush() }
    }

    private mutating func flush() {
        guard !block.isEmpty else { return }
        block = pipe.push(block)
    }

    /// One call to a ``SampleSink``.
    enum Event: Sendable {
        case beginAcceleration(AccelerationKind)
        case acceleration(AccelerationSample)
        case accelerationMagnitude(AccelerationMagnitudeSample)
        case beginStepCounts(StepReferenceKind)
        case stepCount(StepCountSample, StepReferenceKind)
        case location(LocationSample)
        case pressure(PressureSample)
    }

    /// The queue between the threads and the downstream sink, guarded by one condition.
    final class Pipe: @unchecked Sendable {
        private let condition = NSCondition()
        private var blocks: [[Event]] = []
        /// Applied blocks, emptied, for the producer to fill again (no allocation per block).
        private var emptied: [[Event]] = []
        private var closed = false
        private var done = false
        private var downstream: Downstream

        init(_ downstream: Downstream) { self.downstream = downstream }

        /// Producer: waits while the queue is full; returns an empty block to fill next.
        func push(_ block: [Event]) -> [Event] {
            condition.lock()
            defer { condition.unlock() }
            while blocks.count >= PipelinedSink.queueDepth { condition.wait() }
            blocks.append(block)
            condition.broadcast()
            return emptied.popLast() ?? []
        }

        /// Producer: no more blocks; waits until the consumer has applied them all.
        func close() -> Downstream {
            condition.lock()
            closed = true
            condition.broadcast()
            while !done { condition.wait() }
            let result = downstream
            condition.unlock()
            return result
        }

        /// Consumer thread: applies blocks in order until closed and drained.
        func consume() {
            var sink = takeSink()
            while var block = next() {
                for event in block { Self.apply(event, to: &sink) }
                block.removeAll(keepingCapacity: true)
                recycle(block)
            }
            condition.lock()
            downstream = sink
            done = true
            condition.broadcast()
            condition.unlock()
        }

        private func takeSink() -> Downstream {
            condition.lock()
            defer { condition.unlock() }
            return downstream
        }

        private func recycle(_ block: [Event]) {
            condition.lock()
            emptied.append(block)
            condition.unlock()
        }

        private func next() -> [Event]? {
            condition.lock()
            defer { condition.unlock() }
            while blocks.isEmpty && !closed { condition.wait() }
            guard !blocks.isEmpty else { return nil }
            let block = blocks.removeFirst()
            condition.broadcast()
            return block
        }

        private static func apply(_ event: Event, to sink: inout Downstream) {
            switch event {
            case .beginAcceleration(let kind): sink.beginAcceleration(kind: kind)
            case .acceleration(let sample): sink.accept(sample)
            case .accelerationMagnitude(let sample): sink.accept(sample)
            case .beginStepCounts(let kind): sink.beginStepCounts(kind: kind)
            case .stepCount(let sample, let kind): sink.accept(sample, kind: kind)
            case .location(let sample): sink.accept(sample)
            case .pressure(let sample): sink.accept(sample)
            }
        }
    }
}
