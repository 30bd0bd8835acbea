// `npm run paths -- <machine> [--format md|json] [--lang ar|en]`: every generated path of a machine
// (shortest to each state, then simple paths) as numbered plain-language steps, with the states and
// transitions covered, for QA. Runs through scripts/vite-run.mjs (Lingui macros and catalogs).
import { setupI18n, type Messages } from '@lingui/core';
import { pathsJson, pathsMarkdown } from '../src/features/flows/format';
import { createLabeller } from '../src/features/flows/labels';
import { generatePaths } from '../src/features/flows/paths';
import { scenarios } from '../src/features/flows/scenarios';

export interface PathsArgs {
  machine: string;
  format: 'md' | 'json';
  lang: 'ar' | 'en';
}

export function parseArgs(argv: string[]): PathsArgs | string {
  let machine = '';
  let format: PathsArgs['format'] = 'md';
  let lang: PathsArgs['lang'] = 'en';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg === '--format' && (value === 'md' || value === 'json')) {
      format = value;
      i++;
    } else if (arg === '--lang' && (value === 'ar' || value === 'en')) {
      lang = value;
      i++;
    } else if (!arg.startsWith('--') && !machine) machine = arg;
    else return `unknown or incomplete option: ${arg}`;
  }
  const ids = scenarios.map((s) => s.id);
  if (!ids.includes(machine)) return `usage: npm run paths -- <${ids.join('|')}> [--format md|json] [--lang ar|en]`;
  return { machine, format, lang };
}

export function renderPaths(args: PathsArgs, messages: Messages): string {
  const i18n = setupI18n({ locale: args.lang, messages: { [args.lang]: messages } });
  const scenario = scenarios.find((s) => s.id === args.machine)!;
  const report = generatePaths(scenario, createLabeller(i18n));
  return args.format === 'json' ? pathsJson(report) : pathsMarkdown(report, i18n);
}

/** Entry point for scripts/vite-run.mjs. */
export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  const { messages } = (await (args.lang === 'ar' ? import('../locales/ar/messages.po') : import('../locales/en/messages.po'))) as {
    messages: Messages;
  };
  console.log(renderPaths(args, messages));
  return 0;
}
