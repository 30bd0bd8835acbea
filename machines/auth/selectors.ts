// Reading an auth snapshot: what the screens, the header and the guards ask of it. Kept apart from
// the statechart (../auth.machine.ts re-exports it) so the app shell imports these without XState;
// they read any object shaped like a snapshot, the guest stand-in of ./guest included.
import type { AccountRecord } from '../../contract/account';
import type { Failure } from '../../contract/failure';
import { BUSY, type AuthContext, type AuthNotice } from './types';

/** The parts of a snapshot the selectors read; any auth snapshot has them. */
export interface AuthSnapshotLike {
  context: AuthContext;
  hasTag(tag: string): boolean;
  matches(value: 'checking' | 'anonymous' | 'loggedIn'): boolean;
}

export const selectIsLoggedIn = (s: AuthSnapshotLike): boolean => s.matches('loggedIn');
/** True while we do not yet know who is signed in, or a sign-in/sign-up request is in flight. @internal read only by the tests */
export const selectIsLoggingIn = (s: AuthSnapshotLike): boolean => s.matches('checking') || (s.matches('anonymous') && s.hasTag(BUSY));
/** @internal read only by the tests */
export const selectAccount = (s: AuthSnapshotLike): AccountRecord | null => s.context.account;
export const selectFailure = (s: AuthSnapshotLike): Failure | null => s.context.failure;
export const selectNotice = (s: AuthSnapshotLike): AuthNotice | null => s.context.notice;
export const selectIsBusy = (s: AuthSnapshotLike): boolean => s.hasTag(BUSY);

export type OtpProblem = 'wrongCode' | 'expired' | 'tooManyAttempts' | null;
const OTP_PROBLEMS = [
  ['otp:wrongCode', 'wrongCode'],
  ['otp:expired', 'expired'],
  ['otp:tooManyAttempts', 'tooManyAttempts'],
] as const;
/** What the code screen shows: the phone, the countdown and why the last code was refused. */
export const selectOtp = (s: AuthSnapshotLike) => ({
  phone: s.context.phone,
  canResend: s.hasTag('otp:canResend'),
  canSubmit: s.hasTag('otp:canSubmit'),
  secondsLeft: s.context.resendSecondsLeft,
  attemptsLeft: s.context.otpAttemptsLeft,
  problem: (OTP_PROBLEMS.find(([tag]) => s.hasTag(tag))?.[1] ?? null) as OtpProblem,
});
