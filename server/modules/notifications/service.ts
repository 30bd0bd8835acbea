// Notifications: what happened to whom (a type and its parameters, never a sentence), stored so nothing
// is lost while the user is offline, and announced on the user's private realtime channel with the new
// unread count. A producer's retry, a webhook arriving twice or the reminder job after a restart insert
// nothing the second time: a dedupe key is unique per user.
import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATIONS_PER_PAGE,
  NOTIFICATIONS_READ_EVENT,
  type AppNotification,
  type LinkKind,
  type NotificationParams,
  type NotificationType,
} from '../../../contract/notifications';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { pickName } from '../../lib/latin-names';
import { userChannel } from '../../../contract/realtime-names';
import type { Publisher } from '../../realtime/publisher';

export interface NotifyInput {
  userId: number;
  type: NotificationType;
  params?: NotificationParams;
  /** Once per user and key: a second notify with the same key inserts nothing. */
  dedupeKey?: string;
}

/** Where each type links to; request-like types point at their request's session details. */
export function linkOf(type: NotificationType, params: NotificationParams): { kind: LinkKind; id: number | null } {
  if (type.startsWith('request_') || type.startsWith('session_') || type === 'lesson_report_written') {
    return params.request_id !== undefined ? { kind: 'request', id: params.request_id } : { kind: 'requests', id: null };
  }
  if (type.startsWith('payment_')) return { kind: 'packages', id: null };
  if (type === 'message_received') return { kind: 'conversation', id: params.conversation_id ?? null };
  return { kind: 'profile', id: null };
}

/**
 * Inserts a notification (on the caller's transaction or the database) without announcing it; returns
 * its id, or null when the dedupe key was already used. Call publishUnread after the commit.
 */
export async function recordNotification(q: Queryable, input: NotifyInput): Promise<number | null> {
  const params = input.params ?? {};
  const link = linkOf(input.type, params);
  const row = await q.one<{ id: number }>(
    `INSERT INTO notifications (user_id, type, params, target_type, target_id, dedupe_key)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6)
     ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [input.userId, input.type, JSON.stringify(params), link.kind, link.id, input.dedupeKey ?? null],
  );
  return row?.id ?? null;
}

/** Pusher takes at most 100 channels per publish. */
const MAX_CHANNELS = 100;

/**
 * Records several notifications in one statement and announces the new unread counts in one publish
 * per distinct count (each ≤ 100 channels) — a broadcast to 50 teachers costs three statements and
 * a publish or two instead of three round trips per teacher. Returns how many were new.
 */
export async function notifyMany(q: Queryable, publisher: Publisher | undefined, inputs: readonly NotifyInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const params = inputs.map((i) => i.params ?? {});
  const links = inputs.map((i, n) => linkOf(i.type, params[n]!));
  const rows = await q.query<{ user_id: number }>(
    `INSERT INTO notifications (user_id, type, params, target_type, target_id, dedupe_key)
     SELECT u, t, p::jsonb, k, i, d FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) AS n(u, t, p, k, i, d)
     ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING user_id`,
    [
      inputs.map((i) => i.userId),
      inputs.map((i) => i.type),
      params.map((p) => JSON.stringify(p)),
      links.map((l) => l.kind),
      links.map((l) => l.id),
      inputs.map((i) => i.dedupeKey ?? null),
    ],
  );
  const users = [...new Set(rows.map((r) => r.user_id))];
  if (!publisher || users.length === 0) return rows.length;
  const counts = await q.query<{ user_id: number; n: number }>(
    'SELECT user_id, count(*)::int AS n FROM notifications WHERE user_id = ANY($1::int[]) AND read_at IS NULL GROUP BY user_id',
    [users],
  );
  const byCount = new Map<number, string[]>();
  for (const c of counts) byCount.set(c.n, [...(byCount.get(c.n) ?? []), userChannel(c.user_id)]);
  for (const [n, channels] of byCount) {
    for (let i = 0; i < channels.length; i += MAX_CHANNELS) {
      await publisher.publish(channels.slice(i, i + MAX_CHANNELS), NOTIFICATION_CREATED_EVENT, { unread_count: n });
    }
  }
  return rows.length;
}

export async function unreadCount(q: Queryable, userId: number): Promise<number> {
  const row = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return row?.n ?? 0;
}

/** Tells the user's open tabs their unread count; never throws (the publisher logs a failure). */
export async function publishUnread(
  q: Queryable,
  publisher: Publisher | undefined,
  userId: number,
  event: typeof NOTIFICATION_CREATED_EVENT | typeof NOTIFICATIONS_READ_EVENT = NOTIFICATION_CREATED_EVENT,
): Promise<void> {
  if (!publisher) return;
  const count = await unreadCount(q, userId);
  await publisher.publish(userChannel(userId), event, { unread_count: count });
}

/**
 * Records a notification and announces it. Use it outside a transaction (or after the commit); inside
 * one, use recordNotification and publishUnread once committed, so a listener never refetches a list
 * that does not have the row yet. Returns the new id, or null for a duplicate (nothing announced).
 */
export async function notify(q: Queryable, publisher: Publisher | undefined, input: NotifyInput): Promise<number | null> {
  const id = await recordNotification(q, input);
  if (id !== null) await publishUnread(q, publisher, input.userId);
  return id;
}

interface NotificationRow {
  id: number;
  type: NotificationType;
  params: NotificationParams;
  target_type: LinkKind;
  target_id: number | null;
  created_at: Date;
  read_at: Date | null;
}

function toWire(r: NotificationRow): AppNotification {
  return {
    id: r.id,
    type: r.type,
    params: r.params,
    created_at: r.created_at.toISOString(),
    read_at: r.read_at ? r.read_at.toISOString() : null,
    link: { kind: r.target_type, id: r.target_id },
  };
}

const COLUMNS = 'id, type, params, target_type, target_id, created_at, read_at';

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/**
 * A notification is written once for every language: the child's phase, the child's name and the other
 * party's name (`other_name`) are stored as an Arabic reader reads them. On reading, they are named again
 * in the reader's language: the phase from the phases table; for an English reader, the Latin-letters
 * name (`latin_name`, pickName) of the child (`child.id`) and of the other party, found from ids the
 * row already carries: the request's other side as seen by the reader (`request_id`), or the
 * conversation's (`conversation_id`). So rows stored before Latin names existed read the same way. A
 * value that names nothing (an id of a row gone, a shape stored long ago) keeps what was stored. An
 * Arabic reader keeps the stored names.
 */
async function inReadersLanguage<R extends { params: NotificationParams }>(
  q: Queryable,
  readerId: number,
  rows: R[],
  locale: Locale,
): Promise<R[]> {
  const unique = (ids: unknown[]) => [...new Set(ids.filter(isId))];
  const phaseIds = unique(rows.map((r) => r.params.child?.phase?.id));
  const phases =
    phaseIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await q.query<{ id: number; name_ar: string; name_en: string }>(
              'SELECT id, name_ar, name_en FROM phases WHERE id = ANY($1::int[])',
              [phaseIds],
            )
          ).map((p) => [p.id, locale === 'en' ? p.name_en : p.name_ar]),
        );
  const named = rows.filter((r) => typeof r.params.other_name === 'string');
  const requestIds = locale === 'en' ? unique(named.map((r) => r.params.request_id)) : [];
  const conversationIds = locale === 'en' ? unique(named.map((r) => r.params.conversation_id)) : [];
  const childIds = locale === 'en' ? unique(rows.map((r) => r.params.child?.id)) : [];
  const latin = new Map<string, string>();
  if (requestIds.length + conversationIds.length + childIds.length > 0) {
    const found = await q.query<{ kind: 'request' | 'conversation' | 'child'; id: number; latin_name: string }>(
      `SELECT 'request' AS kind, r.id, u.latin_name FROM requests r
         JOIN users u ON u.id = CASE WHEN r.student_id = $1 THEN r.teacher_id ELSE r.student_id END
        WHERE r.id = ANY($2::int[]) AND u.latin_name IS NOT NULL
       UNION ALL
       SELECT 'conversation', c.id, u.latin_name FROM conversations c
         JOIN users u ON u.id = CASE WHEN c.family_id = $1 THEN c.teacher_id ELSE c.family_id END
        WHERE c.id = ANY($3::int[]) AND u.latin_name IS NOT NULL
       UNION ALL
       SELECT 'child', ch.id, ch.latin_name FROM children ch WHERE ch.id = ANY($4::int[]) AND ch.latin_name IS NOT NULL`,
      [readerId, requestIds, conversationIds, childIds],
    );
    for (const f of found) latin.set(`${f.kind}:${f.id}`, f.latin_name);
  }
  if (phases.size === 0 && latin.size === 0) return rows;
  return rows.map((r) => {
    const p = r.params;
    const child = p.child;
    const otherLatin =
      typeof p.other_name !== 'string'
        ? undefined
        : isId(p.request_id)
          ? latin.get(`request:${p.request_id}`)
          : isId(p.conversation_id)
            ? latin.get(`conversation:${p.conversation_id}`)
            : undefined;
    const phaseName = isId(child?.phase?.id) ? phases.get(child.phase.id) : undefined;
    const childLatin = isId(child?.id) ? latin.get(`child:${child.id}`) : undefined;
    if (!otherLatin && !phaseName && !childLatin) return r;
    const childName = childLatin
      ? pickName(locale, { first_name: child!.first_name, last_name: child!.last_name ?? '' }, childLatin)
      : null;
    return {
      ...r,
      params: {
        ...p,
        ...(otherLatin ? { other_name: otherLatin } : {}),
        ...(child && (phaseName || childName)
          ? {
              child: {
                ...child,
                ...(childName
                  ? { first_name: childName.first_name, last_name: child.last_name === null ? null : childName.last_name }
                  : {}),
                ...(phaseName ? { phase: { ...child.phase, name: phaseName } } : {}),
              },
            }
          : {}),
      },
    };
  });
}

/**
 * One notification's params named for its recipient in their language: e-mail, push and SMS are
 * composed when sent, from the stored row, as the in-app list is when read.
 */
export async function paramsForReader(
  q: Queryable,
  readerId: number,
  params: NotificationParams,
  locale: Locale,
): Promise<NotificationParams> {
  return (await inReadersLanguage(q, readerId, [{ params }], locale))[0]!.params;
}

/** One page of the user's notifications, newest first, names and the child's phase in `locale`. */
export async function listNotifications(q: Queryable, userId: number, page: number, locale: Locale, perPage = NOTIFICATIONS_PER_PAGE) {
  const rows = await inReadersLanguage(
    q,
    userId,
    await q.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [
      userId,
      perPage,
      (page - 1) * perPage,
    ]),
    locale,
  );
  const totals = await q.one<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notifications WHERE user_id = $1`,
    [userId],
  );
  return {
    data: rows.map(toWire),
    meta: { page, per_page: perPage, total: totals?.total ?? 0, unread_count: totals?.unread ?? 0 },
  };
}

/** Marks one of the user's own notifications read; undefined when it is not theirs (or does not exist). */
export async function markRead(q: Queryable, userId: number, id: number, now: Date, locale: Locale): Promise<AppNotification | undefined> {
  const row = await q.one<NotificationRow>(
    `UPDATE notifications SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, now],
  );
  return row ? toWire((await inReadersLanguage(q, userId, [row], locale))[0]!) : undefined;
}

/** Marks all the user's notifications read; returns how many were unread. */
export async function markAllRead(q: Queryable, userId: number, now: Date): Promise<number> {
  const rows = await q.query<{ id: number }>('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL RETURNING id', [
    userId,
    now,
  ]);
  return rows.length;
}
