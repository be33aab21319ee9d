// The library's values are GroupCore's (InboxID, GroupID, PublicIdentity, Role, MemberState,
// CommitRejection), and its store failures `StoreError` (in `GroupLogError.store`): an app
// imports GroupLog alone. The rest of the store (the storage seam, its backends and their
// records) stays behind the library; the files that use it import GroupStore themselves.
@_exported import GroupCore
@_exported import enum GroupStore.StoreError
