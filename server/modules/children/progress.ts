// A child's progress (contract/progress.ts) in two queries: the child with its lessons counted per subject
// and month (which also proves the child is the family's), then every report of the child's lessons, from
// which the verse unions, the latest reports and the open homework are made here.
import { PROGRESS_LATEST_REPORTS, versesCovered, type ChildProgress, type ProgressReport } from '../../../contract/progress';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { storedQuranEntries, SURAHS, type QuranEntry } from '../../../contract/reports';
import { usableZoneSql } from '../../lib/time-zones';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { minutesToHours } from '../packages/ledger';
import { ChildFailure } from './service';

interface MonthRow {
  first_name: string;
  last_name: string;
  time_zone: string;
  subject_id: number | null;
  subject_ar: string | null;
  subject_en: string | null;
  month: string | null;
  lessons: number | null;
  minutes: number | null;
}

interface ReportRow {
  request_id: number;
  starts_at: Date;
  subject_id: number;
  subject_ar: string;
  subject_en: string;
  teacher_id: number;
  teacher_first: string;
  covered: string;
  homework: string;
  /** jsonb as stored: read through storedQuranEntries. */
  quran: unknown;
}

/** The family's zone in SQL, or the default when the stored one is unusable (the months still count). */
const familyZone = (column: string) => `COALESCE(${usableZoneSql(column)}, '${DEFAULT_TIME_ZONE}')`;

/**
 * One row per (subject, month) of lessons taken — finished, or approved and over at `now` — or a single
 * row of nulls beside the child when it has none; no row at all when the child is not the family's.
 */
const LESSONS_SQL = `
  SELECT c.first_name, c.last_name, ${familyZone('u.time_zone')} AS time_zone, s.id AS subject_id, s.name_ar AS subject_ar, s.name_en AS subject_en,
         m.month, m.lessons, m.minutes
    FROM children c
    JOIN users u ON u.id = c.family_id
    LEFT JOIN (
      SELECT r.subject_id, to_char(r.starts_at AT TIME ZONE ${familyZone('fu.time_zone')}, 'YYYY-MM') AS month,
             count(*)::int AS lessons, sum(r.duration_hours * 60)::int AS minutes
        FROM requests r JOIN users fu ON fu.id = r.student_id
       WHERE r.child_id = $1 AND r.student_id = $2
         AND (r.status = 'finished' OR (r.status = 'approved' AND r.ends_at <= $3::timestamptz))
       GROUP BY r.subject_id, 2
    ) m ON true
    LEFT JOIN subjects s ON s.id = m.subject_id
   WHERE c.id = $1 AND c.family_id = $2
   ORDER BY m.month DESC NULLS LAST, s.sort_order, s.id`;

const REPORTS_SQL = `
  SELECT lr.request_id, r.starts_at, s.id AS subject_id, s.name_ar AS subject_ar, s.name_en AS subject_en,
         lr.teacher_id, u.first_name AS teacher_first, lr.covered, lr.homework, lr.quran
    FROM requests r
    JOIN lesson_reports lr ON lr.request_id = r.id
    JOIN subjects s ON s.id = r.subject_id
    JOIN users u ON u.id = lr.teacher_id
   WHERE r.child_id = $1 AND r.student_id = $2
   ORDER BY r.starts_at DESC, r.id DESC`;

function subjectsOf(rows: MonthRow[], locale: Locale): ChildProgress['subjects'] {
  const bySubject = new Map<number, ChildProgress['subjects'][number]>();
  for (const row of rows) {
    if (row.subject_id === null || row.month === null) continue;
    let subject = bySubject.get(row.subject_id);
    if (!subject) {
      subject = { id: row.subject_id, name: (locale === 'en' ? row.subject_en : row.subject_ar) ?? '', lessons: 0, minutes: 0, months: [] };
      bySubject.set(row.subject_id, subject);
    }
    subject.lessons += row.lessons ?? 0;
    subject.minutes += row.minutes ?? 0;
    subject.months.push({ month: row.month, lessons: row.lessons ?? 0, minutes: row.minutes ?? 0 });
  }
  return [...bySubject.values()];
}

function quranOf(reports: ReadonlyArray<{ entries: QuranEntry[] }>): ChildProgress['quran'] {
  const ranges = new Map<number, { memorised: Array<[number, number]>; revised: Array<[number, number]> }>();
  for (const { entries } of reports) {
    for (const e of entries) {
      if (e.kind === 'recited') continue;
      const surah = ranges.get(e.surah) ?? { memorised: [], revised: [] };
      surah[e.kind].push([e.from_ayah, e.to_ayah]);
      ranges.set(e.surah, surah);
    }
  }
  const surahs = [...ranges.entries()]
    .sort(([a], [b]) => a - b)
    .map(([surah, r]) => ({ surah, memorised: versesCovered(r.memorised), revised: versesCovered(r.revised) }));
  return {
    memorised: surahs.reduce((sum, s) => sum + s.memorised, 0),
    revised: surahs.reduce((sum, s) => sum + s.revised, 0),
    surahs,
  };
}

export async function childProgress(q: Queryable, familyId: number, childId: number, locale: Locale, now: Date): Promise<ChildProgress> {
  const rows = await q.query<MonthRow>(LESSONS_SQL, [childId, familyId, now]);
  const first = rows[0];
  if (!first) throw new ChildFailure(404, 'child_not_found');
  const subjects = subjectsOf(rows, locale);
  const minutes = subjects.reduce((sum, s) => sum + s.minutes, 0);

  const reportRows = await q.query<ReportRow>(REPORTS_SQL, [childId, familyId]);
  const reports = reportRows.map((row) => {
    const entries = storedQuranEntries(row.quran);
    const report: ProgressReport = {
      request_id: row.request_id,
      starts_at: row.starts_at.toISOString(),
      subject: { id: row.subject_id, name: locale === 'en' ? row.subject_en : row.subject_ar },
      teacher: { id: row.teacher_id, first_name: row.teacher_first },
      covered: row.covered,
      homework: row.homework,
      quran: entries.map((e) => ({ ...e, surah_name: SURAHS[e.surah - 1]?.[locale === 'en' ? 2 : 1] ?? String(e.surah) })),
    };
    return { report, entries };
  });

  // Newest first: the first report met of a subject is its latest, and its homework is what is open.
  const latestBySubject = new Map<number, ProgressReport>();
  for (const { report } of reports) if (!latestBySubject.has(report.subject.id)) latestBySubject.set(report.subject.id, report);
  const openHomework = [...latestBySubject.values()]
    .filter((r) => r.homework !== '')
    .map((r) => ({ subject: r.subject, request_id: r.request_id, starts_at: r.starts_at, teacher: r.teacher, homework: r.homework }));

  return {
    child: { id: childId, first_name: first.first_name, last_name: first.last_name },
    time_zone: first.time_zone,
    lessons_taken: subjects.reduce((sum, s) => sum + s.lessons, 0),
    hours_taught: minutesToHours(minutes),
    subjects,
    quran: quranOf(reports),
    latest_reports: reports.slice(0, PROGRESS_LATEST_REPORTS).map((r) => r.report),
    open_homework: openHomework,
  };
}
