/// What any GroupLog backend must do, composed of its three jobs: the logs (`CommitLogStorage`),
/// the indexes across them (`IndexStorage`), and telling waiters about new commits
/// (`CommitWaiting`).
///
/// Everything above the store (the audit tools, the library, the CLI, the benchmarks) holds an
/// `any GroupLogStorage` and names a backend's type only where it opens one: `GroupStore` opens
/// the LMDB backend. The calls are coarse (a submit, a batch of commits, a range of a log, a
/// replay), so one dynamic dispatch per call costs nothing next to the work behind it.
///
/// Every requirement throws only `StoreError`, whose cases are the contract: a backend reports
/// a refused write as `rejected`, `sequenceConflict`, `groupNotFound`, `ingestRefused` or
/// `identityClaimed` (nothing written), a damaged record as `corrupt` with its group and
/// sequence, and its own failures as `storage`. docs/storage-seam.md describes the contract for
/// backend authors.
public protocol GroupLogStorage: CommitLogStorage, IndexStorage, CommitWaiting {}
