// The fuzz suite's table (issue 15): every route of the app, who calls it in the fuzz (a caller that
// gets past the auth check, so the input checks behind it are what is fuzzed) and the names of the
// fields and query parameters it reads (the fuzz sends those with bad values, plus unknown ones).
// tests/server/fuzz.test.ts fails, naming the line to add here, when a route is missing.
import type { Role } from './hardening-helpers';

export interface FuzzTarget {
  as: Role;
  /** Body fields (JSON, or form fields for multipart routes). */
  fields?: readonly string[];
  query?: readonly string[];
  /** The route also reads multipart/form-data. */
  form?: boolean;
}

const REGISTER = ['type', 'first_name', 'second_name', 'last_name', 'phone', 'country_code', 'gender', 'phase_id', 'email', 'birth_date', 'experience_years', 'qualification', 'country', 'password', 'password_confirmation', 'phases[]', 'subjects[]', 'id_front', 'time_zone'];
const PROFILE = ['first_name', 'second_name', 'last_name', 'email', 'gender', 'phase_id', 'birth_date', 'description', 'experience_years', 'phases', 'subjects', 'working_hours', 'time_zone'];
const CHILD = ['first_name', 'last_name', 'gender', 'phase_id', 'birth_date'];
const CONFIRMATION = ['order_id', 'session', 'status', 'amount', 'currency', 'reference', 'signature'];

export const FUZZ_TARGETS: Record<string, FuzzTarget> = {
  'GET /api/health': { as: 'anonymous' },
  'GET /api/health/live': { as: 'anonymous' },
  'GET /api/health/ready': { as: 'anonymous' },
  'GET /api/v1/ip-country': { as: 'anonymous' },
  'GET /api/v1/settings': { as: 'anonymous' },
  'GET /api/v1/phases': { as: 'anonymous' },
  'GET /api/v1/countries': { as: 'anonymous' },
  'GET /api/v1/subjects': { as: 'anonymous' },
  'POST /api/v1/contact': { as: 'anonymous', fields: ['name', 'email', 'phone', 'message'] },
  'POST /api/v1/newsletter': { as: 'anonymous', fields: ['email'] },
  'POST /api/v1/auth/register': { as: 'anonymous', fields: REGISTER, form: true },
  'POST /api/v1/auth/login': { as: 'anonymous', fields: ['phone', 'country_code'] },
  'POST /api/v1/auth/resend': { as: 'anonymous', fields: ['phone', 'country_code'] },
  'POST /api/v1/verify-otp': { as: 'anonymous', fields: ['phone', 'code', 'country_code'] },
  'POST /api/v1/instructor/auth/login': { as: 'anonymous', fields: ['login', 'password'] },
  'POST /api/v1/instructor/auth/forgot-password': { as: 'anonymous', fields: ['login', 'phone'] },
  'POST /api/v1/instructor/auth/reset-password': { as: 'anonymous', fields: ['phone', 'code', 'password', 'password_confirmation'] },
  'POST /api/v1/auth/logout': { as: 'studentB' },
  'GET /api/v1/dev/outbox': { as: 'anonymous', query: ['phone'] },
  'GET /api/v1/profile': { as: 'studentA' },
  'PUT /api/v1/profile/photo': { as: 'teacher', fields: ['photo'], form: true },
  'DELETE /api/v1/profile/photo': { as: 'teacher' },
  'GET /api/v1/photos/:name': { as: 'anonymous' },
  'PATCH /api/v1/profile': { as: 'teacher', fields: PROFILE },
  'POST /api/v1/profile/complete': { as: 'studentA', fields: PROFILE },
  'GET /api/v1/files/:id': { as: 'teacher' },
  'GET /api/v1/packages': { as: 'anonymous' },
  'POST /api/v1/promo-codes/check': { as: 'studentA', fields: ['code', 'package_id'] },
  'POST /api/v1/orders': { as: 'studentA', fields: ['package_id', 'promo_code'] },
  'GET /api/v1/orders': { as: 'studentA' },
  'GET /api/v1/orders/:id/receipt': { as: 'studentA' },
  'POST /api/v1/orders/:id/refund': { as: 'studentA' },
  'GET /api/v1/orders/:id/refund-receipt': { as: 'studentA' },
  'GET /api/v1/balance': { as: 'studentA' },
  'POST /api/v1/payments/webhook': { as: 'anonymous', fields: CONFIRMATION },
  'GET /api/v1/sandbox/checkout/:session': { as: 'anonymous', query: ['lang'] },
  'POST /api/v1/sandbox/checkout/:session': { as: 'anonymous', fields: ['action', 'card_number', 'expiry', 'cvc', 'name', 'lang'], form: true },
  'GET /api/v1/realtime/config': { as: 'anonymous' },
  'POST /api/v1/realtime/auth': { as: 'studentA', fields: ['socket_id', 'channel_name'], form: true },
  'POST /api/v1/instructor/update/status': { as: 'reviewTeacher', fields: ['status', 'accept'] },
  'POST /api/v1/instructor/documents': { as: 'reviewTeacher', fields: ['id_front', 'id_back', 'qualification_scan'], form: true },
  'POST /api/v1/sessions/:channelName/token': { as: 'studentA' },
  'POST /api/v1/sessions/:channelName/events': { as: 'studentA', fields: ['type', 'at'] },
  'GET /api/v1/sessions/:channelName/attendance': { as: 'teacher' },
  'POST /api/v1/sessions/:channelName/end': { as: 'teacher' },
  'GET /api/v1/notifications': { as: 'studentA', query: ['page'] },
  'GET /api/v1/notifications/unread-count': { as: 'studentA' },
  'POST /api/v1/notifications/read-all': { as: 'studentA' },
  'POST /api/v1/notifications/:id/read': { as: 'studentA' },
  'GET /api/v1/teachers': { as: 'anonymous', query: ['search', 'subject_id', 'phase_id', 'gender', 'available_now', 'page', 'per_page'] },
  'GET /api/v1/teachers/:id': { as: 'anonymous' },
  'GET /api/v1/teachers/:id/availability': { as: 'anonymous', query: ['from', 'days', 'duration'] },
  'GET /api/v1/children': { as: 'studentA', query: ['include_archived'] },
  'POST /api/v1/children': { as: 'studentA', fields: CHILD },
  'PATCH /api/v1/children/:id': { as: 'studentA', fields: CHILD },
  'DELETE /api/v1/children/:id': { as: 'studentA' },
  'GET /api/v1/children/:id/progress': { as: 'studentA' },
  'POST /api/v1/requests': { as: 'studentA', fields: ['teacher_id', 'subject_id', 'child_id', 'type', 'starts_at', 'duration_hours', 'comment', 'broadcast', 'preferred_gender'] },
  'GET /api/v1/requests': { as: 'teacher', query: ['status', 'filter', 'child_id', 'page', 'per_page', 'role'] },
  'GET /api/v1/requests/:id': { as: 'studentA' },
  'POST /api/v1/requests/:id/approve': { as: 'teacher' },
  'POST /api/v1/requests/:id/reject': { as: 'teacher', fields: ['reason'] },
  'GET /api/v1/requests/:id/report': { as: 'teacher' },
  'PUT /api/v1/requests/:id/report': { as: 'teacher', fields: ['covered', 'homework', 'note', 'quran'] },
  'POST /api/v1/requests/:id/cancel': { as: 'studentA' },
  'POST /api/v1/requests/:id/evaluation': { as: 'studentA', fields: ['rating', 'comment'] },
  'GET /api/v1/conversations': { as: 'studentA' },
  'POST /api/v1/conversations': { as: 'studentA', fields: ['teacher_id', 'family_id'] },
  'GET /api/v1/conversations/:id/messages': { as: 'teacher', query: ['before', 'limit'] },
  'POST /api/v1/conversations/:id/messages': { as: 'studentA', fields: ['body'] },
  'POST /api/v1/conversations/:id/messages/:mid/report': { as: 'studentA', fields: ['reason'] },
  'GET /api/admin/reported-messages': { as: 'adminStaff' },
  'POST /api/admin/auth/login': { as: 'anonymous', fields: ['email', 'password', 'code'] },
  'POST /api/admin/auth/enrol': { as: 'anonymous', fields: ['email', 'password', 'code'] },
  // The support session is the one the fuzz signs out; no other target uses it.
  'POST /api/admin/auth/logout': { as: 'supportStaff' },
  'GET /api/admin/me': { as: 'reviewerStaff' },
  'GET /api/admin/staff': { as: 'adminStaff' },
  'POST /api/admin/staff': { as: 'adminStaff', fields: ['email', 'name', 'role', 'password'] },
  'POST /api/admin/staff/:who/disable': { as: 'adminStaff' },
  'GET /api/admin/audit': { as: 'adminStaff', query: ['staff_id', 'action', 'target_type', 'target_id', 'from', 'to', 'before_id', 'limit'] },
  'GET /api/admin/audit.csv': { as: 'adminStaff', query: ['staff_id', 'action', 'target_type', 'target_id', 'from', 'to', 'before_id', 'limit'] },
  'GET /api/admin/families': { as: 'adminStaff', query: ['phone'] },
  'POST /api/admin/families/:id/hours': { as: 'adminStaff', fields: ['direction', 'hours', 'reason', 'validity_days'] },
  'GET /api/admin/promo-codes': { as: 'adminStaff' },
  'POST /api/admin/promo-codes': { as: 'adminStaff', fields: ['code', 'kind', 'value', 'max_uses', 'per_student_limit', 'min_package_hours', 'expires_at'] },
  'POST /api/admin/promo-codes/:id/:change': { as: 'adminStaff' },
  'GET /api/admin/teachers/:who': { as: 'reviewerStaff' },
  'GET /api/admin/teachers/:who/notes': { as: 'reviewerStaff' },
  'POST /api/admin/teachers/:who/notes': { as: 'reviewerStaff', fields: ['body'] },
  'GET /api/admin/teachers/:who/history': { as: 'reviewerStaff' },
  'GET /api/admin/teachers': { as: 'admin', query: ['status'] },
  'GET /api/admin/teachers/:who/documents': { as: 'admin' },
  'GET /api/admin/files/:id': { as: 'admin' },
  'POST /api/admin/teachers/:who/:action': { as: 'admin', fields: ['reason'] },
  'POST /apps/:appId/events': { as: 'anonymous', fields: ['name', 'channel', 'channels', 'data', 'socket_id'], query: ['auth_key', 'auth_timestamp', 'auth_version', 'body_md5', 'auth_signature'] },
  'POST /apps/:appId/batch_events': { as: 'anonymous', fields: ['batch'], query: ['auth_key', 'auth_timestamp', 'auth_version', 'body_md5', 'auth_signature'] },
};
