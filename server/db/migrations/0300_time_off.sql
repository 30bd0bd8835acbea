-- A teacher's time off: whole days they are away, first_day to last_day inclusive, as the teacher
-- wrote them in their own zone. starts_at/ends_at are those days resolved to instants in the zone the
-- teacher had when they wrote them (start of first_day, start of the day after last_day), which is
-- what the availability rule reads: a later change of zone does not move a holiday already set.
CREATE TABLE time_off (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_day   date NOT NULL,
  last_day    date NOT NULL,
  time_zone   text NOT NULL,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (last_day >= first_day),
  CHECK (ends_at > starts_at)
);
CREATE INDEX time_off_teacher_idx ON time_off (teacher_id, ends_at);

-- The teachers list shows "available now", which time off changes.
CREATE TRIGGER time_off_public_version AFTER INSERT OR UPDATE OR DELETE ON time_off
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
