/// The tables of a GroupLog store in PostgreSQL, and the version that names their layout.
///
/// Text columns use the "C" collation, so that group IDs sort by their bytes, as LMDB's keys do.
/// The commits are the only truth and are append-only (a trigger refuses any change to a stored
/// one); heads, outcomes and the indexes are derived from them, and `rebuild()` makes them again.
///
/// A store is made the way an old one is brought up to date: version 1's tables, then each
/// migration in turn, so every store runs the same statements and every migration is exercised.
enum PostgresSchema {
    /// The layout this build writes and reads; a store of a newer version is refused, an older
    /// one is migrated by `grouplog init` (an open with `create`).
    static let version: Int64 = 4

    /// The channel commits are announced on, the IDs of the groups as the payload (`PostgresCommitNotice`).
    static let channel = "grouplog_commits"

    /// The channel new identity claims are announced on, the inbox ID as the payload.
    static let claimsChannel = "grouplog_claims"

    /// A lock key taken while the schema is created or migrated, so two openers do not race.
    static let migrationLock: Int64 = 0x4752_4F55_504C_4F47

    /// The statements that bring a store from version `n` to `n + 1`, at index `n - 1`.
    static let migrations = [migrateToVersion2, migrateToVersion3, migrateToVersion4]

    /// Version 1's tables, exactly as GroupLog's first PostgreSQL backend created them.
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

    /// Version 2: the log is append-only in the database too. Outcomes move out of the commits
    /// into a table of their own (they are derived, and `rebuild()` rewrites them), so that
    /// nothing GroupLog does ever changes a stored commit; then a trigger refuses UPDATE, DELETE
    /// and TRUNCATE on the commits for every role, the owner and superusers included. It is
    /// enabled ALWAYS, so it fires under `session_replication_role = replica` too.
    static let migrateToVersion2 = [
        """
        CREATE TABLE grouplog_outcomes (
            group_id text COLLATE "C" NOT NULL,
            sequence bigint NOT NULL,
            outcome bytea NOT NULL,
            PRIMARY KEY (group_id, sequence))
        """,
        "INSERT INTO grouplog_outcomes (group_id, sequence, outcome) SELECT group_id, sequence, outcome FROM grouplog_commits",
        "ALTER TABLE grouplog_commits DROP COLUMN outcome",
        """
        CREATE FUNCTION grouplog_refuse_commit_change() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
            IF TG_OP = 'TRUNCATE' THEN
                RAISE EXCEPTION 'the GroupLog commit log is append-only: grouplog_commits cannot be truncated'
                    USING ERRCODE = 'restrict_violation',
                          HINT = 'A stored commit is never changed or removed; outcomes, heads and indexes are rebuilt by grouplog rebuild.';
            END IF;
            RAISE EXCEPTION 'the GroupLog commit log is append-only: commit % of group % cannot be %',
                    OLD.sequence, OLD.group_id, lower(TG_OP) || 'd'
                USING ERRCODE = 'restrict_violation',
                      HINT = 'A stored commit is never changed or removed; outcomes, heads and indexes are rebuilt by grouplog rebuild.';
        END
        $body$
        """,
        """
        CREATE TRIGGER grouplog_commits_append_only BEFORE UPDATE OR DELETE ON grouplog_commits
            FOR EACH ROW EXECUTE FUNCTION grouplog_refuse_commit_change()
        """,
        """
        CREATE TRIGGER grouplog_commits_never_truncated BEFORE TRUNCATE ON grouplog_commits
            FOR EACH STATEMENT EXECUTE FUNCTION grouplog_refuse_commit_change()
        """,
        "ALTER TABLE grouplog_commits ENABLE ALWAYS TRIGGER grouplog_commits_append_only",
        "ALTER TABLE grouplog_commits ENABLE ALWAYS TRIGGER grouplog_commits_never_truncated",
    ]

    /// Version 3: snapshots, so that a state is folded from the nearest one at or before it
    /// rather than from commit 0 (on the schedule LMDB uses, `SnapshotSchedule`). They are
    /// derived: a migrated store has none until its groups reach their next due sequence, or
    /// until `grouplog rebuild` writes them all.
    static let migrateToVersion3 = [
        """
        CREATE TABLE grouplog_snapshots (
            group_id text COLLATE "C" NOT NULL,
            sequence bigint NOT NULL,
            snapshot bytea NOT NULL,
            PRIMARY KEY (group_id, sequence))
        """,
    ]

    /// Version 4: the directory's signing keys (SPEC section 14), in claim order. A key belongs
    /// to one inbox for ever and a revocation is final: a trigger refuses deleting a key, moving
    /// it to another inbox or taking back its revocation, for every role.
    static let migrateToVersion4 = [
        """
        CREATE TABLE grouplog_keys (
            signing_key bytea PRIMARY KEY CHECK (octet_length(signing_key) = 32),
            inbox text COLLATE "C" NOT NULL,
            claim_order bigserial NOT NULL,
            revoked boolean NOT NULL DEFAULT false)
        """,
        "CREATE INDEX grouplog_keys_by_inbox ON grouplog_keys (inbox, claim_order)",
        """
        CREATE FUNCTION grouplog_refuse_key_change() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
            IF TG_OP = 'UPDATE' AND NEW.signing_key = OLD.signing_key AND NEW.inbox = OLD.inbox
                    AND NEW.claim_order = OLD.claim_order AND (NEW.revoked OR NOT OLD.revoked) THEN
                RETURN NEW;
            END IF;
            RAISE EXCEPTION 'a GroupLog signing key belongs to its inbox for ever: the key of % cannot be %',
                    OLD.inbox, CASE TG_OP WHEN 'UPDATE' THEN 'changed, only revoked' ELSE lower(TG_OP) || 'd' END
                USING ERRCODE = 'restrict_violation';
        END
        $body$
        """,
        """
        CREATE TRIGGER grouplog_keys_kept BEFORE UPDATE OR DELETE ON grouplog_keys
            FOR EACH ROW EXECUTE FUNCTION grouplog_refuse_key_change()
        """,
        "ALTER TABLE grouplog_keys ENABLE ALWAYS TRIGGER grouplog_keys_kept",
    ]
}
