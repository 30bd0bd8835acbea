// The public cache without a query per hit: the version lives in memory, moved on by the
// NOTIFY each bump sends. A hit asks the database nothing; a write through this server shows on the
// next read; on PostgreSQL, a write by another server (another pool) shows within moments. A hit also
// sends its stored compressed bytes, the same JSON as the plain answer.
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { TeacherCard } from '../../contract/teachers';
import type { Db } from '../../server/db';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { databaseUrl, seededDb } from './helpers';
import { makeTeacher } from './requests-helpers';
import { perFile } from './support/per-file';

/** The database as the app sees it, counting every statement the app sends. */
function counting(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const counted: Db = {
    ...db,
    query: (sql, params) => (n++, db.query(sql, params)),
    one: (sql, params) => (n++, db.one(sql, params)),
    exec: (sql) => (n++, db.exec(sql)),
    transaction: (fn) => (n++, db.transaction(fn)),
    close: () => db.close(),
  };
  if (db.listen) counted.listen = db.listen.bind(db);
  return { db: counted, statements: () => n };
}

const ctx = perFile(async () => {
  const t = await seededDb();
  const seen = counting(t.db);
  // A clock early in a minute that never moves: in a minute's last seconds a repeated hit fills the
  // next minute ahead (teachers/routes.ts), statements these counts must not see.
  const app = createApp({ db: seen.db, log: createLogger('silent'), requests: { now: () => new Date('2030-01-06T06:00:10.000Z') } });
  return { ...t, app, statements: seen.statements };
});

const list = async (search: string, headers: Record<string, string> = {}): Promise<Response> =>
  ctx.app.request(`/api/v1/teachers?per_page=50&search=${encodeURIComponent(search)}`, {
    headers: { 'Accept-Language': 'en', ...headers },
  });
const names = async (res: Response) => ((await res.json()) as { data: TeacherCard[] }).data.map((t) => t.last_name);

describe('public version in memory', () => {
  it('a cache hit sends no statement to the database; a write shows on the next read', async () => {
    const id = await makeTeacher(ctx.db, { first: 'Memo', last: 'One' });
    expect(await names(await list('Memo'))).toEqual(['One']);
    const before = ctx.statements();
    for (let i = 0; i < 5; i++) expect((await list('Memo')).status).toBe(200);
    expect(ctx.statements()).toBe(before);

    await ctx.db.query(`UPDATE users SET last_name = 'Two' WHERE id = $1`, [id]);
    expect(await names(await list('Memo'))).toEqual(['Two']);
  });

  it('requests that miss together share one fill: a burst after a write costs what one miss costs', async () => {
    const id = await makeTeacher(ctx.db, { first: 'Burst', last: 'One' });
    const missCost = async (concurrent: number) => {
      await ctx.db.query(`UPDATE users SET experience_years = experience_years + 1 WHERE id = $1`, [id]);
      const before = ctx.statements();
      const answers = await Promise.all(Array.from({ length: concurrent }, () => list('Burst')));
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: concurrent }, () => 200));
      return ctx.statements() - before;
    };
    const one = await missCost(1);
    expect(one).toBeGreaterThan(0);
    expect(await missCost(6)).toBe(one);
  });

  it('a write rolled back leaves the cached answer in place', async () => {
    await makeTeacher(ctx.db, { first: 'Memo', last: 'Three' });
    const etag = (await list('Memo')).headers.get('etag')!;
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query(`UPDATE users SET last_name = 'Gone' WHERE last_name = 'Three'`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await list('Memo', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('a hit asking for brotli gets the stored bytes of the same JSON, with the same ETag', async () => {
    for (let i = 0; i < 8; i++) await makeTeacher(ctx.db, { first: 'Zipped', last: `Number ${i}` });
    const plain = await list('Zipped');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    for (let i = 0; i < 2; i++) {
      const packed = await list('Zipped', { 'Accept-Encoding': 'br' });
      expect(packed.headers.get('content-encoding')).toBe('br');
      expect(packed.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(brotliDecompressSync(Buffer.from(await packed.arrayBuffer())).toString()).toBe(text);
    }
  });

  it.runIf(databaseUrl !== undefined)('on PostgreSQL, a write by another server shows here within moments', async () => {
    const id = await makeTeacher(ctx.db, { first: 'Memo', last: 'Far' });
    expect(await names(await list('Memo Far'))).toEqual(['Far']);
    const other = await ctx.reopen();
    try {
      await other.query(`UPDATE users SET last_name = 'Farther' WHERE id = $1`, [id]);
    } finally {
      await other.close();
    }
    await vi.waitFor(async () => expect(await names(await list('Memo'))).toContain('Farther'), { timeout: 5000, interval: 20 });
  });
});
