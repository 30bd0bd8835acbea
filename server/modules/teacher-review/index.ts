// The teacher review module (issue 4): the teacher's calls (accept the terms, resubmit or replace
// documents), the reviewer's admin API, and `reviewTeacher`, the service both the API and tests use.
// Every status change is checked by machines/teacher-status.machine.ts and published on the teacher's
// private realtime channel.
export { adminGuard, adminRoutes, ensureAdminToken, ADMIN_TOKEN_FILE, type AdminRoutesOptions } from './admin';
export { teacherReviewRoutes, TEACHER_UPLOAD_PATHS, type TeacherReviewRoutesOptions } from './routes';
export { changeTeacherStatus, findTeacher, publishStatus, reviewTeacher, ReviewFailure, type StatusChange } from './service';
