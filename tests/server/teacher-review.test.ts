// The teacher review on the server: the reviewer's actions through reviewTeacher and the
// admin API, the teacher's terms acceptance and document resubmission/replacement, the realtime
// event of every change, the profile's status and reason, and who may do what.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileResponseSchema } from '../../contract/auth';
import { EMBEDDED_DEV_KEYS, loadConfig } from '../../server/config';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import type { Publisher } from '../../server/realtime/publisher';
import { ensureAdminToken } from '../../server/modules/teacher-review';
import { reviewTeacher, ReviewFailure } from '../../server/modules/teacher-review/service';
import { createServer } from '../../server/main';
import { authApp, EXE, JPEG, PDF, PNG, TEACHER_PASSWORD } from './auth-helpers';
import { perFile } from './support/per-file';

const ADMIN = 'test-admin-token-0123456789';

interface Published {
  channel: string | string[];
  event: string;
  data: unknown;
}

const published: Published[] = [];
const publisher: Publisher = {
  mode: 'embedded',
  publish: async (channel, event, data) => {
    published.push({ channel, event, data });
    return true;
  },
  authorizeChannel: () => ({ auth: 'x' }),
};

const t = perFile(() =>
  authApp({
    app: {
      realtime: { config: { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' }, publisher, resolveUser: async () => null },
      // app.request() has no socket, so the loopback check is exercised separately below.
      admin: { token: ADMIN, loopbackOnly: false },
    },
  }),
);

async function profile(token: string, locale: 'ar' | 'en' = 'en') {
  const res = await t.get('/api/v1/profile', { token, locale });
  expect(res.status).toBe(200);
  return profileResponseSchema.parse(await res.json()).data;
}

const acceptTerms = (token: string | null, locale: 'ar' | 'en' = 'en') =>
  t.post('/api/v1/instructor/update/status', undefined, { token, locale });

function documentsForm(files: Record<string, Uint8Array>): FormData {
  const form = new FormData();
  for (const [k, bytes] of Object.entries(files)) form.set(k, new File([new Uint8Array(bytes)], `${k}.bin`), `${k}.bin`);
  return form;
}
const submitDocuments = (token: string, form: FormData | undefined, locale: 'ar' | 'en' = 'en') =>
  t.post('/api/v1/instructor/documents', form, { token, locale });

const admin = (p: string, init: RequestInit = {}, token = ADMIN) =>
  t.app.request(`/api/admin${p}`, {
    ...init,
    headers: {
      'Accept-Language': 'en',
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

describe('the reviewer (reviewTeacher)', () => {
  it('approves a teacher in review: policy, history row, realtime event on the private channel', async () => {
    const teacher = await t.signUpTeacher();
    expect((await profile(teacher.token)).status).toBe('in_review');
    published.length = 0;
    const result = await reviewTeacher(t.db, publisher, teacher.phone, 'approve');
    expect(result).toMatchObject({ from: 'in_review', to: 'policy', review_reason: null, published: true });
    // (The teacher's private user channel also hears the new notification.)
    expect(published.filter((p) => String(p.channel).startsWith('private-instructor-status-'))).toEqual([
      {
        channel: `private-instructor-status-${teacher.id}`,
        event: `instructor-status-${teacher.id}`,
        data: { status: 'policy', review_reason: null },
      },
    ]);
    expect((await profile(teacher.token)).status).toBe('policy');
    const history = await t.db.query<{ from_status: string; to_status: string; actor: string }>(
      'SELECT from_status, to_status, actor FROM teacher_status_history WHERE teacher_id = $1',
      [teacher.id],
    );
    expect(history).toEqual([{ from_status: 'in_review', to_status: 'policy', actor: 'reviewer' }]);
  });

  it('rejects only with a reason; the profile carries the reason; an impossible action changes nothing', async () => {
    const teacher = await t.signUpTeacher();
    await expect(reviewTeacher(t.db, publisher, teacher.phone, 'reject', '  ')).rejects.toMatchObject({
      reason: 'reason_required',
      status: 422,
    });
    await expect(reviewTeacher(t.db, publisher, teacher.phone, 'reinstate')).rejects.toBeInstanceOf(ReviewFailure);
    await expect(reviewTeacher(t.db, publisher, teacher.phone, 'suspend')).rejects.toMatchObject({
      reason: 'refused',
      current: 'in_review',
      status: 409,
      code: 'review_refused',
    });
    const result = await reviewTeacher(t.db, publisher, teacher.phone, 'reject', 'صورة الهوية غير واضحة');
    expect(result.to).toBe('rejected');
    const p = await profile(teacher.token);
    expect(p.status).toBe('rejected');
    expect(p.review_reason).toBe('صورة الهوية غير واضحة');
    await expect(reviewTeacher(t.db, publisher, teacher.phone, 'approve')).rejects.toMatchObject({
      reason: 'refused',
      current: 'rejected',
      status: 409,
      code: 'review_refused',
    });
  });

  it('finds teachers by phone with or without +, or by id; never a student', async () => {
    const teacher = await t.signUpTeacher();
    const student = await t.signUpStudent();
    await expect(reviewTeacher(t.db, publisher, teacher.phone.slice(1), 'approve')).resolves.toMatchObject({ to: 'policy' });
    await expect(reviewTeacher(t.db, publisher, String(teacher.id), 'suspend')).resolves.toMatchObject({ to: 'suspended' });
    await expect(reviewTeacher(t.db, publisher, String(student.id), 'approve')).rejects.toMatchObject({ reason: 'not_found', status: 404 });
    await expect(reviewTeacher(t.db, publisher, '+97400000000', 'approve')).rejects.toMatchObject({ reason: 'not_found', status: 404 });
  });

  it('suspends an active or approved teacher and reinstates to active', async () => {
    const teacher = await t.signUpTeacher();
    await reviewTeacher(t.db, publisher, teacher.phone, 'approve');
    expect((await acceptTerms(teacher.token)).status).toBe(200);
    await expect(reviewTeacher(t.db, publisher, teacher.phone, 'suspend', 'شكوى قيد التحقيق')).resolves.toMatchObject({
      from: 'active',
      to: 'suspended',
    });
    // Signed out everywhere: the old token answers 401 with the reason, not the profile.
    const old = await t.get('/api/v1/profile', { token: teacher.token, locale: 'en' });
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({ code: 'teacher_suspended', message: expect.stringContaining('شكوى قيد التحقيق') });
    expect((await t.get('/api/v1/notifications', { token: teacher.token })).status).toBe(401);
    // The right password is refused with the reason, in the caller's language; a wrong one learns nothing.
    const login = (password: string, locale: 'ar' | 'en' = 'en') =>
      t.post('/api/v1/instructor/auth/login', { login: teacher.email, password }, { locale });
    const refused = await login(TEACHER_PASSWORD, 'ar');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'teacher_suspended',
      message: expect.stringMatching(/^حسابك كمعلّم موقوف.*شكوى قيد التحقيق$/),
    });
    expect((await login('Wrong-password-1')).status).toBe(422);
    await expect(reviewTeacher(t.db, publisher, teacher.phone, 'reinstate')).resolves.toMatchObject({ to: 'active', review_reason: null });
    // Reinstated: the old token stays revoked (a plain 401), and signing in works again.
    const stale = await t.get('/api/v1/profile', { token: teacher.token, locale: 'en' });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ message: 'Your session has ended. Please sign in again' });
    const back = await login(TEACHER_PASSWORD);
    expect(back.status).toBe(200);
    const token = ((await back.json()) as { data: { token: string } }).data.token;
    expect(await profile(token)).toMatchObject({ status: 'active', review_reason: null });
  });

  it('a suspension without a reason still says the account is suspended', async () => {
    const teacher = await t.signUpTeacher();
    await reviewTeacher(t.db, publisher, teacher.phone, 'approve');
    await reviewTeacher(t.db, publisher, teacher.phone, 'suspend');
    const res = await t.get('/api/v1/profile', { token: teacher.token, locale: 'en' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'teacher_suspended',
      message: expect.stringMatching(/^Your teacher account is suspended, so you cannot sign in\.[^:]*$/),
    });
  });

  it('a publish failure does not undo the change', async () => {
    const teacher = await t.signUpTeacher();
    const failing: Publisher = { ...publisher, publish: async () => false };
    await expect(reviewTeacher(t.db, failing, teacher.phone, 'approve')).resolves.toMatchObject({ to: 'policy', published: false });
  });
});

describe('POST v1/instructor/update/status (accept the terms)', () => {
  it('moves policy → active with a localized message and publishes', async () => {
    const teacher = await t.signUpTeacher();
    await reviewTeacher(t.db, publisher, teacher.phone, 'approve');
    published.length = 0;
    const res = await acceptTerms(teacher.token, 'ar');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: unknown };
    expect(body.message).toContain('الشروط');
    expect(body.data).toEqual({ status: 'active', review_reason: null });
    expect(published.map((p) => p.data)).toEqual([{ status: 'active', review_reason: null }]);
    expect((await profile(teacher.token)).status).toBe('active');
  });

  it('is refused (409, localized) outside policy, 403 for a student, 401 without a token', async () => {
    const teacher = await t.signUpTeacher();
    const inReview = await acceptTerms(teacher.token, 'ar');
    expect(inReview.status).toBe(409);
    expect(((await inReview.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    const student = await t.signUpStudent();
    const forbidden = await acceptTerms(student.token);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toBe('This is available to teacher accounts only');
    expect((await acceptTerms(null)).status).toBe(401);
    // Twice: the second is a 409, and the status stays active.
    await reviewTeacher(t.db, publisher, teacher.phone, 'approve');
    expect((await acceptTerms(teacher.token)).status).toBe(200);
    expect((await acceptTerms(teacher.token)).status).toBe(409);
    expect((await profile(teacher.token)).status).toBe('active');
  });
});

describe('POST v1/instructor/documents', () => {
  it('a rejected teacher resubmits one document → in review, reason cleared, the profile shows the new file', async () => {
    const teacher = await t.signUpTeacher();
    await reviewTeacher(t.db, publisher, teacher.phone, 'reject', 'المؤهل غير مقروء');
    const before = await profile(teacher.token);
    published.length = 0;
    const res = await submitDocuments(teacher.token, documentsForm({ qualification_scan: PDF }));
    expect(res.status, await res.clone().text()).toBe(200);
    const after = profileResponseSchema.parse(await res.json()).data;
    expect(after.status).toBe('in_review');
    expect(after.review_reason).toBeNull();
    expect(after.documents.qualification_scan).not.toBe(before.documents.qualification_scan);
    expect(after.documents.id_front).toBe(before.documents.id_front);
    expect(published.map((p) => p.data)).toEqual([{ status: 'in_review', review_reason: null }]);
  });

  it('an active teacher replacing a document goes back to review', async () => {
    const teacher = await t.signUpTeacher();
    await reviewTeacher(t.db, publisher, teacher.phone, 'approve');
    await acceptTerms(teacher.token);
    const res = await submitDocuments(teacher.token, documentsForm({ id_front: JPEG, id_back: PNG }));
    expect(res.status).toBe(200);
    expect((await profile(teacher.token)).status).toBe('in_review');
  });

  it('refuses bad files (400 on the field), nothing sent (400), wrong status (409), students (403)', async () => {
    const teacher = await t.signUpTeacher();
    const inReview = await submitDocuments(teacher.token, documentsForm({ id_front: PNG }));
    expect(inReview.status).toBe(409);
    await reviewTeacher(t.db, publisher, teacher.phone, 'reject', 'الهوية منتهية');
    const bad = await submitDocuments(teacher.token, documentsForm({ id_front: EXE }));
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['id_front']);
    const empty = await submitDocuments(teacher.token, new FormData());
    expect(empty.status).toBe(400);
    const noBody = await submitDocuments(teacher.token, undefined);
    expect(noBody.status).toBe(400);
    expect((await profile(teacher.token)).status).toBe('rejected');
    const student = await t.signUpStudent();
    expect((await submitDocuments(student.token, documentsForm({ id_front: PNG }))).status).toBe(403);
  });
});

describe('the admin API', () => {
  it('refuses a missing or wrong token (401) and, loopback-only, any caller without a loopback socket', async () => {
    expect((await admin('/teachers', {}, 'wrong')).status).toBe(401);
    expect((await t.app.request('/api/admin/teachers')).status).toBe(401);
    const strict = createApp({ db: t.db, log: createLogger('silent'), auth: { uploadDir: t.uploadDir }, admin: { token: ADMIN } });
    const res = await strict.request('/api/admin/teachers', { headers: { Authorization: `Bearer ${ADMIN}` } });
    expect(res.status).toBe(403);
  });

  it('lists teachers by status, approves and rejects with a reason, lists and serves documents', async () => {
    const teacher = await t.signUpTeacher();
    const list = await admin('/teachers?status=in_review');
    expect(list.status).toBe(200);
    const rows = ((await list.json()) as { data: { phone: string; status: string; documents: number }[] }).data;
    expect(rows.every((r) => r.status === 'in_review')).toBe(true);
    expect(rows.find((r) => r.phone === teacher.phone)).toMatchObject({ documents: 3 });
    expect((await admin('/teachers?status=nonsense')).status).toBe(400);

    const noReason = await admin(`/teachers/${encodeURIComponent(teacher.phone)}/reject`, { method: 'POST', body: '{}' });
    expect(noReason.status).toBe(422);
    expect(((await noReason.json()) as { message: string }).message).toBe('Please give the reason for the rejection');
    const rejected = await admin(`/teachers/${encodeURIComponent(teacher.phone)}/reject`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'صورة الهوية غير واضحة' }),
    });
    expect(rejected.status).toBe(200);
    expect(((await rejected.json()) as { data: { to: string } }).data.to).toBe('rejected');
    expect((await admin(`/teachers/${encodeURIComponent(teacher.phone)}/approve`, { method: 'POST' })).status).toBe(409);
    expect((await admin('/teachers/+97400000001/approve', { method: 'POST' })).status).toBe(404);
    expect((await admin(`/teachers/${teacher.id}/delete`, { method: 'POST' })).status).toBe(404);

    const docs = await admin(`/teachers/${teacher.id}/documents`);
    const list2 = ((await docs.json()) as { data: { id: string; kind: string; file_name: string }[] }).data;
    expect(list2.map((d) => d.file_name).sort()).toEqual(['id_back.jpg', 'id_front.png', 'qualification_scan.pdf']);
    const file = await admin(`/files/${list2.find((d) => d.kind === 'qualification_scan')!.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });
});

describe('the admin token and the loopback rule', () => {
  it('is generated once into DATA_DIR/admin-token (0600) and reused; ADMIN_TOKEN wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'noor-admin-'));
    try {
      const first = ensureAdminToken(dir);
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await readFile(path.join(dir, 'admin-token'), 'utf8')).trim()).toBe(first);
      expect((await stat(path.join(dir, 'admin-token'))).mode & 0o777).toBe(0o600);
      expect(ensureAdminToken(dir)).toBe(first);
      expect(ensureAdminToken(dir, 'from-env')).toBe('from-env');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(loadConfig({ ADMIN_TOKEN: ' t0ken ', ADMIN_ALLOW_REMOTE: 'true' }).admin).toEqual({ token: 't0ken', allowRemote: true });
    expect(loadConfig({}).admin).toEqual({ token: undefined, allowRemote: false });
  });

  it('a real loopback caller with the token is served by a running server', async () => {
    const server = await createServer({ logLevel: 'silent', seedDemo: true, admin: { token: ADMIN }, auth: { uploadDir: t.uploadDir } });
    try {
      const ok = await fetch(`${server.url}/api/admin/teachers?status=active`, { headers: { Authorization: `Bearer ${ADMIN}` } });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      expect((await fetch(`${server.url}/api/admin/teachers`)).status).toBe(401);
      // Through a proxy on the same host the socket is loopback too: the forwarding header refuses it.
      const proxied = await fetch(`${server.url}/api/admin/teachers`, {
        headers: { Authorization: `Bearer ${ADMIN}`, 'X-Forwarded-For': '203.0.113.9' },
      });
      expect(proxied.status).toBe(403);
    } finally {
      await server.close();
    }
    // A whole server with demo data on PostgreSQL, on a machine shared with other suites.
  }, 60_000);
});
