// Lingui catalogs: English source strings, Arabic is the default shown locale. Both catalogs must be complete.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ar', 'en'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.gen.ts'],
    },
  ],
  // Origins name files without line numbers: moving code does not change the catalogs, so the
  // catalog check (scripts/check-catalogs.mjs) fails only when messages really change.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
