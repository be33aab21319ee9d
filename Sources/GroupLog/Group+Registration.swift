/// The field registry: registering configured fields in a conversation made before they were
/// configured, and changing a registered field's policies.
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

    /// Sets who may perform `operation` on a registered field's values from the next commit on,
    /// as XMTP lets a registry entry be overwritten; only a super admin may (SPEC section 11).
    ///
    /// - Parameters:
    ///   - field: the field, as the other field calls name it: a descriptor's `field` (its
    ///     component ID) or `.name("GROUP_CATEGORY")`.
    ///   - operation: `.insert`, `.update` or `.delete`; the field's other policies stay.
    ///   - policy: any of SPEC section 5's policies, `.selfOnly`, `.author` and the `any`/`all`
    ///     combinators included.
    /// - Throws: `GroupLogError.rejected` (`unknownField` for a field not registered before this
    ///   commit, `permissionDenied` for a caller that is not a super admin, `invalidPolicy` for
    ///   an empty combinator, `immutableField` for a field of an immutable range, `dmForbidden`
    ///   in a DM), nothing written.
    @discardableResult
    public func updateFieldPolicy(
        field: MetadataFieldRef, operation: FieldOperation, policy: Policy
    ) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateFieldPolicy(field: field, operation: operation, policy: policy))
    }
}
