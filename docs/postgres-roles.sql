-- GroupLog's least-privilege roles, step 1 of 2 (docs/postgres.md).
-- Run once, as a superuser, BEFORE `grouplog init`:
--     psql --dbname=grouplog --set=ON_ERROR_STOP=1 --file=docs/postgres-roles.sql
-- The names are psql variables; override any with --set=NAME=VALUE (schema, owner, writer, auditor).
\if :{?schema}
\else
    \set schema grouplog
\endif
\if :{?owner}
\else
    \set owner grouplog_owner
\endif
\if :{?writer}
\else
    \set writer grouplog_writer
\endif
\if :{?auditor}
\else
    \set auditor grouplog_auditor
\endif

-- Three login roles; give each a password afterwards with psql's \password (see docs/postgres.md).
CREATE ROLE :"owner" LOGIN;
CREATE ROLE :"writer" LOGIN;
CREATE ROLE :"auditor" LOGIN;

-- The owner owns the schema, so it alone creates and migrates GroupLog's tables there.
CREATE SCHEMA IF NOT EXISTS :"schema" AUTHORIZATION :"owner";
ALTER SCHEMA :"schema" OWNER TO :"owner";

-- Each role finds the tables without naming the schema in its connection URL.
ALTER ROLE :"owner" IN DATABASE :"DBNAME" SET search_path = :"schema";
ALTER ROLE :"writer" IN DATABASE :"DBNAME" SET search_path = :"schema";
ALTER ROLE :"auditor" IN DATABASE :"DBNAME" SET search_path = :"schema";

-- The functions GroupLog calls: pg_advisory_xact_lock while opening with create (init, and
-- the library's default), pg_notify after each commit. PUBLIC may execute both unless an
-- administrator revoked that; these grants keep GroupLog working either way.
GRANT EXECUTE ON FUNCTION pg_catalog.pg_advisory_xact_lock(bigint) TO :"owner", :"writer";
GRANT EXECUTE ON FUNCTION pg_catalog.pg_notify(text, text) TO :"owner", :"writer";
