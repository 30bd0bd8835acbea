// Notifications API: each user reads and marks only their own; newest first, paged; a duplicate
// producer call (same dedupe key) stores and announces nothing; text is not stored (type + params).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema, NOTIFICATIONS_PER_PAGE, unreadCountResponseSchema } from '../../contract/notifications';
import { notify } from '../../server/modules/notifications/service';
import { seededDb, type TestDb } from './helpers';
import { makePerson, notificationsApp, recordingPublisher, tokenFor } from './notifications-helpers';

let t: TestDb;
const publisher = recordingPublisher();
let api: ReturnType<typeof notificationsApp>;
let alice: number;
let bob: number;
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  t = await seededDb();
  api = notificationsApp(t.db, publisher);
  alice = await makePerson(t.db);
  bob = await makePerson(t.db, { firstName: 'خالد' });
  aliceToken = await tokenFor(t.db, alice);
  bobToken = await tokenFor(t.db, bob);
});
afterAll(() => t.close());

const unread = async (token: string) =>
  unreadCountResponseSchema.parse(await (await api.as(token).get('/api/v1/notifications/unread-count')).json()).data.unread_count;

describe('notify', () => {
  it('stores a type and params (no sentence) and announces the unread count on the user’s private channel', async () => {
    publisher.sent.length = 0;
    const id = await notify(t.db, publisher, {
      userId: alice,
      type: 'payment_completed',
      params: { order_id: 7, hours: 4 },
      dedupeKey: 'payment:7',
    });
    expect(id).toEqual(expect.any(Number));
    expect(publisher.sent).toEqual([{ channel: `private-user-${alice}`, event: 'notification.created', data: { unread_count: 1 } }]);
    const row = await t.db.one<Record<string, unknown>>('SELECT * FROM notifications WHERE id = $1', [id]);
    expect(row).toMatchObject({ type: 'payment_completed', params: { order_id: 7, hours: 4 }, target_type: 'packages' });
  });

  it('inserts and announces nothing the second time for the same dedupe key', async () => {
    publisher.sent.length = 0;
    expect(
      await notify(t.db, publisher, { userId: alice, type: 'payment_completed', params: { order_id: 7 }, dedupeKey: 'payment:7' }),
    ).toBeNull();
    expect(publisher.sent).toEqual([]);
    expect(await unread(aliceToken)).toBe(1);
    // The same key for another user is that user's own notification.
    expect(await notify(t.db, publisher, { userId: bob, type: 'payment_completed', dedupeKey: 'payment:7' })).toEqual(expect.any(Number));
  });
});

describe('GET v1/notifications', () => {
  it('refuses without a token', async () => {
    expect((await api.as(null).get('/api/v1/notifications')).status).toBe(401);
    expect((await api.as(null).get('/api/v1/notifications/unread-count')).status).toBe(401);
    expect((await api.as(null).post('/api/v1/notifications/read-all')).status).toBe(401);
  });

  it('lists only the caller’s own, newest first, paged, with a link to what it is about', async () => {
    const carol = await makePerson(t.db);
    const token = await tokenFor(t.db, carol);
    for (let i = 1; i <= NOTIFICATIONS_PER_PAGE + 3; i++) {
      await notify(t.db, undefined, { userId: carol, type: 'request_approved', params: { request_id: i, other_name: 'أحمد' } });
    }
    await notify(t.db, undefined, { userId: carol, type: 'teacher_rejected', params: { reason: 'وثيقة غير واضحة' } });

    const first = notificationPageSchema.parse(await (await api.as(token).get('/api/v1/notifications')).json());
    expect(first.meta).toEqual({
      page: 1,
      per_page: NOTIFICATIONS_PER_PAGE,
      total: NOTIFICATIONS_PER_PAGE + 4,
      unread_count: NOTIFICATIONS_PER_PAGE + 4,
    });
    expect(first.data).toHaveLength(NOTIFICATIONS_PER_PAGE);
    expect(first.data[0]).toMatchObject({
      type: 'teacher_rejected',
      params: { reason: 'وثيقة غير واضحة' },
      read_at: null,
      link: { kind: 'profile', id: null },
    });
    expect(first.data[1]).toMatchObject({ type: 'request_approved', link: { kind: 'request', id: NOTIFICATIONS_PER_PAGE + 3 } });
    const ids = first.data.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const second = notificationPageSchema.parse(await (await api.as(token).get('/api/v1/notifications?page=2')).json());
    expect(second.data).toHaveLength(4);
    expect(second.data.at(-1)).toMatchObject({ params: { request_id: 1 } });
    expect(Math.min(...ids)).toBeGreaterThan(Math.max(...second.data.map((n) => n.id)));

    // Nobody else's notifications leak in.
    const others = notificationPageSchema.parse(await (await api.as(bobToken).get('/api/v1/notifications')).json());
    expect(others.data.every((n) => n.type === 'payment_completed')).toBe(true);
    expect(others.meta.total).toBe(1);
  });

  it('answers a bad page with a localized 400', async () => {
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await api.as(aliceToken, 'ar').get(`/api/v1/notifications?page=${page}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.errors.page).toBeDefined();
    }
  });
});

describe('marking read', () => {
  it('marks one of the caller’s own read and announces the new count', async () => {
    const id = (await notify(t.db, undefined, { userId: alice, type: 'request_canceled', params: { request_id: 5 } }))!;
    expect(await unread(aliceToken)).toBe(2);
    publisher.sent.length = 0;
    const res = await api.as(aliceToken).post(`/api/v1/notifications/${id}/read`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { notification: { id: number; read_at: string | null }; unread_count: number } };
    expect(body.data.notification.id).toBe(id);
    expect(body.data.notification.read_at).not.toBeNull();
    expect(body.data.unread_count).toBe(1);
    expect(publisher.sent).toEqual([{ channel: `private-user-${alice}`, event: 'notifications.read', data: { unread_count: 1 } }]);
    // Again: still 200, nothing changes, nothing announced.
    publisher.sent.length = 0;
    expect((await api.as(aliceToken).post(`/api/v1/notifications/${id}/read`)).status).toBe(200);
    expect(publisher.sent).toEqual([]);
  });

  it('answers 404 for another user’s notification, exactly as for a missing one, and changes nothing', async () => {
    const bobs = (await notify(t.db, undefined, { userId: bob, type: 'payment_failed', params: { order_id: 9 } }))!;
    const before = await unread(bobToken);
    const res = await api.as(aliceToken, 'ar').post(`/api/v1/notifications/${bobs}/read`);
    expect(res.status).toBe(404);
    const missing = await api.as(aliceToken, 'ar').post('/api/v1/notifications/999999/read');
    expect(missing.status).toBe(404);
    expect(await res.json()).toEqual(await missing.json());
    expect((await api.as(aliceToken).post('/api/v1/notifications/abc/read')).status).toBe(404);
    expect(await unread(bobToken)).toBe(before);
    const row = await t.db.one<{ read_at: Date | null }>('SELECT read_at FROM notifications WHERE id = $1', [bobs]);
    expect(row?.read_at).toBeNull();
  });

  it('marks all of the caller’s own read, and only theirs', async () => {
    await notify(t.db, undefined, { userId: alice, type: 'teacher_approved' });
    const bobBefore = await unread(bobToken);
    expect(bobBefore).toBeGreaterThan(0);
    const res = await api.as(aliceToken).post('/api/v1/notifications/read-all');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { unread_count: number } }).data.unread_count).toBe(0);
    expect(await unread(aliceToken)).toBe(0);
    expect(await unread(bobToken)).toBe(bobBefore);
  });
});
