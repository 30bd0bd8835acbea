-- Time packages, promo codes, orders with their gateway confirmations, and the hours ledger (issue 5).
-- Money is stored in minor units (dirhams: 1 QAR = 100) as integers, never as floating point.
-- Hours are stored in the ledger as minutes, so a booking of any length debits exactly.

CREATE TABLE packages (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code           text NOT NULL UNIQUE,
  name_ar        text NOT NULL,
  name_en        text NOT NULL,
  hours          integer NOT NULL CHECK (hours > 0),
  price_minor    integer NOT NULL CHECK (price_minor > 0),
  currency       char(3) NOT NULL DEFAULT 'QAR',
  -- Purchased hours can be used for this many days after payment.
  validity_days  integer NOT NULL CHECK (validity_days > 0),
  best_value     boolean NOT NULL DEFAULT false,
  active         boolean NOT NULL DEFAULT true,
  sort_order     integer NOT NULL DEFAULT 0
);

CREATE TABLE promo_codes (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code                text NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  -- percent: 1–100; fixed: minor units off the package price.
  value               integer NOT NULL CHECK (value > 0),
  CHECK (kind = 'fixed' OR value <= 100),
  expires_at          timestamptz,
  -- NULL: no limit. used_count counts reservations of orders that are not failed or expired.
  max_uses            integer CHECK (max_uses > 0),
  per_student_limit   integer CHECK (per_student_limit > 0),
  used_count          integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  CHECK (max_uses IS NULL OR used_count <= max_uses),
  -- The code applies only to packages of at least this many hours.
  min_package_hours   integer CHECK (min_package_hours > 0),
  active              boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now()
);
-- Codes are typed by people: NOOR15 and noor15 are the same code.
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (upper(code));

CREATE TABLE orders (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            integer NOT NULL REFERENCES users (id),
  package_id         integer NOT NULL REFERENCES packages (id),
  promo_code_id      integer REFERENCES promo_codes (id),
  -- What was sold, copied from the package so a later price change never rewrites history.
  hours              integer NOT NULL CHECK (hours > 0),
  validity_days      integer NOT NULL CHECK (validity_days > 0),
  list_price_minor   integer NOT NULL CHECK (list_price_minor > 0),
  discount_minor     integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  amount_minor       integer NOT NULL CHECK (amount_minor > 0),
  CHECK (amount_minor = list_price_minor - discount_minor),
  currency           char(3) NOT NULL,
  -- A state of machines/order.machine.ts; only that machine moves it.
  status             text NOT NULL CHECK (status IN ('created', 'pendingPayment', 'paid', 'failed', 'expired')),
  failure            text CHECK (failure IN ('declined', 'cancelled', 'checkout_failed')),
  checkout_session   text UNIQUE,
  -- The gateway's payment reference: one payment settles at most one order, once.
  gateway_reference  text UNIQUE,
  expires_at         timestamptz NOT NULL,
  paid_at            timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_open_idx ON orders (expires_at) WHERE status IN ('created', 'pendingPayment');

-- One row per order that used a code; released (released_at set) when the order fails or expires.
CREATE TABLE promo_redemptions (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promo_code_id  integer NOT NULL REFERENCES promo_codes (id),
  user_id        integer NOT NULL REFERENCES users (id),
  order_id       integer NOT NULL UNIQUE REFERENCES orders (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  released_at    timestamptz
);
CREATE INDEX promo_redemptions_user_idx ON promo_redemptions (promo_code_id, user_id) WHERE released_at IS NULL;

-- The hours ledger: credits (purchase, refund) and debits (booking, expiry), never a stored balance.
-- A credit row (credit_id NULL) carries expires_at; every debit, and a refund while its credit is
-- still valid, names the credit it draws from or returns to (credit_id), so hours expire with the
-- purchase they came from. The balance is the sum of the rows whose credit has not expired; the expiry
-- sweep writes one 'expiry' row per expired credit, so after it the plain sum of all rows is the
-- balance too. A free-trial row (delta 0) records that the free session was used.
CREATE TABLE hours_ledger (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id),
  delta_minutes  integer NOT NULL,
  reason         text NOT NULL CHECK (reason IN ('purchase', 'booking', 'refund', 'expiry', 'free_trial')),
  credit_id      integer REFERENCES hours_ledger (id),
  order_id       integer REFERENCES orders (id),
  -- What a debit or refund was for, e.g. ('request', '42'); the booking issue names its own.
  ref_type       text,
  ref_id         text,
  expires_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((reason = 'free_trial') = (delta_minutes = 0)),
  CHECK (reason NOT IN ('purchase', 'refund') OR delta_minutes > 0),
  CHECK (reason NOT IN ('booking', 'expiry') OR delta_minutes < 0),
  -- A credit has an expiry and draws from nothing; everything else (but the marker) draws from a credit.
  CHECK (reason = 'free_trial' OR (credit_id IS NULL) = (expires_at IS NOT NULL)),
  CHECK (reason <> 'purchase' OR credit_id IS NULL),
  CHECK (reason NOT IN ('booking', 'expiry') OR credit_id IS NOT NULL)
);
CREATE INDEX hours_ledger_user_idx ON hours_ledger (user_id);
CREATE INDEX hours_ledger_credit_idx ON hours_ledger (credit_id);
CREATE INDEX hours_ledger_ref_idx ON hours_ledger (user_id, ref_type, ref_id);
-- An order credits hours once, whatever arrives twice.
CREATE UNIQUE INDEX hours_ledger_purchase_key ON hours_ledger (order_id) WHERE reason = 'purchase';
-- A credit expires once.
CREATE UNIQUE INDEX hours_ledger_expiry_key ON hours_ledger (credit_id) WHERE reason = 'expiry';
