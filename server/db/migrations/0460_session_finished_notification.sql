-- A finished lesson (its time over, or the teacher's End for both) tells the family, asking them to
-- rate it: a new notification type.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'request_offered', 'request_approved', 'request_rejected', 'request_canceled', 'request_expired',
  'request_rescheduled',
  'session_reminder_soon', 'session_reminder_evening',
  'payment_completed', 'payment_failed', 'payment_refunded',
  'teacher_approved', 'teacher_rejected', 'teacher_suspended',
  'lesson_report_written', 'message_received',
  'session_finished'));
