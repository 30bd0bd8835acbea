// Cookie reading for the HTTP layer (the ng-token cookie of spec §9). Kept here rather than imported from
// src/bindings so the api layer does not depend on the layers above it; src/bindings/session-storage.ts writes the cookie.
export const TOKEN_COOKIE = 'ng-token';

/** Reads a cookie without assuming a DOM (the client is also imported by node-side tests). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        // A malformed escape from another writer: better the raw value than no session.
        return part.slice(prefix.length);
      }
    }
  }
  return null;
}
