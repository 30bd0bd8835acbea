-- A weekly series: lessons a family booked at once, the same teacher at the same time each week. Each
-- occurrence is its own request (moved, cancelled, paid and refunded alone) that names its series and
-- its place in it (`series_week`, 1 for the first lesson booked); the series row says whose it is, so
-- cancelling "the rest of the series" checks one family, and how many weeks were asked for.
CREATE TABLE request_series (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  family_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  teacher_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  weeks       smallint NOT NULL CHECK (weeks BETWEEN 1 AND 52),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_series_family_idx ON request_series (family_id);

ALTER TABLE requests ADD COLUMN series_id integer REFERENCES request_series (id) ON DELETE SET NULL;
ALTER TABLE requests ADD COLUMN series_week smallint;
CREATE INDEX requests_series_idx ON requests (series_id, starts_at) WHERE series_id IS NOT NULL;
