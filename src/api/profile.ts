// Server data of the profile screen: the profile (GET v1/profile), saving it (PATCH v1/profile), the
// student's balance (the packages screen reads the same cache entry, ['packages', 'balance']), replacing
// a teacher's document (POST v1/instructor/documents) and opening a document, which needs the bearer
// token and so cannot be a plain link.
import { queryOptions } from '@tanstack/react-query';
import { balanceSchema } from '../../contract/packages';
import { PHOTO_FIELD, photoResultSchema } from '../../contract/photos';
import { profileDetailsSchema, type ProfileDetails, type StudentProfileUpdate, type TeacherProfileUpdate } from '../../contract/profile';
import { uploadWithProgress } from './upload';
import { api, type ApiClient, type Envelope } from './client';
import { readCookie, TOKEN_COOKIE } from './cookies';

export type { ProfileDetails };

export const profileKeys = {
  profile: (locale: string) => ['profile', locale] as const,
  all: ['profile'] as const,
  /** Shared with the packages screen on purpose: one balance in the cache. */
  balance: ['packages', 'balance'] as const,
};

export function profileQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: profileKeys.profile(locale),
    queryFn: async ({ signal }) => {
      const res = await client<Envelope<unknown>>('v1/profile', { signal, headers: { 'Accept-Language': locale } });
      return profileDetailsSchema.parse(res.data);
    },
    // The review status can change behind our back (the realtime channel reloads it too).
    staleTime: 0,
  });
}

export function balanceQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: profileKeys.balance,
    queryFn: async ({ signal }) => balanceSchema.parse((await client<Envelope<unknown>>('v1/balance', { signal })).data),
    staleTime: 0,
  });
}

export interface Saved {
  message: string;
  profile: ProfileDetails;
}

export async function saveProfile(body: StudentProfileUpdate | TeacherProfileUpdate, client: ApiClient = api): Promise<Saved> {
  const res = await client<Envelope<unknown>>('v1/profile', { method: 'PATCH', body });
  return { message: res.message, profile: profileDetailsSchema.parse(res.data) };
}

/**
 * Replaces one document; the server puts an active teacher back in review. Answers the server message.
 * With `onProgress` the file goes by XMLHttpRequest, which reports how much has been sent.
 */
export async function replaceDocument(
  kind: string,
  file: File,
  client: ApiClient = api,
  onProgress?: (share: number) => void,
): Promise<string> {
  const data = new FormData();
  data.set(kind, file, file.name);
  const res = onProgress
    ? await uploadWithProgress<Envelope<unknown>>('v1/instructor/documents', data, onProgress)
    : await client<Envelope<unknown>>('v1/instructor/documents', { method: 'POST', body: data });
  return res.message;
}

/** The base the app's API client uses, for the one call that needs the raw bytes. */
const API_BASE: string = import.meta.env.VITE_API_BASE_URL || '/api/';

/**
 * Opens an owner-only file (`/api/v1/files/:id`) in a new tab: fetched with the bearer token, shown
 * from a blob URL. The tab is opened first, inside the click, so pop-up blockers allow it.
 */
export async function openDocument(url: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<void> {
  const tab = window.open('', '_blank');
  const path = url.replace(/^\/api\//, '');
  const token = readCookie(TOKEN_COOKIE);
  try {
    const res = await fetchImpl(`${API_BASE.replace(/\/?$/, '/')}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(`file ${res.status}`);
    const blobUrl = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = blobUrl;
    else window.location.assign(blobUrl);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** PUT v1/profile/photo: the server re-encodes it and answers the new photo's hash. */
export async function uploadPhoto(file: File, client: ApiClient = api): Promise<{ message: string; photo: string | null }> {
  const body = new FormData();
  body.set(PHOTO_FIELD, file, file.name);
  const res = await client<Envelope<unknown>>('v1/profile/photo', { method: 'PUT', body });
  return { message: res.message, photo: photoResultSchema.parse(res.data).photo };
}

export async function removePhoto(client: ApiClient = api): Promise<string> {
  return (await client<Envelope<unknown>>('v1/profile/photo', { method: 'DELETE' })).message;
}
