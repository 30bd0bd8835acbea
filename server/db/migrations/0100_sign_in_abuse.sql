-- Sign-in abuse limits (issue 15), in the database so every instance agrees.

-- Password guessing per account: wrong passwords counted per teacher (`user:<id>`) or, for a login
-- that matches nobody, per hashed login (`login:<sha256>`), so a lock tells nothing about who exists.
CREATE TABLE sign_in_guards (
  key          text PRIMARY KEY,
  failures     integer NOT NULL DEFAULT 0,
  -- Locks in a row: each one lasts twice the one before (reset by a right password or a reset code).
  locks        integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX sign_in_guards_updated_at ON sign_in_guards (updated_at);

-- Codes texted per clock hour: `global` and `country:<ISO>`. `alerted` makes the "budget reached"
-- warning go to the log once per window, whichever instance sees it first.
CREATE TABLE sms_budget (
  scope        text NOT NULL,
  window_start timestamptz NOT NULL,
  sent         integer NOT NULL DEFAULT 0,
  alerted      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (scope, window_start)
);

-- Private and presence channels a bearer token was allowed to join (realtime auth), so logging out
-- can end those subscriptions on whichever instance holds the socket.
CREATE TABLE realtime_grants (
  token_hash text NOT NULL,
  socket_id  text NOT NULL,
  channel    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, socket_id, channel)
);
CREATE INDEX realtime_grants_created_at ON realtime_grants (created_at);
