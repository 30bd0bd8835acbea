// Where the session lives in the browser (spec §9): cookies ng-token and is_teacher for 30 days,
// SameSite=Lax, Secure on https; the account record in localStorage; the teacher a guest is signing in
// to book with in sessionStorage (this tab only, across reloads).
import type { AccountRecord } from '../../contract/account';
import { parseReturnTarget } from '../../machines/auth/return-to';
import type { ReturnTarget } from '../../machines/auth/types';

export const TOKEN_COOKIE = 'ng-token';
export const TEACHER_COOKIE = 'is_teacher';
const ACCOUNT_KEY = 'ng-account';
const RETURN_KEY = 'ng-return';
const THIRTY_DAYS = 60 * 60 * 24 * 30;

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAge = THIRTY_DAYS): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** The stored account, checked by its schema; imported only when there is one (JS budget). */
export async function readStoredAccount(): Promise<AccountRecord | null> {
  try {
    const raw = localStorage.getItem(ACCOUNT_KEY);
    if (!raw) return null;
    const { accountRecordSchema } = await import('../../contract/account');
    const parsed = accountRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success && readCookie(TOKEN_COOKIE) ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeAccount(account: AccountRecord): void {
  writeCookie(TOKEN_COOKIE, account.token);
  writeCookie(TEACHER_COOKIE, String(account.is_teacher));
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify(account));
}

export function clearSessionStorage(): void {
  writeCookie(TOKEN_COOKIE, '', 0);
  writeCookie(TEACHER_COOKIE, '', 0);
  try {
    localStorage.removeItem(ACCOUNT_KEY);
  } catch {
    // nothing stored
  }
}

/** The stored return target, validated again: sessionStorage is as untrusted as any input. */
export function readReturnTarget(): ReturnTarget | null {
  try {
    return parseReturnTarget(JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

export function storeReturnTarget(target: ReturnTarget | null): void {
  try {
    if (target) sessionStorage.setItem(RETURN_KEY, JSON.stringify(target));
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // storage blocked: the target lives in the machine until a reload
  }
}
