-- Live sessions (issue 7): who joined, left, lost and regained the connection, and when. The
-- session itself is the approved request (0005); its channel is requests.channel_name. Attendance and
-- the minutes lost to reconnection are computed from these rows (server/modules/sessions/attendance.ts).
CREATE TABLE session_events (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id  integer NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN ('joined', 'left', 'reconnecting', 'reconnected')),
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_events_request_idx ON session_events (request_id, user_id, at, id);
