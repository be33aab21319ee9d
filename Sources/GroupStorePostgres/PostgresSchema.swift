/// The tables of a GroupLog store in PostgreSQL, and the version that names their layout.
///
/// Text columns use the "C" collation, so that group IDs sort by their bytes, as LMDB's keys do.
/// Heads, outcomes and the indexes are derived from the commits; `rebuild()` makes them again.
enum PostgresSchema {
    /// The layout this build writes and reads; a store of a newer version is refused.
    static let version: Int64 = 1

    /// The channel commits are announced on, the group ID as the payload.
    static let channel = "grouplog_commits"

    /// A lock key taken while the schema is created or migrated, so two openers do not race.
    static let migrationLock: Int64 = 0x4752_4F55_504C_4F47

    static let createVersion1 = [
        "CREATE TABLE IF NOT EXISTS grouplog_schema_version (version bigint NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS grouplog_groups (
            group_id text COLLATE "C" PRIMARY KEY,
            head_sequence bigint NOT NULL,
            head_hash bytea NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS grouplog_commits (
            group_id text COLLATE "C" NOT NULL,
            sequence bigint NOT NULL,
            commit_bytes bytea NOT NULL,
            outcome bytea NOT NULL,
            PRIMARY KEY (group_id, sequence))
        """,
        """
        CREATE TABLE IF NOT EXISTS grouplog_claims (
            kind text COLLATE "C" NOT NULL,
            value text COLLATE "C" NOT NULL,
            inbox text COLLATE "C" NOT NULL,
            claim_order bigserial NOT NULL,
            PRIMARY KEY (kind, value))
        """,
        "CREATE INDEX IF NOT EXISTS grouplog_claims_by_inbox ON grouplog_claims (inbox, claim_order)",
        """
        CREATE TABLE IF NOT EXISTS grouplog_memberships (
            inbox text COLLATE "C" NOT NULL,
            group_id text COLLATE "C" NOT NULL,
            PRIMARY KEY (inbox, group_id))
        """,
        """
        CREATE TABLE IF NOT EXISTS grouplog_directory (
            group_id text COLLATE "C" PRIMARY KEY,
            entry bytea NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS grouplog_dms (
            first_inbox text COLLATE "C" NOT NULL,
            second_inbox text COLLATE "C" NOT NULL,
            group_id text COLLATE "C" NOT NULL,
            filed bigserial NOT NULL,
            PRIMARY KEY (first_inbox, second_inbox, group_id))
        """,
    ]
}
