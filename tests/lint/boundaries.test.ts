// The architecture's boundaries are enforced by `npm run lint`: a forbidden import in each folder is
// reported, an allowed one is not. Files are linted as text under a path inside the real tree so
// the import resolver sees the real neighbours.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

// The virtual files are not in tsconfig, so the project service cannot type them; the boundary
// rules do not need types.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});

/** Lints `code` (a file's text, or its lines) as if it stood at `filePath`. */
async function problems(filePath: string, code: string | readonly string[]): Promise<string[]> {
  const text = typeof code === 'string' ? code : [...code, ''].join('\n');
  const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

function boundaryProblems(list: string[]): string[] {
  return list.filter((m) => /no-restricted-(paths|imports)|no-cycle|parse/.test(m));
}

describe('lint boundaries', () => {
  it('machines import only xstate, zod and contract/', async () => {
    const bad = await problems('machines/probe-bad.machine.ts', [
      "import { api } from '../src/api/client';",
      "import { useState } from 'react';",
      'export const probe = [api, useState];',
    ]);
    expect(bad.some((m) => m.includes('../src/api/client'))).toBe(true);
    expect(bad.some((m) => m.includes("'react'"))).toBe(true);

    const good = await problems('machines/probe-good.machine.ts', [
      "import { setup } from 'xstate';",
      "import { z } from 'zod';",
      "import type { AccountRecord } from '../contract/account';",
      'export const probe: [typeof setup, typeof z, AccountRecord | null] = [setup, z, null];',
    ]);
    expect(boundaryProblems(good)).toEqual([]);
  });

  it('machines may import() only xstate and contract/', async () => {
    const bad = await problems(
      'machines/probe-dynamic.machine.ts',
      "export async function probe() { return [await import('react'), await import('../src/api/client')]; }\n",
    );
    expect(bad.filter((m) => m.startsWith('no-restricted-syntax'))).toHaveLength(2);
    const good = await problems(
      'machines/probe-dynamic.machine.ts',
      "export async function probe() { return [await import('xstate'), await import('../contract/auth')]; }\n",
    );
    expect(boundaryProblems(good)).toEqual([]);
    expect(good.filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([]);
  });

  it('ui/ and api/ import neither app/, features/ nor domain/; domain/ imports neither app/ nor features/', async () => {
    for (const folder of ['src/ui', 'src/api']) {
      const bad = await problems(`${folder}/probe.tsx`, [
        "import { titles } from '../app/titles';",
        "import { Icon } from '../domain/icon';",
        "import { Home } from '../features/pages/home';",
        'export const probe = [titles, Icon, Home];',
      ]);
      const zones = bad.filter((m) => m.startsWith('import-x/no-restricted-paths'));
      expect(zones.some((m) => m.includes('../app/titles'))).toBe(true);
      expect(zones.some((m) => m.includes('../domain/icon'))).toBe(true);
      expect(zones.some((m) => m.includes('../features/pages/home'))).toBe(true);
    }
    const good = await problems(
      'src/ui/probe.tsx',
      "import { Button } from './button';\nimport { ApiError } from '../api/api-error';\nexport const probe = [Button, ApiError];\n",
    );
    expect(boundaryProblems(good)).toEqual([]);
    const domain = await problems(
      'src/domain/probe.tsx',
      "import { Button } from '../ui/button';\nimport { requestsKeys } from '../api/requests';\nexport const probe = [Button, requestsKeys];\n",
    );
    expect(boundaryProblems(domain)).toEqual([]);
    const domainUp = await problems('src/domain/probe.tsx', "import { titles } from '../app/titles';\nexport const probe = titles;\n");
    expect(domainUp.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('contract imports only zod', async () => {
    const bad = await problems('contract/probe.ts', "import { setup } from 'xstate';\nexport const probe = setup;\n");
    expect(bad.some((m) => m.includes("'xstate'"))).toBe(true);
    const good = await problems('contract/probe.ts', "import { z } from 'zod';\nexport const probe = z.string();\n");
    expect(boundaryProblems(good)).toEqual([]);
  });

  it('the server never imports the client but may use machines and contract', async () => {
    const bad = await problems('server/probe.ts', "import { api } from '../src/api/client';\nexport const probe = api;\n");
    expect(bad.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
    const good = await problems('server/probe.ts', [
      "import { authMachine } from '../machines/auth.machine';",
      "import { accountRecordSchema } from '../contract/account';",
      'export const probe = [authMachine, accountRecordSchema];',
    ]);
    expect(boundaryProblems(good)).toEqual([]);
  });

  // Needs two real feature folders, each with a module, for the resolver to follow the import.
  const featuresDir = path.join(root, 'src/features');
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      name: d.name,
      module: fs.readdirSync(path.join(featuresDir, d.name)).find((f) => /\.tsx?$/.test(f)),
    }))
    .filter((f): f is { name: string; module: string } => Boolean(f.module));

  it.skipIf(features.length < 2)('a feature does not import another feature', async () => {
    const [a, b] = features as [(typeof features)[0], (typeof features)[0]];
    const other = `../${b.name}/${b.module.replace(/\.tsx?$/, '')}`;
    const bad = await problems(`src/features/${a.name}/probe.tsx`, `import * as other from '${other}';\nexport const probe = other;\n`);
    expect(bad.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
    const same = `./${a.module.replace(/\.tsx?$/, '')}`;
    const good = await problems(
      `src/features/${a.name}/probe.tsx`,
      `import * as mine from '${same}';\nimport { Button } from '../../ui/button';\nexport const probe = [mine, Button];\n`,
    );
    expect(good.filter((m) => m.startsWith('import-x/no-restricted-paths'))).toEqual([]);
  });

  it.skipIf(features.length < 1)(
    'a feature never imports the shell (src/app); bindings import neither the shell nor a feature',
    async () => {
      const [a] = features as [(typeof features)[0]];
      const up = await problems(
        `src/features/${a.name}/probe.tsx`,
        "import { titles } from '../../app/titles';\nexport const probe = titles;\n",
      );
      expect(up.some((m) => m.startsWith('import-x/no-restricted-paths') && m.includes('src/app'))).toBe(true);
      const down = await problems(`src/features/${a.name}/probe.tsx`, [
        "import { useWatchedActor } from '../../bindings/watch';",
        "import { selectViewer } from '../../domain/viewer';",
        'export const probe = [useWatchedActor, selectViewer];',
      ]);
      expect(boundaryProblems(down)).toEqual([]);

      const feature = `../features/${a.name}/${a.module.replace(/\.tsx?$/, '')}`;
      const bad = await problems('src/bindings/probe.ts', [
        "import { titles } from '../app/titles';",
        `import * as feature from '${feature}';`,
        'export const probe = [titles, feature];',
      ]);
      const zones = bad.filter((m) => m.startsWith('import-x/no-restricted-paths'));
      expect(zones.some((m) => m.includes('../app/titles'))).toBe(true);
      expect(zones.some((m) => m.includes(feature))).toBe(true);
      const good = await problems('src/bindings/probe.ts', [
        "import { bookingMachine } from '../../machines/booking.machine';",
        "import { selectViewer } from '../domain/viewer';",
        "import { toast } from '../ui/toast-store';",
        "import { api } from '../api/client';",
        'export const probe = [bookingMachine, selectViewer, toast, api];',
      ]);
      expect(boundaryProblems(good)).toEqual([]);
      const domainUp = await problems(
        'src/domain/probe.ts',
        "import { watchAvailable } from '../bindings/watch';\nexport const probe = watchAvailable;\n",
      );
      expect(domainUp.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
    },
  );

  it('no file under src/features or src/bindings imports src/app today', () => {
    // The rule above, read straight off the tree: a static or dynamic import whose path climbs into app/.
    const intoApp = /(?:from\s+|import\s*\(\s*)['"](?:\.\.\/)+app\//;
    const offenders: string[] = [];
    for (const folder of ['src/features', 'src/bindings']) {
      for (const file of fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file)) continue;
        if (intoApp.test(fs.readFileSync(path.join(root, folder, file), 'utf8'))) offenders.push(`${folder}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('reports import cycles', async () => {
    // src/main.tsx (the bootstrap) imports src/app/app.tsx; an app module importing main back
    // closes a cycle — the mistake ARCHITECTURE.md warns about.
    expect(fs.readFileSync(path.join(root, 'src/main.tsx'), 'utf8')).toContain("from './app/app'");
    const cycle = await problems('src/app/app.tsx', "import '../main';\nexport const probe = 1;\n");
    expect(cycle.some((m) => m.startsWith('import-x/no-cycle'))).toBe(true);
    const fine = await problems('src/app/app.tsx', "import '../ui/spinner';\nexport const probe = 1;\n");
    expect(fine.filter((m) => m.startsWith('import-x/no-cycle'))).toEqual([]);
  });
});
