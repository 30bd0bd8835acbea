// Catalog imports are compiled by @lingui/vite-plugin.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// scripts/vite-catalog-parts.ts: each locale's catalog as a core and one part per lazy feature.
declare module 'virtual:noor-catalogs' {
  import type { Messages } from '@lingui/core';
  export const catalogs: Record<'ar' | 'en', Record<string, () => Promise<{ messages: Messages }>>>;
}
