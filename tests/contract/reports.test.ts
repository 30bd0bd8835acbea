// The surah table and the verse-range rule of lesson reports (contract/reports.ts).
import { describe, expect, it } from 'vitest';
import { quranEntrySchema, storedQuranEntries, SURAHS, versesOf } from '../../contract/reports';

describe('surahs', () => {
  it('lists the 114 surahs with the Quran’s 6 236 verses', () => {
    expect(SURAHS).toHaveLength(114);
    expect(SURAHS.reduce((sum, [verses]) => sum + verses, 0)).toBe(6236);
    expect([SURAHS[0], SURAHS[1], SURAHS[66], SURAHS[113]]).toEqual([
      [7, 'الفاتحة', 'Al-Fatihah'],
      [286, 'البقرة', 'Al-Baqarah'],
      [30, 'الملك', 'Al-Mulk'],
      [6, 'الناس', 'An-Nas'],
    ]);
    expect([versesOf(108), versesOf(0), versesOf(115)]).toEqual([3, 0, 0]);
  });

  it('accepts a range inside its surah and refuses one outside it, on to_ayah', () => {
    const entry = (surah: number, from: number, to: number) =>
      quranEntrySchema.safeParse({ surah, from_ayah: from, to_ayah: to, kind: 'memorised', grade: 'good' });
    expect(entry(108, 1, 3).success).toBe(true);
    expect(entry(2, 255, 257).success).toBe(true);
    const outside = entry(108, 1, 4);
    expect(outside.success).toBe(false);
    expect(outside.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to_ayah', 'ayah_range']]);
    expect(entry(1, 5, 2).success).toBe(false);
    expect(entry(0, 1, 1).success).toBe(false);
  });
});

describe('stored entries', () => {
  it('keeps the entries the rules accept and drops the rest, whatever the stored shape', () => {
    const good = { surah: 112, from_ayah: 1, to_ayah: 4, kind: 'memorised', grade: 'excellent' };
    const odd = [
      good,
      { ...good, surah: 200 },
      { ...good, from_ayah: 5, to_ayah: 1 },
      { ...good, kind: 'sung' },
      { ...good, surah: '112' },
      null,
      'الإخلاص',
      [1, 2, 3],
    ];
    expect(storedQuranEntries(odd)).toEqual([good]);
    // Text as a driver may answer jsonb, and shapes that are not a list at all.
    expect(storedQuranEntries(JSON.stringify(odd))).toEqual([good]);
    for (const stored of [null, undefined, 42, {}, 'not json', '{"surah":112}', '"x"']) expect(storedQuranEntries(stored)).toEqual([]);
  });
});
