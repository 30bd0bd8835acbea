// Fills Arabic translations into locales/ar/messages.po from a JSON file {"English source": "Arabic"}.
// Run under the lingui lock after extracting:  node scripts/po-fill.mjs my-ar.json [--force]
// Without --force an existing non-empty translation is kept.
import fs from 'node:fs';
import PO from 'pofile';

const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/po-fill.mjs <translations.json> [--force]');
  process.exit(2);
}
const map = JSON.parse(fs.readFileSync(file, 'utf8'));
const path = 'locales/ar/messages.po';
const po = PO.parse(fs.readFileSync(path, 'utf8'));
let filled = 0;
const unknown = new Set(Object.keys(map));
for (const item of po.items) {
  if (!(item.msgid in map)) continue;
  unknown.delete(item.msgid);
  if (flag !== '--force' && item.msgstr.some((s) => s.trim() !== '')) continue;
  item.msgstr = [map[item.msgid]];
  filled++;
}
fs.writeFileSync(path, po.toString() + '\n');
const empty = po.items.filter((i) => !i.obsolete && i.msgstr.every((s) => s.trim() === '')).map((i) => i.msgid);
console.log(`filled ${filled}; not in catalog: ${unknown.size ? [...unknown].join(' | ') : 'none'}`);
console.log(`still untranslated in ar: ${empty.length}${empty.length ? '\n  ' + empty.join('\n  ') : ''}`);
