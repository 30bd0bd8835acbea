// What a request change tells people after its transaction commits: a realtime notice on each
// concerned user's channel and a stored notification. A realtime outage never fails the request.
import { REQUEST_EVENTS } from '../../../contract/requests';
import type { Queryable } from '../../db';
import type { Publisher } from '../../realtime/publisher';
import { userChannel } from '../../../contract/realtime-names';
import { notifyProposal, notifyRequestChange, notifyRequestMoved, notifySeries } from '../notifications/producers';
import type { ProposalChange } from './proposals';
import type { RequestChange } from './rows';
import type { RequestMove } from './transitions';

/** Tells the student and every teacher concerned. */
export async function publishChange(publisher: Publisher | undefined, change: RequestChange, kind: 'updated' | 'offered'): Promise<void> {
  if (!publisher) return;
  if (kind === 'offered') {
    await publisher.publish(change.offeredTo.map(userChannel), REQUEST_EVENTS.offered, { id: change.id });
    return;
  }
  const people = new Set([change.studentId, change.teacherId, ...change.offeredTo]);
  await publisher.publish([...people].map(userChannel), REQUEST_EVENTS.updated, {
    id: change.id,
    status: change.status,
    // The family's live screen ends at once, saying the teacher ended it.
    ...(change.endedEarly ? { ended_early: true } : {}),
  });
}

/** The realtime notice and the stored notifications of one change. */
export async function announce(
  q: Queryable,
  publisher: Publisher | undefined,
  change: RequestChange,
  kind: 'updated' | 'offered',
): Promise<void> {
  await publishChange(publisher, change, kind);
  await notifyRequestChange(q, publisher, change, kind);
}

/** A pending request moved: the realtime update to both parties and the teacher's notification. */
export async function announceMove(q: Queryable, publisher: Publisher | undefined, move: RequestMove): Promise<void> {
  await publishChange(publisher, move, 'updated');
  if (move.proposal) await notifyProposal(q, publisher, { ...move, proposal: move.proposal });
  else await notifyRequestMoved(q, publisher, move);
}

/** A proposal answered or lapsed: the realtime update to both parties and the notifications. */
export async function announceProposal(q: Queryable, publisher: Publisher | undefined, change: ProposalChange): Promise<void> {
  await publishChange(publisher, change, 'updated');
  await notifyProposal(q, publisher, change);
}

/**
 * A weekly series booked (`offered`) or the rest of it cancelled (`updated`): each lesson's realtime
 * notice (the teacher's lists refresh per lesson), and one notification for the whole series.
 */
export async function announceSeries(
  q: Queryable,
  publisher: Publisher | undefined,
  seriesId: number,
  lessons: RequestChange[],
  kind: 'updated' | 'offered',
): Promise<void> {
  for (const lesson of lessons) await publishChange(publisher, lesson, kind);
  const first = lessons[0];
  if (!first) return;
  await notifySeries(q, publisher, {
    seriesId,
    kind: kind === 'offered' ? 'offered' : 'canceled',
    teacherId: first.teacherId,
    requestIds: lessons.map((l) => l.id),
  });
}
