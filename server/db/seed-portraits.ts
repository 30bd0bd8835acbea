// Portraits of the demo teachers: generated illustrations (DiceBear's "personas" style), clearly not
// photographs of real people (docs/decisions.md, "Names in Latin letters and English bios"). Each is
// drawn from a seed of the teacher (the e-mail), so every fresh install draws the same face, rasterized
// and stored exactly as an uploaded photo is (the photos module: two clean WebP squares in the storage
// adapter), so cards, pages and caches treat it like any other photo.
import type { FileStorage } from '../adapters/storage';
import { preparePhoto, savePhoto } from '../modules/photos';
import { DEMO_TEACHERS, type TeacherSeed } from './seed-data/demo-people';
import type { Db } from './types';

/** Pastel backgrounds, so the portrait reads as an illustration on light and dark pages alike. */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c9f2d8'];
/** Friendly faces only: no pacifier, frown or sunglasses in a teacher's portrait. */
const FACE = { eyes: ['open', 'happy', 'glasses'], mouth: ['smile', 'bigSmile'], nose: ['smallRound', 'mediumRound'] } as const;
const HAIR = {
  female: ['long', 'bobCut', 'curlyBun', 'straightBun', 'extraLong', 'bobBangs'],
  male: ['shortCombover', 'buzzcut', 'fade', 'balding', 'shortComboverChops'],
} as const;
const PORTRAIT_SIDE = 480;

/** The portrait's SVG text: the same teacher always gets the same face. */
export async function portraitSvg(teacher: Pick<TeacherSeed, 'email' | 'gender'>): Promise<string> {
  const [{ createAvatar }, personas] = await Promise.all([import('@dicebear/core'), import('@dicebear/personas')]);
  return createAvatar(personas, {
    seed: teacher.email,
    size: PORTRAIT_SIDE,
    backgroundColor: BACKGROUNDS,
    eyes: [...FACE.eyes],
    mouth: [...FACE.mouth],
    nose: [...FACE.nose],
    hair: [...HAIR[teacher.gender]],
    hairColor: ['362c47', '6c4545'],
    facialHair: ['beardMustache', 'goatee', 'shadow'],
    facialHairProbability: teacher.gender === 'male' ? 70 : 0,
  }).toString();
}

/**
 * Gives every demo teacher who has no photo yet their portrait. Run once, after the demo people were
 * seeded (outside the seed's transaction: storage is not the database). Answers how many were stored.
 */
export async function seedDemoPortraits(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const { default: sharp } = await import('sharp');
  let stored = 0;
  for (const teacher of DEMO_TEACHERS) {
    const row = await db.one<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.phone = $1 AND u.type = 'instructor'
          AND NOT EXISTS (SELECT 1 FROM teacher_photos p WHERE p.teacher_id = u.id)`,
      [teacher.phone],
    );
    if (!row) continue;
    const png = await sharp(Buffer.from(await portraitSvg(teacher)))
      .png()
      .toBuffer();
    const copies = await preparePhoto(new Uint8Array(png));
    if (typeof copies === 'string') throw new Error(`seed: the portrait of ${teacher.phone} was refused (${copies})`);
    await savePhoto(db, storage, row.id, copies, now);
    stored++;
  }
  return stored;
}
