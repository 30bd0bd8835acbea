// `npm run admin -- <command>`: the reviewer CLI (scripts/admin.ts), compiled with the server
// (scripts/build-server.mjs) when stale and run with plain `node`. In the production image, where
// nothing is compiled at run time, it is `node dist/server/admin.js <command>`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Quiet: the CLI's output may be piped into other tools.
await buildServer({ log: () => undefined });
// The bundle reads process.argv itself, which is this script's: the same arguments.
await import(pathToFileURL(path.join(root, 'dist/server/admin.js')).href);
