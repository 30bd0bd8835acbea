// Fixtures for the auth, profile and upload tests: the app over a seeded database with a movable clock,
// a temp upload folder, a fresh caller address per request (so per-IP limits only bite where a test
// means them to), and small helpers to sign up, read the dev outbox and call as a user.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { outboxResponseSchema, sessionResponseSchema, type Session } from '../../contract/auth';
import { createApp, type AppOptions } from '../../server/app';
import { createLogger } from '../../server/logger';
import { seededDb } from './helpers';

export interface CallOptions {
  token?: string | null;
  ip?: string;
  locale?: 'ar' | 'en';
  headers?: Record<string, string>;
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  // Each in its own /24, so per-range limits (codes to new numbers) apply only where a test means them to.
  return `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.${1 + ((ipCounter >> 16) & 127)}`;
};

let phoneCounter = 0;
/**
 * A valid Qatari mobile number no other test uses: +974557…, a range no test writes out by hand (a
 * worker runs file after file with this counter going on, so the count alone must not meet them).
 */
export function newPhone(): string {
  phoneCounter += 1;
  return `+974557${String(phoneCounter).padStart(5, '0')}`;
}

// Real 16×16 images: document scans are decoded and re-encoded, so a header alone is refused.
export const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4UaFBEmIY1VAxGkonhmvSAAADaGgQExd+HAAAAABJRU5ErkJggg==',
    'base64',
  ),
);
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
export const JPEG = new Uint8Array(
  Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAI2f/2Q==',
    'base64',
  ),
);
export const WEBP = new Uint8Array(
  Buffer.from('UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoQABAAAUAmJaACdLoB+AADsAD+pNf/TSPGkeNI+Yt/84ljqd3aAAAA', 'base64'),
);
/** A Windows executable's first bytes. */
export const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);

export const TEACHER_PASSWORD = 'Teach3rPass';

/** A response's envelope, loosely typed, for tests that read its message or field errors. */
export const body = async (res: Response) => (await res.json()) as { message: string; data?: unknown; errors?: Record<string, string[]> };

/** Options of the app itself (realtime, admin …) that a test adds; the fixture owns the rest. */
type ExtraAppOptions = Omit<AppOptions, 'db' | 'log' | 'production' | 'auth'>;

/**
 * `auth` adds to the auth module's options (the sign-in limits, a hash gate, an SMS adapter …);
 * `app` to the app's (a recording realtime publisher, the admin API …).
 */
export async function authApp(
  options: { production?: boolean; auth?: Partial<NonNullable<AppOptions['auth']>>; app?: ExtraAppOptions } = {},
) {
  const t = await seededDb();
  const clock = { now: new Date() };
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'noor-uploads-'));
  const app = createApp({
    ...options.app,
    db: t.db,
    log: createLogger('silent'),
    production: options.production ?? false,
    auth: { now: () => clock.now, uploadDir, trustProxy: true, ...options.auth },
  });

  const headersFor = (o: CallOptions): Record<string, string> => ({
    'Accept-Language': o.locale ?? 'en',
    'X-Forwarded-For': o.ip ?? freshIp(),
    ...(o.token ? { Authorization: `Bearer ${o.token}` } : {}),
    ...o.headers,
  });
  const get = (p: string, o: CallOptions = {}) => app.request(p, { headers: headersFor(o) });
  const post = (p: string, body?: unknown, o: CallOptions = {}) =>
    app.request(p, {
      method: 'POST',
      headers: { ...headersFor(o), ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  const advance = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };

  /** The newest code texted to a phone, read from the dev outbox like the e2e tests do. */
  const lastCode = async (phone: string): Promise<string | null> => {
    const res = await get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`);
    expect(res.status).toBe(200);
    const { data } = outboxResponseSchema.parse(await res.json());
    const text = data[0]?.text;
    return text ? (/\b(\d{6})\b/.exec(text)?.[1] ?? null) : null;
  };
  const outboxCount = async (phone: string): Promise<number> => {
    const res = await get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`);
    return outboxResponseSchema.parse(await res.json()).data.length;
  };

  const phaseId = async () => (await t.db.one<{ id: number }>('SELECT id FROM phases ORDER BY sort_order LIMIT 1'))!.id;
  const subjectIds = async () => (await t.db.query<{ id: number }>('SELECT id FROM subjects ORDER BY sort_order LIMIT 2')).map((r) => r.id);
  const phaseIds = async () => (await t.db.query<{ id: number }>('SELECT id FROM phases ORDER BY sort_order LIMIT 2')).map((r) => r.id);

  const studentBody = async (phone: string, extra: Record<string, unknown> = {}) => ({
    type: 'student',
    first_name: 'سارة',
    last_name: 'الأنصاري',
    phone,
    country_code: 'QA',
    gender: 'female',
    phase_id: await phaseId(),
    ...extra,
  });

  /** Signs a new student up and verifies the texted code; returns the session. */
  const signUpStudent = async (phone = newPhone()): Promise<Session & { phone: string }> => {
    const res = await post('/api/v1/auth/register', await studentBody(phone));
    expect(res.status, await res.clone().text()).toBe(201);
    const code = await lastCode(phone);
    const verified = await post('/api/v1/verify-otp', { phone, code });
    expect(verified.status, await verified.clone().text()).toBe(200);
    return { ...sessionResponseSchema.parse(await verified.json()).data, phone };
  };

  /** The teacher sign-up form, valid unless fields are overridden (null removes one). */
  const teacherForm = async (phone: string, overrides: Record<string, string | Blob | File | null> = {}): Promise<FormData> => {
    const form = new FormData();
    const fields: Record<string, string | Blob | File | null> = {
      type: 'instructor',
      first_name: 'خالد',
      second_name: 'عبدالله',
      last_name: 'النعيمي',
      phone,
      country_code: 'QA',
      email: `teacher${phone.slice(-5)}@example.com`,
      gender: 'male',
      birth_date: '1990-05-17',
      experience_years: '7',
      qualification: 'master',
      country: 'QA',
      password: TEACHER_PASSWORD,
      password_confirmation: TEACHER_PASSWORD,
      id_front: new File([PNG], 'front.png', { type: 'image/png' }),
      id_back: new File([JPEG], 'back.jpg', { type: 'image/jpeg' }),
      qualification_scan: new File([PDF], 'degree.pdf', { type: 'application/pdf' }),
      ...overrides,
    };
    for (const [key, value] of Object.entries(fields)) {
      if (value === null) continue;
      if (value instanceof File) form.set(key, value, value.name);
      else form.set(key, value);
    }
    for (const id of await phaseIds()) form.append('phases[]', String(id));
    for (const id of await subjectIds()) form.append('subjects[]', String(id));
    return form;
  };

  const signUpTeacher = async (phone = newPhone()): Promise<Session & { phone: string; email: string }> => {
    const form = await teacherForm(phone);
    const res = await post('/api/v1/auth/register', form);
    expect(res.status, await res.clone().text()).toBe(201);
    return { ...sessionResponseSchema.parse(await res.json()).data, phone, email: String(form.get('email')) };
  };

  return {
    ...t,
    app,
    clock,
    uploadDir,
    get,
    post,
    advance,
    lastCode,
    outboxCount,
    studentBody,
    signUpStudent,
    teacherForm,
    signUpTeacher,
    close: async () => {
      await t.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
