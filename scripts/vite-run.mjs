// Runs a TypeScript script that needs the app's Lingui macros (the flows label table) through Vite's
// SSR module loader: `node scripts/vite-run.mjs scripts/paths.ts -- args`. The module's exported
// `main(argv)` is called; tsx alone cannot run `msg` macros.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [script, ...rest] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/vite-run.mjs <script.ts> [args]');
  process.exit(2);
}
const server = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
});
let code = 0;
try {
  const mod = await server.ssrLoadModule(`/${path.relative(root, path.resolve(root, script))}`);
  code = (await mod.main(rest.filter((a) => a !== '--'))) ?? 0;
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await server.close();
}
process.exit(code);
