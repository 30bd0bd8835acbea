// A teacher's requests list at scale, on PostgreSQL (scripts/test-pg.sh; docs/bench.md): the index
// migration 0340 makes exists; the list's pages and count match the plain reading of "own requests and
// those offered", for a teacher with thousands of requests and offers lost to others; the heavy
// teacher's plan reads indexes only (no scan of requests or users); the list's statements are kept
// prepared on a direct connection, never through a transaction pooler. (PGlite answers the same
// lists in requests-reading.test.ts and requests.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestFilter } from '../../contract/requests';
import type { Db, Queryable } from '../../server/db';
import { openPg } from '../../server/db/pg';
import { listRequests } from '../../server/modules/requests/reads';
import { databaseUrl, seededDb, type TestDb } from './helpers';

const NOW = new Date('2030-01-06T06:00:00.000Z');
let t: TestDb;
let heavy: number;
/**
 * PostgreSQL plans by the table's statistics, so the data has the bench's proportions: a heavy teacher
 * is a small share of many requests and users.
 */
const scale = { heavy: 1200, others: 40, each: 200, users: 3000 };

/**
 * `count` requests of each of `teachers` among the file's students: every status, past and ahead,
 * created_at shared by several (the id breaks the tie).
 */
async function addRequests(db: Queryable, teachers: number | number[], count: number, tag: string): Promise<void> {
  await db.query(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours,
                           expires_at, broadcast, paid_with, channel_name, created_at, updated_at)
     SELECT s, tt, tt, (SELECT min(id) FROM subjects), 'schedule', st, at, at + interval '1 hour', 1, at, false, 'hours', $3 || tt || '-' || g,
            at - interval '1 day', at
       FROM unnest($1::int[]) AS tt,
            (SELECT g, (SELECT array_agg(id) FROM (SELECT id FROM users WHERE phone LIKE '+97430%' ORDER BY id LIMIT 20) f)[1 + g % 20] AS s,
                    CASE WHEN g % 20 = 0 THEN 'pending' WHEN g % 20 = 1 THEN 'approved' WHEN g % 10 = 2 THEN 'canceled' ELSE 'finished' END AS st,
                    $4::timestamptz + (CASE WHEN g % 20 < 2 THEN 1 ELSE -1 END) * (g % 500) * interval '1 hour' AS at
               FROM generate_series(1, $2::int) AS g) AS x`,
    [[teachers].flat(), count, `${tag}-`, NOW],
  );
  await db.query(
    `INSERT INTO request_offers (request_id, teacher_id, created_at) SELECT id, teacher_id, created_at FROM requests WHERE channel_name LIKE $1`,
    [`${tag}-%`],
  );
}

/** The statements a call runs, with their parameters. */
function recording(db: Db): { q: Queryable; statements: [string, unknown[]][] } {
  const statements: [string, unknown[]][] = [];
  const q: Queryable = {
    ...db,
    query: (sql, params, options) => (statements.push([sql, [...(params ?? [])]]), db.query(sql, params, options)),
  };
  return { q, statements };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
interface AnalyzedNode extends PlanNode {
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
}

describe.runIf(databaseUrl !== undefined)('a teacher’s requests list on PostgreSQL', () => {
  beforeAll(async () => {
    t = await seededDb();
    const db = t.db;
    await db.query(
      `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status)
     SELECT 'student', 'طالب', g::text, '+97430' || lpad(g::text, 6, '0'), 'QA', 'male', 'active' FROM generate_series(1, $1::int) AS g`,
      [scale.users],
    );
    const teachers = (
      await db.query<{ id: number }>(
        `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status)
       SELECT 'instructor', 'معلم', g::text, '+97431' || lpad(g::text, 6, '0'), 'QA', 'female', 'active' FROM generate_series(1, $1::int) AS g RETURNING id`,
        [1 + scale.others],
      )
    ).map((r) => r.id);
    heavy = teachers[0]!;
    await addRequests(db, heavy, scale.heavy, 'heavy');
    await addRequests(db, teachers.slice(1), scale.each, 'other');
    // Broadcasts the heavy teacher was offered and others took, declined or that are still open (the
    // offers take the request's broadcast flag from the database, whichever is written first).
    await db.query(`UPDATE requests SET broadcast = true WHERE channel_name LIKE $1 AND id % 3 = 0`, [`other-${teachers[1]}-%`]);
    await db.query(
      `INSERT INTO request_offers (request_id, teacher_id, created_at, declined_at)
     SELECT id, $1, created_at, CASE WHEN id % 7 = 0 THEN created_at END FROM requests WHERE channel_name LIKE $2 AND id % 3 = 0`,
      [heavy, `other-${teachers[1]}-%`],
    );
    // As autovacuum leaves a settled table: statistics, and the visibility map index-only scans rely on.
    await db.exec('VACUUM ANALYZE requests, request_offers, users');
  }, 120_000);
  afterAll(() => t?.close());

  describe('the index of a teacher’s list', () => {
    it('exists with the list’s order and the filters’ columns; the index it covers is gone', async () => {
      const indexes = await t.db.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'requests' AND indexname IN ('requests_teacher_list_idx', 'requests_teacher_idx')`,
      );
      expect(indexes.map((i) => i.indexname)).toEqual(['requests_teacher_list_idx']);
      expect(indexes[0]!.indexdef).toContain(
        '(teacher_id, created_at DESC, id DESC) INCLUDE (status, starts_at, ends_at, expires_at, student_id, child_id)',
      );
    });
  });

  describe('a teacher’s list with thousands of requests', () => {
    /** The list as "own requests and those offered", read plainly (the query before the index). */
    async function reference(filter: string): Promise<number[]> {
      const rows = await t.db.query<{ id: number }>(
        `SELECT r.id FROM requests r
        WHERE (r.teacher_id = $1 OR EXISTS (SELECT 1 FROM request_offers o WHERE o.request_id = r.id AND o.teacher_id = $1))
          AND $2::timestamptz IS NOT NULL AND ${filter}
        ORDER BY r.created_at DESC, r.id DESC`,
        [heavy, NOW],
      );
      return rows.map((r) => r.id);
    }
    async function pages(filter: RequestFilter, per_page: number): Promise<{ ids: number[]; totals: Set<number> }> {
      const ids: number[] = [];
      const totals = new Set<number>();
      for (let page = 1; ; page++) {
        const got = await listRequests(t.db, { id: heavy, role: 'teacher' }, { filter, page, per_page }, 'en', NOW);
        if (got.items.length === 0) break;
        ids.push(...got.items.map((i) => i.id));
        totals.add(got.total);
      }
      return { ids, totals };
    }

    it('pages through every request in order, each once, with the same total on every page', async () => {
      const all = await reference('TRUE');
      expect(all.length).toBeGreaterThan(scale.heavy + 10); // own and the offers of others
      const got = await pages('all', 50);
      expect(got.ids).toEqual(all);
      expect([...got.totals]).toEqual([all.length]);
    });

    it('filters as before: new, and canceled with the broadcasts others took', async () => {
      const fresh = await reference(`r.status = 'pending' AND r.expires_at > $2::timestamptz`);
      expect(fresh.length).toBeGreaterThan(0);
      expect((await pages('new', 50)).ids).toEqual(fresh);
      const canceled = await reference(
        `((r.status IN ('canceled', 'rejected', 'expired') OR (r.status = 'pending' AND r.expires_at <= $2::timestamptz)) OR (r.teacher_id <> $1 AND r.status IN ('approved', 'finished')))`,
      );
      const got = await pages('canceled', 50);
      expect(got.ids).toEqual(canceled);
      expect([...got.totals]).toEqual([canceled.length]);
      // A page past the end: nothing, as before.
      expect(await listRequests(t.db, { id: heavy, role: 'teacher' }, { filter: 'all', page: 200, per_page: 50 }, 'en', NOW)).toEqual({
        items: [],
        total: 0,
      });
    });
  });

  describe('its plan', () => {
    it('the heavy teacher’s page reaches requests and users through indexes: no sequential scan of either', async () => {
      const { q, statements } = recording(t.db);
      await listRequests(q, { id: heavy, role: 'teacher' }, { filter: 'all', page: 1, per_page: 20 }, 'en', NOW);
      const [sql, params] = statements[0]!;
      const explained = await t.db.one<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const all = nodes(explained!['QUERY PLAN'][0].Plan);
      const seqScans = all.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
      expect(seqScans).not.toContain('requests');
      expect(seqScans).not.toContain('users');
      // Which index serves the teacher's own rows is the planner's choice (on a fresh CI database it took
      // requests_teacher_starts_idx by bitmap); what must hold is that requests are reached through an index.
      expect(all.some((n) => n['Relation Name'] === 'requests' || (n['Index Name'] ?? '').startsWith('requests_'))).toBe(true);
      expect(all.filter((n) => (n['Index Name'] ?? '').startsWith('requests_')).length).toBeGreaterThan(0);
    });

    it('reads the heavy teacher’s broadcast offers, not every offer, and its page stops at the page', async () => {
      const { q, statements } = recording(t.db);
      await listRequests(q, { id: heavy, role: 'teacher' }, { filter: 'all', page: 1, per_page: 20 }, 'en', NOW);
      const [sql, params] = statements[0]!;
      const explained = await t.db.one<{ 'QUERY PLAN': [{ Plan: AnalyzedNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const all = nodes(explained!['QUERY PLAN'][0].Plan) as AnalyzedNode[];
      const read = (n: AnalyzedNode) => n['Actual Rows'] * n['Actual Loops'] + (n['Rows Removed by Filter'] ?? 0);
      const offers = all.filter((n) => n['Relation Name'] === 'request_offers');
      expect(offers.length).toBeGreaterThan(0);
      const broadcastOffers = (await t.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM request_offers WHERE teacher_id = $1 AND broadcast',
        [heavy],
      ))!.n;
      expect(broadcastOffers).toBeGreaterThan(0);
      expect(broadcastOffers).toBeLessThan(scale.heavy / 4);
      // Each read of request_offers (the page's and the count's) reads at most the broadcast offers.
      for (const n of offers) expect(read(n)).toBeLessThanOrEqual(broadcastOffers);
      // The own rows of the page: an index read stopping after one page, not all 1 200 sorted.
      const sorts = all.filter((n) => n['Node Type'] === 'Sort');
      for (const n of sorts) expect(n['Actual Rows']).toBeLessThanOrEqual(broadcastOffers + 20);
    });

    it('copies a request’s broadcast flag to its offers on insert and when the request’s flag changes', async () => {
      const row = (await t.db.one<{ id: number; teacher_id: number }>(
        `SELECT id, teacher_id FROM requests WHERE channel_name LIKE 'other-%' AND NOT broadcast ORDER BY id LIMIT 1`,
      ))!;
      const flags = async () =>
        (
          await t.db.query<{ broadcast: boolean }>('SELECT broadcast FROM request_offers WHERE request_id = $1 ORDER BY teacher_id', [
            row.id,
          ])
        ).map((r) => r.broadcast);
      expect(await flags()).toEqual([false]);
      await t.db.query('UPDATE requests SET broadcast = true WHERE id = $1', [row.id]);
      await t.db.query('INSERT INTO request_offers (request_id, teacher_id) VALUES ($1, $2)', [row.id, heavy]);
      expect(await flags()).toEqual([true, true]);
      await t.db.query('UPDATE requests SET broadcast = false WHERE id = $1', [row.id]);
      expect(await flags()).toEqual([false, false]);
      await t.db.query('DELETE FROM request_offers WHERE request_id = $1 AND teacher_id = $2', [row.id, heavy]);
    });

    it('keeps the list’s statements prepared on a direct connection, and never names one through a pooler', async () => {
      const prepared = async (db: Db) => {
        await listRequests(db, { id: heavy, role: 'teacher' }, { filter: 'all', page: 1, per_page: 20 }, 'en', NOW);
        return (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).map((r) => r.name);
      };
      const direct = await openPg({ databaseUrl: databaseUrl!, searchPath: t.schema, settings: { poolMax: 1 } });
      try {
        expect((await prepared(direct)).filter((n) => n.startsWith('noor_'))).toHaveLength(3); // the page, its offers, its ratings
      } finally {
        await direct.close();
      }
      // A listen URL of its own marks DATABASE_URL as a transaction pooler (PgBouncer).
      const url = new URL(databaseUrl!);
      const listenUrl = `${url.protocol}//${url.username}@localhost:${url.port}${url.pathname}`;
      const pooled = await openPg({ databaseUrl: databaseUrl!, searchPath: t.schema, settings: { poolMax: 1, listenUrl } });
      try {
        expect(await prepared(pooled)).toEqual([]);
      } finally {
        await pooled.close();
      }
    });
  });
});
