-- The operators: staff accounts (separate from families and teachers), their sessions, two-factor
-- recovery codes, and the audit log of every staff action.

CREATE TABLE staff (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email          text NOT NULL,
  name           text NOT NULL,
  role           text NOT NULL CHECK (role IN ('reviewer', 'support', 'admin')),
  password_hash  text NOT NULL,
  -- Base32 TOTP secret: set when enrolment starts, trusted once `totp_enabled` (a code proved it).
  totp_secret    text,
  totp_enabled   boolean NOT NULL DEFAULT false,
  -- The last 30-second step a code was accepted for: a code cannot be used twice.
  totp_last_step bigint,
  disabled_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email_key ON staff (lower(email));

CREATE TABLE staff_recovery_codes (
  staff_id  integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at   timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- Only a hash of the bearer is kept. A session ends at `expires_at`, or earlier after `idle` without use.
CREATE TABLE staff_sessions (
  token_hash   text PRIMARY KEY,
  staff_id     integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- Append-only: who (a staff member, or the command line's token), what, on whom, before/after, when,
-- from which address. The trigger refuses every UPDATE and DELETE.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  staff_id    integer REFERENCES staff (id),
  actor       text NOT NULL,
  action      text NOT NULL,
  target_type text,
  target_id   text,
  before      jsonb,
  after       jsonb,
  address     text NOT NULL
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_staff_idx ON audit_log (staff_id, at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at DESC);

CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- The staff member behind a reviewer's change (NULL for the command line's token and for the teacher).
ALTER TABLE teacher_status_history ADD COLUMN staff_id integer REFERENCES staff (id);
