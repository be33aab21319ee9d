/// The one place an LMDB failure becomes a store error: transactions whose bodies throw
/// `StoreError` throw it for LMDB's own failures too.
extension StoreError: LMDBErrorConvertible {
    /// `.storage`, with the failure's operation, code and text; `.corrupt` when LMDB found its
    /// own pages damaged, which no retry or free space mends (the corruption campaign flips bytes
    /// of a B-tree page and gets `MDB_PAGE_NOTFOUND`). LMDB cannot tell which group's record the
    /// page held: the error names the operation, whose database says what kind of record.
    package init(_ failure: LMDBError) {
        if failure.isDamagedPage {
            self = .corrupt(nil, sequence: nil, reason: "\(failure.operation): \(failure.message) (\(failure.code))")
        } else if failure.isRefusedAfterUnreportedDamage {
            self = .corrupt(nil, sequence: nil, reason: "\(failure.operation): \(failure.message) (\(failure.code)): "
                + "LMDB ended the transaction at a damaged page it did not report, such as a table's root")
        } else {
            self = .storage(operation: failure.operation, code: failure.code, message: failure.message)
        }
    }

    /// Whether LMDB itself failed (a damaged page, or a read it could not do) rather than a record
    /// failing its check, which names its group. After LMDB's own failure it refuses every further
    /// operation of the transaction (`MDB_BAD_TXN`): what a reader does through it next fails
    /// because of this error, which is the one to report.
    package var endsTheTransaction: Bool {
        switch self {
        case .corrupt(nil, _, _), .storage: true
        default: false
        }
    }
}
