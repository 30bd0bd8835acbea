// The operators on the server: staff sign-in with a TOTP second factor (enrolment, the ±1 step window,
// no replay, recovery codes), lockout after repeated failures, expired and idle sessions, disabled
// staff signed out at once, the roles of every admin route, the throttle on wrong tokens, and the
// audit log: one row per admin call, append-only, filterable, CSV.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authenticator } from 'otplib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_DEV_KEYS } from '../../server/config';
import type { Publisher } from '../../server/realtime/publisher';
import { createStaff, STAFF_LOCKOUT, STAFF_SESSION, type StaffRole } from '../../server/modules/staff/service';
import { ADMIN_FAILURES } from '../../server/modules/staff/access';
import { companyFromEnv, issueReceipt } from '../../server/modules/packages/receipts';
import { authApp } from './auth-helpers';
import { perFile } from './support/per-file';

const ADMIN = 'staff-test-admin-token-0123456789abcdef';
const PASSWORD = 'Secret123';
const clock = { now: new Date('2026-11-26T10:00:00Z') };
const advance = (seconds: number) => {
  clock.now = new Date(clock.now.getTime() + seconds * 1000);
};

const publisher: Publisher = { mode: 'embedded', publish: async () => true, authorizeChannel: () => ({ auth: 'x' }) };

const t = perFile(() =>
  authApp({
    app: {
      realtime: { config: { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' }, publisher, resolveUser: async () => null },
      admin: { token: ADMIN, loopbackOnly: false, now: () => clock.now },
    },
  }),
);

let ip = 0;
const call = (method: string, p: string, o: { token?: string; body?: unknown; ip?: string; locale?: 'ar' | 'en' } = {}) =>
  t.app.request(`/api/admin${p}`, {
    method,
    headers: {
      'Accept-Language': o.locale ?? 'en',
      'X-Forwarded-For': o.ip ?? `10.77.${(++ip >> 8) & 255}.${ip & 255}`,
      ...(o.token ? { Authorization: `Bearer ${o.token}` } : {}),
      ...(o.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  });

const codeAt = (secret: string, at: Date) => authenticator.clone({ epoch: at.getTime() }).generate(secret);

let n = 0;
/** A staff member made in the database, enrolled through the API; returns a session and the secret. */
async function staffMember(role: StaffRole) {
  n += 1;
  const email = `${role}${n}@noor.test`;
  const name = `${role} ${n}`;
  await createStaff(t.db, { email, name, role, password: PASSWORD });
  const first = await call('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(first.status).toBe(200);
  const { enrol } = ((await first.json()) as { data: { enrol: { secret: string; otpauth_uri: string } } }).data;
  expect(enrol.otpauth_uri).toContain(`secret=${enrol.secret}`);
  const enrolled = await call('POST', '/auth/enrol', { body: { email, password: PASSWORD, code: codeAt(enrol.secret, clock.now) } });
  expect(enrolled.status).toBe(200);
  const data = ((await enrolled.json()) as { data: { token: string; recovery_codes: string[]; staff: { id: number } } }).data;
  return { email, name, secret: enrol.secret, token: data.token, id: data.staff.id, recovery: data.recovery_codes };
}

const auditCount = async () => Number((await t.db.one<{ n: string }>('SELECT count(*) AS n FROM audit_log'))!.n);

/** A paid order of `family`'s, as a payment leaves it: the order, its purchase credit and its receipt. */
async function paidOrderOf(family: number, paidAt: Date = clock.now): Promise<number> {
  const pkg = (await t.db.one<{ id: number; hours: number; validity_days: number; price_minor: number; currency: string }>(
    'SELECT id, hours, validity_days, price_minor, currency FROM packages ORDER BY hours LIMIT 1',
  ))!;
  const order = (await t.db.one<{ id: number }>(
    `INSERT INTO orders (user_id, package_id, hours, validity_days, list_price_minor, amount_minor, currency, status, expires_at, paid_at, gateway_reference, created_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6, 'paid', $7, $7, $8, $7) RETURNING id`,
    [family, pkg.id, pkg.hours, pkg.validity_days, pkg.price_minor, pkg.currency, paidAt, `pay_${family}_${paidAt.getTime()}`],
  ))!.id;
  await t.db.query(
    `INSERT INTO hours_ledger (user_id, delta_minutes, reason, order_id, expires_at, created_at) VALUES ($1, $2, 'purchase', $3, $4, $5)`,
    [family, pkg.hours * 60, order, new Date(paidAt.getTime() + pkg.validity_days * 86_400_000), paidAt],
  );
  await issueReceipt(t.db, { orderId: order, kind: 'payment', at: paidAt, company: companyFromEnv({}), gateway: 'sandbox' });
  return order;
}

describe('staff sign-in', () => {
  it('enrols TOTP on the first sign-in, then needs a code from the window, once', async () => {
    const m = await staffMember('reviewer');
    expect(m.recovery).toHaveLength(10);
    // Enrolment is over: a password alone now asks for the code.
    advance(60);
    const noCode = await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD } });
    expect(noCode.status).toBe(422);
    // The console tells "now the code" from "wrong e-mail, password or code" by the answer's code.
    expect((await noCode.json()) as { code: string; errors: Record<string, string[]> }).toMatchObject({
      code: 'staff_code_required',
      errors: { code: [expect.any(String)] },
    });
    // The previous step's code is still good (a phone clock a little behind) …
    const previous = codeAt(m.secret, new Date(clock.now.getTime() - 30_000));
    const ok = await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: previous } });
    expect(ok.status).toBe(200);
    const session = ((await ok.json()) as { data: { token: string; staff: { role: string } } }).data;
    expect(session.staff.role).toBe('reviewer');
    expect((await call('GET', '/me', { token: session.token })).status).toBe(200);
    // … but not twice, and not one from two steps away.
    expect((await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: previous } })).status).toBe(422);
    advance(30);
    const stale = codeAt(m.secret, new Date(clock.now.getTime() - 90_000));
    expect((await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: stale } })).status).toBe(422);
    const wrongPassword = await call('POST', '/auth/login', {
      body: { email: m.email, password: 'Wrong1234', code: codeAt(m.secret, clock.now) },
    });
    expect(wrongPassword.status).toBe(422);
    expect(((await wrongPassword.json()) as { code: string }).code).toBe('staff_invalid_sign_in');
  });

  it('accepts each recovery code once instead of a TOTP code', async () => {
    const m = await staffMember('support');
    const code = m.recovery[3]!;
    expect((await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code } })).status).toBe(422);
  });

  it('locks the account after repeated failures: even the right code is refused until the lock ends', async () => {
    const m = await staffMember('admin');
    for (let i = 1; i < STAFF_LOCKOUT.lockAfter; i += 1) {
      expect((await call('POST', '/auth/login', { body: { email: m.email, password: 'Wrong1234', code: '000000' } })).status).toBe(422);
    }
    expect((await call('POST', '/auth/login', { body: { email: m.email, password: 'Wrong1234', code: '000000' } })).status).toBe(429);
    advance(31);
    const locked = await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: codeAt(m.secret, clock.now) } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    advance(STAFF_LOCKOUT.lockSeconds);
    expect(
      (await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: codeAt(m.secret, clock.now) } })).status,
    ).toBe(200);
  });

  it('ends sessions after idling, and at their fixed age however busy', async () => {
    const m = await staffMember('reviewer');
    advance(STAFF_SESSION.idleSeconds + 1);
    expect((await call('GET', '/me', { token: m.token })).status).toBe(401);
    advance(31);
    const again = await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: codeAt(m.secret, clock.now) } });
    const token = ((await again.json()) as { data: { token: string } }).data.token;
    // Busy all day: every 20 minutes a call, until the session's age runs out.
    for (let used = 0; used + 20 * 60 < STAFF_SESSION.maxAgeSeconds; used += 20 * 60) {
      expect((await call('GET', '/me', { token })).status).toBe(200);
      advance(20 * 60);
    }
    advance(20 * 60);
    expect((await call('GET', '/me', { token })).status).toBe(401);
  });

  it('signs a disabled member out at once, and refuses their sign-in', async () => {
    const admin = await staffMember('admin');
    const m = await staffMember('reviewer');
    expect((await call('GET', '/teachers', { token: m.token })).status).toBe(200);
    const disabled = await call('POST', `/staff/${m.id}/disable`, { token: admin.token });
    expect(disabled.status).toBe(200);
    expect((await call('GET', '/teachers', { token: m.token })).status).toBe(401);
    advance(31);
    expect(
      (await call('POST', '/auth/login', { body: { email: m.email, password: PASSWORD, code: codeAt(m.secret, clock.now) } })).status,
    ).toBe(422);
    // An admin cannot lock themselves out.
    expect((await call('POST', `/staff/${admin.id}/disable`, { token: admin.token })).status).toBe(409);
  });

  it('throttles wrong tokens per address: after the limit even the right token waits', async () => {
    const address = '10.66.1.1';
    for (let i = 0; i < ADMIN_FAILURES.limit; i += 1)
      expect((await call('GET', '/teachers', { token: `wrong-${i}`, ip: address })).status).toBe(401);
    const blocked = await call('GET', '/teachers', { token: ADMIN, ip: address });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await call('GET', '/teachers', { token: ADMIN, ip: '10.66.1.2' })).status).toBe(200);
    advance(ADMIN_FAILURES.windowSeconds + 1);
    expect((await call('GET', '/teachers', { token: ADMIN, ip: address })).status).toBe(200);
  });
});

describe('roles and the audit log', () => {
  it('lets each role do its work only, and names the staff member in the teacher status history', async () => {
    const admin = await staffMember('admin');
    const reviewer = await staffMember('reviewer');
    const support = await staffMember('support');
    const teacher = await t.signUpTeacher();
    const who = encodeURIComponent(teacher.phone);
    expect((await call('POST', `/teachers/${who}/approve`, { token: support.token })).status).toBe(403);
    expect((await call('GET', '/staff', { token: reviewer.token })).status).toBe(403);
    expect((await call('GET', '/audit', { token: support.token })).status).toBe(403);
    expect(
      (
        await call('POST', '/staff', {
          token: reviewer.token,
          body: { email: 'x@noor.test', name: 'x', role: 'admin', password: PASSWORD },
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', `/teachers/${who}`, { token: support.token })).status).toBe(200);
    expect((await call('GET', `/teachers/${who}/documents`, { token: support.token })).status).toBe(403);
    expect((await call('POST', `/teachers/${who}/notes`, { token: support.token, body: { body: 'x' } })).status).toBe(403);
    // The internal note: staff read it with the application; the teacher's own profile never carries it.
    expect((await call('POST', `/teachers/${who}/notes`, { token: reviewer.token, body: { body: '  ' } })).status).toBe(400);
    expect(
      (await call('POST', `/teachers/${who}/notes`, { token: reviewer.token, body: { body: 'ملاحظة داخلية: الهوية منتهية' } })).status,
    ).toBe(201);
    const notes = (
      (await (await call('GET', `/teachers/${who}/notes`, { token: admin.token })).json()) as { data: { body: string; staff: string }[] }
    ).data;
    expect(notes).toEqual([
      expect.objectContaining({ body: 'ملاحظة داخلية: الهوية منتهية', staff: expect.stringContaining(reviewer.email) }),
    ]);
    const own = await t.get('/api/v1/profile', { token: teacher.token });
    expect(await own.text()).not.toContain('ملاحظة داخلية');

    const rejected = await call('POST', `/teachers/${who}/reject`, { token: reviewer.token, body: { reason: 'صورة الهوية غير واضحة' } });
    expect(rejected.status).toBe(200);
    // A refused change names the current status.
    const refused = await call('POST', `/teachers/${who}/approve`, { token: reviewer.token });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ current_status: 'rejected', message: expect.stringContaining('(rejected)') });
    const history = await call('GET', `/teachers/${who}/history`, { token: admin.token });
    const rows = ((await history.json()) as { data: { action: string; staff: string | null }[] }).data;
    expect(rows.find((r) => r.action === 'reject')?.staff).toContain(reviewer.email);

    const created = await call('POST', '/staff', {
      token: admin.token,
      body: { email: 'new.reviewer@noor.test', name: 'مراجعة', role: 'reviewer', password: PASSWORD },
    });
    expect(created.status).toBe(201);
    expect(
      (
        await call('POST', '/staff', {
          token: admin.token,
          body: { email: 'NEW.reviewer@noor.test', name: 'x', role: 'reviewer', password: PASSWORD },
        })
      ).status,
    ).toBe(409);
    const weak = await call('POST', '/staff', {
      token: admin.token,
      body: { email: 'weak@noor.test', name: 'x', role: 'reviewer', password: 'short' },
    });
    expect(weak.status).toBe(400);
  });

  it('queues resubmitted applications by when they re-entered review, with the previous reason', async () => {
    const reviewer = await staffMember('reviewer');
    const early = await t.signUpTeacher();
    const late = await t.signUpTeacher();
    expect(
      (await call('POST', `/teachers/${early.id}/reject`, { token: reviewer.token, body: { reason: 'الشهادة غير مقروءة' } })).status,
    ).toBe(200);
    // The teacher resubmits: back in review now, after `late` signed up.
    await t.db.query("UPDATE users SET status = 'in_review' WHERE id = $1", [early.id]);
    await t.db.query(
      "INSERT INTO teacher_status_history (teacher_id, from_status, to_status, action, reason, actor, at) VALUES ($1, 'rejected', 'in_review', 'resubmit', NULL, 'teacher', now() + interval '1 minute')",
      [early.id],
    );
    const res = await call('GET', '/teachers?status=in_review', { token: reviewer.token });
    const queue = ((await res.json()) as { data: { id: number; resubmitted: boolean; previous_reason: string | null }[] }).data;
    const ids = queue.map((r) => r.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(early.id));
    expect(queue.find((r) => r.id === early.id)).toMatchObject({ resubmitted: true, previous_reason: 'الشهادة غير مقروءة' });
    expect(queue.find((r) => r.id === late.id)).toMatchObject({ resubmitted: false, previous_reason: null });
    // "Resubmitted only", and a subject: the same filters on the page and on the count past its end.
    const only = async (query: string) =>
      (await (await call('GET', `/teachers?status=in_review&${query}`, { token: reviewer.token })).json()) as {
        data: { id: number }[];
        meta: { total: number };
      };
    const resubmitted = await only('resubmitted=1');
    expect(resubmitted.data.map((r) => r.id)).toContain(early.id);
    expect(resubmitted.data.map((r) => r.id)).not.toContain(late.id);
    expect((await only(`resubmitted=1&per_page=1&page=${resubmitted.meta.total + 1}`)).meta.total).toBe(resubmitted.meta.total);
    const [taught] = await t.db.query<{ subject_id: number }>('SELECT subject_id FROM teacher_subjects WHERE teacher_id = $1 LIMIT 1', [
      late.id,
    ]);
    await t.db.query('DELETE FROM teacher_subjects WHERE teacher_id = $1 AND subject_id = $2', [early.id, taught!.subject_id]);
    const bySubject = (await only(`subject=${taught!.subject_id}`)).data.map((r) => r.id);
    expect(bySubject).toContain(late.id);
    expect(bySubject).not.toContain(early.id);
    // A filter that is not one is refused, not ignored.
    expect((await call('GET', '/teachers?status=in_review&subject=abc', { token: reviewer.token })).status).toBe(400);
    expect((await call('GET', '/teachers?status=in_review&resubmitted=yes', { token: reviewer.token })).status).toBe(400);
  });

  it('searches the queue by name or phone digits and pages it, with subjects, phases, country and experience', async () => {
    const reviewer = await staffMember('reviewer');
    const a = await t.signUpTeacher();
    const b = await t.signUpTeacher();
    await t.db.query("UPDATE users SET first_name = 'Zainab', last_name = 'Qasimi' WHERE id = $1", [b.id]);
    type Page = {
      data: { id: number; subjects: string[]; phases: string[]; country_code: string | null; experience_years: number | null }[];
      meta: { page: number; per_page: number; total: number };
    };
    const list = async (query: string) => {
      const res = await call('GET', `/teachers?${query}`, { token: reviewer.token });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Page;
    };
    const byName = await list('status=in_review&q=zainab%20qas');
    expect(byName.data.map((r) => r.id)).toEqual([b.id]);
    expect(byName.meta).toEqual({ page: 1, per_page: 1, total: 1 });
    expect(byName.data[0]).toMatchObject({ country_code: 'QA', experience_years: 7 });
    expect(byName.data[0]!.subjects.length).toBeGreaterThan(0);
    expect(byName.data[0]!.phases.length).toBeGreaterThan(0);
    // Subject and phase names in the caller's language, as teacher cards name them.
    const names = await t.db.query<{ ar: string; en: string }>(
      'SELECT s.name_ar AS ar, s.name_en AS en FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id WHERE ts.teacher_id = $1 ORDER BY s.sort_order',
      [b.id],
    );
    expect(byName.data[0]!.subjects).toEqual(names.map((n) => n.en));
    const inArabic = (await (await call('GET', `/teachers/${b.id}`, { token: reviewer.token, locale: 'ar' })).json()) as {
      data: { subjects: string[]; phases: string[] };
    };
    expect(inArabic.data.subjects).toEqual(names.map((n) => n.ar));
    expect(inArabic.data.phases.every((p) => /[\u0600-\u06FF]/.test(p))).toBe(true);
    // The phone's digits, without the plus, match anywhere in the number.
    expect((await list(`q=${a.phone.slice(-7)}`)).data.map((r) => r.id)).toEqual([a.id]);
    const all = await list('status=in_review');
    expect(all.meta.total).toBe(all.data.length);
    const second = await list('status=in_review&per_page=1&page=2');
    expect(second.meta).toEqual({ page: 2, per_page: 1, total: all.meta.total });
    expect(second.data.map((r) => r.id)).toEqual([all.data[1]!.id]);
    // Past the last page: no rows, and still the total.
    const past = await list(`status=in_review&per_page=1&page=${all.meta.total + 1}`);
    expect(past).toMatchObject({ data: [], meta: { total: all.meta.total } });
    expect((await call('GET', '/teachers?per_page=0', { token: reviewer.token })).status).toBe(400);
    expect((await call('GET', '/teachers?status=nope', { token: reviewer.token })).status).toBe(400);
  });

  it('writes exactly one audit row per admin call, with who, what, on whom, before/after and address', async () => {
    const admin = await staffMember('admin');
    const teacher = await t.signUpTeacher();
    const file = (await t.db.one<{ id: string }>('SELECT id FROM uploads WHERE owner_id = $1 LIMIT 1', [teacher.id]))!.id;
    // The applicant's intro video, which staff review reads with its bytes and poster.
    const video = new FormData();
    video.set('video', new File([readFileSync(path.join(import.meta.dirname, '../fixtures/video/intro-3s.mp4'))], 'intro.mp4'));
    const poster = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    video.set('poster', new File([new Uint8Array(poster)], 'poster.png'));
    expect((await t.post('/api/v1/profile/video', video, { token: teacher.token })).status).toBe(200);
    const target = await staffMember('support');
    const family = (await t.db.one<{ id: number; phone: string }>(
      "INSERT INTO users (type, first_name, last_name, phone, country_code, status) VALUES ('student', 'مريم', 'الكبيسي', '+97466170001', 'QA', 'active') RETURNING id, phone",
    ))!;
    const promo = (await t.db.one<{ id: number }>('SELECT id FROM promo_codes ORDER BY id LIMIT 1'))!.id;
    const order = await paidOrderOf(family.id);
    const talk = (await t.db.one<{ id: number }>(
      'INSERT INTO conversations (family_id, teacher_id, created_at) VALUES ($1, $2, now()) RETURNING id',
      [family.id, teacher.id],
    ))!.id;
    const reported = (await t.db.one<{ id: number }>(
      "INSERT INTO messages (conversation_id, sender_id, body, created_at, reported_at, reported_by) VALUES ($1, $2, 'رسالة مبلغ عنها', now(), now(), $3) RETURNING id",
      [talk, teacher.id, family.id],
    ))!.id;
    // Every admin route once (the sign-in routes write their own row on success).
    const calls: [string, string, unknown?][] = [
      ['GET', '/me'],
      ['GET', '/staff'],
      ['POST', '/staff', { email: `audit${n}@noor.test`, name: 'x', role: 'support', password: PASSWORD }],
      ['POST', `/staff/${target.id}/disable`],
      ['GET', '/teachers?status=in_review'],
      ['GET', `/teachers/${teacher.id}`],
      ['GET', `/teachers/${teacher.id}/history`],
      ['GET', `/teachers/${teacher.id}/documents`],
      ['GET', `/teachers/${teacher.id}/video`],
      ['GET', `/teachers/${teacher.id}/video/file`],
      ['GET', `/teachers/${teacher.id}/video/poster`],
      ['POST', `/teachers/${teacher.id}/notes`, { body: 'اتصلتُ بها، سترسل صورة أوضح' }],
      ['GET', `/teachers/${teacher.id}/notes`],
      ['GET', `/teachers/${teacher.id}/rate`],
      ['PUT', `/teachers/${teacher.id}/rate`, { amount_minor: 7000, currency: 'QAR' }],
      ['GET', `/files/${file}`],
      ['POST', `/teachers/${teacher.id}/approve`],
      ['GET', `/families?phone=${encodeURIComponent(family.phone)}`],
      ['POST', `/families/${family.id}/hours`, { direction: 'credit', hours: 1, reason: 'تعويض عن حصة انقطعت' }],
      ['GET', `/orders/${order}/receipt`],
      ['POST', `/orders/${order}/refund`, { reason: 'طلبت العائلة الاسترداد بالهاتف' }],
      ['GET', '/promo-codes'],
      ['GET', '/reported-messages'],
      ['POST', `/reported-messages/${reported}/review`, { outcome: 'dismissed' }],
      ['POST', `/promo-codes/${promo}/pause`],
      ['POST', '/promo-codes', { code: `AUDIT${n}`, kind: 'percent', value: 10 }],
      ['GET', '/audit'],
      ['GET', '/audit.csv'],
      ['POST', '/auth/logout'],
    ];
    const covered = new Set<string>();
    for (const [method, p, body] of calls) {
      const before = await auditCount();
      const res = await call(method, p, { token: admin.token, ...(body === undefined ? {} : { body }), ip: '10.55.0.7' });
      expect(res.status, `${method} ${p}`).toBeLessThan(300);
      expect(await auditCount(), `${method} ${p}`).toBe(before + 1);
      covered.add(
        `${method} /api/admin${p
          .replace(/\?.*$/, '')
          .replace(/\/\d+(?=\/|$)/g, '/:x')
          .replace(file, ':id')}`,
      );
    }
    const routes = t.app.routes
      .filter((r) => r.path.startsWith('/api/admin') && r.method !== 'ALL' && !/\/auth\/(login|enrol)$/.test(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:[a-z]+/gi, ':x').replace('/files/:x', '/files/:id')}`);
    const normalised = [...covered].map((c) =>
      c.replace('/teachers/:x/approve', '/teachers/:x/:x').replace('/promo-codes/:x/pause', '/promo-codes/:x/:x'),
    );
    expect([...new Set(routes)].filter((r) => !normalised.includes(r))).toEqual([]);
    // Signed out by the last call: the sign-in is itself one row.
    advance(31);
    const before = await auditCount();
    const again = await call('POST', '/auth/login', {
      body: { email: admin.email, password: PASSWORD, code: codeAt(admin.secret, clock.now) },
    });
    expect(await auditCount()).toBe(before + 1);
    admin.token = ((await again.json()) as { data: { token: string } }).data.token;

    const audit = await call('GET', `/audit?target_type=teacher&target_id=${teacher.id}&action=teachers.approve`, { token: admin.token });
    const entries = (
      (await audit.json()) as { data: { actor: string; before: unknown; after: unknown; address: string; staff_id: number }[] }
    ).data;
    expect(entries).toEqual([
      expect.objectContaining({
        // Named as in the status history: name and e-mail as they were when the member acted.
        actor: `${admin.name} <${admin.email}>`,
        staff_id: admin.id,
        before: { status: 'in_review' },
        after: { status: 'policy', review_reason: null },
        address: '10.55.0.7',
      }),
    ]);
    const csv = await (await call('GET', `/audit.csv?staff_id=${admin.id}`, { token: admin.token })).text();
    expect(csv.split('\r\n')[0]).toBe('id,at,actor,action,target_type,target_id,before,after,address');
    expect(csv).toContain('teachers.approve');
    expect((await call('GET', '/audit?from=yesterday', { token: admin.token })).status).toBe(400);
    // The CLI's token is recorded as the command line.
    await call('GET', '/teachers', { token: ADMIN });
    const last = await t.db.one<{ actor: string; staff_id: number | null }>(
      'SELECT actor, staff_id FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(last).toEqual({ actor: 'command line', staff_id: null });
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    await expect(t.db.query("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('support', () => {
  it('reads the messages families and teachers reported, with both parties, the reason and the messages around; closes them; a reviewer may not', async () => {
    const support = await staffMember('support');
    const reviewer = await staffMember('reviewer');
    const user = async (type: string, first: string, phone: string) =>
      (await t.db.one<{ id: number }>(
        "INSERT INTO users (type, first_name, last_name, phone, country_code, status) VALUES ($1, $2, 'الكعبي', $3, 'QA', 'active') RETURNING id",
        [type, first, phone],
      ))!.id;
    const family = await user('student', 'مريم', '+97466170101');
    const teacher = await user('instructor', 'هدى', '+97466170102');
    const conversation = (await t.db.one<{ id: number }>(
      'INSERT INTO conversations (family_id, teacher_id, created_at) VALUES ($1, $2, now()) RETURNING id',
      [family, teacher],
    ))!.id;
    const say = (sender: number, body: string) =>
      t.db.query('INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, $3, now())', [
        conversation,
        sender,
        body,
      ]);
    await say(family, 'أهلاً');
    await say(family, 'السلام عليكم');
    await say(teacher, 'موعدنا الأحد');
    await t.db.query(
      "INSERT INTO messages (conversation_id, sender_id, body, created_at, reported_at, reported_by, report_reason) VALUES ($1, $2, 'كلام غير لائق', now(), now(), $3, 'إساءة')",
      [conversation, teacher, family],
    );
    await say(family, 'لماذا؟');
    expect((await call('GET', '/reported-messages', { token: reviewer.token })).status).toBe(403);
    const res = await call('GET', '/reported-messages', { token: support.token });
    expect(res.status).toBe(200);
    const reported = ((await res.json()) as { data: Array<Record<string, unknown>> }).data.filter(
      (m) => m.conversation_id === conversation,
    );
    expect(reported).toEqual([
      expect.objectContaining({
        body: 'كلام غير لائق',
        report_reason: 'إساءة',
        reported_by: family,
        sender: 'teacher',
        family_name: 'مريم الكعبي',
        teacher_name: 'هدى الكعبي',
        outcome: null,
      }),
    ]);
    // In its context: the messages just before and after it, oldest first, each with its side.
    expect(reported[0]!.context).toEqual([
      expect.objectContaining({ body: 'السلام عليكم', sender: 'family' }),
      expect.objectContaining({ body: 'موعدنا الأحد', sender: 'teacher' }),
      expect.objectContaining({ body: 'كلام غير لائق', sender: 'teacher' }),
      expect.objectContaining({ body: 'لماذا؟', sender: 'family' }),
    ]);
    expect(await t.db.one("SELECT action FROM audit_log WHERE action = 'messages.reported' ORDER BY id DESC LIMIT 1")).toEqual({
      action: 'messages.reported',
    });

    // Closed once, by a named staff member, with an audit row; then it leaves the open list for the closed one.
    const id = reported[0]!.id as number;
    const review = (outcome: string, token = support.token, target = id) =>
      call('POST', `/reported-messages/${target}/review`, { token, body: { outcome } });
    expect((await review('dismissed', reviewer.token)).status).toBe(403);
    expect((await review('ignored')).status).toBe(400);
    const plain = (await t.db.one<{ id: number }>(
      'SELECT id FROM messages WHERE conversation_id = $1 AND reported_at IS NULL ORDER BY id LIMIT 1',
      [conversation],
    ))!.id;
    expect((await review('dismissed', support.token, plain)).status).toBe(404);
    expect((await review('reviewed')).status).toBe(200);
    expect((await review('dismissed')).status).toBe(409);
    expect((await call('GET', '/reported-messages?state=later', { token: support.token })).status).toBe(400);
    const open = ((await (await call('GET', '/reported-messages', { token: support.token })).json()) as { data: Array<{ id: number }> })
      .data;
    expect(open.some((m) => m.id === id)).toBe(false);
    const closed = (
      (await (await call('GET', '/reported-messages?state=closed', { token: support.token })).json()) as {
        data: Array<Record<string, unknown>>;
      }
    ).data;
    expect(closed.find((m) => m.id === id)).toEqual(expect.objectContaining({ outcome: 'reviewed', reviewed_by: support.email }));
    expect(
      await t.db.one(
        "SELECT action, target_type, target_id, staff_id FROM audit_log WHERE action IN ('messages.report_reviewed', 'messages.report_dismissed') ORDER BY id DESC LIMIT 1",
      ),
    ).toEqual({
      action: 'messages.report_reviewed',
      target_type: 'message',
      target_id: String(id),
      staff_id: support.id,
    });
  });

  it('finds a family by phone and credits or debits hours with a reason, each a ledger row naming the staff member', async () => {
    const support = await staffMember('support');
    const reviewer = await staffMember('reviewer');
    const family = (await t.db.one<{ id: number; phone: string }>(
      "INSERT INTO users (type, first_name, last_name, phone, country_code, status) VALUES ('student', 'سلمى', 'النعيمي', '+97466170002', 'QA', 'active') RETURNING id, phone",
    ))!;
    expect((await call('GET', `/families?phone=${encodeURIComponent(family.phone)}`, { token: reviewer.token })).status).toBe(403);
    expect((await call('GET', '/families?phone=%2B97466179999', { token: support.token })).status).toBe(404);
    expect((await call('GET', '/families?phone=nonsense', { token: support.token })).status).toBe(400);
    const hours = (body: unknown) => call('POST', `/families/${family.id}/hours`, { token: support.token, body });
    expect((await hours({ direction: 'credit', hours: 2 })).status).toBe(400);
    expect((await hours({ direction: 'credit', hours: 2, reason: '  ' })).status).toBe(400);
    expect((await hours({ direction: 'credit', hours: 0.3, reason: 'x' })).status).toBe(400);
    expect((await hours({ direction: 'debit', hours: 1, reason: 'خطأ في الحجز' })).status).toBe(409);
    const credited = await hours({ direction: 'credit', hours: 2, reason: 'تعويض عن حصة انقطعت' });
    expect(credited.status).toBe(200);
    expect(((await credited.json()) as { data: { balance_hours: number } }).data.balance_hours).toBe(2);
    const debited = await hours({ direction: 'debit', hours: 0.5, reason: 'حصة سُجّلت مرتين' });
    expect(((await debited.json()) as { data: { balance_hours: number } }).data.balance_hours).toBe(1.5);
    // The family's own balance agrees.
    const res = await call('GET', `/families?phone=${encodeURIComponent(family.phone)}`, { token: support.token });
    const found = (
      (await res.json()) as {
        data: { children: unknown[]; balance_hours: number; ledger: { hours: number; reason: string; note: string; staff: string }[] };
      }
    ).data;
    expect(found.balance_hours).toBe(1.5);
    expect(Array.isArray(found.children)).toBe(true);
    expect(found.ledger).toEqual([
      expect.objectContaining({ hours: -0.5, reason: 'adjustment', note: 'حصة سُجّلت مرتين', staff: `${support.name} <${support.email}>` }),
      expect.objectContaining({ hours: 2, reason: 'adjustment', note: 'تعويض عن حصة انقطعت', staff: `${support.name} <${support.email}>` }),
    ]);
    const audit = await t.db.one<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE action = 'families.hours_credit' AND target_id = $1",
      [String(family.id)],
    );
    expect(audit).toEqual({ before: { balance_hours: 0 }, after: { balance_hours: 2, hours: 2, reason: 'تعويض عن حصة انقطعت' } });
  });

  it('shows the family whole (children, orders with receipts, sessions with attendance) and refunds an order by the family rule, audited once', async () => {
    const support = await staffMember('support');
    const reviewer = await staffMember('reviewer');
    const family = (await t.db.one<{ id: number; phone: string }>(
      "INSERT INTO users (type, first_name, last_name, phone, country_code, status) VALUES ('student', 'نورة', 'السليطي', '+97466170003', 'QA', 'active') RETURNING id, phone",
    ))!;
    const teacher = (await t.db.one<{ id: number }>(
      "INSERT INTO users (type, first_name, last_name, phone, country_code, status) VALUES ('instructor', 'Maha', 'Teacher', '+97466170004', 'QA', 'active') RETURNING id",
    ))!.id;
    const phase = (await t.db.one<{ id: number; name_ar: string; name_en: string }>(
      'SELECT id, name_ar, name_en FROM phases ORDER BY id LIMIT 1',
    ))!;
    const subject = (await t.db.one<{ id: number; name_ar: string; name_en: string }>(
      'SELECT id, name_ar, name_en FROM subjects ORDER BY id LIMIT 1',
    ))!;
    const child = (await t.db.one<{ id: number }>(
      "INSERT INTO children (family_id, first_name, last_name, gender, phase_id) VALUES ($1, 'ريم', 'السليطي', 'female', $2) RETURNING id",
      [family.id, phase.id],
    ))!.id;
    // A finished session two hours ago: the child stayed 50 minutes, the teacher the whole hour.
    const starts = new Date(clock.now.getTime() - 2 * 3600_000);
    const request = (await t.db.one<{ id: number }>(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name, child_id)
       VALUES ($1, $2, $2, $3, 'schedule', 'finished', $4, $5, 1, $4, 'free_trial', $6, $7) RETURNING id`,
      [family.id, teacher, subject.id, starts, new Date(starts.getTime() + 3600_000), `ch-support-${family.id}`, child],
    ))!.id;
    const at = (minutes: number) => new Date(starts.getTime() + minutes * 60_000);
    for (const [user, type, minute] of [
      [teacher, 'joined', 0],
      [family.id, 'joined', 5],
      [family.id, 'left', 55],
      [teacher, 'left', 60],
    ] as const) {
      await t.db.query('INSERT INTO session_events (request_id, user_id, type, at) VALUES ($1, $2, $3, $4)', [
        request,
        user,
        type,
        at(minute),
      ]);
    }
    const fresh = await paidOrderOf(family.id);
    const old = await paidOrderOf(family.id, new Date(clock.now.getTime() - 40 * 86_400_000));

    type Found = {
      children: { id: number; phase: string }[];
      orders: { id: number; refund_refusal: string | null; refunded_at: string | null }[];
      requests: {
        id: number;
        subject: string;
        teacher_name: string;
        child_name: string;
        attendance: { role: string; minutes_present: number }[] | null;
      }[];
      ledger: { reason: string; note: string | null; staff: string | null }[];
    };
    const look = async (locale: 'ar' | 'en') =>
      (
        (await (await call('GET', `/families?phone=${encodeURIComponent(family.phone)}`, { token: support.token, locale })).json()) as {
          data: Found;
        }
      ).data;
    const en = await look('en');
    expect(en.children).toEqual([expect.objectContaining({ id: child, phase: phase.name_en })]);
    expect((await look('ar')).requests[0]!.subject).toBe(subject.name_ar);
    expect(en.requests).toEqual([
      expect.objectContaining({
        id: request,
        subject: subject.name_en,
        teacher_name: 'Maha Teacher',
        child_name: 'ريم',
        attendance: [
          expect.objectContaining({ role: 'student', minutes_present: 50 }),
          expect.objectContaining({ role: 'teacher', minutes_present: 60 }),
        ],
      }),
    ]);
    expect(en.orders.map((o) => [o.id, o.refund_refusal])).toEqual([
      [fresh, null],
      [old, 'too_late'],
    ]);

    // The receipt the family reads, for support too; a reviewer may neither read it nor refund.
    const receipt = await call('GET', `/orders/${fresh}/receipt`, { token: support.token });
    expect(receipt.status).toBe(200);
    expect(((await receipt.json()) as { data: { order_id: number; kind: string } }).data).toMatchObject({
      order_id: fresh,
      kind: 'payment',
    });
    expect((await call('GET', `/orders/${fresh}/receipt?kind=refund`, { token: support.token })).status).toBe(404);
    expect((await call('GET', `/orders/${fresh}/receipt?kind=other`, { token: support.token })).status).toBe(400);
    expect((await call('GET', `/orders/${fresh}/receipt`, { token: reviewer.token })).status).toBe(403);
    const refund = (id: number, body: unknown, token = support.token) => call('POST', `/orders/${id}/refund`, { token, body });
    expect((await refund(fresh, { reason: 'x' }, reviewer.token)).status).toBe(403);
    expect((await refund(fresh, {})).status).toBe(400);
    expect((await refund(fresh, { reason: '   ' })).status).toBe(400);
    expect((await refund(999_999, { reason: 'x' })).status).toBe(404);
    // The family's own rule: past the window, refused with its code; nothing audited.
    const before = await auditCount();
    const late = await refund(old, { reason: 'العائلة تطلب' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('too_late');
    expect(await auditCount()).toBe(before);

    const done = await refund(fresh, { reason: 'طلبت العائلة الاسترداد بالهاتف' });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(((await done.json()) as { data: { order_id: number; receipt_number: string } }).data.order_id).toBe(fresh);
    expect(await auditCount()).toBe(before + 1);
    const audit = await t.db.query<{ actor: string; before: unknown; after: { refunded: boolean; reason: string } }>(
      "SELECT actor, before, after FROM audit_log WHERE action = 'orders.refund' AND target_id = $1",
      [String(fresh)],
    );
    expect(audit).toEqual([
      {
        actor: `${support.name} <${support.email}>`,
        before: { status: 'paid', refunded: false },
        after: expect.objectContaining({ refunded: true, reason: 'طلبت العائلة الاسترداد بالهاتف' }),
      },
    ]);
    const again = await refund(fresh, { reason: 'مرة أخرى' });
    expect(((await again.json()) as { code: string }).code).toBe('already_refunded');
    const after = await look('en');
    expect(after.orders[0]).toMatchObject({ id: fresh, refund_refusal: 'already_refunded', refunded_at: expect.any(String) });
    expect(after.ledger[0]).toMatchObject({
      reason: 'order_refund',
      note: 'طلبت العائلة الاسترداد بالهاتف',
      staff: `${support.name} <${support.email}>`,
    });
    // The family was told, as when it refunds itself.
    const told = await t.db.one<{ n: string }>("SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND type = 'payment_refunded'", [
      family.id,
    ]);
    expect(Number(told!.n)).toBe(1);
    expect((await call('GET', `/orders/${fresh}/receipt?kind=refund`, { token: support.token })).status).toBe(200);
  });

  it('creates, pauses and resumes promo codes, and counts their use', async () => {
    const support = await staffMember('support');
    const created = await call('POST', '/promo-codes', {
      token: support.token,
      body: { code: 'RAMADAN25', kind: 'percent', value: 25, max_uses: 100 },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    expect(
      (await call('POST', '/promo-codes', { token: support.token, body: { code: 'ramadan25', kind: 'fixed', value: 500 } })).status,
    ).toBe(409);
    expect(
      (await call('POST', '/promo-codes', { token: support.token, body: { code: 'TOO_MUCH', kind: 'percent', value: 150 } })).status,
    ).toBe(400);
    expect((await call('POST', `/promo-codes/${id}/pause`, { token: support.token })).status).toBe(200);
    const list = (
      (await (await call('GET', '/promo-codes', { token: support.token })).json()) as {
        data: { id: number; active: boolean; used_count: number; paid_orders: number }[];
      }
    ).data;
    expect(list.find((p) => p.id === id)).toMatchObject({ active: false, used_count: 0, paid_orders: 0 });
    expect((await call('POST', `/promo-codes/${id}/resume`, { token: support.token })).status).toBe(200);
    expect((await call('POST', `/promo-codes/${id}/delete`, { token: support.token })).status).toBe(404);
    expect((await call('POST', '/promo-codes/999999/pause', { token: support.token })).status).toBe(404);
  });
});
