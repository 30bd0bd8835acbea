-- Support's hours adjustments: a staff member credits or debits a family's hours with a required
-- reason. An adjustment is a ledger row like any other: a credit (positive, with its own expiry) or a
-- debit drawn from the family's valid credits, earliest expiry first.
ALTER TABLE hours_ledger DROP CONSTRAINT IF EXISTS hours_ledger_reason_check;
ALTER TABLE hours_ledger ADD CONSTRAINT hours_ledger_reason_check
  CHECK (reason IN ('purchase', 'booking', 'refund', 'expiry', 'free_trial', 'adjustment'));
ALTER TABLE hours_ledger ADD COLUMN note text;
ALTER TABLE hours_ledger ADD COLUMN staff_id integer REFERENCES staff (id);
ALTER TABLE hours_ledger ADD CONSTRAINT hours_ledger_adjustment_note_check
  CHECK (reason <> 'adjustment' OR (note IS NOT NULL AND note <> ''));
