// The plain-words label table of the flows studio, diagrams and `npm run paths`: every event, actor
// and guard of machines/ in ar and en (Lingui, so the catalog test keeps both complete). An event
// without a label fails tests/src/flows/layout.test.ts, so new events are named here when added.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const eventLabels: Record<string, MessageDescriptor> = {
  // auth
  'otp.open': msg({ message: 'open the code screen', context: 'flows' }),
  'signup.submit': msg({ message: 'send the sign-up form', context: 'flows' }),
  'login.submit': msg({ message: 'send the sign-in form', context: 'flows' }),
  'teacher.signup.submit': msg({ message: 'send the teacher sign-up form', context: 'flows' }),
  'teacher.login.submit': msg({ message: 'send the teacher sign-in form', context: 'flows' }),
  'password.forgot.submit': msg({ message: 'ask for a reset code', context: 'flows' }),
  'password.reset.submit': msg({ message: 'send the new password', context: 'flows' }),
  'otp.submit': msg({ message: 'send the code', context: 'flows' }),
  'otp.resend': msg({ message: 'resend the code', context: 'flows' }),
  'auth.logout': msg({ message: 'sign out', context: 'flows' }),
  'session.expired': msg({ message: 'the session expired', context: 'flows' }),
  'profile.reload': msg({ message: 'reload the profile', context: 'flows' }),
  'profile.complete.submit': msg({ message: 'send the profile', context: 'flows' }),
  'return.set': msg({ message: 'choose a teacher to book with after sign-in', context: 'flows' }),
  // order
  'order.checkout': msg({ message: 'open the payment page', context: 'flows' }),
  'checkout.failed': msg({ message: 'the payment page failed', context: 'flows' }),
  'order.expire': msg({ message: 'deadline check', context: 'flows' }),
  'payment.approved': msg({ message: 'payment approved', context: 'flows' }),
  'payment.declined': msg({ message: 'payment declined', context: 'flows' }),
  'payment.cancelled': msg({ message: 'payment cancelled', context: 'flows' }),
  // teacher status
  'status.changed': msg({ message: 'the server changed the status', context: 'flows' }),
  'review.approve': msg({ message: 'the reviewer approves', context: 'flows' }),
  'review.reject': msg({ message: 'the reviewer rejects', context: 'flows' }),
  'review.suspend': msg({ message: 'the reviewer suspends', context: 'flows' }),
  'review.reinstate': msg({ message: 'the reviewer reinstates', context: 'flows' }),
  'terms.accept': msg({ message: 'accept the terms', context: 'flows' }),
  'documents.replace': msg({ message: 'replace the documents', context: 'flows' }),
  'documents.resubmit': msg({ message: 'resubmit the documents', context: 'flows' }),
  // request
  approve: msg({ message: 'approve', context: 'flows' }),
  reject: msg({ message: 'reject', context: 'flows' }),
  cancel: msg({ message: 'cancel', context: 'flows' }),
  reschedule: msg({ message: 'move to another time', context: 'flows' }),
  reschedule_accept: msg({ message: 'accept the proposed time', context: 'flows' }),
  reschedule_decline: msg({ message: 'decline the proposed time', context: 'flows' }),
  reschedule_lapse: msg({ message: 'the proposed time lapses', context: 'flows' }),
  expire: msg({ message: 'expire', context: 'flows' }),
  finish: msg({ message: 'finish', context: 'flows' }),
  join: msg({ message: 'join', context: 'flows' }),
  rate: msg({ message: 'rate', context: 'flows' }),
  // live session
  'permission.retry': msg({ message: 'try the devices again', context: 'flows' }),
  'session.continueAudioOnly': msg({ message: 'continue with audio only', context: 'flows' }),
  'session.retry': msg({ message: 'try again', context: 'flows' }),
  'session.rejoin': msg({ message: 'rejoin', context: 'flows' }),
  'clock.tick': msg({ message: 'the clock ticks', context: 'flows' }),
  'rtc.quality': msg({ message: 'own network quality', context: 'flows' }),
  'rtc.peerQuality': msg({ message: "the other side's network quality", context: 'flows' }),
  'rtc.joined': msg({ message: 'joined the call', context: 'flows' }),
  'rtc.joinFailed': msg({ message: 'joining failed', context: 'flows' }),
  'rtc.peerJoined': msg({ message: 'the other side joined', context: 'flows' }),
  'rtc.peerLeft': msg({ message: 'the other side left', context: 'flows' }),
  'rtc.reconnecting': msg({ message: 'the connection dropped', context: 'flows' }),
  'rtc.reconnected': msg({ message: 'reconnected', context: 'flows' }),
  'rtc.tokenWillExpire': msg({ message: 'the call token is about to expire', context: 'flows' }),
  'rtc.left': msg({ message: 'left the call', context: 'flows' }),
  'media.toggleMic': msg({ message: 'microphone on/off', context: 'flows' }),
  'media.toggleCamera': msg({ message: 'camera on/off', context: 'flows' }),
  'media.switchDevice': msg({ message: 'switch device', context: 'flows' }),
  'leave.request': msg({ message: 'ask to leave', context: 'flows' }),
  'leave.cancel': msg({ message: 'stay', context: 'flows' }),
  'leave.confirm': msg({ message: 'confirm leaving', context: 'flows' }),
  // booking
  'teacher.loaded': msg({ message: 'the teacher loaded', context: 'flows' }),
  'balance.loaded': msg({ message: 'the balance loaded', context: 'flows' }),
  'booking.edit': msg({ message: 'edit the form', context: 'flows' }),
  'booking.next': msg({ message: 'next step', context: 'flows' }),
  'booking.back': msg({ message: 'previous step', context: 'flows' }),
  'booking.change': msg({ message: 'change a step', context: 'flows' }),
  'booking.submit': msg({ message: 'confirm the booking', context: 'flows' }),
  'packages.open': msg({ message: 'open the packages', context: 'flows' }),
};

/** Invoked actors by invoke id: their answers read "<name> succeeded" / "<name> failed". */
export const actorLabels: Record<string, MessageDescriptor> = {
  checkLogin: msg({ message: 'the start-up check', context: 'flows' }),
  fetchProfile: msg({ message: 'loading the profile', context: 'flows' }),
  registerStudent: msg({ message: 'the student sign-up', context: 'flows' }),
  loginStudent: msg({ message: 'the student sign-in', context: 'flows' }),
  verifyOtp: msg({ message: 'the code check', context: 'flows' }),
  resendOtp: msg({ message: 'resending the code', context: 'flows' }),
  registerTeacher: msg({ message: 'the teacher sign-up', context: 'flows' }),
  loginTeacher: msg({ message: 'the teacher sign-in', context: 'flows' }),
  forgotPassword: msg({ message: 'the reset code request', context: 'flows' }),
  resetPassword: msg({ message: 'the password reset', context: 'flows' }),
  completeProfile: msg({ message: 'saving the profile', context: 'flows' }),
  logout: msg({ message: 'signing out', context: 'flows' }),
  acceptTerms: msg({ message: 'accepting the terms', context: 'flows' }),
  submitDocuments: msg({ message: 'uploading the documents', context: 'flows' }),
  checkDevices: msg({ message: 'the device check', context: 'flows' }),
  fetchToken: msg({ message: 'the call token request', context: 'flows' }),
  renewToken: msg({ message: 'renewing the call token', context: 'flows' }),
  endSession: msg({ message: 'reporting the end of the session', context: 'flows' }),
  createRequest: msg({ message: 'sending the booking', context: 'flows' }),
};

export const guardLabels: Record<string, MessageDescriptor> = {
  hasAccount: msg({ message: 'has an account', context: 'flows' }),
  hasToken: msg({ message: 'a saved sign-in', context: 'flows' }),
  isTeacherPhone: msg({ message: "a teacher's phone", context: 'flows' }),
  isTakenPhone: msg({ message: 'phone already used', context: 'flows' }),
  isWrongCode: msg({ message: 'wrong code', context: 'flows' }),
  isExpiredCode: msg({ message: 'expired code', context: 'flows' }),
  isTooManyAttempts: msg({ message: 'too many attempts', context: 'flows' }),
  isProfileIncomplete: msg({ message: 'profile incomplete', context: 'flows' }),
  isSessionEnded: msg({ message: 'the server ended the session', context: 'flows' }),
  isNewAccount: msg({ message: 'a new phone (no account yet)', context: 'flows' }),
  isTeacherId: msg({ message: "a valid teacher's id", context: 'flows' }),
  isPayable: msg({ message: 'something to pay', context: 'flows' }),
  isPastDeadline: msg({ message: 'past the deadline', context: 'flows' }),
  amountMatches: msg({ message: 'the exact amount', context: 'flows' }),
  isStatus: msg({ message: 'that status', context: 'flows' }),
  hasReason: msg({ message: 'a reason is given', context: 'flows' }),
  cameFromRejected: msg({ message: 'was rejected before', context: 'flows' }),
  canDecide: msg({ message: 'the teacher may decide', context: 'flows' }),
  isLastOffer: msg({ message: 'the last offer', context: 'flows' }),
  isOneOfSeveralOffers: msg({ message: 'one of several offers', context: 'flows' }),
  studentBeforeDeadline: msg({ message: 'the student, before the deadline', context: 'flows' }),
  studentBeforeCutoff: msg({ message: 'the student, before the cut-off', context: 'flows' }),
  studentMayMovePending: msg({ message: 'the family, a scheduled one-teacher request, before it expires', context: 'flows' }),
  mayPropose: msg({ message: 'the family before the cut-off, or the teacher before the start; no open proposal', context: 'flows' }),
  mayAnswerProposal: msg({ message: 'the other side, before the proposal lapses', context: 'flows' }),
  proposalLapsed: msg({ message: 'the proposal is past its time', context: 'flows' }),
  hasEnded: msg({ message: 'the session has ended', context: 'flows' }),
  insideSessionWindow: msg({ message: 'inside the session time', context: 'flows' }),
  canRate: msg({ message: 'may rate', context: 'flows' }),
  canUseCameraAndMic: msg({ message: 'camera and microphone allowed', context: 'flows' }),
  isTimeUp: msg({ message: 'the time is up', context: 'flows' }),
  isWarningDue: msg({ message: 'the warning is due', context: 'flows' }),
  hasCamera: msg({ message: 'has a camera', context: 'flows' }),
  canRejoin: msg({ message: 'may rejoin', context: 'flows' }),
  noChildToChoose: msg({ message: 'one child, nothing to ask', context: 'flows' }),
  stepReady: msg({ message: 'the step is complete', context: 'flows' }),
  firstProblemIs: msg({ message: 'the first problem is in this step', context: 'flows' }),
  slotTaken: msg({ message: 'the time was just taken', context: 'flows' }),
  changeTo: msg({ message: 'the step asked for', context: 'flows' }),
  cannotPay: msg({ message: 'cannot pay', context: 'flows' }),
  insufficientHours: msg({ message: 'not enough hours', context: 'flows' }),
  canPayNow: msg({ message: 'can pay now', context: 'flows' }),
};

const templates = {
  done: (actor: string) => msg({ message: `${actor} succeeded`, context: 'flows' }),
  error: (actor: string) => msg({ message: `${actor} failed`, context: 'flows' }),
  after: (seconds: string) => msg({ message: `after ${seconds} s`, context: 'flows' }),
  always: msg({ message: 'at once', context: 'flows' }),
  inlineGuard: msg({ message: 'a condition', context: 'flows' }),
  anyState: msg({ message: 'from any state', context: 'flows' }),
};

/** Turns the parts of a transition into words; `null` means the table lacks the name. */
export interface Labeller {
  event(type: string): string | null;
  actor(id: string, outcome: 'done' | 'error'): string | null;
  guard(name: string): string | null;
  after(ms: number | null): string;
  always(): string;
  inlineGuard(): string;
  /** The node root transitions leave from. */
  anyState(): string;
}

export function createLabeller(i18n: I18n): Labeller {
  const pick = (table: Record<string, MessageDescriptor>, key: string) => {
    const descriptor = Object.hasOwn(table, key) ? table[key] : undefined;
    return descriptor ? i18n._(descriptor) : null;
  };
  return {
    event: (type) => pick(eventLabels, type),
    actor: (id, outcome) => {
      const actor = pick(actorLabels, id);
      return actor === null ? null : i18n._(templates[outcome](actor));
    },
    guard: (name) => pick(guardLabels, name),
    after: (ms) => i18n._(templates.after(ms === null ? '?' : String(ms / 1000))),
    always: () => i18n._(templates.always),
    inlineGuard: () => i18n._(templates.inlineGuard),
    anyState: () => i18n._(templates.anyState),
  };
}
