// Conversations between a family and a teacher (contract/messages.ts): opened once a request exists
// between them, read and written only by those two, every message kept. Unread counts come from each
// side's read position (the id of the last message read). A new message is announced on the
// recipient's private channel and notified (at most one unread notification per conversation).
import {
  MESSAGE_CREATED_EVENT,
  MESSAGES_READ_EVENT,
  SEND_LIMIT,
  SEND_WINDOW_SECONDS,
  type ChatMessage,
  type Conversation,
  type MessagePage,
} from '../../../contract/messages';
import { userChannel } from '../../../contract/realtime-names';
import type { Db, Queryable } from '../../db';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { trValidation, type Locale } from '../../i18n';
import type { Publisher } from '../../realtime/publisher';
import { accountId, type Caller } from '../auth/caller';
import { hitRateLimit } from '../auth/rate-limit';
import { notifyMessage, readMessageNotifications } from '../notifications';

type Side = 'family' | 'teacher';

/** The caller's side of a conversation and the columns that belong to it (fixed names, never input). */
function sideOf(caller: Caller) {
  const side: Side = caller.kind;
  return {
    me: accountId(caller),
    side,
    mine: side === 'family' ? 'family_id' : 'teacher_id',
    theirs: side === 'family' ? 'teacher_id' : 'family_id',
    readColumn: side === 'family' ? 'family_read_id' : 'teacher_read_id',
  } as const;
}

interface ConversationRow {
  id: number;
  family_id: number;
  teacher_id: number;
  created_at: Date;
  other_id: number;
  other_name: string;
  /** The other side's name in Latin letters (a teacher may have one), or null. */
  other_latin: string | null;
  last_body: string | null;
  last_sender: number | null;
  last_at: Date | null;
  unread: number;
}

interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: Date;
  reported_by: number | null;
}

const notFound = () => new ApiFailure(404, 'conversation_not_found');

/** A suspended teacher's conversations stay readable, but nobody writes in them or opens a new one. */
async function refuseSuspended(q: Queryable, teacherId: number): Promise<void> {
  const row = await q.one<{ status: string }>('SELECT status FROM users WHERE id = $1', [teacherId]);
  if (row?.status === 'suspended') throw new ApiFailure(403, 'conversation_closed');
}

/** Whether a request of `familyId` has `teacherId` as its teacher (a lost broadcast is another teacher's). */
async function haveRequest(q: Queryable, familyId: number, teacherId: number): Promise<boolean> {
  return (
    (await q.one('SELECT 1 AS x FROM requests WHERE student_id = $1 AND teacher_id = $2 LIMIT 1', [familyId, teacherId])) !== undefined
  );
}

function conversationsSql(caller: Caller, where: string): string {
  const s = sideOf(caller);
  return `SELECT c.id, c.family_id, c.teacher_id, c.created_at, o.id AS other_id,
                 concat_ws(' ', o.first_name, nullif(o.last_name, '')) AS other_name, o.latin_name AS other_latin,
                 m.body AS last_body, m.sender_id AS last_sender, m.created_at AS last_at,
                 (SELECT count(*)::int FROM messages x WHERE x.conversation_id = c.id AND x.id > c.${s.readColumn} AND x.sender_id <> $1) AS unread
            FROM conversations c
            JOIN users o ON o.id = c.${s.theirs}
            LEFT JOIN messages m ON m.id = c.last_message_id
           WHERE c.${s.mine} = $1 AND ${where}`;
}

/** `locale`: an English reader gets the other side's Latin name when there is one (docs/decisions.md). */
function conversationOf(r: ConversationRow, caller: Caller, locale: Locale): Conversation {
  const me = accountId(caller);
  const name = locale === 'en' && r.other_latin ? r.other_latin : r.other_name;
  return {
    id: r.id,
    other: { id: r.other_id, name, role: caller.kind === 'family' ? 'teacher' : 'family' },
    last_message:
      r.last_body !== null && r.last_at ? { body: r.last_body, mine: r.last_sender === me, created_at: r.last_at.toISOString() } : null,
    unread_count: r.unread,
    created_at: r.created_at.toISOString(),
  };
}

function messageOf(r: MessageRow, me: number): ChatMessage {
  return {
    id: r.id,
    conversation_id: r.conversation_id,
    body: r.body,
    mine: r.sender_id === me,
    created_at: r.created_at.toISOString(),
    reported: r.reported_by === me,
  };
}

/** The user's unread messages over all their conversations (the header's badge). */
export async function unreadTotal(q: Queryable, caller: Caller): Promise<number> {
  const s = sideOf(caller);
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM conversations c JOIN messages x ON x.conversation_id = c.id
      WHERE c.${s.mine} = $1 AND x.id > c.${s.readColumn} AND x.sender_id <> $1`,
    [s.me],
  );
  return row?.n ?? 0;
}

/** GET v1/conversations: the caller's conversations, latest activity first. */
export async function listConversations(
  q: Queryable,
  caller: Caller,
  locale: Locale,
): Promise<{ data: Conversation[]; unread_total: number }> {
  const rows = await q.query<ConversationRow>(
    `${conversationsSql(caller, 'TRUE')} ORDER BY COALESCE(m.created_at, c.created_at) DESC, c.id DESC LIMIT 200`,
    [accountId(caller)],
  );
  return { data: rows.map((r) => conversationOf(r, caller, locale)), unread_total: await unreadTotal(q, caller) };
}

/** One of the caller's conversations; 404 when it is not theirs (or does not exist). */
async function readConversation(q: Queryable, caller: Caller, id: number): Promise<ConversationRow> {
  const row = await q.one<ConversationRow>(conversationsSql(caller, 'c.id = $2'), [accountId(caller), id]);
  if (!row) throw notFound();
  return row;
}

/** POST v1/conversations: the conversation with the named party, opened when a request exists between them. */
export async function openConversation(
  db: Db,
  caller: Caller,
  input: { teacher_id?: number | undefined; family_id?: number | undefined },
  locale: Locale,
  now: Date,
): Promise<{ conversation: Conversation; created: boolean }> {
  let familyId: number;
  let teacherId: number;
  if (caller.kind === 'family') {
    if (input.teacher_id === undefined) throw new ValidationFailure({ teacher_id: [trValidation('required', locale)] });
    familyId = caller.familyId;
    teacherId = input.teacher_id;
    const teacher = await db.one("SELECT 1 AS x FROM users WHERE id = $1 AND type = 'instructor'", [teacherId]);
    if (!teacher) throw new ApiFailure(404, 'conversation_teacher_not_found');
    if (!(await haveRequest(db, familyId, teacherId))) throw new ApiFailure(403, 'conversation_not_allowed');
  } else {
    if (input.family_id === undefined) throw new ValidationFailure({ family_id: [trValidation('required', locale)] });
    familyId = input.family_id;
    teacherId = caller.teacherId;
    // A family's id is not public: without a request between them, it is as if there were no such family.
    if (!(await haveRequest(db, familyId, teacherId))) throw notFound();
  }
  await refuseSuspended(db, teacherId);
  const inserted = await db.one<{ id: number }>(
    `INSERT INTO conversations (family_id, teacher_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (family_id, teacher_id) DO NOTHING RETURNING id`,
    [familyId, teacherId, now],
  );
  const id =
    inserted?.id ??
    (await db.one<{ id: number }>('SELECT id FROM conversations WHERE family_id = $1 AND teacher_id = $2', [familyId, teacherId]))!.id;
  return { conversation: conversationOf(await readConversation(db, caller, id), caller, locale), created: inserted !== undefined };
}

/**
 * GET v1/conversations/:id/messages: a page of messages, oldest first (`before`: older than that id).
 * Reading marks the conversation read up to its latest message; the reader's other tabs hear the new
 * unread total, and the conversation's unread notification is read too.
 */
export async function listMessages(
  db: Db,
  caller: Caller,
  id: number,
  query: { before?: number | undefined; limit: number },
  now: Date,
  publisher: Publisher | undefined,
  locale: Locale,
): Promise<{ page: MessagePage; unread_total: number }> {
  const s = sideOf(caller);
  await readConversation(db, caller, id);
  const rows = await db.query<MessageRow>(
    `SELECT id, conversation_id, sender_id, body, created_at, reported_by FROM messages
      WHERE conversation_id = $1 AND ($2::int IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
    [id, query.before ?? null, query.limit + 1],
  );
  const hasMore = rows.length > query.limit;
  const shown = rows.slice(0, query.limit).reverse();
  const moved = await db.query<{ id: number }>(
    `UPDATE conversations SET ${s.readColumn} = last_message_id WHERE id = $1 AND last_message_id IS NOT NULL AND ${s.readColumn} < last_message_id RETURNING id`,
    [id],
  );
  const total = await unreadTotal(db, caller);
  if (moved.length > 0) {
    if (publisher) await publisher.publish(userChannel(s.me), MESSAGES_READ_EVENT, { conversation_id: id, unread_total: total });
    await readMessageNotifications(db, publisher, s.me, id, now);
  }
  const conversation = conversationOf(await readConversation(db, caller, id), caller, locale);
  return { page: { conversation, messages: shown.map((r) => messageOf(r, s.me)), has_more: hasMore }, unread_total: total };
}

/** POST v1/conversations/:id/messages: the caller writes; at most SEND_LIMIT a minute (429 beyond). */
export async function sendMessage(
  db: Db,
  caller: Caller,
  id: number,
  body: string,
  now: Date,
  publisher: Publisher | undefined,
): Promise<ChatMessage | { retryAfter: number }> {
  const s = sideOf(caller);
  const conversation = await readConversation(db, caller, id);
  await refuseSuspended(db, conversation.teacher_id);
  const hit = await hitRateLimit(db, `messages:${s.me}`, [{ limit: SEND_LIMIT, windowSeconds: SEND_WINDOW_SECONDS }], now);
  if (!hit.ok) return { retryAfter: hit.retryAfter };
  const row = await db.transaction(async (tx) => {
    const m = (await tx.one<MessageRow>(
      `INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, $3, $4)
       RETURNING id, conversation_id, sender_id, body, created_at, reported_by`,
      [id, s.me, body, now],
    ))!;
    // The writer has read everything up to what they wrote.
    await tx.query(`UPDATE conversations SET last_message_id = $2, ${s.readColumn} = GREATEST(${s.readColumn}, $2) WHERE id = $1`, [
      id,
      m.id,
    ]);
    return m;
  });
  // After the commit: the recipient hears of it, and is notified unless a notification of this
  // conversation is still unread.
  const recipient = caller.kind === 'family' ? conversation.teacher_id : conversation.family_id;
  const recipientCaller: Caller =
    caller.kind === 'family' ? { kind: 'teacher', teacherId: recipient, status: 'active' } : { kind: 'family', familyId: recipient };
  const sender = await db.one<{ name: string }>(
    "SELECT concat_ws(' ', first_name, nullif(last_name, '')) AS name FROM users WHERE id = $1",
    [s.me],
  );
  await notifyMessage(db, publisher, { id: row.id, conversationId: id, recipientId: recipient, senderName: sender?.name ?? '' });
  if (publisher) {
    await publisher.publish(userChannel(recipient), MESSAGE_CREATED_EVENT, {
      conversation_id: id,
      message_id: row.id,
      unread_total: await unreadTotal(db, recipientCaller),
    });
    // The writer's other tabs show it too.
    await publisher.publish(userChannel(s.me), MESSAGE_CREATED_EVENT, {
      conversation_id: id,
      message_id: row.id,
      unread_total: await unreadTotal(db, caller),
    });
  }
  return messageOf(row, s.me);
}

/**
 * POST v1/conversations/:id/messages/:mid/report: the reader reports the other party's message for the
 * operators' review. The first report is kept (who, why, when); reporting again changes nothing.
 */
export async function reportMessage(db: Db, caller: Caller, id: number, messageId: number, reason: string, now: Date): Promise<void> {
  const s = sideOf(caller);
  await readConversation(db, caller, id);
  const m = await db.one<{ sender_id: number }>('SELECT sender_id FROM messages WHERE id = $1 AND conversation_id = $2', [messageId, id]);
  if (!m) throw new ApiFailure(404, 'message_not_found');
  if (m.sender_id === s.me) throw new ApiFailure(409, 'message_report_own');
  await db.query(`UPDATE messages SET reported_at = $2, reported_by = $3, report_reason = $4 WHERE id = $1 AND reported_at IS NULL`, [
    messageId,
    now,
    s.me,
    reason === '' ? null : reason,
  ]);
}

/** Messages shown around a reported one, on each side, for the operators to read it in its context. */
const CONTEXT_AROUND = 2;

/**
 * For the operators: reported messages, latest report first, with the two parties, the reporter, the
 * review's outcome when closed, and the messages just around each (oldest first, the reported one
 * included). `state`: open (not yet reviewed) or closed.
 */
export async function reportedMessages(q: Queryable, state: 'open' | 'closed' = 'open', limit = 100) {
  const rows = await q.query<{
    id: number;
    conversation_id: number;
    body: string;
    created_at: Date;
    reported_at: Date;
    report_reason: string | null;
    sender_id: number;
    reported_by: number | null;
    family_id: number;
    family_name: string;
    teacher_id: number;
    teacher_name: string;
    outcome: 'reviewed' | 'dismissed' | null;
    reviewed_at: Date | null;
    reviewed_by: string | null;
  }>(
    `SELECT m.id, m.conversation_id, m.body, m.created_at, m.reported_at, m.report_reason, m.sender_id, m.reported_by,
            c.family_id, concat_ws(' ', f.first_name, f.last_name) AS family_name,
            c.teacher_id, concat_ws(' ', t.first_name, t.last_name) AS teacher_name,
            m.report_outcome AS outcome, m.report_reviewed_at AS reviewed_at, s.email AS reviewed_by
       FROM messages m JOIN conversations c ON c.id = m.conversation_id
       JOIN users f ON f.id = c.family_id JOIN users t ON t.id = c.teacher_id
       LEFT JOIN staff s ON s.id = m.report_reviewed_by
      WHERE m.reported_at IS NOT NULL AND (m.report_outcome IS NULL) = $2
      ORDER BY m.reported_at DESC, m.id DESC LIMIT $1`,
    [limit, state === 'open'],
  );
  const around = rows.length
    ? await q.query<{ report_id: number; id: number; sender_id: number; body: string; created_at: Date }>(
        `SELECT r.id AS report_id, x.id, x.sender_id, x.body, x.created_at
           FROM messages r
           JOIN LATERAL (
             (SELECT id, sender_id, body, created_at FROM messages WHERE conversation_id = r.conversation_id AND id < r.id ORDER BY id DESC LIMIT $1)
             UNION ALL
             (SELECT id, sender_id, body, created_at FROM messages WHERE conversation_id = r.conversation_id AND id > r.id ORDER BY id LIMIT $1)
           ) x ON true
          WHERE r.id IN (${rows.map((_, i) => `$${i + 2}`).join(', ')})`,
        [CONTEXT_AROUND, ...rows.map((r) => r.id)],
      )
    : [];
  const side = (senderId: number, familyId: number): 'family' | 'teacher' => (senderId === familyId ? 'family' : 'teacher');
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    reported_at: r.reported_at.toISOString(),
    reviewed_at: r.reviewed_at ? r.reviewed_at.toISOString() : null,
    sender: side(r.sender_id, r.family_id),
    context: [...around.filter((m) => m.report_id === r.id), { id: r.id, sender_id: r.sender_id, body: r.body, created_at: r.created_at }]
      .sort((a, b) => a.id - b.id)
      .map((m) => ({ id: m.id, sender: side(m.sender_id, r.family_id), body: m.body, created_at: m.created_at.toISOString() })),
  }));
}

/**
 * An operator closes a report: reviewed or dismissed, by whom and when. 404 when the message does not
 * exist or was never reported; 409 when the report is closed already. Returns what it was before.
 */
export async function reviewReport(q: Queryable, id: number, outcome: 'reviewed' | 'dismissed', staffId: number | null, now: Date) {
  const before = await q.one<{ outcome: string | null }>(
    'SELECT report_outcome AS outcome FROM messages WHERE id = $1 AND reported_at IS NOT NULL',
    [id],
  );
  if (!before) throw new ApiFailure(404, 'message_not_found');
  const closed = await q.one<{ id: number }>(
    'UPDATE messages SET report_outcome = $2, report_reviewed_at = $3, report_reviewed_by = $4 WHERE id = $1 AND report_outcome IS NULL RETURNING id',
    [id, outcome, now, staffId],
  );
  if (!closed) throw new ApiFailure(409, 'report_closed');
}
