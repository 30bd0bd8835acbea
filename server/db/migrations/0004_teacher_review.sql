-- Teacher review (issue 4): two more statuses a real reviewer needs, the reviewer's reason, and the
-- history of every status change (who, when, why). Transitions are checked by
-- machines/teacher-status.machine.ts before anything is written here.

ALTER TABLE users DROP CONSTRAINT IF EXISTS users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check
  CHECK (status IN ('in_review', 'policy', 'active', 'rejected', 'suspended'));

-- Why a reviewer rejected (required) or suspended (optional) the teacher; cleared by the next change.
ALTER TABLE users ADD COLUMN review_reason text;

CREATE TABLE teacher_status_history (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_status  text NOT NULL,
  to_status    text NOT NULL,
  action       text NOT NULL,
  reason       text,
  -- 'reviewer' (CLI / admin API) or 'teacher' (their own action: terms, documents).
  actor        text NOT NULL CHECK (actor IN ('reviewer', 'teacher')),
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teacher_status_history_teacher_idx ON teacher_status_history (teacher_id, at DESC);
