import Foundation

/// Runs one job per input on `jobs` threads, the calling one included, and hands the results
/// back in input order, each as soon as every earlier one is done: output is the same whatever
/// the job count.
///
/// The calling thread delivers, and works on the next input itself while the result it waits
/// for is not ready: `jobs` threads keep `jobs` cores busy, where `jobs` workers beside a
/// delivering thread would be one thread too many for the cores whenever delivering is real
/// work (a recording read in stretches: about a third of the time is spent delivering).
public enum OrderedBatch {
    /// - Parameters:
    ///   - window: most results finished or under way beyond the last one delivered (bounds
    ///     the memory the results take).
    ///   - work: runs once per input, on one of `jobs − 1` worker threads or on the calling
    ///     thread.
    ///   - deliver: runs on the calling thread, in input order; returns `false` to stop early.
    ///     Inputs not yet started are then never worked on. Returns when every worker is done.
    public static func run<Input: Sendable, Output: Sendable, Failure: Error>(
        _ inputs: [Input], jobs: Int, window: Int = .max, work: @escaping @Sendable (Input) -> Output,
        deliver: (Int, Output) throws(Failure) -> Bool
    ) throws(Failure) {
        guard jobs > 1 && inputs.count > 1 else {
            for (index, input) in inputs.enumerated() {
                guard try deliver(index, work(input)) else { return }
            }
            return
        }
        let state = State<Output>(count: inputs.count, window: max(window, 1))
        let workers = min(jobs, inputs.count) - 1
        for _ in 0..<workers {
            state.workerStarted()
            Thread.detachNewThread {
                while let index = state.claim() {
                    state.finish(index, work(inputs[index]))
                }
                state.workerEnded()
            }
        }
        defer { state.stopAndWaitForWorkers() }
        for index in inputs.indices {
            while !state.isFinished(index), let claimed = state.claimWithoutWaiting() {
                state.finish(claimed, work(inputs[claimed]))
            }
            guard try deliver(index, state.wait(for: index)) else { return }
        }
    }

    /// Runs every input and delivers every result, in input order.
    public static func run<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], jobs: Int, work: @escaping @Sendable (Input) -> Output, deliver: (Int, Output) -> Void
    ) {
        run(inputs, jobs: jobs, work: work) { index, output in
            deliver(index, output)
            return true
        }
    }

    /// The shared queue position and finished results, guarded by one condition.
    private final class State<Output: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var delivered = 0
        private var stopped = false
        private var runningWorkers = 0
        private let count: Int
        private let window: Int
        private var results: [Int: Output] = [:]

        init(count: Int, window: Int) {
            self.count = count
            self.window = window
        }

        func workerStarted() {
            condition.lock()
            runningWorkers += 1
            condition.unlock()
        }

        func workerEnded() {
            condition.lock()
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
        }

        /// The next input to work on, once the window allows; `nil` when none is left.
        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && next < count && next - delivered >= window { condition.wait() }
            return takeNext()
        }

        /// The next input to work on if the window allows it now, else `nil` (for the
        /// delivering thread: the window only moves when it delivers).
        func claimWithoutWaiting() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next - delivered < window else { return nil }
            return takeNext()
        }

        private func takeNext() -> Int? {
            guard !stopped && next < count else { return nil }
            next += 1
            return next - 1
        }

        /// Whether result `index` is in.
        func isFinished(_ index: Int) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            return results[index] != nil
        }

        func finish(_ index: Int, _ output: Output) {
            condition.lock()
            if !stopped { results[index] = output }
            condition.broadcast()
            condition.unlock()
        }

        func wait(for index: Int) -> Output {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            delivered = index + 1
            condition.broadcast()
            return results.removeValue(forKey: index)!
        }

        func stopAndWaitForWorkers() {
            condition.lock()
            stopped = true
            results.removeAll()
            condition.broadcast()
            while runningWorkers > 0 { condition.wait() }
            condition.unlock()
        }
    }
}
