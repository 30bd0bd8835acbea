-- The operators' review of a reported message: closed as reviewed (looked at, acted on outside the
-- message) or dismissed (nothing wrong), when and by which staff member. An open report has no outcome.
ALTER TABLE messages ADD COLUMN report_outcome text CHECK (report_outcome IN ('reviewed', 'dismissed'));
ALTER TABLE messages ADD COLUMN report_reviewed_at timestamptz;
ALTER TABLE messages ADD COLUMN report_reviewed_by integer REFERENCES staff (id) ON DELETE SET NULL;
