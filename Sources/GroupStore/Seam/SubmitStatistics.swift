/// How a store's submits have been batched (group commit), for benchmarks and diagnostics.
public struct SubmitStatistics: Sendable, Equatable {
    /// Batches served: each is one durable write (for LMDB one transaction and one fsync; a batch
    /// that failed as a whole and was retried one submit at a time still counts once).
    public let batches: Int
    /// Submits served, applied or not.
    public let submits: Int

    public init(batches: Int, submits: Int) {
        self.batches = batches
        self.submits = submits
    }

    /// Submits per batch, on average: how many submitters shared each durable write.
    public var submitsPerBatch: Double { batches == 0 ? 0 : Double(submits) / Double(batches) }
}
