-- Refunds of unused packages: the order keeps status 'paid' (it was paid) and records when it was
-- refunded and the gateway's refund reference. The hours leave the balance as one 'order_refund' row
-- drawn from the order's purchase credit (a debit, like a booking), at most one per credit.
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
ALTER TABLE orders ADD COLUMN refund_reference text;
ALTER TABLE orders ADD CONSTRAINT orders_refund_check
  CHECK ((refunded_at IS NULL) = (refund_reference IS NULL) AND (refunded_at IS NULL OR status = 'paid'));
CREATE UNIQUE INDEX orders_refund_reference_key ON orders (refund_reference) WHERE refund_reference IS NOT NULL;

ALTER TABLE hours_ledger DROP CONSTRAINT IF EXISTS hours_ledger_reason_check;
ALTER TABLE hours_ledger ADD CONSTRAINT hours_ledger_reason_check
  CHECK (reason IN ('purchase', 'booking', 'refund', 'expiry', 'free_trial', 'adjustment', 'order_refund'));
ALTER TABLE hours_ledger ADD CONSTRAINT hours_ledger_order_refund_check
  CHECK (reason <> 'order_refund' OR (delta_minutes < 0 AND credit_id IS NOT NULL AND order_id IS NOT NULL));
CREATE UNIQUE INDEX hours_ledger_order_refund_key ON hours_ledger (credit_id) WHERE reason = 'order_refund';
