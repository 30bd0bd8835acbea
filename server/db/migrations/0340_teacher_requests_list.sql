-- A teacher's requests list (server/modules/requests/reads.ts, listRequests): their own requests in
-- the list's order with every column its filters read, so the page and the count of a teacher with
-- thousands of requests are one index-only scan, never the table (docs/bench.md). It covers what
-- requests_teacher_idx (teacher_id, created_at DESC) served, which goes: one index less to write.
CREATE INDEX requests_teacher_list_idx ON requests (teacher_id, created_at DESC, id DESC)
  INCLUDE (status, starts_at, ends_at, expires_at, student_id, child_id);
DROP INDEX requests_teacher_idx;
