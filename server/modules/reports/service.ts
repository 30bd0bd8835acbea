// Lesson reports (contract/reports.ts): the session's teacher writes one after the lesson and may change
// it for REPORT_EDIT_DAYS after its end; the family, that teacher and a teacher the family has since
// booked for the same child read it. Everybody else is answered 404, as for the request itself.
import {
  REPORT_EDIT_DAYS,
  storedQuranEntries,
  SURAHS,
  type LessonReport,
  type QuranEntry,
  type ReportInput,
} from '../../../contract/reports';
import type { Db, Queryable } from '../../db';
import { ApiFailure } from '../../http/errors';
import type { Locale } from '../../i18n';
import type { Publisher } from '../../realtime/publisher';
import type { Caller } from '../auth/caller';
import { notifyLessonReport } from '../notifications';

const DAY_MS = 24 * 3_600_000;

interface LessonRow {
  id: number;
  student_id: number;
  teacher_id: number;
  child_id: number;
  status: string;
  ends_at: Date;
  created_at: Date;
}

interface ReportRow {
  request_id: number;
  covered: string;
  homework: string;
  note: string;
  /** jsonb as stored: read through storedQuranEntries. */
  quran: unknown;
  teacher_id: number;
  teacher_first: string;
  created_at: Date;
  updated_at: Date;
}

const notFound = () => new ApiFailure(404, 'request_not_found');

/** Over: finished, or approved and past its end (before the sweep writes it finished). */
const isOver = (l: LessonRow, now: Date) => l.status === 'finished' || (l.status === 'approved' && l.ends_at.getTime() <= now.getTime());
const editableUntil = (l: LessonRow) => new Date(l.ends_at.getTime() + REPORT_EDIT_DAYS * DAY_MS);

async function readLesson(q: Queryable, requestId: number, lock = false): Promise<LessonRow | undefined> {
  return q.one<LessonRow>(
    `SELECT id, student_id, teacher_id, child_id, status, ends_at, created_at FROM requests WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [requestId],
  );
}

/**
 * Whether `caller` may read the reports of `lesson`: its family, its teacher, or a teacher the family
 * booked for that child afterwards (a lesson requested later, approved or finished) — not a teacher the
 * child had before.
 */
async function mayRead(q: Queryable, lesson: LessonRow, caller: Caller): Promise<boolean> {
  if (caller.kind === 'family') return lesson.student_id === caller.familyId;
  if (lesson.teacher_id === caller.teacherId) return true;
  const taught = await q.one(
    `SELECT 1 AS x FROM requests WHERE child_id = $1 AND teacher_id = $2 AND status IN ('approved', 'finished') AND created_at > $3 LIMIT 1`,
    [lesson.child_id, caller.teacherId, lesson.created_at],
  );
  return taught !== undefined;
}

function reportOf(row: ReportRow, lesson: LessonRow, caller: Caller, locale: Locale, now: Date): LessonReport {
  const entries = storedQuranEntries(row.quran);
  const until = editableUntil(lesson);
  return {
    request_id: row.request_id,
    covered: row.covered,
    homework: row.homework,
    note: row.note,
    quran: entries.map((e) => ({ ...e, surah_name: SURAHS[e.surah - 1]?.[locale === 'en' ? 2 : 1] ?? String(e.surah) })),
    teacher: { id: row.teacher_id, first_name: row.teacher_first },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    editable_until: until.toISOString(),
    editable: caller.kind === 'teacher' && caller.teacherId === lesson.teacher_id && now.getTime() < until.getTime(),
  };
}

async function readReport(q: Queryable, lesson: LessonRow, caller: Caller, locale: Locale, now: Date): Promise<LessonReport | null> {
  const row = await q.one<ReportRow>(
    `SELECT lr.request_id, lr.covered, lr.homework, lr.note, lr.quran, lr.teacher_id, u.first_name AS teacher_first, lr.created_at, lr.updated_at
       FROM lesson_reports lr JOIN users u ON u.id = lr.teacher_id WHERE lr.request_id = $1`,
    [lesson.id],
  );
  return row ? reportOf(row, lesson, caller, locale, now) : null;
}

/** GET: the report, or null when none is written yet. */
export async function getReport(q: Queryable, requestId: number, caller: Caller, locale: Locale, now: Date): Promise<LessonReport | null> {
  const lesson = await readLesson(q, requestId);
  if (!lesson || !(await mayRead(q, lesson, caller))) throw notFound();
  return readReport(q, lesson, caller, locale, now);
}

type SavedInput = Required<Pick<ReportInput, 'covered'>> & { homework: string; note: string; quran: QuranEntry[] };

/** PUT: the session's teacher writes or changes the report, once the session is over and until it is final. */
export async function saveReport(
  db: Db,
  requestId: number,
  caller: Caller,
  input: SavedInput,
  locale: Locale,
  now: Date,
  publisher?: Publisher,
): Promise<LessonReport> {
  const lesson = await db.transaction(async (tx) => {
    const l = await readLesson(tx, requestId, true);
    if (!l || !(await mayRead(tx, l, caller))) throw notFound();
    if (caller.kind !== 'teacher' || caller.teacherId !== l.teacher_id) throw new ApiFailure(403, 'report_teachers_only');
    if (!isOver(l, now)) throw new ApiFailure(409, 'report_not_yet');
    if (now.getTime() >= editableUntil(l).getTime()) throw new ApiFailure(409, 'report_final');
    await tx.query(
      `INSERT INTO lesson_reports (request_id, teacher_id, covered, homework, note, quran, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)
       ON CONFLICT (request_id) DO UPDATE SET covered = EXCLUDED.covered, homework = EXCLUDED.homework, note = EXCLUDED.note,
         quran = EXCLUDED.quran, updated_at = EXCLUDED.updated_at`,
      [l.id, l.teacher_id, input.covered, input.homework, input.note, JSON.stringify(input.quran), now],
    );
    return l;
  });
  // After the commit: the family is told once (the notification's key), whatever later edits follow.
  await notifyLessonReport(db, publisher, { id: lesson.id, studentId: lesson.student_id });
  return (await readReport(db, lesson, caller, locale, now))!;
}
