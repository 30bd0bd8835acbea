-- Families: the account (phone, sign-in, zone, locale, balance, orders, notifications, free trial) is
-- the family; each child is a learner a lesson is booked for. Every existing student account becomes
-- a family with one child holding its current name, gender and phase; each of its requests is for
-- that child. Nothing booked, paid or rated changes: requests, the ledger, orders and evaluations keep
-- their rows and their student_id (the family).

CREATE TABLE children (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  family_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_name   text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name    text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  gender       text NOT NULL CHECK (gender IN ('male', 'female', 'neutral')),
  phase_id     integer NOT NULL REFERENCES phases (id),
  birth_date   date,
  -- Archived: hidden from booking, kept in history (a child with requests is never deleted).
  archived_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- A family's children, the active ones first by the booking picker and the limit check.
CREATE INDEX children_family_idx ON children (family_id, id);
CREATE INDEX children_family_active_idx ON children (family_id) WHERE archived_at IS NULL;

-- The family's first active child; a family with no child at all (an account from before families,
-- or one made by phone-first sign-in and completed since) gets one from the account's own name, gender
-- and phase. Null while the account has no name yet (sign-up not completed). The one place a child is
-- made from an account: this migration, completing a phone-first sign-up, and the requests trigger.
CREATE FUNCTION family_first_child(family integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  SELECT c.id INTO found FROM children c WHERE c.family_id = family AND c.archived_at IS NULL ORDER BY c.id LIMIT 1;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  IF EXISTS (SELECT 1 FROM children c WHERE c.family_id = family) THEN
    RETURN NULL;
  END IF;
  INSERT INTO children (family_id, first_name, last_name, gender, phase_id, birth_date, created_at, updated_at)
  SELECT u.id,
         u.first_name,
         concat_ws(' ', nullif(u.second_name, ''), u.last_name),
         coalesce(u.gender, 'neutral'),
         coalesce(u.phase_id, (SELECT min(p.id) FROM phases p)),
         u.birth_date,
         u.created_at,
         u.created_at
    FROM users u
   WHERE u.id = family AND u.type = 'student' AND u.first_name <> '' AND u.last_name <> ''
  RETURNING id INTO found;
  RETURN found;
END;
$$;

-- One child per existing student with a name (every account that could have booked).
SELECT family_first_child(u.id) FROM users u WHERE u.type = 'student' ORDER BY u.id;

ALTER TABLE requests ADD COLUMN child_id integer REFERENCES children (id);
UPDATE requests SET child_id = family_first_child(student_id);
ALTER TABLE requests ALTER COLUMN child_id SET NOT NULL;
CREATE INDEX requests_child_idx ON requests (child_id, created_at DESC);

-- The server always names the child it books for; a row written without one (fixtures, scripts and
-- tools from before families) is for the family's first active child.
CREATE FUNCTION requests_default_child() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.child_id IS NULL THEN
    NEW.child_id := family_first_child(NEW.student_id);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER requests_default_child BEFORE INSERT ON requests FOR EACH ROW EXECUTE FUNCTION requests_default_child();
