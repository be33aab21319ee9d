/// Registering configured fields in a conversation made before they were configured.
extension Group {
    /// Registers the operator configuration's fields named `names` that the conversation lacks,
    /// in one commit. The store's configuration (`GroupLogStore.Options.configurationFile`)
    /// supplies each field's full descriptor, which the commit records.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied`: registering is for admins, `unknownField` for a name the
    ///   configuration does not define), nothing written.
    @discardableResult
    public func registerFields(names: [String]) async throws(GroupLogError) -> CommitReceipt {
        guard !names.isEmpty else { throw .invalidArgument("registerFields needs at least one field name") }
        return try submit(.registerFields(names.map { .unknown(name: $0) }))
    }
}
