import GroupStore

/// Submits and the batches they were served in, counted over a benchmark's runs.
final class BatchTally {
    private var submits = 0
    private var batches = 0

    func add(_ now: SubmitStatistics, since before: SubmitStatistics) {
        submits += now.submits - before.submits
        batches += now.batches - before.batches
    }

    var submitsPerBatch: Double { batches == 0 ? 0 : Double(submits) / Double(batches) }
}
