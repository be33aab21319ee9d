/// The one place an LMDB failure becomes a store error: transactions whose bodies throw
/// `StoreError` throw it for LMDB's own failures too.
extension StoreError: LMDBErrorConvertible {
    /// `.storage`, with the failure's operation, code and text.
    package init(_ failure: LMDBError) {
        self = .storage(operation: failure.operation, code: failure.code, message: failure.message)
    }
}
