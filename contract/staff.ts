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
// - GET /api/admin/audit?staff_id&action&target_type&target_id&from&to&before_id&limit, and
//   GET /api/admin/audit.csv with the same filters (admin)
import { z } from 'zod';
import { passwordSchema } from './auth';
import { emailSchema, freeText, requiredString, validationKeys } from './validation';

export const STAFF_ROLE_NAMES = ['reviewer', 'support', 'admin'] as const;

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
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) && Number(v.slice(0, 4)) >= 2000, { error: validationKeys.invalid })
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
    z.number({ error: validationKeys.invalid }).int().min(1, { error: validationKeys.invalid }).max(1000, { error: validationKeys.invalid }),
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
  validity_days: z.number({ error: validationKeys.invalid }).int({ error: validationKeys.invalid }).min(1, { error: validationKeys.invalid }).max(730, { error: validationKeys.invalid }).optional(),
});

export const promoCreateSchema = z.object({
  code: requiredString(40).pipe(z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, { error: validationKeys.invalid })),
  kind: z.enum(['percent', 'fixed'], { error: validationKeys.invalid }),
  value: z.number({ error: validationKeys.invalid }).int({ error: validationKeys.invalid }).positive({ error: validationKeys.invalid }).max(1_000_000, { error: validationKeys.invalid }),
  max_uses: z.number({ error: validationKeys.invalid }).int({ error: validationKeys.invalid }).positive({ error: validationKeys.invalid }).max(1_000_000, { error: validationKeys.invalid }).nullish(),
  per_student_limit: z.number({ error: validationKeys.invalid }).int({ error: validationKeys.invalid }).positive({ error: validationKeys.invalid }).max(1000, { error: validationKeys.invalid }).nullish(),
  min_package_hours: z.number({ error: validationKeys.invalid }).int({ error: validationKeys.invalid }).positive({ error: validationKeys.invalid }).max(1000, { error: validationKeys.invalid }).nullish(),
  expires_at: z
    .string({ error: validationKeys.invalid })
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) && Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2200, { error: validationKeys.invalid })
    .nullish(),
}).refine((p) => p.kind === 'fixed' || p.value <= 100, { error: validationKeys.invalid, path: ['value'] });

/** A reviewer's internal note on an application (the teacher never sees it). */
export const teacherNoteSchema = z.object({ body: requiredString(2000) });
