// The caller-scoped reads: a viewer's list (filtered, paged) and one request's detail, each with the
// actions the machine allows that viewer now.
import type { Gender } from '../../../contract/auth';
import type { RequestDetail, RequestFilter, RequestStatus, RequestSummary } from '../../../contract/requests';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { pickName } from '../../lib/latin-names';
import { requestDeadlines, statusOf, type RequestRole } from '../../../machines/request.machine';
import { CHILD_COLUMNS, CHILD_JOINS, childRefOf, type ChildColumns } from '../children/refs';
import { accessOf, isParty, readAccess, viewerActions, type Access, type Offer } from './access';
import { seriesRefOf } from './series';
import { contextOf, openProposals, overdue, overdueAt, ROW_COLUMNS, type RequestRow, type Viewer } from './rows';

interface ListedRow extends RequestRow, ChildColumns {
  subject_ar: string;
  subject_en: string;
  teacher_first: string;
  teacher_second: string | null;
  teacher_last: string;
  teacher_latin: string | null;
  teacher_photo: string | null;
  teacher_gender: Gender | null;
  student_first: string;
  student_second: string | null;
  student_last: string;
  has_report: boolean;
  total?: number;
}

const LISTED_COLUMNS = `s.name_ar AS subject_ar, s.name_en AS subject_en,
    t.first_name AS teacher_first, t.second_name AS teacher_second, t.last_name AS teacher_last, t.latin_name AS teacher_latin,
    t.gender AS teacher_gender, tp.hash AS teacher_photo,
    st.first_name AS student_first, st.second_name AS student_second, st.last_name AS student_last, ${CHILD_COLUMNS},
    EXISTS (SELECT 1 FROM lesson_reports lr WHERE lr.request_id = r.id) AS has_report`;
const LISTED_JOINS = `JOIN subjects s ON s.id = r.subject_id JOIN users t ON t.id = r.teacher_id LEFT JOIN teacher_photos tp ON tp.teacher_id = r.teacher_id JOIN users st ON st.id = r.student_id ${CHILD_JOINS}`;

const familyName = (second: string | null, last: string) => [second, last].filter(Boolean).join(' ');

/**
 * A teacher a broadcast was offered to who did not get it (another teacher took it, it ended, or they
 * declined) keeps the card in their list but no longer learns who the student is.
 */
export function lostOffer(a: Access<ListedRow>, viewer: Viewer): boolean {
  return viewer.role === 'teacher' && a.row.teacher_id !== viewer.id && (a.row.status !== 'pending' || a.offer?.declined === true);
}

/**
 * A broadcast another teacher won, as one of the teachers who lost it sees it: approved (or finished)
 * by someone else. It is not their session: no join, no upcoming/current, the card says "taken".
 */
function takenByOther(a: Access, viewer: Viewer): boolean {
  return viewer.role === 'teacher' && a.row.teacher_id !== viewer.id && (a.row.status === 'approved' || a.row.status === 'finished');
}

const HIDDEN_PERSON = { id: 0, first_name: '', last_name: '' };

function summaryOf(a: Access<ListedRow>, viewer: Viewer, locale: Locale, now: Date): RequestSummary {
  const row = a.row;
  const hidden = lostOffer(a, viewer);
  const actions = viewerActions(a, viewer, now);
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    subject: { id: row.subject_id, name: locale === 'en' ? row.subject_en : row.subject_ar },
    teacher: {
      id: row.teacher_id,
      ...pickName(
        locale,
        { first_name: row.teacher_first, last_name: familyName(row.teacher_second, row.teacher_last) },
        row.teacher_latin,
      ),
      photo: row.teacher_photo,
      gender: row.teacher_gender,
    },
    student: hidden
      ? HIDDEN_PERSON
      : { id: row.student_id, first_name: row.student_first, last_name: familyName(row.student_second, row.student_last) },
    child: hidden
      ? { ...childRefOf(row, 'teacher', locale), id: 0, first_name: '' }
      : childRefOf(row, viewer.role === 'teacher' ? 'teacher' : 'family', locale),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    duration_hours: row.duration_hours,
    broadcast: row.broadcast,
    offered: viewer.role === 'teacher' && row.teacher_id !== viewer.id,
    taken_by_other: takenByOther(a, viewer),
    has_report: !hidden && row.has_report === true,
    created_at: row.created_at.toISOString(),
    actions,
    join_channel: actions.includes('join') ? row.channel_name : null,
    expires_at: row.status === 'pending' ? row.expires_at.toISOString() : null,
  };
}

/**
 * The list filters (docs/decisions.md); `$now` is the time of the read. They filter by the status as
 * shown (overdue pending = expired, ended approved = finished), whether or not the sweep wrote it yet.
 */
const FILTERS: Record<RequestFilter, string> = {
  all: 'TRUE',
  new: `r.status = 'pending' AND r.expires_at > $now`,
  current: `r.status = 'approved' AND r.starts_at <= $now AND r.ends_at > $now`,
  upcoming: `r.status = 'approved' AND r.starts_at > $now`,
  finished: `(r.status = 'finished' OR (r.status = 'approved' AND r.ends_at <= $now))`,
  canceled: `(r.status IN ('canceled', 'rejected', 'expired') OR (r.status = 'pending' AND r.expires_at <= $now))`,
};

/**
 * A teacher's filters: current, upcoming and finished hold only their own sessions; a broadcast another
 * teacher took (approved or finished by them) is closed for this one and shows under canceled (and all).
 * `$me` is the viewer.
 */
const TEACHER_FILTERS: Record<RequestFilter, string> = {
  ...FILTERS,
  current: `${FILTERS.current} AND r.teacher_id = $me`,
  upcoming: `${FILTERS.upcoming} AND r.teacher_id = $me`,
  finished: `${FILTERS.finished} AND r.teacher_id = $me`,
  canceled: `(${FILTERS.canceled} OR (r.teacher_id <> $me AND r.status IN ('approved', 'finished')))`,
};

/** The row as the sweep will leave it: an overdue request shows its expired/finished status at once. */
function asOf<Row extends RequestRow>(row: Row, now: Date): Row {
  const next = overdue(row, now);
  return next ? { ...row, status: statusOf(next) } : row;
}

export async function listRequests(
  q: Queryable,
  viewer: Viewer,
  query: {
    filter: RequestFilter;
    student_id?: number | undefined;
    teacher_id?: number | undefined;
    child_id?: number | undefined;
    page: number;
    per_page: number;
  },
  locale: Locale,
  now: Date,
): Promise<{ items: RequestSummary[]; total: number }> {
  const params: unknown[] = [viewer.id];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const filter = (viewer.role === 'teacher' ? TEACHER_FILTERS : FILTERS)[query.filter].replaceAll('$me', '$1');
  where.push(filter.includes('$now') ? filter.replaceAll('$now', `${param(now)}::timestamptz`) : filter);
  if (query.student_id) where.push(`r.student_id = ${param(query.student_id)}`);
  if (query.teacher_id) where.push(`r.teacher_id = ${param(query.teacher_id)}`);
  if (query.child_id) where.push(`r.child_id = ${param(query.child_id)}`);
  const filtered = where.join(' AND ');
  // Where the viewer's requests come from: a family's own; a teacher's own and the broadcasts offered
  // to them that another teacher holds (a request for one teacher is offered to that teacher alone,
  // so the offered-only ones are broadcasts: request_offers_broadcast_idx, migration 0390). Every column
  // the filters read is in requests_teacher_list_idx, in the list's order.
  const sources =
    viewer.role === 'student'
      ? [`FROM requests r WHERE r.student_id = $1 AND ${filtered}`]
      : [
          `FROM requests r WHERE r.teacher_id = $1 AND ${filtered}`,
          `FROM request_offers o JOIN requests r ON r.id = o.request_id WHERE o.teacher_id = $1 AND o.broadcast AND r.teacher_id <> $1 AND ${filtered}`,
        ];
  // The page: each source's first page × per_page rows in the list's order (an index read that stops
  // there), merged; the count: each source's rows counted from the index. Names are joined for the
  // page's rows only (docs/bench.md, "A teacher's requests list at 300 req/s").
  const upTo = param(query.page * query.per_page);
  const firsts = sources.map((from) => `(SELECT r.id, r.created_at ${from} ORDER BY r.created_at DESC, r.id DESC LIMIT ${upTo})`);
  const total = sources.map((from) => `(SELECT count(*) ${from})`).join(' + ');
  const rows = await q.query<ListedRow>(
    `WITH page AS (
       SELECT mine.id, mine.created_at FROM (${firsts.join(' UNION ALL ')}) mine
        ORDER BY mine.created_at DESC, mine.id DESC LIMIT ${param(query.per_page)} OFFSET ${param((query.page - 1) * query.per_page)})
     SELECT ${ROW_COLUMNS}, ${LISTED_COLUMNS}, ${total} AS total FROM page JOIN requests r ON r.id = page.id ${LISTED_JOINS}
      ORDER BY page.created_at DESC, page.id DESC`,
    params,
    { prepare: true },
  );
  const ids = rows.map((r) => r.id);
  // Offers and ratings of the page, in two queries.
  const offers = ids.length
    ? await q.query<Offer & { request_id: number }>(
        'SELECT request_id, teacher_id, declined_at FROM request_offers WHERE request_id = ANY($1::int[])',
        [ids],
        { prepare: true },
      )
    : [];
  const rated = new Set(
    (ids.length
      ? await q.query<{ request_id: number }>('SELECT request_id FROM evaluations WHERE request_id = ANY($1::int[])', [ids], {
          prepare: true,
        })
      : []
    ).map((r) => r.request_id),
  );
  // Open proposals of the page's approved sessions (they change the actions).
  const proposals = await openProposals(
    q,
    rows.filter((r) => r.status === 'approved').map((r) => r.id),
  );
  const items = rows.flatMap((stored) => {
    const row = asOf(stored, now);
    const a = accessOf(
      row,
      offers.filter((o) => o.request_id === row.id),
      rated.has(row.id),
      viewer,
      proposals.get(row.id) ?? null,
    );
    return a ? [summaryOf(a, viewer, locale, now)] : [];
  });
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** An approved session's open proposal as the detail shows it; none once its time passed (it lapses). */
function proposalOf(a: Access, now: Date): RequestDetail['proposal'] {
  const p = a.proposal;
  if (!p || a.row.status !== 'approved' || now >= p.lapses_at) return null;
  return { starts_at: p.starts_at.toISOString(), ends_at: p.ends_at.toISOString(), by: p.by_role, lapses_at: p.lapses_at.toISOString() };
}

export async function requestDetail(q: Queryable, id: number, viewer: Viewer, locale: Locale, now: Date): Promise<RequestDetail> {
  const read = await readAccess<ListedRow>(q, id, viewer, { columns: LISTED_COLUMNS, joins: LISTED_JOINS });
  const a = { ...read, row: asOf(read.row, now) };
  const history = await q.query<{
    status: RequestStatus;
    at: Date;
    actor_role: RequestRole;
    moved_from: Date | null;
    moved_to: Date | null;
    reason: string | null;
    refunded_minutes: number | null;
    proposal: 'proposed' | 'accepted' | 'declined' | 'lapsed' | null;
  }>(
    'SELECT status, at, actor_role, moved_from, moved_to, reason, refunded_minutes, proposal FROM request_history WHERE request_id = $1 ORDER BY at, id',
    [id],
  );
  const evaluation = await q.one<{ rating: number; comment: string | null; created_at: Date }>(
    'SELECT rating, comment, created_at FROM evaluations WHERE request_id = $1',
    [id],
  );
  const rejected =
    a.row.status === 'rejected'
      ? await q.one<{ reject_reason: string | null }>('SELECT reject_reason FROM requests WHERE id = $1', [id])
      : null;
  const deadlines = requestDeadlines(a.row.status, contextOf(a.row, a.rated));
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    ...summaryOf(a, viewer, locale, now),
    comment: lostOffer(a, viewer) ? null : a.row.comment,
    preferred_gender: a.row.preferred_gender,
    paid_with: a.row.paid_with,
    history: [
      ...history.map((h) => ({
        status: h.status,
        at: h.at.toISOString(),
        actor_role: h.actor_role,
        ...(h.moved_from && h.moved_to ? { moved_from: h.moved_from.toISOString(), moved_to: h.moved_to.toISOString() } : {}),
        ...(h.reason ? { reason: h.reason } : {}),
        ...(h.refunded_minutes !== null ? { refunded_minutes: h.refunded_minutes } : {}),
        ...(h.proposal ? { proposal: h.proposal } : {}),
      })),
      // Overdue and not swept yet: the system's step the sweep will record.
      ...(a.row.status === read.row.status
        ? []
        : [{ status: a.row.status, at: overdueAt(read.row, a.row.status).toISOString(), actor_role: 'system' as const }]),
    ],
    deadlines: {
      cancel_free_until: deadlines.cancelFreeUntil === null ? null : iso(deadlines.cancelFreeUntil),
      join_opens_at: iso(deadlines.joinOpensAt),
      expires_at: iso(deadlines.expiresAt),
    },
    channel_name: isParty(a, viewer) && (a.row.status === 'approved' || a.row.status === 'finished') ? a.row.channel_name : null,
    evaluation: evaluation ? { rating: evaluation.rating, comment: evaluation.comment, at: evaluation.created_at.toISOString() } : null,
    reject_reason: rejected?.reject_reason ?? null,
    proposal: proposalOf(a, now),
    series: await seriesRefOf(q, id),
  };
}
