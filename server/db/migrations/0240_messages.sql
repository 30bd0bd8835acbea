-- Messages between a family and a teacher: one conversation per pair, open once a request exists
-- between them (server/modules/messages). Each side's read position is the id of the last message it
-- has read; unread = the other side's messages after it. A reported message keeps who reported it, why
-- and when, for the operators' review; nothing is deleted when reported.
CREATE TABLE conversations (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  family_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  teacher_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_read_id   integer NOT NULL DEFAULT 0,
  teacher_read_id  integer NOT NULL DEFAULT 0,
  last_message_id  integer,
  created_at       timestamptz NOT NULL,
  UNIQUE (family_id, teacher_id)
);
CREATE INDEX conversations_teacher_idx ON conversations (teacher_id);

CREATE TABLE messages (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id  integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body             text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  created_at       timestamptz NOT NULL,
  reported_at      timestamptz,
  reported_by      integer REFERENCES users (id) ON DELETE SET NULL,
  report_reason    text CHECK (length(report_reason) <= 500)
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);
CREATE INDEX messages_reported_idx ON messages (reported_at) WHERE reported_at IS NOT NULL;

-- A new message notifies its recipient (at most one unread notification per conversation), linking
-- to the conversation.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'request_offered', 'request_approved', 'request_rejected', 'request_canceled', 'request_expired',
  'session_reminder_soon', 'session_reminder_evening',
  'payment_completed', 'payment_failed',
  'teacher_approved', 'teacher_rejected', 'teacher_suspended',
  'lesson_report_written', 'message_received'));
ALTER TABLE notifications DROP CONSTRAINT notifications_target_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_target_type_check CHECK (target_type IN ('request', 'packages', 'profile', 'requests', 'conversation'));
CREATE INDEX notifications_unread_target_idx ON notifications (user_id, target_type, target_id) WHERE read_at IS NULL;
