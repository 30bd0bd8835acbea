// Session requests (issue 6): booking (debit in the same transaction), the lifecycle through
// machines/request.machine.ts, the sweep that expires and finishes, and the caller-scoped reads.
//
// Every change locks the request row (SELECT … FOR UPDATE), asks the machine, then writes with a
// conditional UPDATE … WHERE status = <the status read> RETURNING, so two teachers approving at once
// end with exactly one approval, and a refund happens once.
import { randomBytes } from 'node:crypto';
import {
  FREE_TRIAL_MAX_HOURS,
  REQUEST_ERROR,
  URGENT_ACCEPT_MS,
  type CreateRequestParsed,
  type RequestAction,
  type RequestDetail,
  type RequestErrorCode,
  type RequestFilter,
  type RequestStatus,
  type RequestSummary,
  type RequestType,
} from '../../../contract/requests';
import type { Db, Queryable } from '../../db';
import type { Locale } from '../../i18n';
import {
  actionEvent,
  allowedActions,
  requestDeadlines,
  resumeRequest,
  statusOf,
  transition,
  type RequestContext,
  type RequestEvent,
  type RequestRole,
} from '../../../machines/request.machine';
import { consumeFreeTrial, debitHours, getBalance, InsufficientHoursError, refundHours, restoreFreeTrial } from '../packages';
import { schedulesByTeacher, slotProblem } from '../availability';
import { busyByTeacher } from '../teachers';

const HOUR_MS = 3_600_000;
/** How many other teachers a broadcast reaches at most. */
export const MAX_BROADCAST_TEACHERS = 50;

/** A refusal with its HTTP status and code (the routes localize it). */
export class RequestFailure extends Error {
  constructor(
    readonly status: 400 | 402 | 403 | 404 | 409,
    readonly code: RequestErrorCode | 'request_not_found' | 'requests_students_only',
    /** For a 400: the field the message belongs to. */
    readonly field?: string,
  ) {
    super(code);
    this.name = 'RequestFailure';
  }
}

export interface Viewer {
  id: number;
  role: 'student' | 'teacher';
}

export interface RequestRow {
  id: number;
  student_id: number;
  teacher_id: number;
  requested_teacher_id: number;
  subject_id: number;
  type: RequestType;
  status: RequestStatus;
  starts_at: Date;
  ends_at: Date;
  duration_hours: number;
  expires_at: Date;
  comment: string | null;
  broadcast: boolean;
  preferred_gender: 'male' | 'female' | null;
  paid_with: 'hours' | 'free_trial';
  channel_name: string;
  created_at: Date;
}

/** What a change did, for the realtime notices sent after the commit. */
export interface RequestChange {
  id: number;
  status: RequestStatus;
  studentId: number;
  teacherId: number;
  /** Every teacher the request was offered to (the requested one included). */
  offeredTo: number[];
}

const ROW_COLUMNS = `r.id, r.student_id, r.teacher_id, r.requested_teacher_id, r.subject_id, r.type, r.status, r.starts_at, r.ends_at,
  r.duration_hours, r.expires_at, r.comment, r.broadcast, r.preferred_gender, r.paid_with, r.channel_name, r.created_at`;

function contextOf(row: RequestRow, rated: boolean): RequestContext {
  return {
    type: row.type,
    broadcast: row.broadcast,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    rated,
  };
}

const ledgerRef = (id: number) => ({ type: 'request', id });

async function offeredTo(q: Queryable, requestId: number): Promise<number[]> {
  const rows = await q.query<{ teacher_id: number }>('SELECT teacher_id FROM request_offers WHERE request_id = $1 ORDER BY teacher_id', [requestId]);
  return rows.map((r) => r.teacher_id);
}

async function addHistory(q: Queryable, requestId: number, status: RequestStatus, role: RequestRole, actorId: number | null, at: Date) {
  await q.query('INSERT INTO request_history (request_id, status, actor_role, actor_id, at) VALUES ($1, $2, $3, $4, $5)', [
    requestId,
    status,
    role,
    actorId,
    at,
  ]);
}

async function refund(tx: Queryable, row: RequestRow, now: Date): Promise<void> {
  if (row.paid_with === 'free_trial') await restoreFreeTrial(tx, row.student_id);
  else await refundHours(tx, row.student_id, ledgerRef(row.id), { now });
}

// ---------------------------------------------------------------------------------------------------
// Booking

interface StudentRow {
  id: number;
  phase_id: number | null;
}

/** Other active teachers a broadcast reaches: same subject, the student's phase, the preferred gender, free then. */
async function broadcastTeachers(
  tx: Queryable,
  input: {
    exclude: number;
    subjectId: number;
    phaseId: number | null;
    gender: 'male' | 'female' | null;
    startsAt: Date;
    endsAt: Date;
    durationHours: number;
    type: RequestType;
    now: Date;
  },
): Promise<number[]> {
  const candidates = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u
      WHERE u.type = 'instructor' AND u.status = 'active' AND u.id <> $1
        AND EXISTS (SELECT 1 FROM teacher_subjects ts WHERE ts.teacher_id = u.id AND ts.subject_id = $2)
        AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM teacher_phases tp WHERE tp.teacher_id = u.id AND tp.phase_id = $3))
        AND ($4::text IS NULL OR u.gender = $4)
      ORDER BY u.id LIMIT 500`,
    [input.exclude, input.subjectId, input.phaseId, input.gender],
  );
  const ids = candidates.map((c) => c.id);
  const schedules = await schedulesByTeacher(tx, ids, input.startsAt, input.endsAt, input.now);
  const draft = { type: input.type, startsAt: input.startsAt, durationHours: input.durationHours };
  return ids
    .filter((id) => {
      const schedule = schedules.get(id);
      return schedule !== undefined && slotProblem(schedule, draft, input.now) === null;
    })
    .slice(0, MAX_BROADCAST_TEACHERS);
}

/**
 * Books a session: checks the rules, inserts the request, its offers and first history row, and pays
 * (the free trial for a session of up to FREE_TRIAL_MAX_HOURS when it is unused, otherwise package
 * hours) — all in one transaction. Not enough hours: RequestFailure 402 and nothing written.
 */
export async function createRequest(db: Db, studentId: number, body: CreateRequestParsed, now: Date): Promise<RequestChange> {
  const teacher = await db.one<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND type = 'instructor' AND status = 'active'`, [body.teacher_id]);
  if (!teacher) throw new RequestFailure(400, REQUEST_ERROR.teacherUnavailable, 'teacher_id');
  const teaches = await db.one('SELECT 1 AS x FROM teacher_subjects WHERE teacher_id = $1 AND subject_id = $2', [body.teacher_id, body.subject_id]);
  if (!teaches) throw new RequestFailure(400, REQUEST_ERROR.subjectNotTaught, 'subject_id');

  const startsAt = body.type === 'urgent' ? now : new Date(body.starts_at!);
  const endsAt = new Date(startsAt.getTime() + body.duration_hours * HOUR_MS);
  const draft = { type: body.type, startsAt, durationHours: body.duration_hours };
  const schedule = (await schedulesByTeacher(db, [teacher.id], startsAt, endsAt, now)).get(teacher.id)!;
  const problem = slotProblem(schedule, draft, now);
  if (problem === REQUEST_ERROR.teacherBusy) throw new RequestFailure(409, REQUEST_ERROR.slotTaken);
  if (problem) throw new RequestFailure(400, problem, problem === REQUEST_ERROR.durationRange ? 'duration_hours' : 'starts_at');

  // Urgent: a teacher must take it within 15 minutes. Scheduled: by its start.
  const expiresAt = body.type === 'urgent' ? new Date(now.getTime() + URGENT_ACCEPT_MS) : startsAt;
  const channel = `session-${randomBytes(16).toString('hex')}`;

  return db.transaction(async (tx) => {
    const student = await tx.one<StudentRow>(`SELECT id, phase_id FROM users WHERE id = $1 AND type = 'student' FOR UPDATE`, [studentId]);
    if (!student) throw new RequestFailure(403, 'requests_students_only');
    // Two students booking the teacher's same time at once: the teacher's row lock serializes them and
    // the second one, reading again under the lock, is told the slot was just taken.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [teacher.id]);
    const locked = (await schedulesByTeacher(tx, [teacher.id], startsAt, endsAt, now)).get(teacher.id)!;
    if (slotProblem(locked, draft, now) === REQUEST_ERROR.teacherBusy) throw new RequestFailure(409, REQUEST_ERROR.slotTaken);
    const row = await tx.one<{ id: number }>(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours,
                             expires_at, comment, broadcast, preferred_gender, paid_with, channel_name, created_at, updated_at)
       VALUES ($1, $2, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, 'hours', $12, $13, $13) RETURNING id`,
      [
        studentId,
        teacher.id,
        body.subject_id,
        body.type,
        startsAt,
        endsAt,
        body.duration_hours,
        expiresAt,
        body.comment,
        body.broadcast,
        body.preferred_gender ?? null,
        channel,
        now,
      ],
    );
    const id = row!.id;

    // Pay. The free trial first for a short session, so a new student's first booking is free.
    const balance = await getBalance(tx, studentId, { now });
    if (balance.freeTrialAvailable && body.duration_hours <= FREE_TRIAL_MAX_HOURS && (await consumeFreeTrial(tx, studentId, ledgerRef(id)))) {
      await tx.query(`UPDATE requests SET paid_with = 'free_trial' WHERE id = $1`, [id]);
    } else {
      try {
        await debitHours(tx, studentId, body.duration_hours, ledgerRef(id), { now });
      } catch (err) {
        if (err instanceof InsufficientHoursError) throw new RequestFailure(402, REQUEST_ERROR.insufficientHours);
        throw err;
      }
    }

    const others = body.broadcast
      ? await broadcastTeachers(tx, {
          exclude: teacher.id,
          subjectId: body.subject_id,
          phaseId: student.phase_id,
          gender: body.preferred_gender ?? null,
          startsAt,
          endsAt,
          durationHours: body.duration_hours,
          type: body.type,
          now,
        })
      : [];
    const offered = [teacher.id, ...others];
    await tx.query(
      `INSERT INTO request_offers (request_id, teacher_id, created_at) SELECT $1, t, $3 FROM unnest($2::int[]) AS t`,
      [id, offered, now],
    );
    await addHistory(tx, id, 'pending', 'student', studentId, now);
    return { id, status: 'pending' as const, studentId, teacherId: teacher.id, offeredTo: offered };
  });
}

// ---------------------------------------------------------------------------------------------------
// Access and the machine's view of a viewer

interface Access {
  row: RequestRow;
  /** The viewer's offer (teachers): exists, and whether they declined it. */
  offer: { declined: boolean } | null;
  openOffers: number;
  rated: boolean;
}

/** The request if the viewer may see it (its student, its teacher, or a teacher it was offered to); else 404. */
async function access(q: Queryable, id: number, viewer: Viewer, lock: boolean): Promise<Access> {
  const row = await q.one<RequestRow>(`SELECT ${ROW_COLUMNS} FROM requests r WHERE r.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row) throw new RequestFailure(404, 'request_not_found');
  const offers = await q.query<{ teacher_id: number; declined_at: Date | null }>('SELECT teacher_id, declined_at FROM request_offers WHERE request_id = $1', [id]);
  const mine = viewer.role === 'teacher' ? offers.find((o) => o.teacher_id === viewer.id) : undefined;
  const visible = viewer.role === 'student' ? row.student_id === viewer.id : row.teacher_id === viewer.id || mine !== undefined;
  if (!visible) throw new RequestFailure(404, 'request_not_found');
  const rated = await q.one('SELECT 1 AS x FROM evaluations WHERE request_id = $1', [id]);
  return {
    row,
    offer: mine ? { declined: mine.declined_at !== null } : null,
    openOffers: offers.filter((o) => o.declined_at === null).length,
    rated: rated !== undefined,
  };
}

/**
 * Whether the viewer is a party in the machine's sense: the request's student; for a teacher, while
 * pending an open (not declined) offer, afterwards being its teacher.
 */
function isParty(a: { row: RequestRow; offer: { declined: boolean } | null }, viewer: Viewer): boolean {
  if (viewer.role === 'student') return a.row.student_id === viewer.id;
  if (a.row.status === 'pending') return a.offer !== null && !a.offer.declined;
  return a.row.teacher_id === viewer.id;
}

function viewerActions(a: Access, viewer: Viewer, now: Date): RequestAction[] {
  return allowedActions(a.row.status, contextOf(a.row, a.rated), { role: viewer.role, party: isParty(a, viewer), openOffers: a.openOffers }, now.getTime());
}

// ---------------------------------------------------------------------------------------------------
// Changes

export type ChangeAction = 'approve' | 'reject' | 'cancel';

/**
 * A viewer's approve / reject / cancel, checked by the machine. Approving also checks the approving
 * teacher has no other approved session at that time. Refunds (reject, cancel) in the same transaction.
 */
export async function changeRequest(db: Db, id: number, viewer: Viewer, action: ChangeAction, now: Date): Promise<RequestChange> {
  return db.transaction(async (tx) => {
    // Serialize a teacher's approvals, so two of their requests at one time cannot both be approved.
    // A teacher no longer active (suspended since the offer) cannot take sessions.
    if (action === 'approve' && viewer.role === 'teacher') {
      const me = await tx.one<{ status: string }>('SELECT status FROM users WHERE id = $1 FOR UPDATE', [viewer.id]);
      if (me?.status !== 'active') throw new RequestFailure(409, REQUEST_ERROR.teacherUnavailable);
    }
    const a = await access(tx, id, viewer, true);
    const event = actionEvent(action, { role: viewer.role, party: isParty(a, viewer), openOffers: a.openOffers }, now.getTime());
    const next = transition(resumeRequest(a.row.status, contextOf(a.row, a.rated)), event);
    if (!next) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
    const status = statusOf(next);
    const offered = await offeredTo(tx, id);

    if (status === a.row.status) {
      // One teacher of a broadcast declines their offer; the request stays open for the others.
      await tx.query('UPDATE request_offers SET declined_at = $3 WHERE request_id = $1 AND teacher_id = $2 AND declined_at IS NULL', [id, viewer.id, now]);
      return { id, status, studentId: a.row.student_id, teacherId: a.row.teacher_id, offeredTo: offered };
    }

    const startsAt = new Date(next.context.startsAt);
    const endsAt = new Date(next.context.endsAt);
    const teacherId = action === 'approve' ? viewer.id : a.row.teacher_id;
    if (action === 'approve') {
      const busy = await busyByTeacher(tx, [viewer.id], startsAt, endsAt);
      if ((busy.get(viewer.id) ?? []).length > 0) throw new RequestFailure(409, REQUEST_ERROR.teacherBusy);
    }
    const updated = await tx.one<{ id: number }>(
      `UPDATE requests SET status = $2, teacher_id = $3, starts_at = $4, ends_at = $5, updated_at = $6
        WHERE id = $1 AND status = $7 RETURNING id`,
      [id, status, teacherId, startsAt, endsAt, now, a.row.status],
    );
    if (!updated) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
    if (action === 'reject') {
      await tx.query('UPDATE request_offers SET declined_at = $3 WHERE request_id = $1 AND teacher_id = $2 AND declined_at IS NULL', [id, viewer.id, now]);
    }
    if (next.hasTag('request:refunded')) await refund(tx, a.row, now);
    await addHistory(tx, id, status, viewer.role, viewer.id, now);
    return { id, status, studentId: a.row.student_id, teacherId, offeredTo: offered };
  });
}

/** The student's rating of a finished session: once (machine `rate`, and a unique index). */
export async function rateRequest(db: Db, id: number, viewer: Viewer, input: { rating: number; comment: string | null }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await access(tx, id, viewer, true);
    const event: RequestEvent = { type: 'rate', actor: { role: viewer.role, party: isParty(a, viewer) }, now: now.getTime() };
    if (!resumeRequest(a.row.status, contextOf(a.row, a.rated)).can(event)) {
      throw new RequestFailure(409, a.rated ? REQUEST_ERROR.alreadyRated : REQUEST_ERROR.notAllowed);
    }
    const row = await tx.one(
      `INSERT INTO evaluations (teacher_id, student_id, rating, comment, request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (request_id) WHERE request_id IS NOT NULL DO NOTHING RETURNING id`,
      [a.row.teacher_id, a.row.student_id, input.rating, input.comment, id, now],
    );
    if (!row) throw new RequestFailure(409, REQUEST_ERROR.alreadyRated);
  });
}

/**
 * Expires pending requests past their deadline (refunded) and finishes approved sessions that ended.
 * Idempotent and safe to run concurrently: each request moves once (conditional UPDATE), refunds once.
 */
export async function sweepRequests(db: Db, now: Date): Promise<RequestChange[]> {
  const due = await db.query<{ id: number }>(
    `SELECT id FROM requests WHERE (status = 'pending' AND expires_at <= $1) OR (status = 'approved' AND ends_at <= $1) ORDER BY id LIMIT 500`,
    [now],
  );
  const changes: RequestChange[] = [];
  for (const { id } of due) {
    const change = await db.transaction(async (tx) => {
      const row = await tx.one<RequestRow>(`SELECT ${ROW_COLUMNS} FROM requests r WHERE r.id = $1 FOR UPDATE`, [id]);
      if (!row) return null;
      const event: RequestEvent = row.status === 'pending' ? { type: 'expire', now: now.getTime() } : { type: 'finish', now: now.getTime() };
      const next = transition(resumeRequest(row.status, contextOf(row, false)), event);
      if (!next) return null;
      const status = statusOf(next);
      const updated = await tx.one('UPDATE requests SET status = $2, updated_at = $3 WHERE id = $1 AND status = $4 RETURNING id', [id, status, now, row.status]);
      if (!updated) return null;
      if (next.hasTag('request:refunded')) await refund(tx, row, now);
      // The history shows when it happened by the rules, not when the sweep noticed.
      const at = status === 'expired' ? row.expires_at : row.ends_at;
      await addHistory(tx, id, status, 'system', null, at);
      return { id, status, studentId: row.student_id, teacherId: row.teacher_id, offeredTo: await offeredTo(tx, id) };
    });
    if (change) changes.push(change);
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------------
// Reads

interface ListedRow extends RequestRow {
  subject_ar: string;
  subject_en: string;
  teacher_first: string;
  teacher_second: string | null;
  teacher_last: string;
  student_first: string;
  student_second: string | null;
  student_last: string;
  total: number;
}

const LISTED = `SELECT ${ROW_COLUMNS}, s.name_ar AS subject_ar, s.name_en AS subject_en,
    t.first_name AS teacher_first, t.second_name AS teacher_second, t.last_name AS teacher_last,
    st.first_name AS student_first, st.second_name AS student_second, st.last_name AS student_last`;
const LISTED_FROM = `FROM requests r JOIN subjects s ON s.id = r.subject_id JOIN users t ON t.id = r.teacher_id JOIN users st ON st.id = r.student_id`;

const familyName = (second: string | null, last: string) => [second, last].filter(Boolean).join(' ');

function summaryOf(row: ListedRow, a: Access, viewer: Viewer, locale: Locale, now: Date): RequestSummary {
  const actions = viewerActions(a, viewer, now);
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    subject: { id: row.subject_id, name: locale === 'en' ? row.subject_en : row.subject_ar },
    teacher: { id: row.teacher_id, first_name: row.teacher_first, last_name: familyName(row.teacher_second, row.teacher_last) },
    student: { id: row.student_id, first_name: row.student_first, last_name: familyName(row.student_second, row.student_last) },
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    duration_hours: row.duration_hours,
    broadcast: row.broadcast,
    offered: viewer.role === 'teacher' && row.teacher_id !== viewer.id,
    created_at: row.created_at.toISOString(),
    actions,
    join_channel: actions.includes('join') ? row.channel_name : null,
  };
}

/** The list filters (docs/decisions.md); `$now` is the time of the read. */
const FILTERS: Record<RequestFilter, string> = {
  all: 'TRUE',
  new: `r.status = 'pending'`,
  current: `r.status = 'approved' AND r.starts_at <= $now AND r.ends_at > $now`,
  upcoming: `r.status = 'approved' AND r.starts_at > $now`,
  finished: `r.status = 'finished'`,
  canceled: `r.status IN ('canceled', 'rejected', 'expired')`,
};

export async function listRequests(
  q: Queryable,
  viewer: Viewer,
  query: { filter: RequestFilter; student_id?: number | undefined; teacher_id?: number | undefined; page: number; per_page: number },
  locale: Locale,
  now: Date,
): Promise<{ items: RequestSummary[]; total: number }> {
  const params: unknown[] = [viewer.id];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [
    viewer.role === 'student'
      ? 'r.student_id = $1'
      : '(r.teacher_id = $1 OR EXISTS (SELECT 1 FROM request_offers o WHERE o.request_id = r.id AND o.teacher_id = $1))',
  ];
  const filter = FILTERS[query.filter];
  where.push(filter.includes('$now') ? filter.replaceAll('$now', `${param(now)}::timestamptz`) : filter);
  if (query.student_id) where.push(`r.student_id = ${param(query.student_id)}`);
  if (query.teacher_id) where.push(`r.teacher_id = ${param(query.teacher_id)}`);
  const rows = await q.query<ListedRow>(
    `${LISTED}, COUNT(*) OVER () AS total ${LISTED_FROM}
      WHERE ${where.join(' AND ')}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${param(query.per_page)} OFFSET ${param((query.page - 1) * query.per_page)}`,
    params,
  );
  const ids = rows.map((r) => r.id);
  // Offers and ratings of the page, in two queries.
  const offers = ids.length
    ? await q.query<{ request_id: number; teacher_id: number; declined_at: Date | null }>(
        'SELECT request_id, teacher_id, declined_at FROM request_offers WHERE request_id = ANY($1::int[])',
        [ids],
      )
    : [];
  const rated = new Set(
    (ids.length ? await q.query<{ request_id: number }>('SELECT request_id FROM evaluations WHERE request_id = ANY($1::int[])', [ids]) : []).map(
      (r) => r.request_id,
    ),
  );
  const items = rows.map((row) => {
    const own = offers.filter((o) => o.request_id === row.id);
    const mineOffer = viewer.role === 'teacher' ? own.find((o) => o.teacher_id === viewer.id) : undefined;
    const a: Access = {
      row,
      offer: mineOffer ? { declined: mineOffer.declined_at !== null } : null,
      openOffers: own.filter((o) => o.declined_at === null).length,
      rated: rated.has(row.id),
    };
    return summaryOf(row, a, viewer, locale, now);
  });
  return { items, total: Number(rows[0]?.total ?? 0) };
}

export async function requestDetail(q: Queryable, id: number, viewer: Viewer, locale: Locale, now: Date): Promise<RequestDetail> {
  const a = await access(q, id, viewer, false);
  const row = await q.one<ListedRow>(`${LISTED}, 0 AS total ${LISTED_FROM} WHERE r.id = $1`, [id]);
  const history = await q.query<{ status: RequestStatus; at: Date; actor_role: RequestRole }>(
    'SELECT status, at, actor_role FROM request_history WHERE request_id = $1 ORDER BY at, id',
    [id],
  );
  const evaluation = await q.one<{ rating: number; comment: string | null; created_at: Date }>(
    'SELECT rating, comment, created_at FROM evaluations WHERE request_id = $1',
    [id],
  );
  const deadlines = requestDeadlines(a.row.status, contextOf(a.row, a.rated));
  const isMember = viewer.role === 'student' ? a.row.student_id === viewer.id : a.row.teacher_id === viewer.id && a.row.status !== 'pending';
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    ...summaryOf(row!, a, viewer, locale, now),
    comment: a.row.comment,
    preferred_gender: a.row.preferred_gender,
    paid_with: a.row.paid_with,
    history: history.map((h) => ({ status: h.status, at: h.at.toISOString(), actor_role: h.actor_role })),
    deadlines: {
      cancel_free_until: deadlines.cancelFreeUntil === null ? null : iso(deadlines.cancelFreeUntil),
      join_opens_at: iso(deadlines.joinOpensAt),
      expires_at: iso(deadlines.expiresAt),
    },
    channel_name: isMember && (a.row.status === 'approved' || a.row.status === 'finished') ? a.row.channel_name : null,
    evaluation: evaluation ? { rating: evaluation.rating, comment: evaluation.comment, at: evaluation.created_at.toISOString() } : null,
  };
}
