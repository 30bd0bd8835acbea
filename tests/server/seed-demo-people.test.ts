// The demo teachers look lived in: each has a generated, illustrated portrait stored as a photo is (two
// WebP squares the public photo route serves), a Latin name and an English bio beside the Arabic ones,
// and reviews written over several weeks with varied ratings, some in English.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDbStorage } from '../../server/adapters/storage';
import { createApp } from '../../server/app';
import { DEMO_TEACHERS } from '../../server/db/seed-data/demo-people';
import { portraitSvg, seedDemoPortraits } from '../../server/db/seed-portraits';
import { createLogger } from '../../server/logger';
import { seededDb } from './helpers';
import { perFile } from './support/per-file';

const t = perFile(seededDb);
const WEEK_MS = 7 * 24 * 3_600_000;
const phones = DEMO_TEACHERS.map((d) => d.phone);

let stored = 0;
beforeAll(async () => {
  stored = await seedDemoPortraits(t.db, createDbStorage(t.db), new Date());
}, 60_000);

describe('the demo teachers', () => {
  it('each have a portrait, served by the photo route as an image of at least 16 px a side', async () => {
    expect(stored).toBe(DEMO_TEACHERS.length);
    const rows = await t.db.query<{ phone: string; hash: string | null }>(
      'SELECT u.phone, p.hash FROM users u LEFT JOIN teacher_photos p ON p.teacher_id = u.id WHERE u.phone = ANY($1::text[])',
      [phones],
    );
    expect(rows).toHaveLength(DEMO_TEACHERS.length);
    const app = createApp({ db: t.db, log: createLogger('silent'), auth: { storage: createDbStorage(t.db) } });
    for (const row of rows) {
      expect(row.hash, row.phone).toMatch(/^[a-f0-9]{32}$/);
      const res = await app.request(`/api/v1/photos/${row.hash}-160.webp`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.min(meta.width, meta.height)).toBeGreaterThanOrEqual(16);
    }
    // A second run finds every teacher with a photo and draws nothing.
    expect(await seedDemoPortraits(t.db, createDbStorage(t.db), new Date())).toBe(0);
  });

  it('draw the same face for the same teacher, and different faces for different teachers', async () => {
    const [a, b] = DEMO_TEACHERS;
    expect(await portraitSvg(a!)).toBe(await portraitSvg(a!));
    expect(await portraitSvg(a!)).not.toBe(await portraitSvg(b!));
  });

  it('each have a Latin name, an English bio and an Arabic one', async () => {
    const rows = await t.db.query<{ latin_name: string | null; bio_en: string | null; description: string | null }>(
      'SELECT latin_name, bio_en, description FROM users WHERE phone = ANY($1::text[])',
      [phones],
    );
    expect(rows).toHaveLength(DEMO_TEACHERS.length);
    for (const r of rows) {
      expect(r.latin_name).toMatch(/^[A-Za-z' -]{2,60}$/);
      expect(r.bio_en).toMatch(/[A-Za-z]{3}/);
      expect(r.description).toMatch(/[\u0621-\u064A]{3}/);
    }
  });

  it('each have reviews on at least three different weeks, with varied ratings, some in English', async () => {
    const rows = await t.db.query<{ phone: string; rating: number; comment: string | null; created_at: Date }>(
      `SELECT u.phone, e.rating, e.comment, e.created_at FROM evaluations e JOIN users u ON u.id = e.teacher_id
        WHERE u.phone = ANY($1::text[])`,
      [phones],
    );
    const now = Date.now();
    for (const phone of phones) {
      const mine = rows.filter((r) => r.phone === phone);
      const weeks = new Set(mine.map((r) => Math.floor((now - r.created_at.getTime()) / WEEK_MS)));
      expect(weeks.size, phone).toBeGreaterThanOrEqual(3);
      expect(new Set(mine.map((r) => r.rating)).size, phone).toBeGreaterThanOrEqual(2);
      expect(mine.every((r) => r.created_at.getTime() < now)).toBe(true);
    }
    const english = rows.filter((r) => r.comment && /^[\x20-\x7E]+$/.test(r.comment));
    const arabic = rows.filter((r) => r.comment && /[\u0621-\u064A]/.test(r.comment));
    expect(english.length).toBeGreaterThanOrEqual(DEMO_TEACHERS.length);
    expect(arabic.length).toBeGreaterThan(english.length);
  });
});
