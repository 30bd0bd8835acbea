// Vitest setup file: an in-memory PGlite that a test opens without a dump (createServer's database,
// for one) starts from the run's dumped empty cluster (tests/setup/pglite-template.ts) instead of
// running initdb. The cluster is the same one initdb makes; skipping initdb saves about 2 s of CPU per
// server a test file starts (4 s with the WASM compile of a fresh worker), measured in docs/bench.md.
// PostgreSQL runs (no templates) and PGlite on disk are left as they are.
import { readFile } from 'node:fs/promises';
import { inject, vi } from 'vitest';

vi.mock('../../server/db/pglite', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/db/pglite')>();
  const templates = inject('pgliteTemplates');
  if (!templates) return actual;
  let empty: Promise<Blob> | undefined;
  const openPglite: typeof actual.openPglite = async (dataDir, options = {}) => {
    if (dataDir !== 'memory://' || options.loadDataDir) return actual.openPglite(dataDir, options);
    empty ??= readFile(templates.empty).then((bytes) => new Blob([new Uint8Array(bytes)]));
    return actual.openPglite(dataDir, { ...options, loadDataDir: await empty });
  };
  return { ...actual, openPglite };
});
