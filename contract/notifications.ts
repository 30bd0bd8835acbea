// The wire format of notifications. The server sends a type and its parameters, never a
// sentence: the client renders the text in the viewer's language (Lingui) when it shows the list.
import { z } from 'zod';
import { childRefSchema } from './children';
import { envelopeSchema } from './envelope';

export const NOTIFICATION_TYPES = [
  'request_offered',
  'request_approved',
  'request_rejected',
  'request_canceled',
  'request_expired',
  'request_rescheduled',
  'session_reminder_soon',
  'session_reminder_evening',
  'payment_completed',
  'payment_failed',
  'payment_refunded',
  'teacher_approved',
  'teacher_rejected',
  'teacher_suspended',
  'lesson_report_written',
  'message_received',
  'session_finished',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification links to: a request's session details, a conversation, or one of the account screens. */
export const LINK_KINDS = ['request', 'packages', 'profile', 'requests', 'conversation'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * Parameters by type (all optional on the wire so an older row never breaks the list):
 * request_*, session_reminder_*, session_finished and lesson_report_written: request_id, subject, other_name (the other party's name;
 * stored in Arabic, an English reader gets their Latin name when they have one), starts_at (ISO), child;
 * payment_*: order_id, package_name_ar, package_name_en, hours; teacher_rejected / teacher_suspended / request_rejected: reason;
 * request_canceled by the teacher: reason, subject_id;
 * message_received: conversation_id, other_name (the sender).
 */
export const notificationParamsSchema = z.object({
  request_id: z.number().int().optional(),
  subject_ar: z.string().optional(),
  subject_en: z.string().optional(),
  other_name: z.string().optional(),
  starts_at: z.string().optional(),
  order_id: z.number().int().optional(),
  package_name_ar: z.string().optional(),
  package_name_en: z.string().optional(),
  hours: z.number().optional(),
  reason: z.string().nullable().optional(),
  /** request_canceled by the teacher: the subject, so the family can book another teacher of it. */
  subject_id: z.number().int().optional(),
  /** request_* and session_reminder_*: the child the lesson is for (phase and name in the recipient's language). */
  child: childRefSchema.optional(),
  conversation_id: z.number().int().optional(),
  /**
   * request_rescheduled about an approved session: which step of a proposal (absent: a pending request
   * moved), and the proposed start (starts_at stays the session's start at the time).
   */
  proposal: z.enum(['proposed', 'accepted', 'declined', 'lapsed']).optional(),
  proposed_starts_at: z.string().optional(),
  /**
   * request_offered / request_canceled about a weekly series as a whole (one notification for the
   * series, not one per lesson): how many lessons, and the last one's start (starts_at is the first's).
   */
  series: z.object({ id: z.number().int(), lessons: z.number().int(), last_starts_at: z.string() }).optional(),
});
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  params: notificationParamsSchema,
  created_at: z.string(),
  read_at: z.string().nullable(),
  link: z.object({ kind: z.enum(LINK_KINDS), id: z.number().int().nullable() }),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PER_PAGE = 20;

/** GET v1/notifications: `{ message, data, meta }`, newest first. */
export const notificationPageSchema = z.object({
  message: z.string(),
  data: z.array(notificationSchema),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), unread_count: z.number().int() }),
});

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
/** @internal read only by the tests */
export const unreadCountResponseSchema = envelopeSchema(unreadCountSchema);

/** Query of GET v1/notifications: ?page=1 (1-based). */
export const notificationsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(10_000, { error: 'invalid' })
    .default(1),
});

/** The realtime event on `private-user-{id}` whenever the user's unread count changes. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';
export const NOTIFICATIONS_READ_EVENT = 'notifications.read';
