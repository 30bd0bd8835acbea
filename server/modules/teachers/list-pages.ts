// The teachers list's pages apart from the clock. Of a page of the list only each card's
// `available_now` and `next_free` follow the clock; which teachers, in which order, the total, their subjects, hours
// and ratings change only with a write, which moves the public version. So a page is read in full
// once per version (and locale and filter) and kept here; the answer for a new minute reads only the
// page's schedules from that minute (three small indexed statements for 12 ids) instead of counting
// and reading the list again — on PGlite that read holds the only thread, and every request waiting
// behind it pays for it (docs/bench.md). The `available_now` filter itself depends on the clock: it
// is read in full each time.
import type { TeacherCard, TeachersFilter } from '../../../contract/teachers';
import type { Db } from '../../db';
import type { Locale } from '../../i18n';
import { publicVersion } from './public-version';
import { clockFields, listTeachers, nowSchedules } from './queries';

type Page = Awaited<ReturnType<typeof listTeachers>>;

/** Pages kept per database, for one version at a time; the oldest goes first beyond this many. */
const MAX_PAGES = 500;

const kept = new WeakMap<Db, { version: string; pages: Map<string, Promise<Page>> }>();

/** A page of the list as of `at`: its clock-free part from the version's memo, `available_now` read for `at`. */
export async function listPage(db: Db, filter: TeachersFilter, locale: Locale, at: Date): Promise<Page> {
  if (filter.available_now) return listTeachers(db, filter, locale, at);
  const version = await publicVersion(db);
  let memo = kept.get(db);
  // A new version retires every page of the old one at once.
  if (memo?.version !== version) kept.set(db, (memo = { version, pages: new Map() }));
  const key = `${locale}|${JSON.stringify(filter)}`;
  const pages = memo.pages;
  const known = pages.get(key);
  if (!known) {
    const page = listTeachers(db, filter, locale, at);
    pages.set(key, page);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
    page.catch(() => pages.get(key) === page && pages.delete(key));
    return page; // read for `at` already
  }
  const { cards, total } = await known;
  return { cards: await availableAt(db, cards, at), total };
}

/** The cards with `available_now` and `next_free` as of `at`, by the availability module's own rule. */
async function availableAt(db: Db, cards: readonly TeacherCard[], at: Date): Promise<TeacherCard[]> {
  const schedules = await nowSchedules(
    db,
    cards.map((c) => c.id),
    at,
  );
  return cards.map((card) => ({ ...card, ...clockFields(schedules.get(card.id), at) }));
}
