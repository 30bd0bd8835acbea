-- Receipts of paid orders: one per paid order, numbered per calendar year (in the company's zone)
-- without gaps or duplicates. The number is taken from receipt_counters in the same transaction that
-- marks the order paid: the counter's row lock makes concurrent payments take numbers one after
-- another, and a payment that rolls back gives its number back with it.
CREATE TABLE receipt_counters (
  year         integer PRIMARY KEY,
  last_number  integer NOT NULL CHECK (last_number > 0)
);

CREATE TABLE receipts (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id         integer NOT NULL REFERENCES orders (id),
  kind             text NOT NULL DEFAULT 'payment' CHECK (kind IN ('payment', 'refund')),
  year             integer NOT NULL,
  number           integer NOT NULL CHECK (number > 0),
  issued_at        timestamptz NOT NULL,
  -- How the money moved and who moved it, as the gateway said.
  gateway          text NOT NULL,
  payment_method   text NOT NULL,
  -- The seller as configured when the receipt was issued: a later change never rewrites a receipt.
  company          jsonb NOT NULL,
  UNIQUE (year, number),
  UNIQUE (order_id, kind)
);
