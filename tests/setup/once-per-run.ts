// Vitest runs a global set-up once per project and once more for the root configuration, all in its
// main process (three times here: root, server, app). `oncePerRun` builds a set-up's resource for the
// first caller and hands the same one to the others; its teardown runs after the last of them
// releases it. Kept on globalThis: each project may load the set-up module afresh.
type Built<T> = { value: T; teardown: () => Promise<void> };
type Entry = { built: Promise<Built<unknown>>; users: number };

const KEY = Symbol.for('noor.tests.oncePerRun');
const entries = ((globalThis as { [KEY]?: Map<string, Entry> })[KEY] ??= new Map<string, Entry>());

export async function oncePerRun<T>(name: string, build: () => Promise<Built<T>>): Promise<{ value: T; release: () => Promise<void> }> {
  let entry = entries.get(name);
  if (!entry) {
    entry = { built: build(), users: 0 };
    entries.set(name, entry);
  }
  entry.users++;
  const built = (await entry.built) as Built<T>;
  const held = entry;
  return {
    value: built.value,
    release: async () => {
      if (--held.users > 0) return;
      entries.delete(name);
      await built.teardown();
    },
  };
}
