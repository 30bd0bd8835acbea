-- Reviewers' internal notes on a teacher's application: read by staff only, never sent to the teacher.
CREATE TABLE teacher_notes (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  staff_id   integer REFERENCES staff (id),
  body       text NOT NULL CHECK (body <> ''),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teacher_notes_teacher_idx ON teacher_notes (teacher_id, created_at);
