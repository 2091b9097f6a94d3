import Foundation

/// Runs one job per input on up to `jobs` threads and hands the results back in input order,
/// each as soon as every earlier one is done: output is the same bytes whatever the job count.
enum OrderedBatch {
    /// - Parameters:
    ///   - work: runs on a worker thread, once per input.
    ///   - deliver: runs on the calling thread, in input order.
    static func run<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], jobs: Int, work: @escaping @Sendable (Input) -> Output, deliver: (Int, Output) -> Void
    ) {
        guard jobs > 1 && inputs.count > 1 else {
            for (index, input) in inputs.enumerated() { deliver(index, work(input)) }
            return
        }
        let state = State<Output>(count: inputs.count)
        let workers = min(jobs, inputs.count)
        for _ in 0..<workers {
            Thread.detachNewThread {
                while let index = state.claim() {
                    state.finish(index, work(inputs[index]))
                }
            }
        }
        for index in inputs.indices {
            deliver(index, state.wait(for: index))
        }
    }

    /// The shared queue position and finished results, guarded by one condition.
    private final class State<Output: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private let count: Int
        private var results: [Int: Output] = [:]

        init(count: Int) { self.count = count }

        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ output: Output) {
            condition.lock()
            results[index] = output
            condition.broadcast()
            condition.unlock()
        }

        func wait(for index: Int) -> Output {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            return results.removeValue(forKey: index)!
        }
    }
}
