import GroupCore

/// The LMDB store is a GroupLog backend: its reads and writes (GroupStore+Append, +Reads,
/// +Identity, +CrossGroup, +DMs, +Verify, +Rebuild) are the seam's requirements, and
/// GroupStore+Waiting wakes waiters after each write.
extension GroupStore: GroupLogStorage {}
