// Sending a file with its progress: fetch cannot report how much of a request body has gone (upload
// streams are not in every browser), XMLHttpRequest can. Same base URL, headers and failure type as
// the app's client (src/api/client.ts), so callers and the error catalogue see no difference.
import { readStoredLocale } from '../i18n/locale';
import { toApiError, type ApiError } from './api-error';
import { DEFAULT_BASE_URL } from './client';
import { readCookie, TOKEN_COOKIE } from './cookies';

const baseURL: string = import.meta.env.VITE_API_BASE_URL || DEFAULT_BASE_URL;

/**
 * POSTs `body` (a FormData) to `path` under the API base, calling `onProgress` with 0–1 as the bytes
 * go out. Resolves with the parsed JSON reply; rejects with an ApiError like every other call.
 */
export function uploadWithProgress<T>(path: string, body: FormData, onProgress: (share: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseURL.replace(/\/$/, '')}/${path.replace(/^\//, '')}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', readStoredLocale());
    const bearer = readCookie(TOKEN_COOKIE);
    if (bearer) xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as T);
      } else {
        reject(toApiError({ response: { status: xhr.status }, data }));
      }
    };
    // No response at all (offline, aborted): status 0, as the client reports it.
    xhr.onerror = () => reject(toApiError(new TypeError('network error')) satisfies ApiError);
    xhr.onabort = xhr.onerror;
    xhr.send(body);
  });
}
