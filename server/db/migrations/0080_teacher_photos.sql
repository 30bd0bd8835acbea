-- Issue 11, teacher photos. One photo per teacher, stored as two clean WebP squares (re-encoded by
-- server/lib/images.ts, so no metadata and nothing appended survives) in the storage adapter; `hash`
-- names both files publicly (GET v1/photos/{hash}-{size}.webp) so they can be cached for a year: a new
-- photo has a new hash, hence a new address.
CREATE TABLE teacher_photos (
  teacher_id  integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  hash        text NOT NULL UNIQUE CHECK (hash ~ '^[a-f0-9]{32}$'),
  small_key   text NOT NULL,
  large_key   text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Cards and the teacher page show the photo: a change retires the cached public reads (migration 0030).
CREATE TRIGGER teacher_photos_public_version AFTER INSERT OR UPDATE OR DELETE ON teacher_photos
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
