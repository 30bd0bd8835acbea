-- A teacher's report of a finished lesson: what was covered, homework, a note for the parent, and for
-- Quran lessons the verses memorised, revised or recited with a grade (a JSON array of entries, checked
-- by the contract's schema before it is written). One report per request; its teacher edits it for a
-- while after the lesson (contract/reports.ts REPORT_EDIT_DAYS), then it is final.
CREATE TABLE lesson_reports (
  request_id integer PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
  teacher_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  covered    text NOT NULL CHECK (covered <> ''),
  homework   text NOT NULL DEFAULT '',
  note       text NOT NULL DEFAULT '',
  quran      jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
