-- Lesson reminders by SMS (opt-in, within a monthly budget per account) and the "news" kind of e-mail
-- (product news and offers; off unless asked for). See docs/decisions.md, "Messages outside the app:
-- SMS reminders".

-- News is a kind a person may choose (e-mail only, off by default); nothing sends it yet.
ALTER TABLE notification_preferences DROP CONSTRAINT IF EXISTS notification_preferences_kind_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_kind_check
  CHECK (kind IN ('reminders', 'bookings', 'messages', 'payments', 'news'));

-- One row per SMS reminder taken from an account's monthly budget (the account is the family, or the
-- teacher). Keyed by the outbox message, so a retry of the same message is not charged twice.
CREATE TABLE sms_charges (
  outbox_id  bigint PRIMARY KEY REFERENCES outbox (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The first day of the calendar month (UTC) the message was sent in.
  month      date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_charges_user_month_idx ON sms_charges (user_id, month);

-- A reminder to someone who turned SMS reminders on is also an SMS. A trigger of its own (beside
-- notifications_outbox, which queues e-mail and push), in the same transaction as the notification.
CREATE OR REPLACE FUNCTION outbox_enqueue_sms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type IN ('session_reminder_soon', 'session_reminder_evening') THEN
    INSERT INTO outbox (channel, user_id, notification_id)
    SELECT 'sms', NEW.user_id, NEW.id
     WHERE EXISTS (SELECT 1 FROM notification_preferences p
                    WHERE p.user_id = NEW.user_id AND p.kind = 'reminders' AND p.channel = 'sms' AND p.enabled)
    ON CONFLICT (notification_id, channel) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER notifications_outbox_sms AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION outbox_enqueue_sms();
