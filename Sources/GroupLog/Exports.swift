// The library's values are GroupCore's (InboxID, GroupID, PublicIdentity, Role, MemberState,
// CommitRejection) and its store errors GroupStore's: an app imports GroupLog alone.
@_exported import GroupCore
@_exported import GroupStore
