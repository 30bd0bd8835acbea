// `npm run i18n:check` (part of `npm test`): fails when `lingui extract --clean` would change the
// catalogs — a message added, changed or removed in the code without `npm run i18n:extract` — and
// leaves the catalogs exactly as they were either way. Developers run `npm run i18n:extract`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogs = ['ar', 'en'].map((locale) => path.join(root, 'locales', locale, 'messages.po'));
const before = catalogs.map((file) => readFileSync(file, 'utf8'));

/** msgid → msgstr of a catalog, enough to say what changed. */
function entries(po) {
  const out = new Map();
  for (const block of po.split(/\n\n+/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    if (id) out.set(id, block);
  }
  return out;
}

let after;
try {
  execFileSync(path.join(root, 'node_modules/.bin/lingui'), ['extract', '--clean'], { cwd: root, stdio: 'pipe' });
  after = catalogs.map((file) => readFileSync(file, 'utf8'));
} finally {
  catalogs.forEach((file, i) => writeFileSync(file, before[i]));
}

const stale = [];
catalogs.forEach((file, i) => {
  if (before[i] === after[i]) return;
  const was = entries(before[i]);
  const now = entries(after[i]);
  const added = [...now.keys()].filter((id) => !was.has(id));
  const removed = [...was.keys()].filter((id) => !now.has(id));
  const changed = [...now.keys()].filter((id) => was.has(id) && was.get(id) !== now.get(id));
  stale.push(`${path.relative(root, file)}: ${added.length} new, ${removed.length} gone, ${changed.length} changed`);
  for (const id of [...added, ...removed, ...changed].slice(0, 10)) stale.push(`  ${id}`);
});

if (stale.length) {
  console.error('The catalogs are out of date with the code; run `npm run i18n:extract` and translate:');
  console.error(stale.join('\n'));
  process.exit(1);
}
console.log('Catalogs match the code.');
