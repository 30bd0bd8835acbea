// The public teachers API: the paged, filtered list and one teacher's page, both served
// through the shared public cache (public-cache.ts) with ETags. The key holds the minute, since a
// card's "available now" follows the clock (and the teacher's sessions: a booking shows within about a
// minute); a teacher's busy times are read fresh on every call. In a minute's last seconds a hit fills
// the next minute's answer ahead (computed for its first instant), so the clock turning over is not a
// miss that every request of that moment waits for; and a list answer for a new minute reads only its
// cards' availability, the rest of the page being kept per version (list-pages.ts).
import { Hono, type Context } from 'hono';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import {
  BUSY_WINDOW_DAYS,
  NEXT_FREE_DAYS,
  PREVIEW_FREE_TIMES,
  PREVIEW_REVIEWS,
  teachersQuerySchema,
  type TeacherDetail,
  type TeacherPreview,
} from '../../../contract/teachers';
import { MIN_DURATION_HOURS } from '../../../contract/requests';
import { nextStarts } from '../availability/rules';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { idFrom, queryParams } from '../../http/validate';
import { tr } from '../../i18n';
import { videoVersionOf } from '../teacher-video';
import { publicJson, type Ahead } from './public-cache';
import { listPage } from './list-pages';
import { busyByTeacher, findTeacher, latestEvaluations, nowSchedules, teacherDetail } from './queries';

export interface TeachersRoutesOptions {
  now?: () => Date;
}

/** The id of `teachers/:id…`; anything that is not one is the same 404 as an unknown teacher. */
function teacherId(c: Context): number {
  return idFrom(c, 'id', 'teacher_profile_not_found');
}

/** The UTC minute: every zone's minute turns over at the same instant. */
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);
const MINUTE_MS = 60_000;
/** How long before the minute turns a hit fills the next one: a booking made later shows a minute later. */
export const AHEAD_MS = 5_000;

/** The next minute's key and answer, once `at` is within AHEAD_MS of it. */
function nextMinute(at: Date, keyAt: (minute: string) => string, produceAt: (at: Date) => () => Promise<object | null>): Ahead | undefined {
  const next = new Date((Math.floor(at.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
  if (next.getTime() - at.getTime() > AHEAD_MS) return undefined;
  return { key: keyAt(minuteOf(next)), produce: produceAt(next) };
}

export function teachersRoutes({ now = () => new Date() }: TeachersRoutesOptions = {}) {
  return (
    new Hono<AppEnv>()
      .get('/teachers', async (c) => {
        const filter = queryParams(c, teachersQuerySchema);
        const at = now();
        const db = c.get('db');
        const locale = c.get('locale');
        const keyAt = (minute: string) => `teachers|${minute}|${JSON.stringify(filter)}`;
        const produceAt = (when: Date) => async () => {
          const { cards, total } = await listPage(db, filter, locale, when);
          return {
            message: tr(cards.length === 0 && filter.search ? 'teachers_none_by_name' : 'ok', locale),
            data: cards,
            meta: { page: filter.page, per_page: filter.per_page, total },
          };
        };
        const res = await publicJson(c, keyAt(minuteOf(at)), produceAt(at), { ahead: nextMinute(at, keyAt, produceAt) });
        return res!;
      })
      .get('/teachers/:id', async (c) => {
        const id = teacherId(c);
        const at = now();
        const db = c.get('db');
        const locale = c.get('locale');
        const keyAt = (minute: string) => `teacher|${id}|${minute}`;
        const produceAt = (when: Date) => async () => {
          const detail = await teacherDetail(db, id, locale, when);
          if (!detail) return null;
          // `time_zone` (the card's) is the zone the hours are written in; an unusable stored zone
          // (reported) never reaches the browser's Intl: the card carries the default then.
          const data: Omit<TeacherDetail, 'busy'> = detail;
          return { message: tr('ok', locale), data };
        };
        const res = await publicJson(c, keyAt(minuteOf(at)), produceAt(at), {
          ahead: nextMinute(at, keyAt, produceAt),
          // Busy times change with every booking; they are not part of the public version.
          fresh: async (cached) => {
            const busy = await busyByTeacher(c.get('db'), [id], at, new Date(at.getTime() + BUSY_WINDOW_DAYS * 24 * 3_600_000));
            const page = cached as { message: string; data: Omit<TeacherDetail, 'busy'> };
            return { ...page, data: { ...page.data, busy: busy.get(id) ?? [] } };
          },
        });
        if (!res) throw new ApiFailure(404, 'teacher_profile_not_found');
        return res;
      })
      // The guest preview (a dialog on the list): the latest reviews and the next free times, public and
      // cached per minute like the list (the free times follow the clock and bookings: a booking shows
      // within a minute, as on the cards). Nothing here is more than a card and a teacher's page show.
      .get('/teachers/:id/preview', async (c) => {
        const id = teacherId(c);
        const at = now();
        const db = c.get('db');
        const keyAt = (minute: string) => `preview|${id}|${minute}`;
        const produceAt = (when: Date) => async () => {
          if (!(await findTeacher(db, id))) return null;
          const [schedules, reviews, video] = await Promise.all([
            nowSchedules(db, [id], when),
            latestEvaluations(db, id, PREVIEW_REVIEWS),
            videoVersionOf(db, id),
          ]);
          const schedule = schedules.get(id);
          const starts = schedule
            ? nextStarts(schedule, when, { days: NEXT_FREE_DAYS, durationHours: MIN_DURATION_HOURS, count: PREVIEW_FREE_TIMES })
            : [];
          const data: TeacherPreview = {
            teacher_id: id,
            time_zone: schedule?.zone ?? DEFAULT_TIME_ZONE,
            next_free: starts.map((s) => s.toISOString()),
            reviews,
            video,
          };
          return { message: tr('ok', c.get('locale')), data };
        };
        const res = await publicJson(c, keyAt(minuteOf(at)), produceAt(at), { ahead: nextMinute(at, keyAt, produceAt) });
        if (!res) throw new ApiFailure(404, 'teacher_profile_not_found');
        return res;
      })
  );
}
