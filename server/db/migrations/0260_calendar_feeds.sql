-- A user's private calendar subscription feed: one secret per account, stored as its SHA-256 (the
-- URL holds the secret itself, shown once). Rotating replaces the row's hash, so the old URL stops
-- answering; turning the feed off deletes the row.
CREATE TABLE calendar_feeds (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);
