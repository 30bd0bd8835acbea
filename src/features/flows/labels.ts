// The plain-words label table of the flows studio, diagrams and `npm run paths`: every event, actor,
// guard and state of machines/, and each machine's description, in ar and en (Lingui, so the catalog
// test keeps both complete). A name missing here fails tests/src/flows/layout.test.ts, so new events
// and states are named here when added. Labels of the transitions out of one state must differ: a
// guard that checks a fixed parameter (the status, the step) names it, and the transition taken when
// no guard before it passed reads "otherwise".
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { descriptionLabels } from './descriptions';

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
  end: msg({ message: 'end early for both', context: 'flows' }),
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
  'end.request': msg({ message: 'ask to end the lesson for both', context: 'flows' }),
  'end.cancel': msg({ message: 'keep teaching', context: 'flows' }),
  'end.confirm': msg({ message: 'confirm ending for both', context: 'flows' }),
  'session.endedByTeacher': msg({ message: 'the teacher ended it for both', context: 'flows' }),
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
  endForBoth: msg({ message: 'ending the lesson for both', context: 'flows' }),
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
  hasReason: msg({ message: 'a reason is given', context: 'flows' }),
  cameFromRejected: msg({ message: 'was rejected before', context: 'flows' }),
  canDecide: msg({ message: 'the teacher may decide', context: 'flows' }),
  isLastOffer: msg({ message: 'the last offer', context: 'flows' }),
  isOneOfSeveralOffers: msg({ message: 'one of several offers', context: 'flows' }),
  studentBeforeDeadline: msg({ message: 'the student, before the deadline', context: 'flows' }),
  studentBeforeCutoff: msg({ message: 'the student, before the cut-off', context: 'flows' }),
  teacherBeforeStart: msg({ message: 'its teacher, before the start', context: 'flows' }),
  teacherInSession: msg({ message: 'its teacher, during the session', context: 'flows' }),
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
  isTeacher: msg({ message: 'the teacher', context: 'flows' }),
  canRetryToken: msg({ message: 'asking again can help', context: 'flows' }),
  noChildToChoose: msg({ message: 'one child, nothing to ask', context: 'flows' }),
  stepReady: msg({ message: 'the step is complete', context: 'flows' }),
  slotTaken: msg({ message: 'the time was just taken', context: 'flows' }),
  cannotPay: msg({ message: 'cannot pay', context: 'flows' }),
  insufficientHours: msg({ message: 'not enough hours', context: 'flows' }),
  canPayNow: msg({ message: 'can pay now', context: 'flows' }),
};

/**
 * Guards that compare with a fixed parameter of their transition (`params: { expected: 'active' }`):
 * named with that parameter's value in words (valueLabels), so five `status.changed` transitions read
 * "to in review", "to approved"… The function receives the parameters already in words.
 */
export const paramGuardLabels: Record<string, (params: Record<string, string>) => MessageDescriptor> = {
  isStatus: ({ expected = '?' }) => msg({ message: `to ${expected}`, context: 'flows' }),
  changeTo: ({ step = '?' }) => msg({ message: `back to the ${step} step`, context: 'flows' }),
  firstProblemIs: ({ step = '?' }) => msg({ message: `the first problem is in the ${step} step`, context: 'flows' }),
};

/** Fixed guard parameters and event data in words: teacher statuses, booking steps. */
export const valueLabels: Record<string, MessageDescriptor> = {
  in_review: msg({ message: 'in review', context: 'flows value' }),
  policy: msg({ message: 'approved', context: 'flows value' }),
  active: msg({ message: 'active', context: 'flows value' }),
  rejected: msg({ message: 'rejected', context: 'flows value' }),
  suspended: msg({ message: 'suspended', context: 'flows value' }),
  child: msg({ message: 'child', context: 'flows value' }),
  subject: msg({ message: 'subject', context: 'flows value' }),
  duration: msg({ message: 'duration', context: 'flows value' }),
  slot: msg({ message: 'time', context: 'flows value' }),
  review: msg({ message: 'review', context: 'flows value' }),
};

/**
 * State names by state key (the same key means the same thing in every machine), or by full state id
 * where one machine's key means something else.
 */
export const stateLabels: Record<string, MessageDescriptor> = {
  // auth
  checking: msg({ message: 'start-up check', context: 'flows state' }),
  readingSession: msg({ message: 'reading the saved sign-in', context: 'flows state' }),
  fetchingProfile: msg({ message: 'loading the profile', context: 'flows state' }),
  anonymous: msg({ message: 'signed out', context: 'flows state' }),
  idle: msg({ message: 'waiting', context: 'flows state' }),
  registering: msg({ message: 'signing up', context: 'flows state' }),
  loggingIn: msg({ message: 'signing in', context: 'flows state' }),
  otp: msg({ message: 'code screen', context: 'flows state' }),
  code: msg({ message: 'the code', context: 'flows state' }),
  verifying: msg({ message: 'checking the code', context: 'flows state' }),
  wrongCode: msg({ message: 'wrong code', context: 'flows state' }),
  'auth.anonymous.otp.code.expired': msg({ message: 'code expired', context: 'flows state' }),
  expired: msg({ message: 'expired', context: 'flows state' }),
  tooManyAttempts: msg({ message: 'too many attempts', context: 'flows state' }),
  failed: msg({ message: 'failed', context: 'flows state' }),
  resend: msg({ message: 'resending', context: 'flows state' }),
  coolingDown: msg({ message: 'waiting to resend', context: 'flows state' }),
  ticking: msg({ message: 'counting down', context: 'flows state' }),
  'auth.anonymous.otp.resend.ready': msg({ message: 'may resend', context: 'flows state' }),
  ready: msg({ message: 'ready', context: 'flows state' }),
  sending: msg({ message: 'sending', context: 'flows state' }),
  loggingInSilently: msg({ message: 'signing in again quietly', context: 'flows state' }),
  teacherRegistering: msg({ message: 'teacher signing up', context: 'flows state' }),
  teacherLoggingIn: msg({ message: 'teacher signing in', context: 'flows state' }),
  requestingPasswordReset: msg({ message: 'asking for a reset code', context: 'flows state' }),
  awaitingPasswordReset: msg({ message: 'waiting for the new password', context: 'flows state' }),
  resettingPassword: msg({ message: 'resetting the password', context: 'flows state' }),
  loggedIn: msg({ message: 'signed in', context: 'flows state' }),
  deciding: msg({ message: 'deciding where to go', context: 'flows state' }),
  incompleteProfile: msg({ message: 'profile incomplete', context: 'flows state' }),
  completingProfile: msg({ message: 'saving the profile', context: 'flows state' }),
  reloadingProfile: msg({ message: 'reloading the profile', context: 'flows state' }),
  loggingOut: msg({ message: 'signing out', context: 'flows state' }),
  // order
  created: msg({ message: 'created', context: 'flows state' }),
  pendingPayment: msg({ message: 'waiting for payment', context: 'flows state' }),
  paid: msg({ message: 'paid', context: 'flows state' }),
  // teacher status
  unknown: msg({ message: 'not known yet', context: 'flows state' }),
  inReview: msg({ message: 'in review', context: 'flows state' }),
  policy: msg({ message: 'approved, terms to accept', context: 'flows state' }),
  accepting: msg({ message: 'accepting the terms', context: 'flows state' }),
  active: msg({ message: 'active', context: 'flows state' }),
  rejected: msg({ message: 'rejected', context: 'flows state' }),
  submittingDocuments: msg({ message: 'uploading the documents', context: 'flows state' }),
  suspended: msg({ message: 'suspended', context: 'flows state' }),
  // request
  pending: msg({ message: 'pending', context: 'flows state' }),
  approved: msg({ message: 'approved', context: 'flows state' }),
  finished: msg({ message: 'finished', context: 'flows state' }),
  canceled: msg({ message: 'canceled', context: 'flows state' }),
  // live session
  checkingDevices: msg({ message: 'checking the devices', context: 'flows state' }),
  permissionDenied: msg({ message: 'devices refused', context: 'flows state' }),
  fetchingToken: msg({ message: 'getting the call token', context: 'flows state' }),
  tokenFailed: msg({ message: 'no call token', context: 'flows state' }),
  session: msg({ message: 'the session', context: 'flows state' }),
  joining: msg({ message: 'joining the call', context: 'flows state' }),
  inCall: msg({ message: 'in the call', context: 'flows state' }),
  peer: msg({ message: 'the other side', context: 'flows state' }),
  waitingForPeer: msg({ message: 'waiting for the other side', context: 'flows state' }),
  together: msg({ message: 'both in the call', context: 'flows state' }),
  connection: msg({ message: 'the connection', context: 'flows state' }),
  online: msg({ message: 'connected', context: 'flows state' }),
  reconnecting: msg({ message: 'reconnecting', context: 'flows state' }),
  token: msg({ message: 'the call token', context: 'flows state' }),
  valid: msg({ message: 'valid', context: 'flows state' }),
  renewing: msg({ message: 'renewing', context: 'flows state' }),
  leave: msg({ message: 'leaving or ending for both', context: 'flows state' }),
  'live-session.session.inCall.leave.idle': msg({ message: 'staying', context: 'flows state' }),
  confirming: msg({ message: 'asking to confirm', context: 'flows state' }),
  confirmingEnd: msg({ message: 'asking to confirm the end for both', context: 'flows state' }),
  endingForBoth: msg({ message: 'ending for both', context: 'flows state' }),
  leaving: msg({ message: 'leaving the call', context: 'flows state' }),
  ending: msg({ message: 'ending the session', context: 'flows state' }),
  requesting: msg({ message: 'telling the server', context: 'flows state' }),
  waitingToRetry: msg({ message: 'waiting to try again', context: 'flows state' }),
  retrying: msg({ message: 'trying again', context: 'flows state' }),
  ended: msg({ message: 'ended', context: 'flows state' }),
  // booking
  child: msg({ message: 'choose the child', context: 'flows state' }),
  subject: msg({ message: 'choose the subject', context: 'flows state' }),
  duration: msg({ message: 'choose the duration', context: 'flows state' }),
  slot: msg({ message: 'choose the time', context: 'flows state' }),
  review: msg({ message: 'review', context: 'flows state' }),
  validating: msg({ message: 'checking the answers', context: 'flows state' }),
  submitting: msg({ message: 'sending the request', context: 'flows state' }),
  submitted: msg({ message: 'request sent', context: 'flows state' }),
  needsPackage: msg({ message: 'hours to buy', context: 'flows state' }),
};

/** Each machine's one-line description, by machine id (machines/index.ts has the English source). */
export const machineLabels: Record<string, MessageDescriptor> = {
  auth: msg({
    message:
      'Account life: start-up check, student sign-up and sign-in with a code, teacher sign-up and sign-in, password recovery, completing the profile, signing out.',
    context: 'flows machine',
  }),
  order: msg({
    message:
      'A package order: created, waiting for payment at the gateway, then paid (hours credited), failed or expired. The server enforces it.',
    context: 'flows machine',
  }),
  'teacher-status': msg({
    message:
      "A teacher's review status: in review, approved (terms to accept), active, rejected with the reviewer's reason (documents to resubmit), suspended. The server enforces it.",
    context: 'flows machine',
  }),
  request: msg({
    message:
      'A session request: pending, then approved (booked) and finished, or rejected, canceled or expired (refunded). The server enforces it; the app asks it which buttons to show.',
    context: 'flows machine',
  }),
  'live-session': msg({
    message:
      "A live video session: device check (audio only when the camera is refused), the call token, joining, the call (the other side, reconnecting, token renewal, leaving), and the end when the time is up or at the teacher's End for both.",
    context: 'flows machine',
  }),
  booking: msg({
    message:
      'Booking a session with a teacher, step by step: subject, duration, a free time or now, the review, the request, and the detour to buy hours that comes back to the review.',
    context: 'flows machine',
  }),
};

const templates = {
  done: (actor: string) => msg({ message: `${actor} succeeded`, context: 'flows' }),
  error: (actor: string) => msg({ message: `${actor} failed`, context: 'flows' }),
  after: (seconds: string) => msg({ message: `after ${seconds} s`, context: 'flows' }),
  always: msg({ message: 'at once', context: 'flows' }),
  inlineGuard: msg({ message: 'a condition', context: 'flows' }),
  anyState: msg({ message: 'from any state', context: 'flows' }),
  otherwise: msg({ message: 'otherwise', context: 'flows' }),
};

/** Turns the parts of a transition into words; `null` means the table lacks the name. */
export interface Labeller {
  event(type: string): string | null;
  actor(id: string, outcome: 'done' | 'error'): string | null;
  /** A guard by name; `params` are its fixed parameters (those not read from the event or context). */
  guard(name: string, params?: Readonly<Record<string, unknown>>): string | null;
  /** The guard words of the transition taken when the guards before it (same event) failed. */
  otherwise(): string;
  /** A state's name by its key, or by its id where the key alone is ambiguous. */
  state(key: string, id: string): string | null;
  /** A machine's description, by machine id. */
  machine(id: string): string | null;
  /** What a state means (descriptions.ts), by state id; null when the table lacks it. */
  description(id: string): string | null;
  /** A data value in words (a status, a step), or null when the table lacks it. */
  value(value: string): string | null;
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
    guard: (name, params = {}) => {
      const withParams = Object.hasOwn(paramGuardLabels, name) ? paramGuardLabels[name] : undefined;
      if (!withParams) return pick(guardLabels, name);
      const words = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, pick(valueLabels, String(v)) ?? String(v)]));
      return i18n._(withParams(words));
    },
    otherwise: () => i18n._(templates.otherwise),
    state: (key, id) => pick(stateLabels, id) ?? pick(stateLabels, key),
    machine: (id) => pick(machineLabels, id),
    description: (id) => pick(descriptionLabels, id),
    value: (value) => pick(valueLabels, value),
    after: (ms) => i18n._(templates.after(ms === null ? '?' : String(ms / 1000))),
    always: () => i18n._(templates.always),
    inlineGuard: () => i18n._(templates.inlineGuard),
    anyState: () => i18n._(templates.anyState),
  };
}
