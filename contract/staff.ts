// The wire format of the operators' side of the admin API (/api/admin): staff sign-in with a TOTP
// second factor, staff management (admin) and the audit log (admin).
//
// - POST /api/admin/auth/login `{ email, password, code? }` → `{ data: StaffSession }`, or, before
//   two-factor is enrolled, `{ data: { enrol: { secret, otpauth_uri } } }`; 422 with `errors.code`
//   when the code is missing or wrong, 429 while locked.
// - POST /api/admin/auth/enrol `{ email, password, code }` → `{ data: StaffSession & { recovery_codes } }`
// - POST /api/admin/auth/logout, GET /api/admin/me (a staff session)
// - GET /api/admin/staff, POST /api/admin/staff `{ email, name, role, password }`,
//   POST /api/admin/staff/:id/disable (admin)
// - GET /api/admin/families?phone= (support, admin): the family, children, balance, ledger, orders,
//   requests with their sessions' attendance; POST /api/admin/families/:id/hours `{ direction, hours, reason }`
// - GET /api/admin/orders/:id/receipt?kind=payment|refund (support, admin): the receipt the family reads
// - POST /api/admin/orders/:id/refund `{ reason }` (support, admin): the family's refund rule and gateway
//   call; 409 with `code` (too_late, hours_used, not_paid, already_refunded), 502 when the gateway fails
// - GET /api/admin/audit?staff_id&action&target_type&target_id&from&to&before_id&limit, and
//   GET /api/admin/audit.csv with the same filters (admin)
import { z } from 'zod';
import { passwordSchema } from './auth';
import { REFUND_REFUSALS } from './packages';
import { RECEIPT_KINDS } from './receipts';
import { emailSchema, freeText, requiredString, validationKeys } from './validation';

export const STAFF_ROLE_NAMES = ['reviewer', 'support', 'admin'] as const;

export const staffRoleSchema = z.enum(STAFF_ROLE_NAMES);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

/** A staff member as the API tells it (GET /me, a session's `staff`, the staff list). */
export const staffMemberSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string(), role: staffRoleSchema });

/** A signed-in session; the enrolment's answer adds the recovery codes, shown once. */
export const staffSessionSchema = z.object({ token: z.string(), expires_at: z.string(), staff: staffMemberSchema });
export type StaffSessionWire = z.infer<typeof staffSessionSchema>;
export const staffEnrolledSchema = staffSessionSchema.extend({ recovery_codes: z.array(z.string()) });

/** The first right password, before two-factor is enrolled: the secret to add to an authenticator app. */
export const staffEnrolChallengeSchema = z.object({ enrol: z.object({ secret: z.string(), otpauth_uri: z.string() }) });

export const staffLoginSchema = z.object({
  email: emailSchema,
  password: requiredString(128),
  code: freeText(20).optional(),
});

export const staffEnrolSchema = z.object({
  email: emailSchema,
  password: requiredString(128),
  code: requiredString(20),
});

export const staffCreateSchema = z.object({
  email: emailSchema,
  name: requiredString(100),
  role: z.enum(STAFF_ROLE_NAMES, { error: validationKeys.invalid }),
  password: passwordSchema,
});

const optionalInt = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z.number({ error: validationKeys.invalid }).int({ error: validationKeys.invalid }).positive({ error: validationKeys.invalid }).optional(),
);
const optionalDate = z
  .string({ error: validationKeys.invalid })
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) && Number(v.slice(0, 4)) >= 2000, {
    error: validationKeys.invalid,
  })
  .transform((v) => new Date(v))
  .optional();

export const auditQuerySchema = z.object({
  staff_id: optionalInt.refine((v) => v === undefined || v <= 2_147_483_647, { error: validationKeys.invalid }),
  action: freeText(100).optional(),
  target_type: freeText(50).optional(),
  target_id: freeText(100).optional(),
  from: optionalDate,
  to: optionalDate,
  before_id: optionalInt,
  limit: z.preprocess(
    (v) => (v === undefined ? 100 : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v),
    z
      .number({ error: validationKeys.invalid })
      .int()
      .min(1, { error: validationKeys.invalid })
      .max(1000, { error: validationKeys.invalid }),
  ),
});

/** A support adjustment of a family's hours: whole or half hours, with the reason (the ledger keeps it). */
export const hoursAdjustmentSchema = z.object({
  direction: z.enum(['credit', 'debit'], { error: validationKeys.invalid }),
  hours: z
    .number({ error: validationKeys.invalid })
    .positive({ error: validationKeys.invalid })
    .max(200, { error: validationKeys.invalid })
    .refine((h) => Number.isInteger(h * 2), { error: validationKeys.invalid }),
  reason: requiredString(500),
  /** How long credited hours stay valid (credit only). */
  validity_days: z
    .number({ error: validationKeys.invalid })
    .int({ error: validationKeys.invalid })
    .min(1, { error: validationKeys.invalid })
    .max(730, { error: validationKeys.invalid })
    .optional(),
});

/** Support's refund of a family's order: the reason is required (the ledger row and the audit keep it). */
export const orderRefundSchema = z.object({ reason: requiredString(500) });

/** Which receipt of an order support reads (GET /api/admin/orders/:id/receipt?kind=). */
export const receiptKindSchema = z.enum(RECEIPT_KINDS).default('payment');

export const promoCreateSchema = z
  .object({
    code: requiredString(40).pipe(z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, { error: validationKeys.invalid })),
    kind: z.enum(['percent', 'fixed'], { error: validationKeys.invalid }),
    value: z
      .number({ error: validationKeys.invalid })
      .int({ error: validationKeys.invalid })
      .positive({ error: validationKeys.invalid })
      .max(1_000_000, { error: validationKeys.invalid }),
    max_uses: z
      .number({ error: validationKeys.invalid })
      .int({ error: validationKeys.invalid })
      .positive({ error: validationKeys.invalid })
      .max(1_000_000, { error: validationKeys.invalid })
      .nullish(),
    per_student_limit: z
      .number({ error: validationKeys.invalid })
      .int({ error: validationKeys.invalid })
      .positive({ error: validationKeys.invalid })
      .max(1000, { error: validationKeys.invalid })
      .nullish(),
    min_package_hours: z
      .number({ error: validationKeys.invalid })
      .int({ error: validationKeys.invalid })
      .positive({ error: validationKeys.invalid })
      .max(1000, { error: validationKeys.invalid })
      .nullish(),
    expires_at: z
      .string({ error: validationKeys.invalid })
      .refine(
        (v) =>
          /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) && Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2200,
        { error: validationKeys.invalid },
      )
      .nullish(),
  })
  .refine((p) => p.kind === 'fixed' || p.value <= 100, { error: validationKeys.invalid, path: ['value'] });

/** A reviewer's internal note on an application (the teacher never sees it). */
export const teacherNoteSchema = z.object({ body: requiredString(2000) });

/** A staff list row (GET /api/admin/staff). */
export const staffRowSchema = staffMemberSchema.extend({ disabled: z.boolean(), totp_enabled: z.boolean(), created_at: z.string() });

/** An internal note on an application (GET /api/admin/teachers/:who/notes). */
export const teacherNoteWireSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  staff: z.string().nullable(),
  created_at: z.string(),
});

/** One audit row (GET /api/admin/audit), newest first. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string(),
});

/** A promo code with its use (GET /api/admin/promo-codes). */
export const promoRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  value: z.number(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  paid_orders: z.number().int(),
  active: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});

/** A family as support finds it by phone (GET /api/admin/families?phone=). */
export const familyLookupSchema = z.object({
  family: z.object({
    id: z.number().int(),
    phone: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    created_at: z.string().nullable(),
  }),
  children: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phase_id: z.number().int().nullable(),
      /** The phase's name in the caller's language. */
      phase: z.string().nullable(),
      archived_at: z.string().nullable(),
    }),
  ),
  balance_hours: z.number(),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      hours: z.number(),
      reason: z.string(),
      note: z.string().nullable(),
      staff: z.string().nullable(),
      expires_at: z.string().nullable(),
      at: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      hours: z.number(),
      amount_minor: z.number(),
      currency: z.string(),
      created_at: z.string().nullable(),
      paid_at: z.string().nullable(),
      refunded_at: z.string().nullable(),
      refund_status: z.string().nullable(),
      /** Why the refund rule refuses this order now, or null when support may refund it. */
      refund_refusal: z.enum(REFUND_REFUSALS).nullable(),
    }),
  ),
  requests: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      starts_at: z.string().nullable(),
      duration_hours: z.number(),
      teacher_id: z.number().int().nullable(),
      teacher_name: z.string(),
      /** The subject's name in the caller's language. */
      subject: z.string(),
      child_name: z.string().nullable(),
      /** The session's attendance (approved or finished and started), else null. */
      attendance: z
        .array(
          z.object({
            role: z.enum(['student', 'teacher']),
            first_joined_at: z.string().nullable(),
            minutes_present: z.number().int(),
            minutes_lost_to_reconnection: z.number().int(),
          }),
        )
        .nullable(),
    }),
  ),
});
export type FamilyLookup = z.infer<typeof familyLookupSchema>;

// - GET /api/admin/reported-messages?state=open|closed (support, admin): the reported messages, latest
//   report first, each with both parties and a few messages around it; POST
//   /api/admin/reported-messages/:id/review `{ outcome }` closes one (404 unknown or not reported, 409
//   already closed).
export const REPORT_OUTCOMES = ['reviewed', 'dismissed'] as const;
export const reportReviewSchema = z.object({ outcome: z.enum(REPORT_OUTCOMES, { error: validationKeys.invalid }) });
export const reportedListQuerySchema = z.object({ state: z.enum(['open', 'closed']).default('open') });

const messageSideSchema = z.enum(['family', 'teacher']);
export const reportedMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  reported_at: z.string(),
  report_reason: z.string().nullable(),
  sender: messageSideSchema,
  family_id: z.number().int(),
  family_name: z.string(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  /** The messages just before and after it in the same conversation, oldest first (the reported one included). */
  context: z.array(z.object({ id: z.number().int(), sender: messageSideSchema, body: z.string(), created_at: z.string() })),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;
