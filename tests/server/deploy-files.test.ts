// The deployment files. CI here has no Docker daemon and no `docker compose` plugin, so the
// image is built by scripts/docker-build.sh where Docker exists; this checks what can be checked
// without it: compose.yaml parses and wires PostgreSQL, two API replicas and the proxy the way
// docs/deploy.md says; the Dockerfile is multi-stage, production-only and non-root.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: unknown;
  volumes?: string[];
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };

  it('runs PostgreSQL, two API replicas of the image built here and a proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'db', 'proxy']);
    expect(compose.services.db?.image).toMatch(/^postgres:/);
    for (const name of ['api-1', 'api-2']) {
      const api = compose.services[name];
      expect(api?.build).toBe('.');
      expect(api?.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1' });
      expect(api?.environment?.DATABASE_URL).toMatch(/@db:5432\//);
    }
    expect(compose.services.proxy?.ports).toEqual(['${HTTP_PORT:-8080}:80']);
  });

  it('demands the secrets every replica must share instead of letting each make its own', () => {
    const env = compose.services['api-1']?.environment ?? {};
    for (const name of ['OTP_SECRET', 'PUSHER_SECRET', 'ADMIN_TOKEN']) expect(env[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
  });

  it('seeds no demo accounts and takes test money only when the .env says the host is staging', () => {
    const env = compose.services['api-1']?.environment ?? {};
    expect(env).not.toHaveProperty('SEED_DEMO');
    expect(env.ALLOW_SANDBOX_PAYMENTS).toBe('${ALLOW_SANDBOX_PAYMENTS:-0}');
  });

  it('has a quick start whose .env seeds no demo teachers (their password is in the README)', () => {
    const quickStart = /## Quick start[\s\S]*?```bash\n([\s\S]*?)```/.exec(read('docs/deploy.md'))?.[1] ?? '';
    expect(quickStart).toContain('> .env');
    expect(quickStart).not.toMatch(/SEED_DEMO=(1|true|yes|on)/i);
    expect(read('README.md')).toContain('Noor1234');
  });

  it('is accepted by `docker compose config` where the plugin exists', () => {
    const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (probe.status !== 0) return; // no compose plugin here: the checks above stand in for it
    const env = { ...process.env, POSTGRES_PASSWORD: 'x', OTP_SECRET: 'x', PUSHER_SECRET: 'x', ADMIN_TOKEN: 'x' };
    const result = spawnSync('docker', ['compose', 'config', '--quiet'], { cwd: root, env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });
});

describe('the proxy and the image', () => {
  it('proxies to both replicas, only while they are ready', () => {
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy api-1:3000 api-2:3000/);
    expect(caddy).toMatch(/health_uri \/api\/health\/ready/);
  });

  it('does not route /metrics, and the admin token is not allowed from outside the replica', () => {
    expect(read('deploy/Caddyfile')).toMatch(/respond \/metrics 404/);
    expect(read('compose.yaml')).not.toMatch(/ADMIN_ALLOW_REMOTE/);
  });

  it('builds in stages, installs production dependencies only, runs as a non-root user with node', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/main\.js"\]$/m);
    expect(dockerfile).not.toMatch(/^(CMD|ENTRYPOINT|RUN).*tsx/m);
  });
});
