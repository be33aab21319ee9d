/// Permission policy updates (XMTP's `updatePermission(kind:policy:metadataField:)`).
extension Group {
    /// Sets the policy of one action; only a super admin may.
    ///
    /// - Parameters:
    ///   - kind: the action.
    ///   - policy: who may perform it from the next commit on.
    ///   - metadataField: the field whose update policy changes; required with `.updateMetadata`
    ///     and refused with any other kind, rather than ignored, so a misplaced field is caught.
    /// - Throws: `GroupLogError.invalidArgument` for a missing or misplaced `metadataField`;
    ///   `GroupLogError.invalidArgument` for `.unknown`; `GroupLogError.rejected` (`permissionDenied` for a caller that is not a super admin,
    ///   `invalidPolicy` for `.allow` on an admin slot, `dmForbidden`), nothing written.
    @discardableResult
    public func updatePermission(
        kind: PermissionUpdateKind, policy: PermissionPolicy, metadataField: MetadataFieldKind? = nil
    ) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updatePermission(slot: try Group.slot(kind: kind, metadataField: metadataField), policy: policy.written(by: "updatePermission")))
    }

    /// The policy slot `kind` and `metadataField` name together.
    static func slot(kind: PermissionUpdateKind, metadataField: MetadataFieldKind?) throws(GroupLogError) -> PolicySlot {
        switch (kind, metadataField) {
        case let (.updateMetadata, field?): return field.slot
        case (.updateMetadata, nil): throw .invalidArgument("updatePermission of updateMetadata needs a metadataField")
        case let (_, field?): throw .invalidArgument("updatePermission of \(kind.rawValue) takes no metadataField (got \(field.rawValue))")
        case (.addMember, nil): return .addMember
        case (.removeMember, nil): return .removeMember
        case (.addAdmin, nil): return .addAdmin
        case (.removeAdmin, nil): return .removeAdmin
        }
    }
}
