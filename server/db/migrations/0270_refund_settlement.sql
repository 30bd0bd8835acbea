-- A refund a gateway accepted may settle later (Tap answers PENDING and confirms by webhook): the
-- order records where its refund stands. 'pending' until the gateway confirms, 'refunded' once it
-- has, 'failed' when the gateway reports it could not give the money back (an operator follows up).
ALTER TABLE orders ADD COLUMN refund_status text CHECK (refund_status IN ('pending', 'refunded', 'failed'));
UPDATE orders SET refund_status = 'refunded' WHERE refunded_at IS NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_refund_status_check2 CHECK ((refund_status IS NULL) = (refunded_at IS NULL));

-- The family hears about its refund in the app (and by e-mail where e-mail exists).
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'request_offered', 'request_approved', 'request_rejected', 'request_canceled', 'request_expired',
  'session_reminder_soon', 'session_reminder_evening',
  'payment_completed', 'payment_failed', 'payment_refunded',
  'teacher_approved', 'teacher_rejected', 'teacher_suspended',
  'lesson_report_written', 'message_received'));
