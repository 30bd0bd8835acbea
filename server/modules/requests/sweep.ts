// The requests sweep: expires unaccepted requests (refunded) and finishes ended sessions, telling the
// student and teacher. It runs on a timer (wired in server/main.ts), not before reads: reads show an
// overdue request's status themselves (rows.ts `overdue`), and a change settles its own request first.
//
// Each batch reads due rows through the partial indexes (requests_pending_idx, requests_approved_idx)
// with FOR UPDATE SKIP LOCKED, so several instances sweeping at once share the work instead of queueing
// on one another; each row still moves once (conditional UPDATE) and is refunded once.
import type { Db, Queryable } from '../../db';
import type { Publisher } from '../../realtime/publisher';
import { statusOf } from '../../../machines/request.machine';
import { announce, announceProposal } from './notices';
import { lapseProposals } from './proposals';
import { overdue, overdueAt, refund, ROW_COLUMNS, type RequestChange, type RequestRow } from './rows';

const BATCH = 100;
/** Batches per kind and run: a backlog drains over a few ticks instead of holding one run for long. */
const MAX_BATCHES = 20;

// Due rows, oldest first. The ORDER BY is what keeps an empty sweep an index probe: without it the
// planner, which cannot know that few pending rows are overdue (status and deadline are estimated
// apart), expects thousands of matches and walks the whole table to find a LIMIT's worth (first paint:
// 50–100 ms at 100 000 requests). Ordered by the partial index's column, reading the index is the
// only cheap plan, and it stops at the first row that is not due.
const DUE = {
  pending: `r.status = 'pending' AND r.expires_at <= $1`,
  approved: `r.status = 'approved' AND r.ends_at <= $1`,
} as const;
const ORDER = { pending: 'r.expires_at', approved: 'r.ends_at' } as const;

async function sweepBatch(
  tx: Queryable,
  kind: keyof typeof DUE,
  now: Date,
  only: number | undefined,
): Promise<{ seen: number; changes: RequestChange[] }> {
  const rows = await tx.query<RequestRow>(
    `SELECT ${ROW_COLUMNS} FROM requests r WHERE ${DUE[kind]}${only === undefined ? '' : ' AND r.id = $2'}
      ORDER BY ${ORDER[kind]} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
    only === undefined ? [now] : [now, only],
  );
  if (rows.length === 0) return { seen: 0, changes: [] };
  const moved: { row: RequestRow; status: RequestChange['status'] }[] = [];
  for (const row of rows) {
    const next = overdue(row, now);
    if (!next) continue;
    const status = statusOf(next);
    const updated = await tx.one('UPDATE requests SET status = $2, updated_at = $3 WHERE id = $1 AND status = $4 RETURNING id', [
      row.id,
      status,
      now,
      row.status,
    ]);
    if (!updated) continue;
    if (next.hasTag('request:refunded')) await refund(tx, row, now);
    moved.push({ row, status });
  }
  if (moved.length === 0) return { seen: rows.length, changes: [] };
  const ids = moved.map((m) => m.row.id);
  await tx.query(
    `INSERT INTO request_history (request_id, status, actor_role, actor_id, at)
     SELECT id, status, 'system', NULL, at FROM unnest($1::int[], $2::text[], $3::timestamptz[]) AS h(id, status, at)`,
    [ids, moved.map((m) => m.status), moved.map((m) => overdueAt(m.row, m.status))],
  );
  const offers = await tx.query<{ request_id: number; teacher_id: number }>(
    'SELECT request_id, teacher_id FROM request_offers WHERE request_id = ANY($1::int[]) ORDER BY request_id, teacher_id',
    [ids],
  );
  const changes = moved.map(({ row, status }) => ({
    id: row.id,
    status,
    studentId: row.student_id,
    teacherId: row.teacher_id,
    offeredTo: offers.filter((o) => o.request_id === row.id).map((o) => o.teacher_id),
  }));
  return { seen: rows.length, changes };
}

/**
 * Which kinds have a due row, in one statement outside any transaction: on most ticks nothing is due,
 * and then the sweep costs two index probes instead of two transactions of three statements each.
 * min() over a partial index is read from its first entry; EXISTS would not do: the planner expects
 * many due rows and plans a sequential scan to find one (seen: 230 ms at 100 000 requests on PGlite).
 * One request (`only`) is looked up by its primary key.
 */
async function dueKinds(db: Db, now: Date, only: number | undefined): Promise<(keyof typeof DUE)[]> {
  const row =
    only === undefined
      ? await db.one<Record<keyof typeof DUE, boolean | null>>(
          `SELECT (SELECT min(r.expires_at) FROM requests r WHERE r.status = 'pending') <= $1 AS pending,
                  (SELECT min(r.ends_at) FROM requests r WHERE r.status = 'approved') <= $1 AS approved`,
          [now],
        )
      : await db.one<Record<keyof typeof DUE, boolean>>(
          `SELECT ${DUE.pending} AS pending, ${DUE.approved} AS approved FROM requests r WHERE r.id = $2`,
          [now, only],
        );
  return (['pending', 'approved'] as const).filter((kind) => row?.[kind] === true);
}

/**
 * Expires pending requests past their deadline (refunded) and finishes approved sessions that ended;
 * with `only`, just that request (a change settles its own request before acting on it).
 * Idempotent and safe to run concurrently.
 */
export async function sweepRequests(db: Db, now: Date, only?: number): Promise<RequestChange[]> {
  const changes: RequestChange[] = [];
  for (const kind of await dueKinds(db, now, only)) {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const batch = await db.transaction((tx) => sweepBatch(tx, kind, now, only));
      changes.push(...batch.changes);
      if (batch.seen < BATCH) break;
    }
  }
  return changes;
}

/** The sweep with its notices; `only` settles one request. */
export async function sweepAndPublish(db: Db, publisher: Publisher | undefined, now: Date, only?: number): Promise<number> {
  const changes = await sweepRequests(db, now, only);
  // Pusher takes at most 100 channels per call; publish one change at a time.
  for (const change of changes) await announce(db, publisher, change, 'updated');
  // Proposals to move a session that nobody answered in time (and those left by a cancel or the end).
  const lapsed = await lapseProposals(db, now, only);
  for (const change of lapsed) await announceProposal(db, publisher, change);
  return changes.length + lapsed.length;
}
