// The sign-in abuse limits, read from the environment once when the auth module starts:
// per-account password lockout, the cap on concurrent password hashing, and the hourly SMS budget.
// A bad value stops the server at start, naming the variable. Documented in docs/server.md.

export interface LockoutLimits {
  /** Wrong passwords (within failureWindowSeconds) after which the account is locked. */
  lockAfter: number;
  /** The first lock; each further lock in a row doubles it, up to maxLockSeconds. */
  lockSeconds: number;
  maxLockSeconds: number;
  /** Failures older than this are forgotten (a typo a week does not add up to a lock). */
  failureWindowSeconds: number;
}

export interface HashLimits {
  /** Password hashes (scrypt) running at once in this process. */
  concurrency: number;
  /** Hashes allowed to wait for a slot; beyond that a sign-in is refused with 503 at once. */
  queue: number;
}

export interface SmsBudgetLimits {
  /** Codes texted per clock hour, all countries together, across every instance. */
  globalPerHour: number;
  /** Codes texted per clock hour to one country's numbers, unless byCountry names it. */
  perCountryPerHour: number;
  /** ISO alpha-2 → its own hourly cap (for example the home market gets more). */
  byCountry: Readonly<Record<string, number>>;
  /**
   * Percent of each cap kept for numbers that already have an account: codes to new numbers (sign-up,
   * phone-first sign-in of an unknown phone) stop at the rest, so an attack on new numbers cannot lock
   * existing families and teachers out of signing in.
   */
  reservedPercent: number;
  /** Codes to new numbers per caller address range (IPv4 /24, IPv6 /48) per hour. */
  newNumbersPerRangePerHour: number;
}

export interface SignInLimits {
  lockout: LockoutLimits;
  hashing: HashLimits;
  sms: SmsBudgetLimits;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function percent(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 90) throw new Error(`${name} must be a whole percent from 0 to 90, got "${raw}"`);
  return value;
}

/** `QA=500,SA=100` → { QA: 500, SA: 100 }. */
function countryCaps(raw: string | undefined): Record<string, number> {
  const caps: Record<string, number> = {};
  for (const part of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{2})\s*=\s*(\d+)$/.exec(part);
    if (!match || Number(match[2]) < 1) throw new Error(`SMS_HOURLY_LIMITS_BY_COUNTRY must look like "QA=500,SA=100", got "${raw}"`);
    caps[match[1]!.toUpperCase()] = Number(match[2]);
  }
  return caps;
}

export function loadSignInLimits(env: NodeJS.ProcessEnv = process.env): SignInLimits {
  const lockMinutes = positive(env, 'TEACHER_LOCK_MINUTES', 15);
  return {
    lockout: {
      lockAfter: positive(env, 'TEACHER_LOCK_AFTER', 5),
      lockSeconds: lockMinutes * 60,
      maxLockSeconds: 24 * 60 * 60,
      failureWindowSeconds: 60 * 60,
    },
    hashing: {
      concurrency: positive(env, 'PASSWORD_HASH_CONCURRENCY', 2),
      queue: positive(env, 'PASSWORD_HASH_QUEUE', 16),
    },
    sms: {
      globalPerHour: positive(env, 'SMS_HOURLY_LIMIT', 1000),
      perCountryPerHour: positive(env, 'SMS_HOURLY_LIMIT_PER_COUNTRY', 200),
      byCountry: countryCaps(env.SMS_HOURLY_LIMITS_BY_COUNTRY),
      reservedPercent: percent(env, 'SMS_RESERVED_PERCENT', 30),
      newNumbersPerRangePerHour: positive(env, 'SMS_NEW_NUMBERS_PER_RANGE_PER_HOUR', 10),
    },
  };
}
