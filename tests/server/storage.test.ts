// The upload storage port's three adapters behave alike: what is put is got back by its key, unknown
// and removed keys read as null, keys that are not ours are refused. The database adapter runs on
// PGlite here and on PostgreSQL under test:pg; the S3 adapter against a local S3rver on loopback.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbStorage, createDiskStorage, type FileStorage } from '../../server/adapters/storage';
import { createS3Storage } from '../../server/adapters/storage-s3';
import { loadStorageConfig } from '../../server/config-instances';
import { freshDb, type TestDb } from './helpers';
import { migrate } from '../../server/db/migrate';

function behavesAsStorage(name: string, make: () => Promise<FileStorage>) {
  describe(name, () => {
    it('gives back what was put, by key; unknown and removed keys read as null', async () => {
      const storage = await make();
      // Bigger than any single network packet, with every byte value.
      const bytes = new Uint8Array(300_000).map((_, i) => i % 256);
      const key = await storage.put(bytes);
      expect(key).toMatch(/^[a-f0-9]{32}$/);
      expect(await storage.get(key)).toEqual(bytes);
      const other = await storage.put(new Uint8Array([1, 2, 3]));
      expect(other).not.toBe(key);
      await storage.remove(key);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.get(other)).toEqual(new Uint8Array([1, 2, 3]));
      expect(await storage.get('0'.repeat(32))).toBeNull();
    });
  });
}

let t: TestDb;
let dir: string;
let s3: S3rver;
let s3Port: number;

beforeAll(async () => {
  t = await freshDb();
  await migrate(t.db);
  dir = await mkdtemp(path.join(tmpdir(), 'noor-storage-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'noor-test' }],
  });
  s3Port = (await s3.run()).port;
});

afterAll(async () => {
  await s3?.close();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

behavesAsStorage('the folder (PGlite default)', async () => createDiskStorage(path.join(dir, 'disk')));
behavesAsStorage('the database (DATABASE_URL default)', async () => createDbStorage(t.db));
behavesAsStorage('an S3-compatible bucket', () =>
  createS3Storage({
    bucket: 'noor-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${s3Port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }),
);

describe('choosing the storage by environment', () => {
  it('is the folder on PGlite, the database with DATABASE_URL, S3 when asked (bucket required)', () => {
    expect(loadStorageConfig({})).toEqual({ kind: 'disk' });
    expect(loadStorageConfig({ DATABASE_URL: 'postgres://db/noor' })).toEqual({ kind: 'db' });
    expect(() => loadStorageConfig({ STORAGE: 'db' })).toThrow(/DATABASE_URL/);
    expect(() => loadStorageConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadStorageConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(
      loadStorageConfig({
        STORAGE: 's3',
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });
});
