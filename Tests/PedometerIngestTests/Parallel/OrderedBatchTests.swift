import Foundation
import Synchronization
import Testing
@testable import PedometerIngest

@Suite struct OrderedBatchTests {
    @Test(arguments: [1, 2, 5])
    func deliversEveryResultInInputOrder(jobs: Int) {
        var delivered: [Int] = []
        OrderedBatch.run(Array(0..<200), jobs: jobs, work: { input -> Int in
            usleep(UInt32((input * 7919) % 13) * 50)  // finish out of order
            return input * input
        }, deliver: { index, output in
            #expect(output == index * index)
            delivered.append(index)
        })
        #expect(delivered == Array(0..<200))
    }

    @Test(arguments: [1, 3])
    func stopsEarlyAndStartsNothingAfterTheWindow(jobs: Int) {
        let started = Mutex<Set<Int>>([])
        var delivered: [Int] = []
        OrderedBatch.run(Array(0..<1000), jobs: jobs, window: 4, work: { input -> Int in
            started.withLock { _ = $0.insert(input) }
            return input
        }, deliver: { index, _ -> Bool in
            delivered.append(index)
            return index < 9
        })
        #expect(delivered == Array(0...9))
        // No input beyond the window past the last delivered one was ever started, and the
        // workers are done when `run` returns.
        let maximum = started.withLock { $0.max() }!
        #expect(maximum < 9 + 1 + 4)
        usleep(20_000)
        #expect(started.withLock { $0.max() } == maximum)
    }

    @Test(arguments: [2, 3])
    func runsOnJobsThreadsTheCallingOneIncluded(jobs: Int) {
        let caller = pthread_self()
        let threads = Mutex<[pthread_t]>([])
        OrderedBatch.run(Array(0..<60), jobs: jobs, work: { input -> Int in
            threads.withLock { if !$0.contains(where: { pthread_equal($0, pthread_self()) != 0 }) { $0.append(pthread_self()) } }
            // Hold every thread's first input until all have one (at most 5 s), so none is
            // left out by chance.
            var waited = 0
            while threads.withLock({ $0.count }) < jobs && waited < 5_000 {
                usleep(1_000)
                waited += 1
            }
            return input
        }, deliver: { _, _ in })
        let used = threads.withLock { $0 }
        #expect(used.count == jobs)
        #expect(used.contains { pthread_equal($0, caller) != 0 })
    }

    @Test func aThrowingDeliveryStopsTheBatchAndRethrows() {
        struct Stop: Error {}
        var delivered = 0
        #expect(throws: Stop.self) {
            try OrderedBatch.run(Array(0..<100), jobs: 2, window: 2, work: { $0 }, deliver: { index, _ throws(Stop) -> Bool in
                delivered += 1
                if index == 5 { throw Stop() }
                return true
            })
        }
        #expect(delivered == 6)
    }
}
