// What the request machine says of a request the viewer already has (the session details, the lesson's
// end): its context rebuilt from the server's detail, the actions open at a moment, and whether a status
// gives the hours back. Apart from src/api/requests.ts (HTTP only), so a chunk that books or lists
// requests does not carry the machine.
import { allowedActions, requestMachine, type RequestContext } from '../../machines/request.machine';
import { REQUEST_ACTIONS, type RequestAction, type RequestDetail, type RequestStatus } from '../../contract/requests';

/** The machine's context rebuilt from a detail the server sent. */
export function requestContextOf(detail: RequestDetail): RequestContext {
  return {
    type: detail.type,
    broadcast: detail.broadcast,
    startsAt: Date.parse(detail.starts_at),
    endsAt: Date.parse(detail.ends_at),
    expiresAt: Date.parse(detail.deadlines.expires_at),
    rated: detail.evaluation !== null,
    proposal: detail.proposal
      ? { startsAt: Date.parse(detail.proposal.starts_at), by: detail.proposal.by, lapsesAt: Date.parse(detail.proposal.lapses_at) }
      : null,
  };
}

/**
 * The actions to show at `now`. The server's answer says who may act (it knows the offers); the
 * machine, asked again at `now`, drops what a deadline has closed since — and `join` opens by itself
 * when the session window starts, for the request's student or teacher (they alone get its channel).
 */
export function actionsAt(detail: RequestDetail, role: 'student' | 'teacher', now: number): RequestAction[] {
  const context = requestContextOf(detail);
  const allowed = new Set(allowedActions(detail.status, context, { role, party: true, openOffers: 2 }, now));
  return REQUEST_ACTIONS.filter((action) => {
    if (!allowed.has(action)) return false;
    if (action === 'join') return detail.channel_name !== null;
    return detail.actions.includes(action);
  });
}

/** Whether the machine refunds a request that ends in `status` (its `request:refunded` tag). */
export function refundsOn(status: RequestStatus): boolean {
  return requestMachine.root.states[status]?.tags.includes('request:refunded') ?? false;
}
