// Staff accounts: the operators (reviewer, support, admin), separate from families and teachers.
// Password (the teachers' rules) plus a TOTP second factor (otplib) or a one-time recovery code;
// sessions are bearer tokens kept as hashes, ending at a fixed age or after idling; disabling a
// member deletes their sessions, and a session of a disabled member never resolves.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { authenticator } from 'otplib';
import type { STAFF_ROLE_NAMES } from '../../../contract/staff';
import type { Db, Queryable } from '../../db';
import { hashPassword, verifyPassword } from '../../lib/password';
import { beginAttempt, clearGuard, guardKey } from '../auth/lockout';
import type { LockoutLimits } from '../auth/limits';

export type StaffRole = (typeof STAFF_ROLE_NAMES)[number];

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export const TOTP_ISSUER = 'Noor';
const STEP_SECONDS = 30;
/** One step either side: a phone's clock a little off still signs in. */
const TOTP_WINDOW = 1;
const RECOVERY_CODES = 10;

export const STAFF_SESSION = { maxAgeSeconds: 12 * 3600, idleSeconds: 30 * 60 };
export const STAFF_LOCKOUT: LockoutLimits = {
  lockAfter: 5,
  lockSeconds: 15 * 60,
  maxLockSeconds: 24 * 3600,
  failureWindowSeconds: 15 * 60,
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const staffKey = (id: number | null, email: string) => (id === null ? guardKey(null, `staff:${email}`) : `staff:${id}`);

interface StaffRow extends StaffMember {
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: boolean;
  totp_last_step: string | number | null;
  disabled_at: Date | null;
}

const MEMBER = 'id, email, name, role';

export async function createStaff(
  q: Queryable,
  input: { email: string; name: string; role: StaffRole; password: string },
): Promise<StaffMember | null> {
  const hash = await hashPassword(input.password);
  return (
    (await q.one<StaffMember>(
      `INSERT INTO staff (email, name, role, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (lower(email)) DO NOTHING RETURNING ${MEMBER}`,
      [input.email.trim().toLowerCase(), input.name.trim(), input.role, hash],
    )) ?? null
  );
}

export async function findStaff(q: Queryable, idOrEmail: string): Promise<(StaffMember & { disabled: boolean }) | undefined> {
  const key = idOrEmail.trim();
  const row = /^\d{1,9}$/.test(key)
    ? await q.one<StaffMember & { disabled_at: Date | null }>(`SELECT ${MEMBER}, disabled_at FROM staff WHERE id = $1`, [Number(key)])
    : await q.one<StaffMember & { disabled_at: Date | null }>(`SELECT ${MEMBER}, disabled_at FROM staff WHERE lower(email) = lower($1)`, [
        key,
      ]);
  if (!row) return undefined;
  const { disabled_at, ...member } = row;
  return { ...member, disabled: disabled_at !== null };
}

export async function listStaff(q: Queryable): Promise<(StaffMember & { disabled: boolean; totp_enabled: boolean; created_at: string })[]> {
  const rows = await q.query<StaffMember & { disabled_at: Date | null; totp_enabled: boolean; created_at: Date }>(
    `SELECT ${MEMBER}, disabled_at, totp_enabled, created_at FROM staff ORDER BY id`,
  );
  return rows.map(({ disabled_at, created_at, ...r }) => ({
    ...r,
    disabled: disabled_at !== null,
    created_at: new Date(created_at).toISOString(),
  }));
}

/** Disables a member and ends every session of theirs at once. False when already disabled or unknown. */
export async function disableStaff(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number }>('UPDATE staff SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL RETURNING id', [
      id,
      now,
    ]);
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
    return row !== undefined;
  });
}

/** The TOTP step a code belongs to (within the window around now), or null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now.getTime() / 1000 / STEP_SECONDS);
  for (let d = -TOTP_WINDOW; d <= TOTP_WINDOW; d += 1) {
    const step = current + d;
    const expected = authenticator.clone({ epoch: step * STEP_SECONDS * 1000 }).generate(secret);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return step;
  }
  return null;
}

export type SignInResult =
  | { kind: 'signed_in'; staff: StaffMember; token: string; expiresAt: Date }
  | { kind: 'enrol'; staff: StaffMember; secret: string; uri: string }
  | { kind: 'code_required' }
  | { kind: 'invalid' }
  | { kind: 'locked'; retryAfter: number };

/** A new session for a member (after sign-in; tests make their callers with it). */
export async function issueSession(q: Queryable, staffId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = `staff_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + STAFF_SESSION.maxAgeSeconds * 1000);
  await q.query('INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [
    sha256(token),
    staffId,
    now,
    expiresAt,
  ]);
  return { token, expiresAt };
}

const member = (r: StaffRow): StaffMember => ({ id: r.id, email: r.email, name: r.name, role: r.role });

/**
 * Password, then the second factor. Every attempt is counted against the account before anything is
 * checked (the teachers' lockout); a disabled member's right password is as wrong as any other.
 * Without TOTP enrolled yet, a right password starts enrolment: a new secret is stored, not trusted
 * until `confirmEnrolment` proves it with a code.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; code?: string | undefined },
  now: Date,
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const row = await db.one<StaffRow>('SELECT * FROM staff WHERE lower(email) = $1', [email]);
  const key = staffKey(row?.id ?? null, email);
  const attempt = await beginAttempt(db, key, STAFF_LOCKOUT, now);
  if (!attempt.allowed) return { kind: 'locked', retryAfter: attempt.retryAfter };
  // A hash is checked even for nobody, so the answer's timing does not tell who exists.
  const passwordOk = await verifyPassword(
    input.password,
    row?.password_hash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  );
  const locked = (): SignInResult => (attempt.locksNow ? { kind: 'locked', retryAfter: STAFF_LOCKOUT.lockSeconds } : { kind: 'invalid' });
  if (!row || !passwordOk || row.disabled_at) return locked();
  if (!row.totp_enabled) {
    const secret = authenticator.generateSecret();
    await db.query('UPDATE staff SET totp_secret = $2 WHERE id = $1', [row.id, secret]);
    await clearGuard(db, key);
    return { kind: 'enrol', staff: member(row), secret, uri: authenticator.keyuri(row.email, TOTP_ISSUER, secret) };
  }
  const code = input.code?.replace(/\s+/g, '') ?? '';
  if (!code) return { kind: 'code_required' };
  const ok = await db.transaction(async (tx) => {
    const fresh = (await tx.one<{ totp_secret: string; totp_last_step: string | number | null }>(
      'SELECT totp_secret, totp_last_step FROM staff WHERE id = $1 FOR UPDATE',
      [row.id],
    ))!;
    const step = totpStep(fresh.totp_secret, code, now);
    if (step !== null) {
      // A code seen once is spent: replaying it (or an older one) is refused.
      if (fresh.totp_last_step !== null && step <= Number(fresh.totp_last_step)) return false;
      await tx.query('UPDATE staff SET totp_last_step = $2 WHERE id = $1', [row.id, step]);
      return true;
    }
    const used = await tx.one<{ staff_id: number }>(
      'UPDATE staff_recovery_codes SET used_at = $3 WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING staff_id',
      [row.id, sha256(code.toUpperCase()), now],
    );
    return used !== undefined;
  });
  if (!ok) return locked();
  await clearGuard(db, key);
  return { kind: 'signed_in', staff: member(row), ...(await issueSession(db, row.id, now)) };
}

/**
 * Ends enrolment: the password again and a code from the new secret. Enables TOTP, replaces the
 * recovery codes (returned once, in clear) and signs in.
 */
export async function confirmEnrolment(
  db: Db,
  input: { email: string; password: string; code: string },
  now: Date,
): Promise<
  | { kind: 'enrolled'; staff: StaffMember; token: string; expiresAt: Date; recoveryCodes: string[] }
  | Exclude<SignInResult, { kind: 'signed_in' | 'enrol' }>
> {
  const email = input.email.trim().toLowerCase();
  const row = await db.one<StaffRow>('SELECT * FROM staff WHERE lower(email) = $1', [email]);
  const key = staffKey(row?.id ?? null, email);
  const attempt = await beginAttempt(db, key, STAFF_LOCKOUT, now);
  if (!attempt.allowed) return { kind: 'locked', retryAfter: attempt.retryAfter };
  const passwordOk = row ? await verifyPassword(input.password, row.password_hash) : false;
  const step = row?.totp_secret && !row.totp_enabled ? totpStep(row.totp_secret, input.code.replace(/\s+/g, ''), now) : null;
  if (!row || !passwordOk || row.disabled_at || step === null) {
    return attempt.locksNow ? { kind: 'locked', retryAfter: STAFF_LOCKOUT.lockSeconds } : { kind: 'invalid' };
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex').toUpperCase());
  const session = await db.transaction(async (tx) => {
    await tx.query('UPDATE staff SET totp_enabled = true, totp_last_step = $2 WHERE id = $1', [row.id, step]);
    await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [row.id]);
    for (const code of recoveryCodes)
      await tx.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [row.id, sha256(code)]);
    return issueSession(tx, row.id, now);
  });
  await clearGuard(db, key);
  return { kind: 'enrolled', staff: member(row), ...session, recoveryCodes };
}

const SESSION_SHAPE = /^staff_[A-Za-z0-9_-]{43}$/;

export const isStaffToken = (token: string) => SESSION_SHAPE.test(token);

/** The member behind a session token, refreshing its idle clock; null when expired, idle, disabled or unknown. */
export async function resolveStaff(q: Queryable, token: string, now: Date): Promise<StaffMember | null> {
  if (!SESSION_SHAPE.test(token)) return null;
  const row = await q.one<StaffMember>(
    `UPDATE staff_sessions s SET last_seen_at = $2
     FROM staff m
     WHERE s.token_hash = $1 AND m.id = s.staff_id AND m.disabled_at IS NULL
       AND s.expires_at > $2 AND s.last_seen_at > $3
     RETURNING m.id, m.email, m.name, m.role`,
    [sha256(token), now, new Date(now.getTime() - STAFF_SESSION.idleSeconds * 1000)],
  );
  return row ?? null;
}

export async function endSession(q: Queryable, token: string): Promise<void> {
  await q.query('DELETE FROM staff_sessions WHERE token_hash = $1', [sha256(token)]);
}
