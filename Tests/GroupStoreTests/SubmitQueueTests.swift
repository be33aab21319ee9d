import Dispatch
import Foundation
import Testing
@testable import GroupStore

/// The submit queue alone: who leads, what a batch holds, who gets which response.
struct SubmitQueueTests {
    @Test func aLoneSubmitterLeadsABatchOfItsOwnRequestEachTime() {
        let queue = SubmitQueue<Int, Int>()
        var batches: [[Int]] = []
        for request in 0..<5 {
            let response = queue.submit(request) { batch in
                batches.append(batch)
                return batch.map { $0 * 10 }
            }
            #expect(response == request * 10)
        }
        #expect(batches == [[0], [1], [2], [3], [4]])
        #expect(queue.servedCounts == SubmitQueue<Int, Int>.Counts(batches: 5, requests: 5))
    }

    /// While a leader serves its batch, four more submitters arrive: the next leader, one of
    /// them, serves all four in one batch, and each gets its own response.
    @Test func submittersArrivingDuringABatchShareTheNext() {
        let queue = SubmitQueue<Int, Int>()
        let batches = Collected<[Int]>()
        let responses = Collected<[Int]>()
        let leading = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let serve: @Sendable ([Int]) -> [Int] = { batch in
            batches.append(batch)
            if batch == [0] {
                leading.signal()
                release.wait()
            }
            return batch.map { $0 * 10 }
        }
        let finished = DispatchGroup()
        func submitOnAThread(_ request: Int) {
            finished.enter()
            Thread {
                responses.append([request, queue.submit(request, servingBatchesWith: serve)])
                finished.leave()
            }.start()
        }
        submitOnAThread(0)
        leading.wait()
        for request in 1...4 { submitOnAThread(request) }
        while queue.pendingCount < 4 { usleep(1_000) }
        release.signal()
        finished.wait()
        let served = batches.values
        #expect(served.count == 2)
        #expect(served.first == [0])
        #expect(served.last?.sorted() == [1, 2, 3, 4])
        #expect(responses.values.sorted { $0[0] < $1[0] } == (0...4).map { [$0, $0 * 10] })
        #expect(queue.servedCounts == SubmitQueue<Int, Int>.Counts(batches: 2, requests: 5))
    }
}
