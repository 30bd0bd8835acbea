// The small pieces every configuration module shares: reading a variable, the development realtime keys.

// Public on purpose: they only let a developer's own tools talk to their own local server.
export const EMBEDDED_DEV_KEYS = { appId: 'noor-local', key: 'noor-local-key', secret: 'noor-local-secret' } as const;

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}
