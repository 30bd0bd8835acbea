// Messages between a family and a teacher: one conversation per (family, teacher), open once a request
// exists between them (any request of that family whose teacher is that teacher — a broadcast counts
// for the teacher who took it, not for one who lost the race).
//
//   GET  v1/conversations                            → { message, data: Conversation[], meta: { unread_total } }
//   POST v1/conversations  { teacher_id } (family) | { family_id } (teacher)
//                                                    → { message, data: Conversation } (201 new, 200 existing)
//        403 for a teacher the family has no request with; 404 for a teacher that is not one, or a
//        family the teacher has no request with (a family's id reveals nothing)
//   GET  v1/conversations/:id/messages?before=&limit= → { message, data: MessagePage, meta: { unread_total } }
//        newest last; marks the conversation read up to its latest message
//   POST v1/conversations/:id/messages  { body }      → 201 { message, data: ChatMessage }
//        1..MESSAGE_BODY_MAX characters after trim; SEND_LIMIT per minute per sender (429)
//   POST v1/conversations/:id/messages/:mid/report  { reason? }
//        → { message, data: { reported: true } }; only a message of the other party; kept for operators
//
// Anybody but the two parties gets 404 for a conversation. Realtime: MESSAGE_CREATED_EVENT and
// MESSAGES_READ_EVENT on the user's private channel carry the user's new `unread_total`.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { freeText, hasBidiControl, hasNul, isVisuallyEmpty, validationKeys } from './validation';

export const MESSAGE_BODY_MAX = 1_000;
export const REPORT_REASON_MAX = 500;
/** Messages one sender may send in SEND_WINDOW_SECONDS, over all their conversations. */
export const SEND_LIMIT = 20;
export const SEND_WINDOW_SECONDS = 60;
export const MESSAGES_PER_PAGE = 30;

export const messageValidationKeys = { messageBody: 'message_body' } as const;
export type MessageValidationKey = (typeof messageValidationKeys)[keyof typeof messageValidationKeys];

/**
 * A message's text: trimmed, 1..MESSAGE_BODY_MAX characters, no NUL or bidirectional controls, not
 * visually empty. Phone numbers and links are allowed (parents and teachers arrange lessons).
 */
export const messageBodySchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid) })
  .refine((v) => !hasNul(v) && !hasBidiControl(v), { error: validationKeys.invalid, abort: true })
  .trim()
  .refine((v) => v !== '' && !isVisuallyEmpty(v), { error: messageValidationKeys.messageBody, abort: true })
  .max(MESSAGE_BODY_MAX, { error: messageValidationKeys.messageBody });

export const sendMessageSchema = z.object({ body: messageBodySchema });

const id = z
  .number({ error: validationKeys.invalid })
  .int({ error: validationKeys.invalid })
  .min(1, { error: validationKeys.invalid })
  .max(2_147_483_647, { error: validationKeys.invalid });

/** POST v1/conversations: a family names the teacher, a teacher names the family. */
export const openConversationSchema = z.object({ teacher_id: id.optional(), family_id: id.optional() });

export const reportMessageSchema = z.object({ reason: freeText(REPORT_REASON_MAX).default('') });

export const messagesQuerySchema = z.object({
  before: z.coerce
    .number({ error: validationKeys.invalid })
    .int({ error: validationKeys.invalid })
    .min(1, { error: validationKeys.invalid })
    .max(2_147_483_647, { error: validationKeys.invalid })
    .optional(),
  limit: z.coerce
    .number({ error: validationKeys.invalid })
    .int({ error: validationKeys.invalid })
    .min(1, { error: validationKeys.invalid })
    .max(100, { error: validationKeys.invalid })
    .default(MESSAGES_PER_PAGE),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  body: z.string(),
  /** Whether the reader wrote it. */
  mine: z.boolean(),
  created_at: z.string(),
  /** Whether the reader reported it. */
  reported: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  /** The other party: the teacher for a family, the family for a teacher. */
  other: z.object({ id: z.number().int(), name: z.string(), role: z.enum(['family', 'teacher']) }),
  last_message: z.object({ body: z.string(), mine: z.boolean(), created_at: z.string() }).nullable(),
  unread_count: z.number().int(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const unreadMeta = z.object({ unread_total: z.number().int() });

export const conversationListSchema = z.object({ message: z.string(), data: z.array(conversationSchema), meta: unreadMeta });
export const conversationResponseSchema = envelopeSchema(conversationSchema);

export const messagePageSchema = z.object({
  conversation: conversationSchema,
  /** Oldest first; `has_more`: older messages exist before the first one. */
  messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;
export const messagePageResponseSchema = z.object({ message: z.string(), data: messagePageSchema, meta: unreadMeta });
export const chatMessageResponseSchema = envelopeSchema(chatMessageSchema);

/** On `private-user-{id}`: a message arrived for the user; `{ conversation_id, message_id, unread_total }`. */
export const MESSAGE_CREATED_EVENT = 'message.created';
/** On `private-user-{id}`: the user read a conversation (another tab); `{ conversation_id, unread_total }`. */
export const MESSAGES_READ_EVENT = 'messages.read';
