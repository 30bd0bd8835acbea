-- A teacher may cancel a booked session (with a reason the family reads) and end a live session early
-- for both. The history row of that change keeps the reason, and for an early end the minutes given
-- back to the family (the whole half-hours not taught), so the timeline and the teacher's statement
-- read them from one place.
ALTER TABLE request_history ADD COLUMN reason text;
ALTER TABLE request_history ADD COLUMN refunded_minutes integer;
