// Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph …) for deployments whose files outgrow
// the database. The SDK is loaded only when this adapter is chosen (STORAGE=s3), so other set-ups
// never pay for it. Objects are private; the API streams them to the people allowed to see them.
import type { FileStorage } from './storage';
import { isStorageKey, newStorageKey } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (e.g. http://minio:9000); AWS when unset. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO and most self-hosted services). */
  forcePathStyle?: boolean;
  /** Prefix for every object key, so one bucket can serve several environments. */
  prefix?: string;
}

export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const prefix = options.prefix ?? 'uploads/';
  const Bucket = options.bucket;
  return {
    async put(bytes) {
      const key = newStorageKey();
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + key, Body: bytes, ContentType: 'application/octet-stream' }));
      return key;
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
        return res.Body ? await res.Body.transformToByteArray() : null;
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (err instanceof NoSuchKey || status === 404) return null;
        throw err;
      }
    },
    async remove(key) {
      if (isStorageKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + key }));
    },
  };
}
