-- GroupLog's least-privilege roles, step 2 of 2 (docs/postgres.md).
-- Run as the owner role AFTER `grouplog init` (and again after an init that migrated the schema):
--     psql --dbname=grouplog --username=grouplog_owner --set=ON_ERROR_STOP=1 --file=docs/postgres-grants.sql
-- The names are psql variables, as in docs/postgres-roles.sql (schema, writer, auditor).
\if :{?schema}
\else
    \set schema grouplog
\endif
\if :{?writer}
\else
    \set writer grouplog_writer
\endif
\if :{?auditor}
\else
    \set auditor grouplog_auditor
\endif

SET search_path = :"schema";
GRANT USAGE ON SCHEMA :"schema" TO :"writer", :"auditor";

-- The writer appends commits and keeps everything derived from them; it never changes a commit.
GRANT SELECT, INSERT ON grouplog_commits TO :"writer";
GRANT SELECT, INSERT, UPDATE, DELETE ON grouplog_groups, grouplog_outcomes, grouplog_snapshots,
    grouplog_memberships, grouplog_directory, grouplog_dms TO :"writer";
-- Identity claims are first come, first served and never taken back: added, never changed.
GRANT SELECT, INSERT ON grouplog_claims TO :"writer";
-- Signing keys are claimed like identities; the only change to one is its revocation.
GRANT SELECT, INSERT ON grouplog_keys TO :"writer";
GRANT UPDATE (revoked) ON grouplog_keys TO :"writer";
GRANT SELECT ON grouplog_schema_version TO :"writer";
GRANT USAGE ON SEQUENCE grouplog_claims_claim_order_seq, grouplog_keys_claim_order_seq, grouplog_dms_filed_seq TO :"writer";

-- The auditor reads everything and writes nothing.
GRANT SELECT ON grouplog_schema_version, grouplog_groups, grouplog_commits, grouplog_outcomes, grouplog_snapshots,
    grouplog_claims, grouplog_keys, grouplog_memberships, grouplog_directory, grouplog_dms TO :"auditor";
