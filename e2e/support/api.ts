// Setting up a scene through the real API, shared by the specs: unique phones, codes from the dev SMS
// outbox, a verified student (optionally with the Starter package bought in the sandbox), balances, a
// teacher signed up with documents, and the reviewer CLI.
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'en' });

/** The `data` of a successful answer; a failure fails the test with the server's reply. */
export async function json<T>(res: { ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

const used = new Set<string>();
/** A Qatari mobile number no other test (or parallel worker) uses. */
/** A demo teacher signed in by phone (demo password), open round the clock, and a subject and phase they teach. */
export interface OpenTeacher {
  id: number;
  token: string;
  subjectId: number;
  phaseId: number;
}

/** Signs a demo teacher in and opens their week round the clock, so bookings work whenever the suite runs. */
export async function openTeacher(request: APIRequestContext, phone: string): Promise<OpenTeacher> {
  const { token } = await json<{ token: string }>(
    await request.post('/api/v1/instructor/auth/login', { data: { login: phone, password: 'Noor1234' } }),
    'teacher login',
  );
  const { id } = await json<{ id: number }>(await request.get('/api/v1/profile', { headers: bearer(token) }), 'teacher profile');
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
  await json(await request.patch('/api/v1/profile', { headers: bearer(token), data: { working_hours: hours } }), 'working hours');
  const card = await json<{ subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(
    await request.get(`/api/v1/teachers/${id}`),
    'teacher card',
  );
  return { id, token, subjectId: card.subjects[0]!.id, phaseId: card.phases[0]!.id };
}

export function newPhone(): string {
  for (;;) {
    const phone = `+9745${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}

/**
 * The newest 6-digit code texted to `phone`, from the dev outbox (waits for it to arrive, and with
 * `not` for one other than that: a resend or a second login replaces the first code).
 */
export async function latestCode(request: APIRequestContext, phone: string, not?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`)).json()) as { data?: unknown };
        const latest = Array.isArray(body.data) ? body.data[0] : undefined;
        code = JSON.stringify(latest ?? '').match(/\b(\d{6})\b/)?.[1] ?? '';
        return code === not ? '' : code;
      },
      { message: `a code in the dev outbox for ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export interface NewStudent {
  phaseId: number;
  firstName?: string;
  lastName?: string;
  gender?: 'male' | 'female';
  /** Buy the 4-hour Starter package with the sandbox's approving card. */
  buy?: boolean;
}

/** Registers and verifies a new student; returns the token and phone. */
export async function newStudent(request: APIRequestContext, options: NewStudent): Promise<{ token: string; phone: string }> {
  const phone = newPhone();
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      type: 'student',
      first_name: options.firstName ?? 'مريم',
      last_name: options.lastName ?? 'السليطي',
      phone: phone.slice(4),
      country_code: 'QA',
      gender: options.gender ?? 'female',
      phase_id: options.phaseId,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const code = await latestCode(request, phone);
  const { token } = await json<{ token: string }>(await request.post('/api/v1/verify-otp', { data: { phone, code } }), 'verify');
  if (options.buy) await buyHours(request, token);
  return { token, phone };
}

/** Adds a child to a family through POST v1/children; answers the new child's id. */
export async function addChild(
  request: APIRequestContext,
  token: string,
  child: { firstName: string; lastName?: string; gender?: 'male' | 'female'; phaseId: number },
): Promise<number> {
  const body = {
    first_name: child.firstName,
    last_name: child.lastName ?? 'السليطي',
    gender: child.gender ?? 'male',
    phase_id: child.phaseId,
  };
  return (await json<{ id: number }>(await request.post('/api/v1/children', { headers: bearer(token), data: body }), 'add a child')).id;
}

/** Buys the 4-hour package for the student through the fake checkout and waits for the hours. */
export async function buyHours(request: APIRequestContext, token: string): Promise<void> {
  const packages = await json<Array<{ id: number; hours: number }>>(await request.get('/api/v1/packages'), 'packages');
  const order = await json<{ checkout_url: string }>(
    await request.post('/api/v1/orders', { headers: bearer(token), data: { package_id: packages.find((p) => p.hours === 4)?.id } }),
    'order',
  );
  const paid = await request.post(new URL(order.checkout_url, 'http://x').pathname, {
    form: { card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Test', lang: 'en' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBeLessThan(400);
  await expect.poll(async () => hoursOf(request, token)).toBe(4);
}

export async function hoursOf(request: APIRequestContext, token: string): Promise<number> {
  return (await json<{ hours_remaining: number }>(await request.get('/api/v1/balance', { headers: bearer(token) }), 'balance'))
    .hours_remaining;
}

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** A 16×16 PNG (the smallest scan the server re-encodes) and a minimal PDF: documents the server's type sniffing accepts. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4UaFBEmIY1VAxGkonhmvSAAADaGgQExd+HAAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/**
 * The reviewer CLI against the e2e server, as a reviewer would run it in another terminal: the
 * compiled dist/server/admin.js that production runs (scripts/e2e.mjs builds it before the server
 * starts), which also skips tsx's start-up (about 0.8 s of CPU a call, measured in docs/bench.md).
 */
export async function admin(...args: string[]): Promise<string> {
  const baseURL = process.env.E2E_BASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!baseURL || !dataDir) throw new Error('run through scripts/e2e.mjs (E2E_BASE_URL, E2E_DATA_DIR)');
  const { stdout } = await run(process.execPath, [path.join(root, 'dist/server/admin.js'), ...args], {
    cwd: root,
    env: { ...process.env, ADMIN_URL: baseURL, DATA_DIR: dataDir, ADMIN_TOKEN: '' },
    timeout: 60_000,
  });
  return stdout;
}

/** Signs up a teacher (multipart, with the three documents) through the API; returns the token. */
export async function registerTeacher(
  request: APIRequestContext,
  who: { phone: string; email: string; password: string; lastName?: string },
): Promise<string> {
  const first = async (p: string) =>
    ((await (await request.get(`/api/v1/${p}`)).json()) as { data: Array<{ id?: number; code?: string }> }).data[0]!;
  const form = new FormData();
  const fields: Record<string, string> = {
    type: 'instructor',
    first_name: 'هدى',
    second_name: 'علي',
    last_name: who.lastName ?? 'المري',
    phone: who.phone,
    country_code: 'QA',
    email: who.email,
    gender: 'female',
    birth_date: '1987-01-20',
    experience_years: '9',
    qualification: 'master',
    country: (await first('countries')).code!,
    password: who.password,
    password_confirmation: who.password,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append('phases[]', String((await first('phases')).id));
  form.append('subjects[]', String((await first('subjects')).id));
  form.set('id_front', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.set('id_back', new Blob([PNG], { type: 'image/png' }), 'back.png');
  form.set('qualification_scan', new Blob([PDF], { type: 'application/pdf' }), 'degree.pdf');
  const res = await request.post('/api/v1/auth/register', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
