-- How each person chooses to be told outside the app (contract/notification-preferences.ts): a row per
-- kind and channel they changed from the default (every kind on), quiet hours in their own zone, and
-- the key that signs one-click unsubscribe links. The outbox reads them when it delivers, so a choice
-- made after a message was queued still counts.

CREATE TABLE notification_preferences (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('reminders', 'bookings', 'messages', 'payments')),
  channel    text NOT NULL CHECK (channel IN ('email', 'push', 'sms')),
  enabled    boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, channel)
);

-- Quiet hours as minutes after local midnight; start > end crosses midnight (21:00–07:00 by default).
ALTER TABLE users ADD COLUMN IF NOT EXISTS quiet_hours_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN IF NOT EXISTS quiet_start_minute smallint NOT NULL DEFAULT 1260 CHECK (quiet_start_minute BETWEEN 0 AND 1439);
ALTER TABLE users ADD COLUMN IF NOT EXISTS quiet_end_minute smallint NOT NULL DEFAULT 420 CHECK (quiet_end_minute BETWEEN 0 AND 1439);

-- A message the person chose not to get on that channel is 'skipped' (kept, for an operator to see why).
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_status_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped'));

-- The HMAC key of unsubscribe links: made once, in the database every instance shares, so no instance
-- needs another secret in its environment and a link stays good across restarts. gen_random_uuid()
-- draws from the server's strong random source; two of them give 244 random bits.
CREATE TABLE mail_keys (
  id              smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  unsubscribe_key text NOT NULL DEFAULT (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
);
INSERT INTO mail_keys DEFAULT VALUES ON CONFLICT DO NOTHING;
