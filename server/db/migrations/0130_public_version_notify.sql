-- Issue 13, the shared public cache without a query per hit: every bump of public_version is also
-- announced with NOTIFY, so each server keeps the version in memory and a cache hit never asks the
-- database. The payload names the schema (test files share one PostgreSQL, each in its own schema)
-- and the new version; NOTIFY is sent at commit, and not at all when the write rolls back.
-- The listener is server/modules/teachers/public-version.ts.
CREATE OR REPLACE FUNCTION bump_public_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE public_version SET version = version + 1 RETURNING version INTO v;
  PERFORM pg_notify('noor_public_version', current_schema() || ' ' || v);
  RETURN NULL;
END
$$;
