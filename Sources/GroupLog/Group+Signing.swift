/// Signed commits (SPEC section 14): the acting member's own keys in the conversation.
extension Group {
    /// Changes the keys the conversation records for the acting member: `remove` is taken away,
    /// then `add` appended. Rotating a key is both in one commit, signed with a key the member
    /// has before it (sign with `acting(as:signingWith:)`). Only the member itself changes its
    /// keys, and no policy judges it.
    /// - Throws: `GroupLogError.rejected` (`invalidArgument`: nothing to change, a key listed
    ///   twice, a key another member holds, a key to remove the member lacks, or its last key in
    ///   a conversation that requires signatures; `notActive` for a member not active), nothing
    ///   written.
    @discardableResult
    public func updateSigningKeys(add: [PublicKey] = [], remove: [PublicKey] = []) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateKeys(add: add, remove: remove))
    }

    /// Whether the conversation requires every commit signed with a key recorded for its actor.
    public func requiresSignatures() async throws(GroupLogError) -> Bool {
        try current().0.settings.requireSignatures
    }
}
