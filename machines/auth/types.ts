// The auth statechart's vocabulary: its context, the events the screens send, the destinations it
// emits and the inputs of its effects. Shared by the machine's files (./setup, the state files) and
// re-exported by ../auth.machine.ts, the one module the app imports.
import type { AccountRecord } from '../../contract/account';
import type { Failure } from '../../contract/failure';

/** Resend is refused for this long after a code was sent; the screen shows the countdown. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** What the start-up check found in the browser: a stored account record, or else a token cookie. */
export interface StoredSession {
  account: AccountRecord | null;
  token: string | null;
  /** The teacher a guest was signing in to book with, kept in this tab across reloads. */
  returnTo?: ReturnTarget | null;
}

/** The 422 `code` values of v1/verify-otp; each one has its own state and message. */
export type OtpRejection = 'wrong' | 'expired' | 'too_many_attempts';

/** The teacher a guest was signing in to book with (validated by ./return-to). */
export interface ReturnTarget {
  teacherId: number;
}

/** A message the sign-in screen shows on arrival, set by the flow that sent the user there. */
export type AuthNotice = 'teacherAccountExists' | 'passwordReset';

/** Where a finished step sends the user; the app maps each one to a route. */
export type AuthDestination =
  | { to: 'root' }
  | { to: 'aboutUs' }
  | { to: 'signIn' }
  | { to: 'completeRegister' }
  | { to: 'teacher'; teacherId: number }
  | { to: 'verifyOtp'; phone: string }
  | { to: 'resetPassword'; phone: string };

/**
 * What the machine emits (`actor.on('navigate', …)`): where to go once this transition is done. One
 * subscriber in src/app follows it after the router has re-read the session.
 */
export type AuthEmitted = { type: 'navigate'; destination: AuthDestination };

/** Fields the machine does not read: the screens build them, the actors send them. */
export type FormFields = Record<string, unknown>;

export interface AuthContext {
  account: AccountRecord | null;
  /** The token cookie found at start-up while its profile is being fetched. */
  pendingToken: string | null;
  /** E.164 phone of the sign-up, login or recovery in progress (the code screen needs it). */
  phone: string | null;
  /** ISO 3166-1 alpha-2 country of that phone. */
  countryCode: string | null;
  notice: AuthNotice | null;
  /** The last failed request of a form, as the contract's one failure shape. */
  failure: Failure | null;
  /** Seconds until a new code may be requested; 0 once resend is allowed. */
  resendSecondsLeft: number;
  /** After a wrong code: how many more guesses the server allows for it (null when it did not say). */
  otpAttemptsLeft: number | null;
  /** The teacher a guest asked to book with: the student lands there once signed in (./return-to). */
  returnTo: ReturnTarget | null;
}

export type AuthEvent =
  | { type: 'signup.submit'; phone: string; countryCode: string; fields: FormFields }
  | { type: 'login.submit'; phone: string; countryCode: string }
  | { type: 'otp.open'; phone: string }
  | { type: 'return.set'; teacherId: unknown }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'teacher.signup.submit'; payload: unknown }
  | { type: 'teacher.login.submit'; login: string; password: string }
  | { type: 'password.forgot.submit'; phone: string }
  | { type: 'password.reset.submit'; phone: string; code: string; password: string; passwordConfirmation: string }
  | { type: 'profile.complete.submit'; fields: FormFields }
  | { type: 'profile.reload' }
  | { type: 'auth.logout' }
  | { type: 'session.expired' };

export interface StudentSignupInput {
  phone: string;
  countryCode: string;
  fields: FormFields;
}
export interface StudentLoginInput {
  phone: string;
  countryCode: string;
}
export interface PasswordResetInput {
  phone: string;
  code: string;
  password: string;
  passwordConfirmation: string;
}

/** The state tag of a request in flight (the forms disable their submit on it). */
export const BUSY = 'state:busy';
