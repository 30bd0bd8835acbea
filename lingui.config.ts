// Lingui catalogs: English source strings, Arabic is the default shown locale. Both catalogs must be complete.
import { defineConfig } from '@lingui/conf';

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
  format: 'po',
  orderBy: 'messageId',
});
