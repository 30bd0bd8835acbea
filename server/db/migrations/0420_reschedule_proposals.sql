-- Proposals to move an approved session (reschedule on an approved request): one side proposes a new
-- start, the other accepts or declines; unanswered, it lapses at the cut-off. The session keeps its
-- time until then. At most one open proposal per request (the partial unique index), so two proposals
-- at once end with one.
CREATE TABLE request_proposals (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  integer NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  by_role     text NOT NULL CHECK (by_role IN ('student', 'teacher')),
  by_id       integer NOT NULL REFERENCES users (id),
  created_at  timestamptz NOT NULL,
  lapses_at   timestamptz NOT NULL,
  -- NULL while open; void: the session was cancelled or ended before an answer.
  outcome     text CHECK (outcome IN ('accepted', 'declined', 'lapsed', 'void')),
  answered_at timestamptz
);
CREATE UNIQUE INDEX request_proposals_open_idx ON request_proposals (request_id) WHERE outcome IS NULL;
-- The sweep reads the open proposals whose time passed.
CREATE INDEX request_proposals_lapse_idx ON request_proposals (lapses_at) WHERE outcome IS NULL;

-- The timeline shows each step of a proposal (moved_from: the session's start then; moved_to: the
-- proposed start).
ALTER TABLE request_history ADD COLUMN proposal text CHECK (proposal IN ('proposed', 'accepted', 'declined', 'lapsed'));
