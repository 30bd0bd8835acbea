// The wire format of the live video session: the join grant from
// `POST v1/sessions/:channelName/token`, attendance events and the attendance summary.
// Times are ISO 8601 strings; `server_time` lets the client run its countdown on the server's clock.
import { z } from 'zod';
import { GENDERS } from './auth';
import { childRefSchema } from './children';
import { envelopeSchema } from './envelope';

/** Which RTC implementation the client must use: Agora, the test-only fake, or none (video not configured). */
export const RTC_ADAPTERS = ['agora', 'fake', 'none'] as const;
export type RtcAdapterKind = (typeof RTC_ADAPTERS)[number];

export const sessionGrantSchema = z.object({
  request_id: z.number().int(),
  channel_name: z.string(),
  /** Null when video is not configured on the server (no AGORA_APP_ID / certificate). */
  app_id: z.string().nullable(),
  token: z.string().nullable(),
  uid: z.number().int().positive(),
  role: z.enum(['student', 'teacher']),
  /** The child the session is for (a teacher reads last_name null). */
  child: childRefSchema,
  /** The teacher's first name, so the family's screen names who is on the other tile. */
  teacher_first_name: z.string(),
  /** The teacher's gender, so the family's screen speaks of her or him (Arabic «موجودة» / «موجود»). */
  teacher_gender: z.enum(GENDERS).nullable(),
  /** When the token stops working (the end of the session). */
  expires_at: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  server_time: z.string(),
  video_configured: z.boolean(),
  rtc_adapter: z.enum(RTC_ADAPTERS),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;
export const sessionGrantResponseSchema = envelopeSchema(sessionGrantSchema);

export const ATTENDANCE_EVENTS = ['joined', 'left', 'reconnecting', 'reconnected'] as const;
export type AttendanceEventType = (typeof ATTENDANCE_EVENTS)[number];
/**
 * `at`: when it happened by the client's (server-corrected) clock. A `reconnecting` is only delivered
 * once the line is back, so the server takes `at` when it lies within the last few minutes.
 */
export const attendanceEventRequestSchema = z.object({ type: z.enum(ATTENDANCE_EVENTS), at: z.iso.datetime().optional() });

export const attendanceSchema = z.object({
  request_id: z.number().int(),
  participants: z.array(
    z.object({
      role: z.enum(['student', 'teacher']),
      first_name: z.string(),
      /** For the wording: the Arabic of "did not join" and "Teacher" agrees with it. */
      gender: z.enum(GENDERS).nullable(),
      first_joined_at: z.string().nullable(),
      last_left_at: z.string().nullable(),
      /** Whole minutes spent in the call, reconnection time excluded. */
      minutes_present: z.number().int().nonnegative(),
      minutes_lost_to_reconnection: z.number().int().nonnegative(),
      events: z.array(z.object({ type: z.enum(ATTENDANCE_EVENTS), at: z.string() })),
    }),
  ),
});
export type Attendance = z.infer<typeof attendanceSchema>;
export const attendanceResponseSchema = envelopeSchema(attendanceSchema);

/** The fake RTC relay (test server only): what one participant tells the room, and what it hears back. */
export const fakeRtcBeatSchema = z.object({
  uid: z.number().int().positive(),
  quality: z.number().int().min(0).max(6),
  present: z.boolean(),
});
export const fakeRtcRoomSchema = z.object({
  peers: z.array(z.object({ uid: z.number().int(), quality: z.number().int().min(0).max(6) })),
});
export type FakeRtcRoom = z.infer<typeof fakeRtcRoomSchema>;
