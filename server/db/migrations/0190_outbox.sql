-- Messages that leave the system (e-mail now; web push and SMS later) go through an outbox: a row per
-- message and channel, written in the same transaction as the in-app notification that causes it (a
-- trigger on notifications, so no producer can forget it and a rolled-back change sends nothing), then
-- delivered by the outbox job (server/modules/outbox) with retries, backoff and a final 'failed'.

-- The language a person reads outside the app (e-mail templates); the app itself follows the browser.
ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text NOT NULL DEFAULT 'ar' CHECK (locale IN ('ar', 'en'));
-- Nothing is e-mailed to an address until it is verified. A teacher's address, given at sign-up and
-- checked by the review, counts as verified (see docs/decisions.md, "Messages outside the app").
ALTER TABLE users ADD COLUMN IF NOT EXISTS email_verified_at timestamptz;

CREATE TABLE outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel         text NOT NULL CHECK (channel IN ('email', 'push', 'sms')),
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_id integer REFERENCES notifications (id) ON DELETE CASCADE,
  -- queued: waiting for next_attempt_at; sending: claimed by one runner until locked_until (a runner
  -- that dies mid-send loses the claim when it expires, and the message is sent again: a duplicate at
  -- most, never a lost message); sent; failed: gave up after the last attempt (an operator can see it).
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  -- Once per notification and channel, whatever retries a producer makes.
  UNIQUE (notification_id, channel)
);
-- The runner's scan: only work still to do, oldest first.
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX outbox_user_idx ON outbox (user_id);

-- Every notification to someone with a verified e-mail address is also an e-mail.
CREATE OR REPLACE FUNCTION outbox_enqueue_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (channel, user_id, notification_id)
  SELECT 'email', u.id, NEW.id
    FROM users u
   WHERE u.id = NEW.user_id AND u.email IS NOT NULL
     AND (u.email_verified_at IS NOT NULL OR u.type = 'instructor')
  ON CONFLICT (notification_id, channel) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER notifications_outbox AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION outbox_enqueue_notification();
