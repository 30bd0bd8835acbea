// The operators' command line against a running server (the compiled dist/server/admin.js, as in
// production): usage instead of a stack for an unknown option, staff:add/list/disable,
// teachers:show and teachers:history, and a refused change that names the teacher's current status.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/main';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = 'cli-test-admin-token-0123456789abcdef0123';
let server: Awaited<ReturnType<typeof createServer>>;
let uploadDir: string;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  uploadDir = await mkdtemp(path.join(tmpdir(), 'noor-cli-'));
  server = await createServer({ logLevel: 'silent', seedDemo: true, admin: { token: ADMIN }, auth: { uploadDir } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

/** Runs the CLI without blocking this process: the server it calls lives here. */
function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/server/admin.js', ...args],
      { cwd: root, encoding: 'utf8', env: { ...process.env, ADMIN_URL: server.url, ADMIN_TOKEN: ADMIN, ADMIN_LANG: 'en' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

// Each run starts a Node process (a second or more on a busy machine).
describe('npm run admin', { timeout: 90_000 }, () => {
  it('prints the usage, not a stack trace, for an unknown option or command', async () => {
    for (const args of [['teachers:list', '--nope'], ['--bogus'], ['no:such']]) {
      const r = await cli(...args);
      expect(r.code).toBe(1);
      expect(r.err).toContain('usage: npm run admin -- <command>');
      expect(r.err).not.toMatch(/^\s+at /m);
    }
  });

  it('adds, lists and disables staff; a weak password is refused with the rule', async () => {
    const weak = await cli('staff:add', '--email', 'weak@noor.test', '--name', 'Weak', '--role', 'reviewer', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/^400: .*\n {2}password: /);
    const added = await cli('staff:add', '--email', 'huda@noor.test', '--name', 'هدى', '--role', 'reviewer');
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(/staff #\d+ huda@noor\.test \(reviewer\) added/);
    expect(added.out).toMatch(/password \(shown once.*\): \S{16,}/);
    expect((await cli('staff:add', '--email', 'x@noor.test')).err).toMatch(/staff:add needs --name, --role/);
    expect((await cli('staff:list')).out).toContain('huda@noor.test');
    expect((await cli('staff:disable', 'huda@noor.test')).out).toMatch(/disabled and signed out/);
    expect((await cli('staff:disable', 'huda@noor.test')).out).toMatch(/already disabled/);
  });

  it('shows a teacher and their history; a refused change names the current status', async () => {
    const list = await fetch(`${server.url}/api/admin/teachers?status=active`, { headers: { Authorization: `Bearer ${ADMIN}` } });
    const phone = ((await list.json()) as { data: { phone: string }[] }).data[0]!.phone;
    const shown = await cli('teachers:show', phone);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^status\s+active$/m);
    expect(shown.out).toMatch(/^subjects\s+\S/m);
    const refused = await cli('teachers:approve', phone);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("409: This action is not possible in the teacher's current status (active)");
    expect((await cli('teachers:suspend', phone, '--reason', 'شكوى')).code).toBe(0);
    const history = await cli('teachers:history', phone);
    expect(history.code, history.err).toBe(0);
    expect(history.out).toMatch(/suspend.*command line.*شكوى/);
  });
});
