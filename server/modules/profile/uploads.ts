// The teacher's documents from a multipart form: each must be a file of at most 5 MB whose first bytes
// prove JPEG, PNG, WebP or PDF (the name and the declared type are ignored). Stored with a random name;
// the uploads row records the owner and the sniffed type. Images are re-encoded and PDFs checked for
// active content first.
import { randomBytes } from 'node:crypto';
import { authValidationKeys, DOCUMENT_FIELDS, UPLOAD_MAX_BYTES, type DocumentField } from '../../../contract/auth';
import { validationKeys } from '../../../contract/validation';
import { sniffContentType, type FileStorage, type SniffedType } from '../../adapters/storage';
import type { Queryable } from '../../db';
import { ImageRejected, reencodeImage, type ImageFormat } from '../../lib/images';
import { pdfActiveContent } from '../../lib/pdf-check';

export interface IncomingDocument {
  kind: DocumentField;
  bytes: Uint8Array;
  contentType: SniffedType;
}

const FORMAT: Record<Exclude<SniffedType, 'application/pdf'>, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * an image is decoded within the pixel limits and re-encoded in its own format without its
 * metadata (a decompression bomb is refused); a PDF with active content is refused. Returns the bytes
 * to store, or the validation key of the problem.
 */
async function cleanDocument(bytes: Uint8Array, type: SniffedType): Promise<Uint8Array | string> {
  if (type === 'application/pdf') return pdfActiveContent(bytes).length ? authValidationKeys.pdfActiveContent : bytes;
  try {
    const image = await reencodeImage(bytes, { format: FORMAT[type], quality: 90 });
    return new Uint8Array(image.data);
  } catch (err) {
    if (err instanceof ImageRejected) return err.reason === 'too_large' ? authValidationKeys.imageTooLarge : authValidationKeys.fileType;
    throw err;
  }
}

/** Checks the three documents; problems come back as validation keys per field. */
export async function readDocuments(
  form: Record<string, unknown>,
): Promise<{ documents: IncomingDocument[]; problems: Partial<Record<DocumentField, string>> }> {
  const documents: IncomingDocument[] = [];
  const problems: Partial<Record<DocumentField, string>> = {};
  for (const kind of DOCUMENT_FIELDS) {
    const value = form[kind];
    if (!(value instanceof File) || value.size === 0) {
      problems[kind] =
        value === undefined || value === '' || (value instanceof File && value.size === 0)
          ? validationKeys.required
          : authValidationKeys.fileType;
      continue;
    }
    if (value.size > UPLOAD_MAX_BYTES) {
      problems[kind] = authValidationKeys.fileTooLarge;
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    const contentType = sniffContentType(bytes);
    if (!contentType) {
      problems[kind] = authValidationKeys.fileType;
      continue;
    }
    const checked = await cleanDocument(bytes, contentType);
    if (typeof checked === 'string') {
      problems[kind] = checked;
      continue;
    }
    documents.push({ kind, bytes: checked, contentType });
  }
  return { documents, problems };
}

/** Writes the bytes to storage (before the transaction; the caller removes them if it fails). */
export async function putDocuments(storage: FileStorage, documents: IncomingDocument[]): Promise<(IncomingDocument & { key: string })[]> {
  const stored: (IncomingDocument & { key: string })[] = [];
  try {
    for (const d of documents) stored.push({ ...d, key: await storage.put(d.bytes) });
  } catch (err) {
    await Promise.all(stored.map((d) => storage.remove(d.key)));
    throw err;
  }
  return stored;
}

export async function recordDocuments(q: Queryable, ownerId: number, stored: (IncomingDocument & { key: string })[]): Promise<void> {
  for (const d of stored) {
    await q.query('INSERT INTO uploads (id, owner_id, kind, content_type, size, storage_key) VALUES ($1, $2, $3, $4, $5, $6)', [
      randomBytes(16).toString('base64url'),
      ownerId,
      d.kind,
      d.contentType,
      d.bytes.byteLength,
      d.key,
    ]);
  }
}

const EXTENSION: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export function downloadName(kind: DocumentField, type: SniffedType): string {
  return `${kind}.${EXTENSION[type]}`;
}
