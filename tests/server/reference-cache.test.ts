// Reference lists from the shared public cache: each answers with an ETag a browser can
// revalidate (304, no body), per language, and an edit to the list's table shows on the next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsApp } from './requests-helpers';

let ctx: Awaited<ReturnType<typeof requestsApp>>;
beforeAll(async () => {
  ctx = await requestsApp();
});
afterAll(() => ctx.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.request(path, { headers: { 'Accept-Language': 'en', ...headers } });

describe('reference lists in the public cache', () => {
  for (const list of ['phases', 'subjects', 'countries', 'settings']) {
    it(`${list}: an ETag, a 304 for the same one, and the other language is another answer`, async () => {
      const first = await get(`/api/v1/${list}`);
      expect(first.status).toBe(200);
      expect(((await first.json()) as { data: unknown }).data).toBeTruthy();
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      const again = await get(`/api/v1/${list}`, { 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect((await get(`/api/v1/${list}`, { 'Accept-Language': 'ar', 'If-None-Match': etag! })).status).toBe(200);
    });
  }

  it('a renamed phase and a changed setting show on the next read', async () => {
    const phases = async () => ((await (await get('/api/v1/phases')).json()) as { data: { id: number; name: string }[] }).data;
    const [phase] = await phases();
    const etag = (await get('/api/v1/phases')).headers.get('etag')!;
    await ctx.db.query(`UPDATE phases SET name_en = 'Renamed phase' WHERE id = $1`, [phase!.id]);
    expect((await get('/api/v1/phases', { 'If-None-Match': etag })).status).toBe(200);
    expect((await phases()).find((p) => p.id === phase!.id)?.name).toBe('Renamed phase');

    await ctx.db.query(`INSERT INTO settings (key, value) VALUES ('contact_email', '"new@noor.test"'::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    const settings = (await (await get('/api/v1/settings')).json()) as { data: { contact_email: string } };
    expect(settings.data.contact_email).toBe('new@noor.test');
  });
});
