-- Issue 13, the teachers list under load.
--
-- 1. A stored folded name: lower case, and the Arabic letters people type interchangeably folded
--    (أإآٱ→ا, ى→ي, ة→ه), so the name search compares one precomputed column instead of folding three
--    columns of every row on every query. Kept in step with FOLD_FROM/FOLD_TO in
--    server/modules/teachers/queries.ts.
ALTER TABLE users ADD COLUMN name_folded text GENERATED ALWAYS AS (
  translate(lower(first_name || ' ' || coalesce(second_name, '') || ' ' || last_name), 'أإآٱىة', 'اااايه')
) STORED;

-- 2. The version of everything the public reads show (teachers list and cards, reference lists). Every
--    write that can change them bumps it, whichever module makes the write, so the shared cache in
--    server/modules/teachers/public-cache.ts can never serve a stale page to the next reader — on any
--    instance, since the version lives in the database.
CREATE TABLE public_version (
  id       boolean PRIMARY KEY DEFAULT true CHECK (id),
  version  bigint NOT NULL
);
INSERT INTO public_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_public_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public_version SET version = version + 1;
  RETURN NULL;
END
$$;

-- A teacher's own row (names, status, description, photo …): any change of an instructor's row.
CREATE TRIGGER users_public_version_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.type = 'instructor') EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER users_public_version_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.type = 'instructor' OR OLD.type = 'instructor') EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER users_public_version_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.type = 'instructor') EXECUTE FUNCTION bump_public_version();
-- What the cards list: subjects, phases, hours, ratings; and the reference lists.
CREATE TRIGGER teacher_subjects_public_version AFTER INSERT OR UPDATE OR DELETE ON teacher_subjects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER teacher_phases_public_version AFTER INSERT OR UPDATE OR DELETE ON teacher_phases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER working_hours_public_version AFTER INSERT OR UPDATE OR DELETE ON working_hours
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER evaluations_public_version AFTER INSERT OR UPDATE OR DELETE ON evaluations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER subjects_public_version AFTER INSERT OR UPDATE OR DELETE ON subjects
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER phases_public_version AFTER INSERT OR UPDATE OR DELETE ON phases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
CREATE TRIGGER countries_public_version AFTER INSERT OR UPDATE OR DELETE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
