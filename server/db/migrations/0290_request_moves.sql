-- A request can be moved to another start (reschedule). The history keeps each move as a row of the
-- status it stayed in, with the start it had and the start it got, so the timeline shows the move.
ALTER TABLE request_history ADD COLUMN moved_from timestamptz;
ALTER TABLE request_history ADD COLUMN moved_to timestamptz;

-- The teacher hears that a pending request addressed to them moved.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'request_offered', 'request_approved', 'request_rejected', 'request_canceled', 'request_expired',
  'request_rescheduled',
  'session_reminder_soon', 'session_reminder_evening',
  'payment_completed', 'payment_failed', 'payment_refunded',
  'teacher_approved', 'teacher_rejected', 'teacher_suspended',
  'lesson_report_written', 'message_received'));
