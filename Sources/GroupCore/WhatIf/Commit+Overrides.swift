extension Commit {
    /// This commit as it would be had its `create` asked for `requireSignatures: true`: the
    /// commit 0 of a what-if replay of a group created requiring signed commits. Any other
    /// commit, and a `create` that asks already, comes back as it is.
    ///
    /// The signature stays as it was. It no longer covers the changed `create`, but the reducer
    /// never verifies a signature (the door did, on the commit as it is stored): it only asks
    /// which key signed, and that is the question the replay puts.
    public var requiringSignatures: Commit {
        guard sequence == 0, changes.count == 1, case var .create(request) = changes[0], !request.requireSignatures else { return self }
        request.requireSignatures = true
        return Commit(groupID: groupID, sequence: sequence, actor: actor, time: time, changes: [.create(request)],
                      previousHash: previousHash, signature: signature)
    }
}
