// Logout ends the session's private subscriptions. The auth route records each private or
// presence channel it signs for a bearer token (table realtime_grants, so any instance can find them);
// logout takes that token's grants and sends a control message through the normal trigger path, which
// the PostgreSQL fan-out carries to every instance; the endpoint holding each socket drops it from
// those channels (presence members leave as on unsubscribe). Nothing reaches the client: a control
// message is never delivered. Pusher Channels (REALTIME=pusher) has no server-side unsubscribe: there
// the revoked token stops any new subscription and the client disconnects on logout (docs/server.md).
import type { Db, Queryable } from '../db';
import type { Logger } from '../logger';
import { hashToken } from '../modules/auth/tokens';
import type { Publisher } from './publisher';

/** The trigger name of the control message; endpoint.ts handles it instead of delivering it. */
export const REVOKE_EVENT = 'noor_internal:revoke';

// Grants outlive no token: tokens last 30 days.
const KEEP_DAYS = 31;

export async function recordGrant(q: Queryable, token: string, socketId: string, channel: string): Promise<void> {
  await q.query('INSERT INTO realtime_grants (token_hash, socket_id, channel) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    hashToken(token),
    socketId,
    channel,
  ]);
}

/** The sockets a control message names, or [] for anything malformed. */
export function revokedSockets(data: string): string[] {
  try {
    const parsed = JSON.parse(data) as { socket_ids?: unknown };
    return Array.isArray(parsed.socket_ids) ? parsed.socket_ids.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** After logout: every socket that joined a private or presence channel with `token` leaves it. */
export async function endSessionSubscriptions(db: Db, publisher: Publisher, token: string, log: Logger): Promise<void> {
  const rows = await db.query<{ socket_id: string; channel: string }>(
    'DELETE FROM realtime_grants WHERE token_hash = $1 RETURNING socket_id, channel',
    [hashToken(token)],
  );
  await db.query(`DELETE FROM realtime_grants WHERE created_at < now() - interval '${KEEP_DAYS} days'`);
  if (publisher.mode !== 'embedded' || rows.length === 0) return;
  const byChannel = new Map<string, string[]>();
  for (const row of rows) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row.socket_id]);
  for (const [channel, socketIds] of byChannel) {
    if (!(await publisher.publish(channel, REVOKE_EVENT, { socket_ids: socketIds }))) {
      log.warn('realtime: could not end a signed-out session’s subscriptions', { channel });
    }
  }
}
