// The reviewer's admin API under /api/admin, used by the reviewer CLI (scripts/admin.ts).
//
// Why an HTTP API and not a CLI that opens the database: the embedded PGlite is single-process (a
// second process opening the same data directory would corrupt it), and the realtime event must come
// from the server that holds the teachers' sockets anyway. So the CLI asks the running server.
//
// Protection: `Authorization: Bearer <ADMIN_TOKEN>` (ADMIN_TOKEN from the environment, or generated
// at first start into DATA_DIR/admin-token with mode 0600, where the CLI reads it), compared in
// constant time; and, unless ADMIN_ALLOW_REMOTE is set, only from a loopback address.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type MiddlewareHandler } from 'hono';
import { TEACHER_STATUSES } from '../../../contract/account';
import type { DocumentField } from '../../../contract/auth';
import {
  reviewActionSchema,
  reviewBodySchema,
  type ReviewDocument,
  type ReviewTeacher,
} from '../../../contract/teacher-review';
import type { FileStorage, SniffedType } from '../../adapters/storage';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import type { Publisher } from '../../realtime/publisher';
import { downloadName } from '../profile/uploads';
import { findTeacher, ReviewFailure, reviewTeacher } from './service';

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
  token: string;
  storage: FileStorage;
  publisher: Publisher | undefined;
  /** Refuse callers that are not on a loopback address (default true). */
  loopbackOnly?: boolean;
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function adminGuard(token: string, loopbackOnly: boolean): MiddlewareHandler<AppEnv> {
  const expected = digest(token);
  return async (c, next) => {
    if (loopbackOnly) {
      let address = '';
      try {
        address = getConnInfo(c).remote.address ?? '';
      } catch {
        address = '';
      }
      if (!LOOPBACK.test(address)) throw new ApiFailure(403, 'admin_loopback_only');
    }
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sent || !timingSafeEqual(digest(sent), expected)) throw new ApiFailure(401, 'admin_unauthorized');
    await next();
  };
}

function reviewFailure(err: unknown): never {
  if (err instanceof ReviewFailure) {
    if (err.code === 'not_found' || err.code === 'not_teacher') throw new ApiFailure(404, 'teacher_not_found');
    if (err.code === 'reason_required') throw new ApiFailure(422, 'review_reason_required');
    throw new ApiFailure(409, 'review_refused');
  }
  throw err;
}

export function adminRoutes({ token, storage, publisher, loopbackOnly = true }: AdminRoutesOptions) {
  return new Hono<AppEnv>()
    .use('*', adminGuard(token, loopbackOnly))
    .get('/teachers', async (c) => {
      const status = c.req.query('status');
      if (status !== undefined && !(TEACHER_STATUSES as readonly string[]).includes(status)) throw new ApiFailure(400, 'validation_failed');
      const rows = await c.get('db').query<Omit<ReviewTeacher, 'created_at'> & { created_at: Date | string }>(
        `SELECT u.id, u.phone, u.first_name || ' ' || u.last_name AS name, u.email, u.status, u.review_reason,
                (SELECT count(*) FROM uploads f WHERE f.owner_id = u.id)::int AS documents, u.created_at
         FROM users u WHERE u.type = 'instructor' AND ($1::text IS NULL OR u.status = $1)
         ORDER BY u.created_at, u.id`,
        [status ?? null],
      );
      const data: ReviewTeacher[] = rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
      return ok(c, data);
    })
    .get('/teachers/:who/documents', async (c) => {
      const teacher = await findTeacher(c.get('db'), c.req.param('who'));
      if (!teacher) throw new ApiFailure(404, 'teacher_not_found');
      const rows = await c.get('db').query<{ id: string; kind: DocumentField; content_type: SniffedType; size: number; created_at: Date | string }>(
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
      return ok(c, data);
    })
    .get('/files/:id', async (c) => {
      const row = await c.get('db').one<{ content_type: SniffedType; storage_key: string }>(
        'SELECT content_type, storage_key FROM uploads WHERE id = $1',
        [c.req.param('id')],
      );
      const bytes = row ? await storage.get(row.storage_key) : null;
      if (!row || !bytes) throw new ApiFailure(404, 'file_not_found');
      return new Response(new Uint8Array(bytes), {
        headers: { 'Content-Type': row.content_type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
      });
    })
    .post('/teachers/:who/:action', async (c) => {
      const action = reviewActionSchema.safeParse(c.req.param('action'));
      if (!action.success) throw new ApiFailure(404, 'not_found');
      const body = (c.req.header('content-type') ?? '').includes('json') ? await jsonBody(c, reviewBodySchema) : { reason: null };
      const result = await reviewTeacher(c.get('db'), publisher, c.req.param('who'), action.data, body.reason ?? null).catch(reviewFailure);
      return ok(c, result, 'review_done');
    });
}
