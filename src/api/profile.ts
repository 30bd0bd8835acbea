// Server data of the profile screen: the profile (GET v1/profile), saving it (PATCH v1/profile), the
// teacher's photo, and opening a document, which needs the bearer token and so cannot be a plain link.
// The balance is the packages module's (./packages.ts); documents are sent by ./teacher-review.ts.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD, photoResultResponseSchema } from '../../contract/photos';
import {
  profileDetailsResponseSchema,
  type ProfileDetails,
  type StudentProfileUpdate,
  type TeacherProfileUpdate,
} from '../../contract/profile';
import { api, type ApiClient, readAnswer } from './client';
import { messageAnswer } from './message-answer';
import { readCookie, TOKEN_COOKIE } from './cookies';

export type { ProfileDetails };

export const profileKeys = {
  profile: (locale: string) => ['profile', locale] as const,
  all: ['profile'] as const,
};

export function profileQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: profileKeys.profile(locale),
    queryFn: async ({ signal }) =>
      (await readAnswer(client('v1/profile', { signal, headers: { 'Accept-Language': locale } }), profileDetailsResponseSchema)).data,
    // The review status can change behind our back (the realtime channel reloads it too).
    staleTime: 0,
  });
}

/** The profile changed on the server (a document replaced, the status moved): it is read again. */
export function refreshProfile(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

export interface Saved {
  message: string;
  profile: ProfileDetails;
}

export async function saveProfile(body: StudentProfileUpdate | TeacherProfileUpdate, client: ApiClient = api): Promise<Saved> {
  const res = await readAnswer(client('v1/profile', { method: 'PATCH', body }), profileDetailsResponseSchema);
  return { message: res.message, profile: res.data };
}

/** A saved profile goes straight into the cache in `locale`; the other language's copy is read again. */
export function profileSaved(queryClient: QueryClient, locale: string, profile: ProfileDetails): void {
  queryClient.setQueryData(profileKeys.profile(locale), profile);
  void queryClient.invalidateQueries({ queryKey: profileKeys.all, predicate: (q) => q.queryKey[1] !== locale });
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
  const res = await readAnswer(client('v1/profile/photo', { method: 'PUT', body }), photoResultResponseSchema);
  return { message: res.message, photo: res.data.photo };
}

export async function removePhoto(client: ApiClient = api): Promise<string> {
  return (await readAnswer(client('v1/profile/photo', { method: 'DELETE' }), messageAnswer)).message;
}

/** After a new or removed photo: the profile, and the teacher cards and pages that show it, are read again. */
export function photoChanged(queryClient: QueryClient): void {
  void refreshProfile(queryClient);
  // The teachers' root key (./teachers.ts `teachersKeys.all`), written here rather than imported: that
  // module is in the public pages' first download, and importing it from the signed-in modules splits it
  // out of its chunk there (about 0.1 KB on /teachers).
  void queryClient.invalidateQueries({ queryKey: ['teachers'] });
}
