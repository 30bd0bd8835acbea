// Vitest setup file for the jsdom test files (test:unit on every core):
// - Testing Library's findBy/waitFor wait up to 5 s instead of 1 s. With a test file on each core and
//   the machine shared, a render that lands in 1.2 s is not a bug; an element that never comes still
//   fails, 4 s later. Tests that pass their own timeout keep it.
// - A file's rendered trees are unmounted when the file ends, before its environment is torn down.
//   Without it, React's scheduler could still run work for a tree left mounted after the last test
//   and find no `window` ("window is not defined", an unhandled error of the run: seen once two files
//   ran at a time). Per-test cleanup stays each file's own choice.
import { afterAll } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  afterAll(cleanup);
}
