-- Running as several instances on one PostgreSQL (issue 14).

-- Uploaded files (teacher documents, photos) when the database is the storage (the default with
-- DATABASE_URL): every instance reads what any instance stored. Keys are random hex, never user input.
CREATE TABLE stored_files (
  key        text PRIMARY KEY CHECK (key ~ '^[a-f0-9]{32}$'),
  bytes      bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Realtime messages too large for a NOTIFY payload (8000 bytes): the notification carries the id and
-- each instance reads the row. Rows are only needed for the moment of delivery; old ones are deleted.
CREATE TABLE realtime_messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payload    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX realtime_messages_created_at ON realtime_messages (created_at);
