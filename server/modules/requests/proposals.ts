// Proposals to move an approved session: one side proposes a new start (POST …/reschedule on an
// approved request), the other accepts or declines it (…/reschedule/accept, …/decline), and the sweep
// lapses an unanswered one at its time (machines/request.machine.ts: reschedule, reschedule_accept,
// reschedule_decline, reschedule_lapse). The session keeps its time, its payment and its channel until
// an accept moves it. The new start is checked by booking's rule when proposed and again when accepted
// (a booking may have taken it meanwhile), under the teacher's row lock that booking and approving take.
import { REQUEST_ERROR } from '../../../contract/requests';
import type { Db, Queryable } from '../../db';
import { resumeRequest, transition, type RequestSnapshot } from '../../../machines/request.machine';
import { schedulesByTeacher, slotProblem } from '../availability';
import { isParty, readAccess, type Access } from './access';
import { contextOf, RequestFailure, ROW_COLUMNS, type ProposalRow, type RequestChange, type RequestRow, type Viewer } from './rows';

export type ProposalStep = 'proposed' | 'accepted' | 'declined' | 'lapsed';

/** A step of a proposal, for the notices after the commit. */
export interface ProposalChange extends RequestChange {
  historyId: number;
  proposal: { step: ProposalStep; by: 'student' | 'teacher'; startsAt: Date };
}

/**
 * Whether `startsAt` is a start the request could have (booking's rule: the teacher's hours and time
 * off, lead time, the horizon, overlaps), its own current time left out of the teacher's busy times.
 * A clash is 409 slot_taken; any other problem is 400 on starts_at, or 409 with its code when there is
 * no field to point at (an accept).
 */
export async function checkNewStart(tx: Queryable, row: RequestRow, startsAt: Date, now: Date, options: { onAccept?: boolean } = {}) {
  const endsAt = new Date(startsAt.getTime() + (row.ends_at.getTime() - row.starts_at.getTime()));
  const schedule = (await schedulesByTeacher(tx, [row.teacher_id], startsAt, endsAt, now)).get(row.teacher_id);
  const refuse = (code: (typeof REQUEST_ERROR)[keyof typeof REQUEST_ERROR]) =>
    options.onAccept ? new RequestFailure(409, code) : new RequestFailure(400, code, 'starts_at');
  if (!schedule) throw refuse(REQUEST_ERROR.teacherUnavailable);
  // The request holds its own current time: it does not stand in its own way.
  const own = { starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() };
  const busy = schedule.busy.filter((b) => b.starts_at !== own.starts_at || b.ends_at !== own.ends_at);
  const problem = slotProblem({ ...schedule, busy }, { type: 'schedule', startsAt, durationHours: row.duration_hours }, now);
  if (problem === REQUEST_ERROR.teacherBusy) throw new RequestFailure(409, REQUEST_ERROR.slotTaken);
  if (problem) throw refuse(problem);
  return endsAt;
}

async function addStep(
  tx: Queryable,
  row: RequestRow,
  step: ProposalStep,
  actor: { role: 'student' | 'teacher' | 'system'; id: number | null },
  at: Date,
  movedFrom: Date,
  movedTo: Date,
): Promise<number> {
  const history = await tx.one<{ id: number }>(
    `INSERT INTO request_history (request_id, status, actor_role, actor_id, at, moved_from, moved_to, proposal)
     VALUES ($1, 'approved', $2, $3, $4, $5, $6, $7) RETURNING id`,
    [row.id, actor.role, actor.id, at, movedFrom, movedTo, step],
  );
  return history!.id;
}

const changeOf = (a: Pick<Access, 'row' | 'offeredTo'>) => ({
  id: a.row.id,
  status: 'approved' as const,
  studentId: a.row.student_id,
  teacherId: a.row.teacher_id,
  offeredTo: a.offeredTo,
});

/**
 * An approved session gets a proposal of a new start, the machine having said the viewer may propose
 * (`next`). Called by rescheduleRequest inside its transaction, with the teacher and request locked.
 */
export async function proposeMove(
  tx: Queryable,
  a: Access,
  viewer: Viewer,
  startsAt: Date,
  next: RequestSnapshot,
  now: Date,
): Promise<ProposalChange> {
  const proposal = next.context.proposal;
  if (!proposal) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
  const endsAt = await checkNewStart(tx, a.row, startsAt, now);
  // The partial unique index keeps one open proposal per request, whatever the locks did.
  const inserted = await tx.one<{ id: number }>(
    `INSERT INTO request_proposals (request_id, starts_at, ends_at, by_role, by_id, created_at, lapses_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (request_id) WHERE outcome IS NULL DO NOTHING RETURNING id`,
    [a.row.id, startsAt, endsAt, viewer.role, viewer.id, now, new Date(proposal.lapsesAt)],
  );
  if (!inserted) throw new RequestFailure(409, REQUEST_ERROR.proposalOpen);
  const historyId = await addStep(tx, a.row, 'proposed', viewer, now, a.row.starts_at, startsAt);
  return { ...changeOf(a), historyId, proposal: { step: 'proposed', by: viewer.role, startsAt } };
}

/**
 * The other side answers an open proposal: accept moves the session to it (same length, same payment,
 * after booking's rule looks at the new start once more), decline keeps the session's time. After its
 * time (the sweep may not have lapsed it yet) or once answered: 409 reschedule_proposal_closed.
 */
export async function answerProposal(db: Db, id: number, viewer: Viewer, answer: 'accept' | 'decline', now: Date): Promise<ProposalChange> {
  return db.transaction(async (tx) => {
    const seen = await readAccess(tx, id, viewer);
    // The teacher's lock first, as booking, approving and moving take it. A decline takes it too: its
    // history row's key share on the teacher's user row would otherwise wait on an accept holding it
    // while the accept waits on the request row (a deadlock, seen on PostgreSQL).
    const teacher = await tx.one<{ status: string }>('SELECT status FROM users WHERE id = $1 FOR UPDATE', [seen.row.teacher_id]);
    const a = await readAccess(tx, id, viewer, { lock: true });
    const event = {
      type: answer === 'accept' ? 'reschedule_accept' : 'reschedule_decline',
      actor: { role: viewer.role, party: isParty(a, viewer) },
      now: now.getTime(),
    } as const;
    const snapshot = resumeRequest(a.row.status, contextOf(a.row, a.rated, a.proposal));
    const next = transition(snapshot, event);
    const open = a.proposal && snapshot.context.proposal;
    if (!next || !open || a.row.teacher_id !== seen.row.teacher_id) {
      const answerable = open && isParty(a, viewer) && open.by !== viewer.role;
      throw new RequestFailure(409, !open || answerable ? REQUEST_ERROR.proposalClosed : REQUEST_ERROR.notAllowed);
    }
    const proposal = a.proposal!;
    if (answer === 'accept') {
      if (teacher?.status !== 'active') throw new RequestFailure(409, REQUEST_ERROR.teacherUnavailable);
      await checkNewStart(tx, a.row, proposal.starts_at, now, { onAccept: true });
      const moved = await tx.one<{ id: number }>(
        `UPDATE requests SET starts_at = $2, ends_at = $3, expires_at = $4, updated_at = $5 WHERE id = $1 AND status = 'approved' RETURNING id`,
        [id, new Date(next.context.startsAt), new Date(next.context.endsAt), new Date(next.context.expiresAt), now],
      );
      if (!moved) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
    }
    const closed = await tx.one<{ id: number }>(
      `UPDATE request_proposals SET outcome = $2, answered_at = $3 WHERE id = $1 AND outcome IS NULL RETURNING id`,
      [proposal.id, answer === 'accept' ? 'accepted' : 'declined', now],
    );
    if (!closed) throw new RequestFailure(409, REQUEST_ERROR.proposalClosed);
    const step = answer === 'accept' ? 'accepted' : 'declined';
    const historyId = await addStep(tx, a.row, step, viewer, now, a.row.starts_at, proposal.starts_at);
    return { ...changeOf(a), historyId, proposal: { step, by: proposal.by_role, startsAt: proposal.starts_at } };
  });
}

const BATCH = 100;
const MAX_BATCHES = 20;

interface DueProposal extends RequestRow {
  proposal_id: number;
  proposal_starts_at: Date;
  proposal_ends_at: Date;
  by_role: 'student' | 'teacher';
  by_id: number;
  proposed_at: Date;
  lapses_at: Date;
}

/**
 * Lapses the open proposals whose time passed (system `reschedule_lapse`), and voids those whose
 * session is no longer approved (cancelled or ended before an answer: nothing to tell). Rows locked by
 * a change in progress are skipped (SKIP LOCKED on the request and the proposal) and lapse next time;
 * each proposal closes once (conditional UPDATE). `only`: just that request's.
 */
export async function lapseProposals(db: Db, now: Date, only?: number): Promise<ProposalChange[]> {
  const due = await db.one<{ due: boolean | null }>(
    only === undefined
      ? 'SELECT min(lapses_at) <= $1 AS due FROM request_proposals WHERE outcome IS NULL'
      : 'SELECT min(lapses_at) <= $1 AS due FROM request_proposals WHERE outcome IS NULL AND request_id = $2',
    only === undefined ? [now] : [now, only],
  );
  if (due?.due !== true) return [];
  const changes: ProposalChange[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx.query<DueProposal>(
        `SELECT ${ROW_COLUMNS}, p.id AS proposal_id, p.starts_at AS proposal_starts_at, p.ends_at AS proposal_ends_at,
                p.by_role, p.by_id, p.created_at AS proposed_at, p.lapses_at
           FROM request_proposals p JOIN requests r ON r.id = p.request_id
          WHERE p.outcome IS NULL AND p.lapses_at <= $1${only === undefined ? '' : ' AND p.request_id = $2'}
          ORDER BY p.lapses_at LIMIT ${BATCH} FOR UPDATE OF r, p SKIP LOCKED`,
        only === undefined ? [now] : [now, only],
      );
      const lapsed: ProposalChange[] = [];
      for (const row of rows) {
        const proposal: ProposalRow = {
          id: row.proposal_id,
          request_id: row.id,
          starts_at: row.proposal_starts_at,
          ends_at: row.proposal_ends_at,
          by_role: row.by_role,
          by_id: row.by_id,
          created_at: row.proposed_at,
          lapses_at: row.lapses_at,
        };
        const event = { type: 'reschedule_lapse', now: now.getTime() } as const;
        const lapses = transition(resumeRequest(row.status, contextOf(row, false, proposal)), event) !== null;
        const closed = await tx.one(
          'UPDATE request_proposals SET outcome = $2, answered_at = $3 WHERE id = $1 AND outcome IS NULL RETURNING id',
          [proposal.id, lapses ? 'lapsed' : 'void', lapses ? proposal.lapses_at : now],
        );
        if (!closed || !lapses) continue;
        const historyId = await addStep(
          tx,
          row,
          'lapsed',
          { role: 'system', id: null },
          proposal.lapses_at,
          row.starts_at,
          proposal.starts_at,
        );
        lapsed.push({
          id: row.id,
          status: 'approved',
          studentId: row.student_id,
          teacherId: row.teacher_id,
          offeredTo: [],
          historyId,
          proposal: { step: 'lapsed', by: proposal.by_role, startsAt: proposal.starts_at },
        });
      }
      return { seen: rows.length, lapsed };
    });
    changes.push(...batch.lapsed);
    if (batch.seen < BATCH) break;
  }
  return changes;
}
