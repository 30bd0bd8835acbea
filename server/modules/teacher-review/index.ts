// The teacher review module: the teacher's calls (accept the terms, resubmit or replace
// documents), the reviewer's admin API, and `reviewTeacher`, the service both the API and tests use.
// Every status change is checked by machines/teacher-status.machine.ts and published on the teacher's
// private realtime channel.
export { ensureAdminToken } from './admin';
export { teacherReviewRoutes, TEACHER_UPLOAD_PATHS } from './routes';
