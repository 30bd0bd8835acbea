-- A teacher's intro video: at most one per teacher, an MP4 or WebM of at most 30 MB and 60 s (checked
-- from its container's header by server/lib/video-check.ts), with a poster image the browser captured
-- from it (re-encoded to WebP like photos). Both files live in the storage adapter like documents;
-- `version` is a hash of the bytes, so a new video has a new address and ETag.
CREATE TABLE teacher_videos (
  teacher_id   integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version      text NOT NULL CHECK (version ~ '^[a-f0-9]{32}$'),
  content_type text NOT NULL CHECK (content_type IN ('video/mp4', 'video/webm')),
  size         integer NOT NULL CHECK (size > 0 AND size <= 31457280),
  duration_ms  integer NOT NULL CHECK (duration_ms >= 0 AND duration_ms <= 60500),
  video_key    text NOT NULL,
  poster_key   text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- The teacher page and the guest preview carry the video's version: a change retires their cached reads.
CREATE TRIGGER teacher_videos_public_version AFTER INSERT OR UPDATE OR DELETE ON teacher_videos
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_version();
