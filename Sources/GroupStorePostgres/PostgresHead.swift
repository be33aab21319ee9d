import GroupCodec
import GroupCore

/// Where a group's log ends, as its row in `grouplog_groups` says.
struct PostgresHead: Equatable, Sendable {
    let sequence: UInt64
    let hash: Digest
}
