// The producers: a sandbox payment (paid or declined) notifies its student once, though the gateway's
// return and webhook both arrive; the reviewer's decisions notify the teacher (a rejection with its reason).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderResponseSchema } from '../../contract/packages';
import { notificationPageSchema } from '../../contract/notifications';
import { createApp } from '../../server/app';
import { createSandboxGateway } from '../../server/adapters/payments/sandbox';
import { EMBEDDED_DEV_KEYS } from '../../server/config';
import { createLogger } from '../../server/logger';
import { resolveUser } from '../../server/modules/auth';
import { reviewTeacher } from '../../server/modules/teacher-review/service';
import { json, seededDb, type TestDb } from './helpers';
import { makePerson, recordingPublisher, tokenFor } from './notifications-helpers';

let t: TestDb;
const publisher = recordingPublisher();
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await seededDb();
  app = createApp({
    db: t.db,
    log: createLogger('silent'),
    packages: { gateway: createSandboxGateway({ secret: 'test-secret-of-the-sandbox-gateway' }) },
    realtime: {
      config: { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' },
      publisher,
      resolveUser: (token) => resolveUser(t.db, token),
    },
  });
});
afterAll(() => t.close());

async function listOf(token: string) {
  const res = await app.request('/api/v1/notifications', { headers: { Authorization: `Bearer ${token}` } });
  return notificationPageSchema.parse(await res.json());
}

async function buyAndPay(token: string, card: string) {
  const pkg = await t.db.one<{ id: number }>('SELECT id FROM packages WHERE hours = 4');
  const res = await app.request(
    '/api/v1/orders',
    json({ package_id: pkg!.id }, { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const created = createOrderResponseSchema.parse(await res.json()).data;
  const fields = { action: 'pay', card_number: card, expiry: '12/39', cvc: '123', name: 'Parent', lang: 'en' };
  const paid = await app.request(created.checkout_url.split('?')[0]!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(paid.status).toBe(303);
  return created.id;
}

describe('payments', () => {
  it('a paid order notifies its student once (return and webhook both arrived), announced live', async () => {
    const student = await makePerson(t.db);
    const token = await tokenFor(t.db, student);
    publisher.sent.length = 0;
    const orderId = await buyAndPay(token, '4242 4242 4242 4242');
    const list = await listOf(token);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: 'payment_completed',
      params: { order_id: orderId, hours: 4, package_name_en: expect.any(String), package_name_ar: expect.any(String) },
      link: { kind: 'packages', id: null },
      read_at: null,
    });
    expect(publisher.sent.filter((p) => p.channel === `private-user-${student}`)).toEqual([
      { channel: `private-user-${student}`, event: 'notification.created', data: { unread_count: 1 } },
    ]);
  });

  it('a declined card notifies payment_failed', async () => {
    const student = await makePerson(t.db);
    const token = await tokenFor(t.db, student);
    const orderId = await buyAndPay(token, '4000 0000 0000 0002');
    const list = await listOf(token);
    expect(list.data.map((n) => [n.type, n.params.order_id])).toEqual([['payment_failed', orderId]]);
  });
});

describe('teacher review', () => {
  it('approve, reject (with its reason) and suspend each notify the teacher', async () => {
    const approved = await makePerson(t.db, { type: 'instructor' });
    const rejected = await makePerson(t.db, { type: 'instructor' });
    await t.db.query(`UPDATE users SET status = 'in_review' WHERE id = ANY($1)`, [[approved, rejected]]);
    await reviewTeacher(t.db, publisher, String(approved), 'approve');
    await reviewTeacher(t.db, publisher, String(rejected), 'reject', 'الشهادة غير واضحة');
    const active = await makePerson(t.db, { type: 'instructor' });
    await reviewTeacher(t.db, publisher, String(active), 'suspend', null);

    expect((await listOf(await tokenFor(t.db, approved))).data.map((n) => n.type)).toEqual(['teacher_approved']);
    expect((await listOf(await tokenFor(t.db, rejected))).data).toMatchObject([
      { type: 'teacher_rejected', params: { reason: 'الشهادة غير واضحة' }, link: { kind: 'profile' } },
    ]);
    expect((await listOf(await tokenFor(t.db, active))).data.map((n) => n.type)).toEqual(['teacher_suspended']);
  });
});
