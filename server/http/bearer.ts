// The caller's token as HTTP carries it. The one reader of `Authorization: Bearer …`: the auth module's
// middleware and logout, the packages' caller, and the realtime channel auth (which resolves it through
// its injected `resolveUser`, so the realtime adapter does not depend on the auth module).

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
