-- Session requests (issue 6): the request, the teachers it is offered to (broadcast), its status
-- history, and the link from an evaluation to the session it rates. Statuses are the states of
-- machines/request.machine.ts; only that machine moves them (server/modules/requests/service.ts).

CREATE TABLE requests (
  id                    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  student_id            integer NOT NULL REFERENCES users (id),
  -- The teacher asked for; once approved, the teacher who approved (for a broadcast, may differ).
  teacher_id            integer NOT NULL REFERENCES users (id),
  requested_teacher_id  integer NOT NULL REFERENCES users (id),
  subject_id            integer NOT NULL REFERENCES subjects (id),
  type                  text NOT NULL CHECK (type IN ('urgent', 'schedule')),
  status                text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'approved', 'rejected', 'canceled', 'expired', 'finished')),
  starts_at             timestamptz NOT NULL,
  ends_at               timestamptz NOT NULL,
  duration_hours        smallint NOT NULL CHECK (duration_hours BETWEEN 1 AND 6),
  CHECK (ends_at > starts_at),
  expires_at            timestamptz NOT NULL,
  comment               text CHECK (length(comment) <= 500),
  broadcast             boolean NOT NULL DEFAULT false,
  preferred_gender      text CHECK (preferred_gender IN ('male', 'female')),
  paid_with             text NOT NULL CHECK (paid_with IN ('hours', 'free_trial')),
  -- The session's realtime channel: 128 random bits, shown only to its student and teacher once approved.
  channel_name          text NOT NULL UNIQUE,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX requests_student_idx ON requests (student_id, created_at DESC);
CREATE INDEX requests_teacher_idx ON requests (teacher_id, created_at DESC);
-- The overlap check and the teacher's busy list: approved sessions of a teacher by time.
CREATE INDEX requests_teacher_busy_idx ON requests (teacher_id, starts_at) WHERE status = 'approved';
-- The sweep: pending ones by deadline, approved ones by end.
CREATE INDEX requests_pending_idx ON requests (expires_at) WHERE status = 'pending';
CREATE INDEX requests_approved_idx ON requests (ends_at) WHERE status = 'approved';

-- Every teacher a request is offered to: the requested teacher and, for a broadcast, each matching
-- teacher. declined_at: that teacher rejected their offer (a broadcast stays open for the others).
CREATE TABLE request_offers (
  request_id   integer NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  teacher_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  declined_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, teacher_id)
);
CREATE INDEX request_offers_teacher_idx ON request_offers (teacher_id, request_id);

CREATE TABLE request_history (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  integer NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  status      text NOT NULL,
  actor_role  text NOT NULL CHECK (actor_role IN ('student', 'teacher', 'system')),
  actor_id    integer REFERENCES users (id) ON DELETE SET NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_history_request_idx ON request_history (request_id, at, id);

-- One evaluation per finished session.
ALTER TABLE evaluations ADD COLUMN request_id integer REFERENCES requests (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX evaluations_request_key ON evaluations (request_id) WHERE request_id IS NOT NULL;

-- The teachers list: search by any name part, case-insensitively; active teachers by id.
CREATE INDEX users_active_teachers_idx ON users (id) WHERE type = 'instructor' AND status = 'active';
CREATE INDEX working_hours_teacher_idx ON working_hours (teacher_id, weekday);
