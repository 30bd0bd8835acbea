// The requests sweep: expires unaccepted requests (refunded) and finishes ended sessions, telling the
// student and teacher. It runs on a timer (wired in server/main.ts); reads also sweep lazily, so a
// missed tick never shows a stale status. The sweep itself is idempotent.
import type { Db } from '../../db';
import { errorFields, type Logger } from '../../logger';
import type { Publisher } from '../../realtime/publisher';
import { resumeRequest, statusOf, transition, type RequestEvent } from '../../../machines/request.machine';
import { announce } from './notices';
import { addHistory, contextOf, offeredTo, refund, ROW_COLUMNS, type RequestChange, type RequestRow } from './rows';

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


/** The sweep, with its notices: used by the timer and lazily before reads. */
export async function sweepAndPublish(db: Db, publisher: Publisher | undefined, now: Date): Promise<number> {
  const changes = await sweepRequests(db, now);
  // Pusher takes at most 100 channels per call; publish one change at a time.
  for (const change of changes) await announce(db, publisher, change, 'updated');
  return changes.length;
}

export function startRequestSweep(db: Db, publisher: Publisher | undefined, log: Logger, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return; // a slow run is not overtaken by the next one
    running = sweepAndPublish(db, publisher, new Date())
      .then((changed) => {
        if (changed) log.info('requests swept', { changed });
      })
      .catch((err: unknown) => log.error('requests sweep failed', errorFields(err)))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
