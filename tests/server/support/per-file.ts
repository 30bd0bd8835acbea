// The one lifecycle of a server test file: its fixture (an app, a database …) is built once before the
// file's tests and closed after them. Every test file gets its fixture here, so a change to how the
// suite sets up and tears down (sharing, timeouts, templates) is made in one place.
import { afterAll, beforeAll } from 'vitest';

interface Closable {
  close(): Promise<unknown> | unknown;
}

/**
 * Builds `make()` in `beforeAll` and closes it in `afterAll`; returns a stand-in that reads the built
 * fixture, so tests write `t.db` / `t.post(…)` as if it were the fixture itself. Reading it before
 * `beforeAll` ran is a bug in the test and throws.
 */
export function perFile<T extends Closable>(make: () => Promise<T>, timeoutMs?: number): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await make();
  }, timeoutMs);
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const built = (): T => {
    if (!current) throw new Error('the test fixture is read outside the tests (before beforeAll or after afterAll)');
    return current;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
  });
}
