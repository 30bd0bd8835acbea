// Where uploaded files live, behind one port with three adapters: a folder outside any web root
// (UPLOAD_DIR, default ./.data/uploads; the PGlite default), the database (the default with
// DATABASE_URL, so every instance reads what any stored) and an S3-compatible bucket (storage-s3.ts).
// Each file has a random key with no extension, so neither a name nor a path ever comes from a user.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';

export interface FileStorage {
  /** Stores the bytes and returns the key to read them back with. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;
/** A fresh random key; exported for the other adapters so all three share one key format. */
export const newStorageKey = () => randomBytes(16).toString('hex');
export const isStorageKey = (key: string) => KEY.test(key);

/** Removes every stored file named, skipping the empty keys of copies never made. */
export async function removeStored(storage: FileStorage, keys: Array<string | null | undefined>): Promise<void> {
  await Promise.all(keys.filter((key): key is string => Boolean(key)).map((key) => storage.remove(key)));
}

export function createDiskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  let ready: Promise<unknown> | undefined;
  // Keys are ours (random hex), but a key is still checked before it becomes a path.
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(bytes) {
      await (ready ??= mkdir(root, { recursive: true, mode: 0o700 }));
      const key = newStorageKey();
      // wx: never overwrite; the owner alone may read the file on a shared host.
      await writeFile(fileOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Files in the stored_files table (migration 0040): documents are at most 5 MB and intro videos 30 MB, well within bytea. */
export function createDbStorage(db: Db): FileStorage {
  return {
    async put(bytes) {
      const key = newStorageKey();
      await db.query('INSERT INTO stored_files (key, bytes) VALUES ($1, $2)', [
        key,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ]);
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      const row = await db.one<{ bytes: Uint8Array }>('SELECT bytes FROM stored_files WHERE key = $1', [key]);
      return row ? new Uint8Array(row.bytes) : null;
    },
    async remove(key) {
      if (KEY.test(key)) await db.query('DELETE FROM stored_files WHERE key = $1', [key]);
    },
  };
}

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** The content type the first bytes prove, or null: the name and the declared type are never trusted. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}
