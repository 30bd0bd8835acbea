// What the other modules call when something worth a notification happened: one function per source,
// each with a dedupe key so a retry, a replayed webhook or the race of a gateway's return and webhook
// notifies once. All run after the source's transaction committed, and never throw into it: a failed
// notification is logged; the payment, review or request change stands.
import type { Queryable } from '../../db';
import { CHILD_COLUMNS, CHILD_JOINS, childRefOf, type ChildColumns } from '../children/refs';
import { createLogger, errorFields } from '../../logger';
import type { Publisher } from '../../realtime/publisher';
import { NOTIFICATIONS_READ_EVENT } from '../../../contract/notifications';
import { linkOf, notify, notifyMany, publishUnread } from './service';

const fallbackLog = createLogger('error');

/** Runs a producer; a failure is logged, never thrown into the request whose change already committed. */
async function safely(what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    fallbackLog.error('notifications: could not notify', {
      what,
      ...errorFields(err),
    });
  }
}

/** A settled order (paid or failed): tells its student. Other statuses notify nothing. */
export async function notifyOrder(
  q: Queryable,
  publisher: Publisher | undefined,
  order: {
    id: number;
    user_id: number;
    status: string;
    hours: number;
    package_id: number;
  },
): Promise<void> {
  if (order.status !== 'paid' && order.status !== 'failed') return;
  await safely('order', async () => {
    const pkg = await q.one<{ name_ar: string; name_en: string }>('SELECT name_ar, name_en FROM packages WHERE id = $1', [
      order.package_id,
    ]);
    await notify(q, publisher, {
      userId: order.user_id,
      type: order.status === 'paid' ? 'payment_completed' : 'payment_failed',
      params: {
        order_id: order.id,
        hours: order.hours,
        ...(pkg ? { package_name_ar: pkg.name_ar, package_name_en: pkg.name_en } : {}),
      },
      dedupeKey: `order:${order.id}:${order.status}`,
    });
  });
}

/** An order refunded: tells its family that the hours left the balance and the money is on its way back. */
export async function notifyRefund(
  q: Queryable,
  publisher: Publisher | undefined,
  order: { id: number; user_id: number; hours: number; package_id: number },
): Promise<void> {
  await safely('refund', async () => {
    const pkg = await q.one<{ name_ar: string; name_en: string }>('SELECT name_ar, name_en FROM packages WHERE id = $1', [
      order.package_id,
    ]);
    await notify(q, publisher, {
      userId: order.user_id,
      type: 'payment_refunded',
      params: { order_id: order.id, hours: order.hours, ...(pkg ? { package_name_ar: pkg.name_ar, package_name_en: pkg.name_en } : {}) },
      dedupeKey: `order:${order.id}:refunded`,
    });
  });
}

/** A teacher's review status changed: approved (→ policy/active), rejected (with the reason), suspended. */
export async function notifyTeacherStatus(
  q: Queryable,
  publisher: Publisher | undefined,
  change: {
    teacherId: number;
    from: string;
    to: string;
    reason: string | null;
    at?: Date;
  },
): Promise<void> {
  const type =
    change.to === 'rejected'
      ? 'teacher_rejected'
      : change.to === 'suspended'
        ? 'teacher_suspended'
        : change.from === 'in_review' && (change.to === 'policy' || change.to === 'active')
          ? 'teacher_approved'
          : null;
  if (!type) return;
  await safely('teacher status', () =>
    notify(q, publisher, {
      userId: change.teacherId,
      type,
      params: type === 'teacher_approved' ? {} : { reason: change.reason },
    }).then(() => undefined),
  );
}

/** A request's change as the requests module reports it (server/modules/requests RequestChange). */
export interface RequestChangeNotice {
  id: number;
  status: string;
  studentId: number;
  teacherId: number;
  offeredTo: number[];
  /** Who changed it; a cancellation by its teacher tells the family, with the reason. */
  by?: 'student' | 'teacher';
  reason?: string | null;
}

/** What a notification about a request names: its time, subject, both parties and the child. */
async function requestInfo(q: Queryable, id: number) {
  return q.one<
    {
      starts_at: Date;
      subject_ar: string | null;
      subject_en: string | null;
      student_name: string;
      teacher_name: string;
      reject_reason: string | null;
      subject_id: number;
    } & ChildColumns
  >(
    `SELECT r.starts_at, r.reject_reason, r.subject_id, r.child_id, ${CHILD_COLUMNS}, s.name_ar AS subject_ar, s.name_en AS subject_en,
          concat_ws(' ', st.first_name, st.second_name, st.last_name) AS student_name,
          concat_ws(' ', te.first_name, te.second_name, te.last_name) AS teacher_name
     FROM requests r JOIN users st ON st.id = r.student_id JOIN users te ON te.id = r.teacher_id ${CHILD_JOINS}
     LEFT JOIN subjects s ON s.id = r.subject_id
    WHERE r.id = $1`,
    [id],
  );
}

/** A teacher wrote a lesson's report: tells the family, once per lesson (later changes notify nothing). */
export async function notifyLessonReport(
  q: Queryable,
  publisher: Publisher | undefined,
  lesson: { id: number; studentId: number },
): Promise<void> {
  await safely('report', async () => {
    const info = await requestInfo(q, lesson.id);
    if (!info) return;
    await notify(q, publisher, {
      userId: lesson.studentId,
      type: 'lesson_report_written',
      params: {
        request_id: lesson.id,
        starts_at: info.starts_at.toISOString(),
        other_name: info.teacher_name,
        child: childRefOf(info, 'family', 'ar'),
        ...(info.subject_ar ? { subject_ar: info.subject_ar } : {}),
        ...(info.subject_en ? { subject_en: info.subject_en } : {}),
      },
      dedupeKey: `report:${lesson.id}`,
    });
  });
}

const REQUEST_TYPES = {
  approved: 'request_approved',
  rejected: 'request_rejected',
  canceled: 'request_canceled',
  expired: 'request_expired',
  // The lesson is over (its time, or the teacher's End for both): the family is asked to rate it.
  finished: 'session_finished',
} as const;

/**
 * A request was offered (to each offered teacher) or changed status: approved / rejected / expired /
 * finished tell the student; canceled tells the other party (the teacher when the family cancelled, the family with
 * the reason when the teacher did). Each once per request, status and user.
 */
export async function notifyRequestChange(
  q: Queryable,
  publisher: Publisher | undefined,
  change: RequestChangeNotice,
  kind: 'offered' | 'updated',
): Promise<void> {
  let recipients: number[];
  let type: (typeof REQUEST_TYPES)[keyof typeof REQUEST_TYPES] | 'request_offered';
  if (kind === 'offered') {
    type = 'request_offered';
    recipients = change.offeredTo;
  } else {
    const mapped = REQUEST_TYPES[change.status as keyof typeof REQUEST_TYPES] as
      (typeof REQUEST_TYPES)[keyof typeof REQUEST_TYPES] | undefined;
    if (!mapped) return;
    type = mapped;
    // The family's cancellation tells the teacher; the teacher's tells the family.
    recipients = change.status === 'canceled' && change.by !== 'teacher' ? [change.teacherId] : [change.studentId];
  }
  const byTeacher = change.status === 'canceled' && change.by === 'teacher';
  await safely('request', async () => {
    const info = await requestInfo(q, change.id);
    if (!info) return;
    // One statement for every recipient (a broadcast offers to up to 50 teachers).
    await notifyMany(
      q,
      publisher,
      [...new Set(recipients)].map((userId) => ({
        userId,
        type,
        params: {
          request_id: change.id,
          starts_at: info.starts_at.toISOString(),
          other_name: userId === change.studentId ? info.teacher_name : info.student_name,
          // Stored once for every language, names and phase in Arabic, the app's default; named again
          // in each reader's language when read or sent (service.ts, inReadersLanguage).
          child: childRefOf(info, userId === change.studentId ? 'family' : 'teacher', 'ar'),
          ...(info.subject_ar ? { subject_ar: info.subject_ar } : {}),
          ...(info.subject_en ? { subject_en: info.subject_en } : {}),
          // The teacher's reason for a reject, for the student.
          ...(type === 'request_rejected' && info.reject_reason ? { reason: info.reject_reason } : {}),
          // A teacher's cancellation: why, and the subject to book another teacher of.
          ...(byTeacher ? { reason: change.reason ?? null, subject_id: info.subject_id } : {}),
        },
        dedupeKey: `request:${change.id}:${kind === 'offered' ? 'offered' : change.status}`,
      })),
    );
  });
}

/**
 * A weekly series booked, or the rest of it cancelled by its family: one notification to its teacher
 * for the whole series (the lessons, the first and the last start), not one per lesson. Once per
 * series booked (`series:{id}:offered`) and per cancel of the rest (keyed by its first cancelled
 * lesson, which no later cancel can cancel again). Its outbox rows follow it (one per channel).
 */
export async function notifySeries(
  q: Queryable,
  publisher: Publisher | undefined,
  change: { seriesId: number; kind: 'offered' | 'canceled'; teacherId: number; requestIds: number[] },
): Promise<void> {
  if (change.requestIds.length === 0) return;
  await safely('series', async () => {
    const ids = [...change.requestIds].sort((a, b) => a - b);
    const span = await q.one<{ first_id: number; first_at: Date; last_at: Date }>(
      `SELECT (array_agg(id ORDER BY starts_at))[1] AS first_id, min(starts_at) AS first_at, max(starts_at) AS last_at
         FROM requests WHERE id = ANY($1::int[])`,
      [ids],
    );
    if (!span) return;
    const info = await requestInfo(q, span.first_id);
    if (!info) return;
    await notify(q, publisher, {
      userId: change.teacherId,
      type: change.kind === 'offered' ? 'request_offered' : 'request_canceled',
      params: {
        request_id: span.first_id,
        starts_at: span.first_at.toISOString(),
        series: { id: change.seriesId, lessons: ids.length, last_starts_at: span.last_at.toISOString() },
        other_name: info.student_name,
        child: childRefOf(info, 'teacher', 'ar'),
        ...(info.subject_ar ? { subject_ar: info.subject_ar } : {}),
        ...(info.subject_en ? { subject_en: info.subject_en } : {}),
      },
      dedupeKey: `series:${change.seriesId}:${change.kind === 'offered' ? 'offered' : `canceled:${ids[0]}`}`,
    });
  });
}

/**
 * A pending request addressed to one teacher moved to another start: tells that teacher, once per
 * move (the key names the move's history row, so moving back and forth notifies each time).
 */
export async function notifyRequestMoved(
  q: Queryable,
  publisher: Publisher | undefined,
  move: { id: number; teacherId: number; historyId: number },
): Promise<void> {
  await safely('request moved', async () => {
    const info = await requestInfo(q, move.id);
    if (!info) return;
    await notify(q, publisher, {
      userId: move.teacherId,
      type: 'request_rescheduled',
      params: {
        request_id: move.id,
        starts_at: info.starts_at.toISOString(),
        other_name: info.student_name,
        child: childRefOf(info, 'teacher', 'ar'),
        ...(info.subject_ar ? { subject_ar: info.subject_ar } : {}),
        ...(info.subject_en ? { subject_en: info.subject_en } : {}),
      },
      dedupeKey: `request:${move.id}:moved:${move.historyId}`,
    });
  });
}

/**
 * A step of a proposal to move an approved session: a proposal tells the other side, an answer tells
 * the proposer, a lapse tells both. Once per step (the key names the step's history row).
 */
export async function notifyProposal(
  q: Queryable,
  publisher: Publisher | undefined,
  change: {
    id: number;
    studentId: number;
    teacherId: number;
    historyId: number;
    proposal: { step: 'proposed' | 'accepted' | 'declined' | 'lapsed'; by: 'student' | 'teacher'; startsAt: Date };
  },
): Promise<void> {
  await safely('request proposal', async () => {
    const info = await requestInfo(q, change.id);
    if (!info) return;
    const { step, by, startsAt } = change.proposal;
    const proposer = by === 'student' ? change.studentId : change.teacherId;
    const other = by === 'student' ? change.teacherId : change.studentId;
    const recipients = step === 'proposed' ? [other] : step === 'lapsed' ? [change.studentId, change.teacherId] : [proposer];
    await notifyMany(
      q,
      publisher,
      recipients.map((userId) => ({
        userId,
        type: 'request_rescheduled' as const,
        params: {
          request_id: change.id,
          starts_at: info.starts_at.toISOString(),
          proposed_starts_at: startsAt.toISOString(),
          proposal: step,
          other_name: userId === change.studentId ? info.teacher_name : info.student_name,
          child: childRefOf(info, userId === change.studentId ? 'family' : 'teacher', 'ar'),
          ...(info.subject_ar ? { subject_ar: info.subject_ar } : {}),
          ...(info.subject_en ? { subject_en: info.subject_en } : {}),
        },
        dedupeKey: `request:${change.id}:proposal:${change.historyId}`,
      })),
    );
  });
}

/**
 * A message arrived in a conversation: tells its recipient, but only when no notification of that
 * conversation is still unread (a chat of twenty lines is one line in the list, not twenty).
 */
export async function notifyMessage(
  q: Queryable,
  publisher: Publisher | undefined,
  message: { id: number; conversationId: number; recipientId: number; senderName: string },
): Promise<void> {
  await safely('message', async () => {
    const params = { conversation_id: message.conversationId, other_name: message.senderName };
    const link = linkOf('message_received', params);
    const row = await q.one<{ id: number }>(
      `INSERT INTO notifications (user_id, type, params, target_type, target_id, dedupe_key)
       SELECT $1, 'message_received', $2::jsonb, $3, $4, $5
        WHERE NOT EXISTS (SELECT 1 FROM notifications
                           WHERE user_id = $1 AND target_type = $3 AND target_id = $4 AND read_at IS NULL AND type = 'message_received')
       ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [message.recipientId, JSON.stringify(params), link.kind, link.id, `message:${message.id}`],
    );
    if (row) await publishUnread(q, publisher, message.recipientId);
  });
}

/** The reader opened a conversation: its unread message notification is read too. */
export async function readMessageNotifications(
  q: Queryable,
  publisher: Publisher | undefined,
  userId: number,
  conversationId: number,
  now: Date,
): Promise<void> {
  await safely('message read', async () => {
    const rows = await q.query<{ id: number }>(
      `UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND target_type = 'conversation' AND target_id = $2 AND read_at IS NULL RETURNING id`,
      [userId, conversationId, now],
    );
    if (rows.length > 0) await publishUnread(q, publisher, userId, NOTIFICATIONS_READ_EVENT);
  });
}
