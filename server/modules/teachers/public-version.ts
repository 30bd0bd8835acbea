// The public version as this server knows it, in memory: read once from public_version,
// then moved on by the NOTIFY every bump sends (migration 0130), so a cache hit never asks the
// database. Writes on this instance are heard before they resolve (see Db.listen), other instances'
// within milliseconds; after a possible gap in notifications the version is read again.
// A Db without listen (a test double) is asked on every call, as before.
import type { Db } from '../../db';

const CHANNEL = 'noor_public_version';

interface Tracker {
  /** The version now: a string at once when known, else after one read. */
  current(): string | Promise<string>;
}

const trackers = new WeakMap<Db, Tracker>();

async function readVersion(db: Db): Promise<{ version: number; schema: string }> {
  const row = await db.one<{ version: string | number; schema: string }>('SELECT version, current_schema() AS schema FROM public_version');
  return { version: Number(row?.version ?? 0), schema: row?.schema ?? '' };
}

function track(db: Db): Tracker {
  const listen = db.listen?.bind(db);
  if (!listen) return { current: async () => String((await readVersion(db)).version) };
  let known: number | null = null;
  let schema: string | null = null;
  // The highest version heard per schema while ours is not known yet (the first read, or a read after a
  // gap): a bump that commits while that read runs may be announced before the read answers with the
  // older value, and must not be lost.
  const heard = new Map<string, number>();
  // Bumped by every gap: a read that started before one must not be trusted after it.
  let epoch = 0;
  let subscribed: Promise<unknown> | null = null;
  let reading: Promise<string> | null = null;

  const subscribe = () =>
    listen(CHANNEL, {
      notify(payload) {
        const [from = '', text] = payload.split(' ');
        const v = Number(text);
        if (!Number.isFinite(v)) return;
        if (schema === null) heard.set(from, Math.max(heard.get(from) ?? 0, v));
        else if (from === schema) {
          if (known === null) heard.set(from, Math.max(heard.get(from) ?? 0, v));
          else known = Math.max(known, v);
        }
      },
      gap() {
        epoch++;
        known = null;
      },
    });

  async function refresh(): Promise<string> {
    // Listening first: whatever commits after this is heard, whatever committed before is read.
    try {
      await (subscribed ??= subscribe());
    } catch (err) {
      subscribed = null; // the next call tries again
      throw err;
    }
    const at = epoch;
    const read = await readVersion(db);
    schema = read.schema;
    const latest = Math.max(read.version, heard.get(schema) ?? 0);
    heard.clear();
    if (at === epoch) known = Math.max(known ?? 0, latest);
    return String(latest);
  }

  return {
    current() {
      if (known !== null) return String(known);
      return (reading ??= refresh().finally(() => (reading = null)));
    },
  };
}

export function publicVersion(db: Db): string | Promise<string> {
  let tracker = trackers.get(db);
  if (!tracker) trackers.set(db, (tracker = track(db)));
  return tracker.current();
}
