// `npm start`: builds what is missing or stale (the app with Vite, the server with esbuild), then
// serves in this same process. No child process, and package.json `exec`s this script so no shell
// sits between npm and node either: a SIGTERM to npm (which forwards it) or to the whole process
// group reaches the server itself, which shuts down gracefully (server/main.ts) and exits 0.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';
import { buildIfNeeded, root } from './test-server.mjs';

buildIfNeeded();
await buildServer();
const { main } = await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
await main();
