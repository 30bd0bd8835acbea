// `npm start`: builds what is missing or stale (the app with Vite, the server with esbuild), then
// serves in this same process. No child process: a SIGTERM sent to npm's child, or to the process
// group, reaches the server itself, which shuts down gracefully (server/main.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';
import { buildIfNeeded, root } from './test-server.mjs';

buildIfNeeded();
await buildServer();
const { main } = await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
await main();
