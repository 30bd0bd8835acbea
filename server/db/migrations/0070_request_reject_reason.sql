-- Issue 16: a teacher's optional reason for rejecting a request, shown to the student.
ALTER TABLE requests ADD COLUMN reject_reason text;
ALTER TABLE requests ADD CONSTRAINT requests_reject_reason_length CHECK (char_length(reject_reason) <= 500);
