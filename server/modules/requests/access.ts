// Who may see a request and what the machine lets them do. The one access rule: its student, its
// teacher, or a teacher it was offered to; anybody else gets 404 (not 403), so ids reveal nothing.
// `accessOf` is the rule on rows already read (the list uses it per page row); `readAccess` reads one
// request and applies it.
import type { RequestAction } from '../../../contract/requests';
import type { Queryable } from '../../db';
import { allowedActions } from '../../../machines/request.machine';
import { contextOf, openProposals, RequestFailure, ROW_COLUMNS, type ProposalRow, type RequestRow, type Viewer } from './rows';

export interface Offer {
  teacher_id: number;
  declined_at: Date | null;
}

export interface Access<Row extends RequestRow = RequestRow> {
  row: Row;
  /** The viewer's offer (teachers): exists, and whether they declined it. */
  offer: { declined: boolean } | null;
  openOffers: number;
  /** Every teacher it was offered to, by id. */
  offeredTo: number[];
  rated: boolean;
  /** Its open proposal of a new start (approved sessions), if any. */
  proposal?: ProposalRow | null;
}

/** The access rule on a request and its offers; null when the viewer may not see it. */
export function accessOf<Row extends RequestRow>(
  row: Row,
  offers: readonly Offer[],
  rated: boolean,
  viewer: Viewer,
  proposal: ProposalRow | null = null,
): Access<Row> | null {
  const mine = viewer.role === 'teacher' ? offers.find((o) => o.teacher_id === viewer.id) : undefined;
  const visible = viewer.role === 'student' ? row.student_id === viewer.id : row.teacher_id === viewer.id || mine !== undefined;
  if (!visible) return null;
  return {
    row,
    offer: mine ? { declined: mine.declined_at !== null } : null,
    openOffers: offers.filter((o) => o.declined_at === null).length,
    offeredTo: offers.map((o) => o.teacher_id).sort((x, y) => x - y),
    rated,
    proposal,
  };
}

/**
 * Reads request `id` with the extra `columns`/`joins` a caller needs (the detail's names), applies the
 * access rule, and throws 404 when the viewer may not see it. `lock` takes the request row only
 * (FOR UPDATE OF r), so joined users and subjects stay unlocked.
 */
export async function readAccess<Row extends RequestRow = RequestRow>(
  q: Queryable,
  id: number,
  viewer: Viewer,
  options: { lock?: boolean; columns?: string; joins?: string } = {},
): Promise<Access<Row>> {
  const row = await q.one<Row>(
    `SELECT ${ROW_COLUMNS}${options.columns ? `, ${options.columns}` : ''} FROM requests r ${options.joins ?? ''}
      WHERE r.id = $1${options.lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  if (!row) throw new RequestFailure(404, 'request_not_found');
  const offers = await q.query<Offer>('SELECT teacher_id, declined_at FROM request_offers WHERE request_id = $1', [id]);
  const rated = await q.one('SELECT 1 AS x FROM evaluations WHERE request_id = $1', [id]);
  // Read after the request row (and its lock), so a change sees the proposal as it stands.
  const proposal = row.status === 'approved' ? ((await openProposals(q, [id])).get(id) ?? null) : null;
  const a = accessOf(row, offers, rated !== undefined, viewer, proposal);
  if (!a) throw new RequestFailure(404, 'request_not_found');
  return a;
}

/**
 * Whether the viewer is a party in the machine's sense: the request's student; for a teacher, while
 * pending an open (not declined) offer, afterwards being its teacher.
 */
export function isParty(a: Pick<Access, 'row' | 'offer'>, viewer: Viewer): boolean {
  if (viewer.role === 'student') return a.row.student_id === viewer.id;
  if (a.row.status === 'pending') return a.offer !== null && !a.offer.declined;
  return a.row.teacher_id === viewer.id;
}

export function viewerActions(a: Access, viewer: Viewer, now: Date): RequestAction[] {
  return allowedActions(
    a.row.status,
    contextOf(a.row, a.rated, a.proposal),
    { role: viewer.role, party: isParty(a, viewer), openOffers: a.openOffers },
    now.getTime(),
  );
}
