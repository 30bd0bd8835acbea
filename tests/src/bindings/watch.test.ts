// Live watching posts a root actor's state value (never its context) to studios in other tabs.
import { afterEach, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { WATCH_CHANNEL, watchActor, type WatchMessage } from '../../../src/bindings/watch';

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

it('posts each state value of the watched actor, without context, and answers a late studio', async () => {
  const machine = createMachine({ id: 'm', initial: 'a', context: { phone: '+97455123456' }, states: { a: { on: { go: 'b' } }, b: {} } });
  const actor = createActor(machine).start();
  const studio = new BroadcastChannel(WATCH_CHANNEL);
  const seen: WatchMessage[] = [];
  studio.onmessage = (event: MessageEvent<WatchMessage>) => void seen.push(event.data);
  stops.push(() => studio.close(), watchActor('m', actor));
  actor.send({ type: 'go' });
  studio.postMessage({ kind: 'hello' });
  await expect.poll(() => seen.map((m) => m.value)).toEqual(['a', 'b', 'b']);
  expect(seen.every((m) => m.kind === 'state' && m.machine === 'm' && !JSON.stringify(m).includes('97455'))).toBe(true);
});
