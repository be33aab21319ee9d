extension GroupState {
    /// The same state under another group ID.
    ///
    /// A fixture that starts mid-log carries the state of the group it was recorded from, but is
    /// replayed under the group ID of its own file, like its commits; the ID is part of the state
    /// hash, so the replay's states must carry the replay's ID.
    public func relabeled(as groupID: GroupID) -> GroupState {
        guard groupID != self.groupID else { return self }
        var copy = self
        copy.groupID = groupID
        return copy
    }
}
