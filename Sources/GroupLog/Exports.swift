// The library's values are GroupCore's (InboxID, GroupID, PublicIdentity, Role, MemberState,
// CommitRejection), its store failures `StoreError` (in `GroupLogError.store`), and the key file
// errors and warnings of `SigningKey` (`KeyFileError`, `KeyFileWarning`): an app imports GroupLog
// alone. The rest of the store (the storage seam, its backends and their records) stays behind
// the library; the files that use it import GroupStore themselves.
@_exported import GroupCore
@_exported import enum GroupStore.StoreError
@_exported import struct GroupCodec.KeyFileError
@_exported import struct GroupCodec.KeyFileWarning
