// Bearer tokens: 32 random bytes (base64url) handed out once, kept only as a sha256 hash, valid 30
// days, revoked on logout and on a password reset. resolveUser is how any module (realtime included)
// turns a token into the user it belongs to.
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_TTL_DAYS } from '../../../contract/auth';
import type { Queryable } from '../../db';

export type TeacherStatus = 'in_review' | 'policy' | 'active' | 'rejected' | 'suspended';

/** The signed-in account as the token tells it: a teacher with the review status, or a family (status null). */
export type AuthUser = { id: number; is_teacher: true; status: TeacherStatus } | { id: number; is_teacher: false; status: null };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(q: Queryable, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  await q.query('INSERT INTO auth_tokens (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    userId,
    hashToken(token),
    now,
    expires,
  ]);
  return token;
}

/** The user a bearer token belongs to, or null when it is unknown, expired or revoked. */
export async function resolveUser(db: Queryable, token: string, now: Date = new Date()): Promise<AuthUser | null> {
  // Anything that is not one of our tokens is refused without touching the database.
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db.one<{ id: number; type: string; status: TeacherStatus }>(
    `SELECT u.id, u.type, u.status FROM auth_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
    [hashToken(token), now],
  );
  return row ? accountOf(row) : null;
}

/**
 * For a token that no longer signs anyone in: when it was a teacher's who is now suspended (the
 * suspension revoked it), that teacher's review reason (or null without one); otherwise undefined. Read only
 * after a failed lookup, so a valid token never pays for it.
 */
export async function suspendedHolder(db: Queryable, token: string): Promise<{ reason: string | null } | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = await db.one<{ reason: string | null }>(
    `SELECT u.review_reason AS reason FROM auth_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND u.type = 'instructor' AND u.status = 'suspended'`,
    [hashToken(token)],
  );
  return row ? { reason: row.reason } : undefined;
}

function accountOf(row: { id: number; type: string; status: TeacherStatus }): AuthUser {
  return row.type === 'instructor' ? { id: row.id, is_teacher: true, status: row.status } : { id: row.id, is_teacher: false, status: null };
}

/** The account with this id as a token for it would tell it (for a test that names its caller by id), or null. */
export async function accountById(db: Queryable, id: number): Promise<AuthUser | null> {
  const row = await db.one<{ id: number; type: string; status: TeacherStatus }>('SELECT id, type, status FROM users WHERE id = $1', [id]);
  return row ? accountOf(row) : null;
}

export async function revokeToken(q: Queryable, token: string, now: Date): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [hashToken(token), now]);
}

export async function revokeAllTokens(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE auth_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
}
