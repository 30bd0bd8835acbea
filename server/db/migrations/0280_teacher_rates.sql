-- Teachers' earnings: the rate per hour taught an operator sets for a teacher, kept as a history.
-- A session is paid at the rate in force when it started (the latest row whose effective_from is not
-- after its start), so changing a rate never rewrites a month already paid; a teacher without a row is
-- paid the configured default (TEACHER_RATE_MINOR / TEACHER_RATE_CURRENCY). Money in integer minor
-- units of its currency (QAR: dirhams), never floats.
CREATE TABLE teacher_rates (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount_minor    integer NOT NULL CHECK (amount_minor BETWEEN 0 AND 100000000),
  currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  effective_from  timestamptz NOT NULL DEFAULT now(),
  -- The staff member who set it (NULL: the command line's token).
  staff_id        integer REFERENCES staff (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teacher_rates_teacher_idx ON teacher_rates (teacher_id, effective_from DESC, id DESC);
-- The statement reads a teacher's sessions of a month by start.
CREATE INDEX IF NOT EXISTS requests_teacher_starts_idx ON requests (teacher_id, starts_at);
