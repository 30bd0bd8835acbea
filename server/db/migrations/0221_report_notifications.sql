-- The family is told when a teacher writes a lesson report: one more notification type.
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'request_offered', 'request_approved', 'request_rejected', 'request_canceled', 'request_expired',
  'session_reminder_soon', 'session_reminder_evening',
  'payment_completed', 'payment_failed',
  'teacher_approved', 'teacher_rejected', 'teacher_suspended',
  'lesson_report_written'));
