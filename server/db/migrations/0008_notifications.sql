-- Notifications (issue 8). The server stores what happened (a type and its parameters), never a
-- sentence: the client renders the text in the viewer's language when it reads the list. A dedupe key
-- makes a producer's retry (or the reminder job after a restart) insert nothing the second time.

-- The user's own time zone: the evening-before reminder is sent at 19:00 where the user lives.
ALTER TABLE users ADD COLUMN IF NOT EXISTS time_zone text NOT NULL DEFAULT 'Asia/Qatar';

CREATE TABLE notifications (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL CHECK (type IN (
                'request_offered', 'request_approved', 'request_rejected', 'request_canceled', 'request_expired',
                'session_reminder_soon', 'session_reminder_evening',
                'payment_completed', 'payment_failed',
                'teacher_approved', 'teacher_rejected', 'teacher_suspended')),
  params      jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What the notification is about, for its link: a request (session details), the packages screen,
  -- the profile, or the requests list.
  target_type text NOT NULL CHECK (target_type IN ('request', 'packages', 'profile', 'requests')),
  target_id   integer,
  dedupe_key  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
-- The list (newest first) and the unread count read only this index.
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_dedupe_idx ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
