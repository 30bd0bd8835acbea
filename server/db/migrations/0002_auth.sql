-- Authentication (issue 3): bearer tokens, one-time codes, the dev SMS outbox, rate-limit hits and the
-- teachers' uploaded documents. Secrets are stored only as hashes: a leaked table gives no token or code.

CREATE TABLE auth_tokens (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- sha256 of the token, hex.
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id) WHERE revoked_at IS NULL;

-- One row per code sent. Only the newest row of a (phone, purpose) counts; sending a new code
-- supersedes the older ones.
CREATE TABLE otp_codes (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('login', 'reset')),
  -- HMAC-SHA256 of the code with the server's secret, hex.
  code_hash   text NOT NULL,
  attempts    smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX otp_codes_phone_idx ON otp_codes (phone, purpose, id DESC);

-- The development SMS adapter's outbox (GET /api/v1/dev/outbox outside production).
CREATE TABLE sms_outbox (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone       text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, id DESC);

-- Sliding-window rate limits kept in the database, so every server instance counts the same hits.
CREATE TABLE rate_limit_hits (
  bucket      text NOT NULL,
  at          timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_bucket_idx ON rate_limit_hits (bucket, at);

-- Uploaded files: the bytes live under UPLOAD_DIR with a random name (storage_key); only this row
-- knows whose they are.
CREATE TABLE uploads (
  id            text PRIMARY KEY,
  owner_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('id_front', 'id_back', 'qualification_scan')),
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size          integer NOT NULL CHECK (size > 0),
  storage_key   text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_owner_idx ON uploads (owner_id, kind, created_at DESC);
