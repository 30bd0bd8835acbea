-- A family's e-mail address (docs/decisions.md, "Messages outside the app: a parent's e-mail address").
-- A parent adds one in the profile and proves it with a code (or the link beside it) sent to it; the
-- outbox e-mails nobody at an address that is not verified (users.email_verified_at, migration 0190).

-- An e-mail code is a one-time code like the phone's (otp_codes: newest counts, 5 tries, hashed), of
-- purpose 'email', kept under the account's phone and bound to the address it was sent to.
ALTER TABLE otp_codes DROP CONSTRAINT IF EXISTS otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('login', 'reset', 'email'));

-- The message that carries such a code: an outbox e-mail with no notification behind it. The code is
-- not stored: the sender derives it again from this row's code id (see profile-email/codes.ts).
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS otp_id integer REFERENCES otp_codes (id) ON DELETE CASCADE;
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_cause_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_cause_check CHECK (notification_id IS NULL OR otp_id IS NULL);

-- A teacher's address is the sign-in, one account each; a parent's is only where mail goes, so two
-- accounts may share one (a teacher who is also a parent, two accounts of one household), and adding
-- an address never tells anybody that another account has it.
DROP INDEX IF EXISTS users_email_lower_key;
CREATE UNIQUE INDEX IF NOT EXISTS users_teacher_email_key ON users (lower(email)) WHERE email IS NOT NULL AND type = 'instructor';

-- What the development outbox shows of the e-mails it "sent" (GET v1/dev/outbox?email=), kept a day.
CREATE TABLE IF NOT EXISTS dev_mail_outbox (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address     text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS dev_mail_outbox_address_idx ON dev_mail_outbox (lower(address), id DESC);
