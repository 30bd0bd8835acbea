-- Presence across instances (issue 14): who is on which presence channel, through which instance's
-- socket, so a member joining through B is listed to, and announced to, sockets on A. Each instance
-- beats its row in realtime_instances; rows of an instance that stopped beating are ignored and swept
-- (its members are announced as gone), so a crashed instance cannot leave ghosts behind.
CREATE TABLE realtime_instances (
  id      text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE realtime_presence (
  instance_id text NOT NULL REFERENCES realtime_instances (id) ON DELETE CASCADE,
  socket_id   text NOT NULL,
  channel     text NOT NULL,
  user_id     text NOT NULL,
  -- The member's user_info as JSON text, exactly as the channel authorization signed it.
  user_info   text,
  PRIMARY KEY (instance_id, socket_id, channel)
);
CREATE INDEX realtime_presence_channel_user ON realtime_presence (channel, user_id);
