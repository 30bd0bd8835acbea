// The reviewer's admin API under /api/admin, used by the reviewer CLI (scripts/admin.ts).
//
// Why an HTTP API and not a CLI that opens the database: the embedded PGlite is single-process (a
// second process opening the same data directory would corrupt it), and the realtime event must come
// from the server that holds the teachers' sockets anyway. So the CLI asks the running server.
//
// Protection: `Authorization: Bearer <ADMIN_TOKEN>` (ADMIN_TOKEN from the environment, or generated
// at first start into DATA_DIR/admin-token with mode 0600, where the CLI reads it), compared in
// constant time; and, unless ADMIN_ALLOW_REMOTE is set, only from a loopback address.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { DocumentField } from '../../../contract/auth';
import {
  reviewActionSchema,
  reviewBodySchema,
  reviewListQuerySchema,
  type ReviewDocument,
  type ReviewTeacher,
  type ReviewTeacherDetail,
  type TeacherHistoryEntry,
} from '../../../contract/teacher-review';
import type { TeacherVideoResult } from '../../../contract/teacher-video-schema';
import type { FileStorage, SniffedType } from '../../adapters/storage';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody, queryParams } from '../../http/validate';
import { tr, type Locale } from '../../i18n';
import { teacherNoteSchema } from '../../../contract/staff';
import type { Publisher } from '../../realtime/publisher';
import { downloadName } from '../profile/uploads';
import type { AdminEnv, createAccess } from '../staff/access';
import { reviewVideo, videoOnWire } from '../teacher-video';
import { findTeacher, reviewTeacher } from './service';

export const ADMIN_TOKEN_FILE = 'admin-token';

/** ADMIN_TOKEN, or the token in `<dataDir>/admin-token`, created (0600) when missing. */
export function ensureAdminToken(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

export interface AdminRoutesOptions {
  access: ReturnType<typeof createAccess>;
  storage: FileStorage;
  publisher: Publisher | undefined;
}

/**
 * The teacher's subject and phase names in the caller's language (the console's, or the CLI's
 * ADMIN_LANG), as teacher cards name them. The column is chosen from the locale enum, never from input.
 */
function namesSql(locale: Locale): string {
  const name = locale === 'en' ? 'name_en' : 'name_ar';
  return `COALESCE((SELECT array_agg(s.${name} ORDER BY s.sort_order) FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id WHERE ts.teacher_id = u.id), '{}') AS subjects,
          COALESCE((SELECT array_agg(p.${name} ORDER BY p.sort_order) FROM teacher_phases tp JOIN phases p ON p.id = tp.phase_id WHERE tp.teacher_id = u.id), '{}') AS phases`;
}

/**
 * The teachers list's rows and filters, shared by the page and the count past its end. Parameters: $1
 * status, $2 name search, $3 phone digits, $4 subject id, $5 only resubmitted (back in review after a
 * rejection). `entered` is the latest entry into review: a resubmission waits from it.
 */
const LIST_FROM = `users u
         LEFT JOIN LATERAL (
           SELECT h.at, h.from_status FROM teacher_status_history h
           WHERE h.teacher_id = u.id AND h.to_status = 'in_review' ORDER BY h.at DESC, h.id DESC LIMIT 1
         ) entered ON true`;
const LIST_WHERE = `u.type = 'instructor' AND ($1::text IS NULL OR u.status = $1)
           AND ($2::text IS NULL OR strpos(lower(u.first_name || ' ' || u.last_name), lower($2)) > 0
                OR ($3::text IS NOT NULL AND strpos(u.phone, $3) > 0))
           AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM teacher_subjects ts WHERE ts.teacher_id = u.id AND ts.subject_id = $4))
           AND ($5::boolean IS NOT TRUE OR (u.status = 'in_review' AND entered.from_status = 'rejected'))`;

const REVIEW_STAFF = ['reviewer', 'admin'] as const;
const ANY_STAFF = ['reviewer', 'support', 'admin'] as const;

/**
 * A teacher's intro video or its poster for review, whole, in any status (the public sees it once the
 * teacher is active): the console plays it from a blob, since a plain address cannot carry the token.
 */
async function videoPart(c: Context<AdminEnv>, storage: FileStorage, part: 'file' | 'poster'): Promise<Response> {
  const teacher = await findTeacher(c.get('db'), c.req.param('who') ?? '');
  const row = teacher ? await reviewVideo(c.get('db'), teacher.id) : null;
  const bytes = row ? await storage.get(part === 'file' ? row.video_key : row.poster_key) : null;
  if (!teacher || !row || !bytes) throw new ApiFailure(404, 'file_not_found');
  c.set('audit', { action: `teachers.video_${part}`, targetType: 'teacher', targetId: teacher.id, after: { version: row.version } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': part === 'file' ? row.content_type : 'image/webp',
      'Content-Length': String(bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

export function adminRoutes({ access, storage, publisher }: AdminRoutesOptions) {
  const { allow } = access;
  return new Hono<AdminEnv>()
    .get('/teachers', allow(...ANY_STAFF), async (c) => {
      const { status, q, page, per_page, subject, resubmitted } = queryParams(c, reviewListQuerySchema);
      // A search by name or phone: the digits of a phone match wherever they stand ("5550" finds +97455501234).
      const search = q?.trim() ? q.trim() : null;
      const digits = search && /^\+?[\d\s-]{3,}$/.test(search) ? search.replace(/\D/g, '') : null;
      const filters = [status ?? null, search, digits || null, subject ?? null, resubmitted === '1'];
      const rows = await c.get('db').query<
        Omit<ReviewTeacher, 'created_at' | 'in_review_since' | 'resubmitted'> & {
          created_at: Date | string;
          in_review_since: Date | string;
          total: number | string;
        }
      >(
        `SELECT u.id, u.phone, u.first_name || ' ' || u.last_name AS name, u.email, u.status, u.review_reason,
                (SELECT count(*) FROM uploads f WHERE f.owner_id = u.id)::int AS documents, u.created_at,
                COALESCE(entered.at, u.created_at) AS in_review_since,
                CASE WHEN u.status = 'in_review' AND entered.from_status = 'rejected'
                     THEN (SELECT h.reason FROM teacher_status_history h WHERE h.teacher_id = u.id AND h.action = 'reject' ORDER BY h.at DESC, h.id DESC LIMIT 1)
                END AS previous_reason,
                u.country_code, u.experience_years,
                ${namesSql(c.get('locale'))},
                count(*) OVER () AS total
         FROM ${LIST_FROM} WHERE ${LIST_WHERE}
         ORDER BY CASE WHEN u.status = 'in_review' THEN COALESCE(entered.at, u.created_at) ELSE u.created_at END, u.id
         LIMIT $6 OFFSET $7`,
        [...filters, per_page ?? null, per_page ? (page - 1) * per_page : 0],
      );
      const data: ReviewTeacher[] = rows.map((r) => ({
        id: r.id,
        phone: r.phone,
        name: r.name,
        email: r.email,
        status: r.status,
        review_reason: r.review_reason,
        documents: r.documents,
        previous_reason: r.previous_reason,
        country_code: r.country_code,
        experience_years: r.experience_years,
        subjects: r.subjects,
        phases: r.phases,
        created_at: new Date(r.created_at).toISOString(),
        in_review_since: new Date(r.in_review_since).toISOString(),
        resubmitted: r.previous_reason !== null,
      }));
      // Past the last page the window function has no row to count on: ask for the total alone.
      const total = rows.length
        ? Number(rows[0]!.total)
        : page > 1 && per_page
          ? Number((await c.get('db').query<{ n: string }>(`SELECT count(*) AS n FROM ${LIST_FROM} WHERE ${LIST_WHERE}`, filters))[0]!.n)
          : 0;
      c.set('audit', {
        action: 'teachers.list',
        ...(status || search || subject || resubmitted
          ? {
              after: {
                ...(status ? { status } : {}),
                ...(search ? { q: search } : {}),
                ...(subject ? { subject } : {}),
                ...(resubmitted ? { resubmitted: true } : {}),
              },
            }
          : {}),
      });
      return c.json({ message: tr('ok', c.get('locale')), data, meta: { page, per_page: per_page ?? total, total } });
    })
    .get('/teachers/:who', allow(...ANY_STAFF), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const list = await c.get('db').one<{ in_review_since: Date | string; previous_reason: string | null }>(
        `SELECT COALESCE((SELECT h.at FROM teacher_status_history h WHERE h.teacher_id = u.id AND h.to_status = 'in_review' ORDER BY h.at DESC, h.id DESC LIMIT 1), u.created_at) AS in_review_since,
                CASE WHEN u.status = 'in_review' AND (SELECT h.from_status FROM teacher_status_history h WHERE h.teacher_id = u.id AND h.to_status = 'in_review' ORDER BY h.at DESC, h.id DESC LIMIT 1) = 'rejected'
                     THEN (SELECT h.reason FROM teacher_status_history h WHERE h.teacher_id = u.id AND h.action = 'reject' ORDER BY h.at DESC, h.id DESC LIMIT 1)
                END AS previous_reason
         FROM users u WHERE u.id = $1`,
        [teacher.id],
      );
      const row = (await c
        .get('db')
        .one<
          Omit<ReviewTeacherDetail, 'created_at' | 'in_review_since' | 'previous_reason' | 'resubmitted'> & { created_at: Date | string }
        >(
          `SELECT u.id, u.phone, u.first_name || ' ' || u.last_name AS name, u.email, u.status, u.review_reason, u.country_code,
                u.experience_years, u.qualification, u.time_zone,
                (SELECT count(*) FROM uploads f WHERE f.owner_id = u.id)::int AS documents, u.created_at,
                ${namesSql(c.get('locale'))}
         FROM users u WHERE u.id = $1`,
          [teacher.id],
        ))!;
      c.set('audit', { action: 'teachers.show', targetType: 'teacher', targetId: teacher.id });
      const detail: ReviewTeacherDetail = {
        ...row,
        created_at: new Date(row.created_at).toISOString(),
        in_review_since: new Date(list!.in_review_since).toISOString(),
        previous_reason: list!.previous_reason,
        resubmitted: list!.previous_reason !== null,
      };
      return ok(c, detail);
    })
    .get('/teachers/:who/history', allow(...ANY_STAFF), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const rows = await c.get('db').query<Omit<TeacherHistoryEntry, 'at'> & { at: Date | string }>(
        `SELECT h.from_status, h.to_status, h.action, h.reason, h.actor, h.at,
                CASE WHEN h.actor = 'teacher' THEN NULL WHEN s.id IS NULL THEN 'command line' ELSE s.name || ' <' || s.email || '>' END AS staff
         FROM teacher_status_history h LEFT JOIN staff s ON s.id = h.staff_id
         WHERE h.teacher_id = $1 ORDER BY h.at, h.id`,
        [teacher.id],
      );
      c.set('audit', { action: 'teachers.history', targetType: 'teacher', targetId: teacher.id });
      return ok(
        c,
        rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
      );
    })
    .get('/teachers/:who/notes', allow(...REVIEW_STAFF), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const rows = await c.get('db').query<{ id: number; body: string; staff: string | null; created_at: Date }>(
        `SELECT n.id, n.body, COALESCE(s.name || ' <' || s.email || '>', 'command line') AS staff, n.created_at
           FROM teacher_notes n LEFT JOIN staff s ON s.id = n.staff_id WHERE n.teacher_id = $1 ORDER BY n.created_at, n.id`,
        [teacher.id],
      );
      c.set('audit', { action: 'teachers.notes', targetType: 'teacher', targetId: teacher.id });
      return ok(
        c,
        rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      );
    })
    .post('/teachers/:who/notes', allow(...REVIEW_STAFF), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const body = await jsonBody(c, teacherNoteSchema);
      const principal = c.get('principal');
      const row = (await c
        .get('db')
        .one<{ id: number }>('INSERT INTO teacher_notes (teacher_id, staff_id, body) VALUES ($1, $2, $3) RETURNING id', [
          teacher.id,
          principal.kind === 'staff' ? principal.id : null,
          body.body,
        ]))!;
      c.set('audit', {
        action: 'teachers.note_add',
        targetType: 'teacher',
        targetId: teacher.id,
        after: { note_id: row.id, body: body.body },
      });
      return ok(c, { id: row.id }, 'ok', 201);
    })
    .get('/teachers/:who/documents', allow(...REVIEW_STAFF), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const rows = await c
        .get('db')
        .query<{ id: string; kind: DocumentField; content_type: SniffedType; size: number; created_at: Date | string }>(
          'SELECT id, kind, content_type, size, created_at FROM uploads WHERE owner_id = $1 ORDER BY created_at DESC, id',
          [teacher.id],
        );
      const seen = new Map<string, number>();
      const data: ReviewDocument[] = rows.map((r) => {
        const n = (seen.get(r.kind) ?? 0) + 1;
        seen.set(r.kind, n);
        const [base, ext] = downloadName(r.kind, r.content_type).split('.');
        return {
          id: r.id,
          kind: r.kind,
          content_type: r.content_type,
          size: r.size,
          created_at: new Date(r.created_at).toISOString(),
          // Newest first: id_front.jpg, then id_front-2.jpg for the one it replaced …
          file_name: n === 1 ? `${base}.${ext}` : `${base}-${n}.${ext}`,
        };
      });
      c.set('audit', { action: 'teachers.documents', targetType: 'teacher', targetId: teacher.id });
      return ok(c, data);
    })
    .get('/teachers/:who/video', allow(...REVIEW_STAFF), async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const row = await reviewVideo(c.get('db'), teacher.id);
      c.set('audit', { action: 'teachers.video', targetType: 'teacher', targetId: teacher.id });
      const data: TeacherVideoResult = { video: row ? videoOnWire(row) : null };
      return ok(c, data);
    })
    .get('/teachers/:who/video/file', allow(...REVIEW_STAFF), (c) => videoPart(c, storage, 'file'))
    .get('/teachers/:who/video/poster', allow(...REVIEW_STAFF), (c) => videoPart(c, storage, 'poster'))
    .get('/files/:id', allow(...REVIEW_STAFF), async (c) => {
      const row = await c
        .get('db')
        .one<{ content_type: SniffedType; storage_key: string; owner_id: number }>(
          'SELECT content_type, storage_key, owner_id FROM uploads WHERE id = $1',
          [c.req.param('id')],
        );
      const bytes = row ? await storage.get(row.storage_key) : null;
      if (!row || !bytes) throw new ApiFailure(404, 'file_not_found');
      // Identity documents: who looked at whose is part of the record.
      c.set('audit', { action: 'files.read', targetType: 'file', targetId: c.req.param('id'), after: { teacher_id: row.owner_id } });
      return new Response(new Uint8Array(bytes), {
        headers: { 'Content-Type': row.content_type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
      });
    })
    .post('/teachers/:who/:action', allow(...REVIEW_STAFF), async (c) => {
      const action = reviewActionSchema.safeParse(c.req.param('action'));
      if (!action.success) throw new ApiFailure(404, 'not_found');
      const body = (c.req.header('content-type') ?? '').includes('json') ? await jsonBody(c, reviewBodySchema) : { reason: null };
      const principal = c.get('principal');
      const result = await reviewTeacher(
        c.get('db'),
        publisher,
        c.req.param('who'),
        action.data,
        body.reason ?? null,
        principal.kind === 'staff' ? principal.id : null,
      );
      c.set('audit', {
        action: `teachers.${action.data}`,
        targetType: 'teacher',
        targetId: result.teacher.id,
        before: { status: result.from },
        after: { status: result.to, review_reason: result.review_reason },
      });
      return ok(c, result, 'review_done');
    });
}
