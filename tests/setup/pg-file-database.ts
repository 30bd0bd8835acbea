// Vitest setup file, run before each test file: on PostgreSQL with the run's template database
// (tests/setup/pg-template.ts), the file gets a database of its own as a copy of it (`CREATE DATABASE
// … TEMPLATE`, a file copy), dropped after the file's own afterAll hooks (registered first, so run
// last). On PGlite, or with PG_TEMPLATE=off, nothing happens.
import { afterAll, inject } from 'vitest';

const baseUrl = process.env.DATABASE_URL;
const template = baseUrl ? inject('pgTemplate') : null;

if (baseUrl && template) {
  const [{ randomBytes }, { databaseUrlFor, onServer, SEEDED_SCHEMAS }, { useFileDatabase }] = await Promise.all([
    import('node:crypto'),
    import('./pg-template'),
    import('../server/helpers'),
  ]);
  const name = `noor_file_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  useFileDatabase(databaseUrlFor(baseUrl, name), SEEDED_SCHEMAS);
  afterAll(() => onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
