// Fixtures for the packages tests: the app over a seeded database with a movable clock, students and a
// teacher made straight in the users table, and requests made as one of them.
import { createApp } from '../../server/app';
import { createSandboxGateway } from '../../server/adapters/payments/sandbox';
import { createLogger } from '../../server/logger';
import type { Queryable } from '../../server/db';
import { seededDb, json } from './helpers';

let phoneCounter = 0;

/** A new student (or teacher) row; returns its id. */
export async function makeUser(db: Queryable, type: 'student' | 'instructor' = 'student', hasFreeSession = true): Promise<number> {
  phoneCounter += 1;
  const phone = `+9745${String(7_000_000 + process.pid * 10 + phoneCounter).slice(-7)}`;
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, has_free_session)
     VALUES ($1, 'اختبار', 'الطالب', $2, 'QA', $3, $4) RETURNING id`,
    [type, phone, 'active', hasFreeSession],
  );
  return row!.id;
}

export async function packagesApp() {
  const t = await seededDb();
  const clock = { now: new Date() };
  const gateway = createSandboxGateway({ secret: 'test-secret-of-the-sandbox-gateway' });
  // Request log lines, to see which endpoints the sandbox really called.
  const requests: { path: string; status: number }[] = [];
  const log = createLogger('info', (line) => {
    const entry = JSON.parse(line) as { msg: string; path?: string; status?: number };
    if (entry.msg === 'request') requests.push({ path: entry.path ?? '', status: entry.status ?? 0 });
  });
  const app = createApp({
    db: t.db,
    log,
    packages: {
      gateway,
      // Until the auth module's middleware is wired here, a test names the caller in a header.
      identify: async (c) => {
        const id = Number(c.req.header('x-test-user'));
        if (!Number.isInteger(id) || id <= 0) return null;
        const row = await t.db.one<{ type: string }>('SELECT type FROM users WHERE id = $1', [id]);
        return row ? { id, isTeacher: row.type === 'instructor' } : null;
      },
      now: () => clock.now,
    },
  });
  const as = (userId: number | null, locale: 'ar' | 'en' = 'en') => {
    const headers: Record<string, string> = { 'Accept-Language': locale };
    if (userId !== null) headers['x-test-user'] = String(userId);
    return {
      get: async (path: string): Promise<Response> => app.request(path, { headers }),
      post: async (path: string, body: unknown): Promise<Response> => app.request(path, json(body, headers)),
    };
  };
  return { app, clock, as, gateway, requests, ...t };
}

export async function packageId(db: Queryable, hours: number): Promise<number> {
  const row = await db.one<{ id: number }>('SELECT id FROM packages WHERE hours = $1', [hours]);
  return row!.id;
}
