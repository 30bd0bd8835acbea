// The lived-in first start: an empty database gets the demo student's history — a paid
// purchase, one request in each state with its timeline, a rated session, notifications — with hours
// that add up through the ledger, and a second start adds nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../server/db/seed';
import { getBalance } from '../../server/modules/packages';
import { seededDb } from './helpers';
import { perFile } from './support/per-file';

const t = perFile(seededDb);
let studentId: number;
beforeAll(async () => {
  studentId = (await t.db.one<{ id: number }>("SELECT id FROM users WHERE phone = '+97455000001'"))!.id;
});

describe('demo history', () => {
  it('has one request in every state, the approved one joinable now', async () => {
    const rows = await t.db.query<{ status: string; starts_at: Date; ends_at: Date }>(
      'SELECT status, starts_at, ends_at FROM requests WHERE student_id = $1 ORDER BY starts_at',
      [studentId],
    );
    expect(rows.map((r) => r.status)).toEqual(['finished', 'canceled', 'expired', 'approved', 'pending']);
    const approved = rows.find((r) => r.status === 'approved')!;
    const now = Date.now();
    expect(approved.starts_at.getTime()).toBeLessThan(now);
    expect(approved.ends_at.getTime()).toBeGreaterThan(now);
    expect(rows.find((r) => r.status === 'pending')!.starts_at.getTime()).toBeGreaterThan(now);
  });

  it('keeps a timeline, attendance and a rating for the finished session', async () => {
    const finished = (await t.db.one<{ id: number }>("SELECT id FROM requests WHERE student_id = $1 AND status = 'finished'", [
      studentId,
    ]))!;
    const history = await t.db.query<{ status: string }>('SELECT status FROM request_history WHERE request_id = $1 ORDER BY at, id', [
      finished.id,
    ]);
    expect(history.map((h) => h.status)).toEqual(['pending', 'approved', 'finished']);
    expect((await t.db.one<{ rating: number }>('SELECT rating FROM evaluations WHERE request_id = $1', [finished.id]))?.rating).toBe(5);
    expect((await t.db.query('SELECT 1 FROM session_events WHERE request_id = $1', [finished.id])).length).toBe(4);
  });

  it('adds up: 4 purchased hours less the three sessions kept; the free trial stays open', async () => {
    const balance = await getBalance(t.db, studentId);
    expect(balance.minutes).toBe(60);
    expect(balance.freeTrialAvailable).toBe(true);
    const orders = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [studentId]);
    expect(orders.map((o) => o.status)).toEqual(['paid']);
  });

  it('has notifications for the payment, the approval and the expiry', async () => {
    const types = await t.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1 ORDER BY created_at', [studentId]);
    expect(types.map((n) => n.type).sort()).toEqual(['payment_completed', 'request_approved', 'request_expired']);
  });

  it('is not added again on a second start', async () => {
    await seed(t.db, { demo: true });
    expect((await t.db.query('SELECT 1 FROM requests')).length).toBe(5);
  });
});
