-- Web Push: the browsers a person turned notifications on in (one row per push service endpoint), and
-- a push message in the outbox for every notification to someone who has at least one of them. One
-- outbox row carries the notification to all of that person's browsers; push_deliveries records each
-- browser it reached, so a retry (another browser's push service was down) skips those already reached.

CREATE TABLE push_subscriptions (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The push service URL is the browser's address; whoever signs in on that browser owns it.
  endpoint    text NOT NULL UNIQUE,
  -- The browser's P-256 public key and auth secret (base64url), which the payload is encrypted to.
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

CREATE TABLE push_deliveries (
  outbox_id       bigint NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  subscription_id integer NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  PRIMARY KEY (outbox_id, subscription_id)
);

-- Every notification to someone with a verified e-mail address is also an e-mail; to someone with a
-- push subscription, also a push message.
CREATE OR REPLACE FUNCTION outbox_enqueue_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (channel, user_id, notification_id)
  SELECT 'email', u.id, NEW.id
    FROM users u
   WHERE u.id = NEW.user_id AND u.email IS NOT NULL
     AND (u.email_verified_at IS NOT NULL OR u.type = 'instructor')
  ON CONFLICT (notification_id, channel) DO NOTHING;
  INSERT INTO outbox (channel, user_id, notification_id)
  SELECT 'push', NEW.user_id, NEW.id
   WHERE EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = NEW.user_id)
  ON CONFLICT (notification_id, channel) DO NOTHING;
  RETURN NULL;
END
$$;
