// What each state of machines/ means, in Arabic and English (Lingui): the studio, its print view and
// the state details show these, not the English description written in the machine. Keyed by state id;
// the English text is the machine's own description (tests/src/flows/legible.test.ts fails when a state
// with a description has no entry here, or when the two differ), so change both together.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const descriptionLabels: Record<string, MessageDescriptor> = {
  'auth.checking': msg({
    message:
      'At start: use the stored account record; else, when a token cookie exists, fetch the profile; else anonymous. The full-screen spinner shows meanwhile.',
    context: 'flows description',
  }),
  'auth.checking.fetchingProfile': msg({
    message: 'A token cookie without a stored record: ask the server who it belongs to. A failure signs out.',
    context: 'flows description',
  }),
  'auth.anonymous': msg({
    message: 'Nobody is signed in. The sign-in, sign-up, code and password screens send their forms here.',
    context: 'flows description',
  }),
  'auth.anonymous.idle': msg({
    message: 'Waiting for a form: student sign-up or login, teacher sign-up or login, password recovery.',
    context: 'flows description',
  }),
  'auth.anonymous.registering': msg({
    message: 'Student sign-up sent (POST v1/auth/register, type student). A 409 means the phone already has an account.',
    context: 'flows description',
  }),
  'auth.anonymous.loggingIn': msg({
    message:
      "Student sign-in sent (POST v1/auth/login): the server texts a code to any phone but a teacher's, so a new phone signs up the same way (phone-first).",
    context: 'flows description',
  }),
  'auth.anonymous.otp': msg({
    message: 'The code screen: the student types the texted code while a countdown guards the resend button.',
    context: 'flows description',
  }),
  'auth.anonymous.otp.code.verifying': msg({
    message:
      'POST v1/verify-otp. A right code signs the student in and stores the token; a phone that had no account goes on to complete the registration.',
    context: 'flows description',
  }),
  'auth.anonymous.otp.code.wrongCode': msg({ message: 'The code did not match. The student may try again.', context: 'flows description' }),
  'auth.anonymous.otp.code.expired': msg({ message: 'The code is too old. Only a new code (resend) helps.', context: 'flows description' }),
  'auth.anonymous.otp.code.tooManyAttempts': msg({
    message: 'Too many wrong tries: the code is void. Only a new code (resend) helps.',
    context: 'flows description',
  }),
  'auth.anonymous.otp.code.failed': msg({
    message: 'The check itself failed (network, server); the message is in context. The student may retry.',
    context: 'flows description',
  }),
  'auth.anonymous.otp.resend.coolingDown': msg({
    message: 'A code was just sent: resend unlocks after the cooldown; the screen shows the seconds left.',
    context: 'flows description',
  }),
  'auth.anonymous.otp.resend.sending': msg({ message: 'POST v1/auth/resend.', context: 'flows description' }),
  'auth.anonymous.otp.resend.loggingInSilently': msg({
    message:
      'After a 409 for a student phone: POST v1/auth/login without telling the user, so a code is texted. A failure just unlocks resend.',
    context: 'flows description',
  }),
  'auth.anonymous.teacherRegistering': msg({
    message: 'Teacher sign-up sent as multipart (files included). Success stores the token at once.',
    context: 'flows description',
  }),
  'auth.anonymous.teacherLoggingIn': msg({
    message: 'Teacher login with phone or email and password (POST v1/instructor/auth/login).',
    context: 'flows description',
  }),
  'auth.anonymous.requestingPasswordReset': msg({
    message: 'A teacher forgot the password: a reset code is texted to the phone.',
    context: 'flows description',
  }),
  'auth.anonymous.awaitingPasswordReset': msg({
    message: 'The reset code was sent; waiting for the code and a new password.',
    context: 'flows description',
  }),
  'auth.anonymous.resettingPassword': msg({
    message: 'Code and new password sent. Success goes to teacher sign-in with a success message.',
    context: 'flows description',
  }),
  'auth.loggedIn': msg({ message: 'Someone is signed in; the account record is in context.', context: 'flows description' }),
  'auth.loggedIn.deciding': msg({ message: 'Does the account lack required profile fields?', context: 'flows description' }),
  'auth.loggedIn.ready': msg({
    message: 'Signed in with a complete profile. A return target has been followed by now (or a teacher has no use for it): drop it.',
    context: 'flows description',
  }),
  'auth.loggedIn.incompleteProfile': msg({
    message: 'Verified but required profile fields are missing: only the complete-registration screen is open.',
    context: 'flows description',
  }),
  'auth.loggedIn.completingProfile': msg({ message: 'POST v1/profile/complete.', context: 'flows description' }),
  'auth.loggedIn.reloadingProfile': msg({
    message: 'Refetch the profile (e.g. the teacher status changed). On a 401 the session ends; on another failure the old record stays.',
    context: 'flows description',
  }),
  'auth.loggedIn.loggingOut': msg({
    message: 'POST v1/auth/logout; the local session is cleared whatever the server says.',
    context: 'flows description',
  }),
  'order.created': msg({ message: 'Saved with its server-computed price; no checkout opened yet.', context: 'flows description' }),
  'order.pendingPayment': msg({
    message: 'The payer is at the gateway checkout. Only a signed confirmation or the deadline moves it on.',
    context: 'flows description',
  }),
  'order.paid': msg({
    message: 'Payment approved for the exact amount; the hours were credited in the same transaction.',
    context: 'flows description',
  }),
  'order.failed': msg({
    message: 'Declined, cancelled, or the checkout could not open. Nothing was credited; a promo code use is released.',
    context: 'flows description',
  }),
  'order.expired': msg({
    message: 'Not paid before its deadline. Nothing was credited; a promo code use is released.',
    context: 'flows description',
  }),
  'teacher-status.unknown': msg({
    message: 'The profile has not told us the status yet (the browser before its first profile).',
    context: 'flows description',
  }),
  'teacher-status.inReview': msg({
    message: 'Documents submitted, waiting for a reviewer (1–2 working days). The teacher is held on the in-review screen.',
    context: 'flows description',
  }),
  'teacher-status.policy': msg({
    message: 'Approved; the teacher must accept the terms (held on the teacher-terms screen).',
    context: 'flows description',
  }),
  'teacher-status.accepting': msg({
    message: 'The acceptance of the terms is being sent (POST v1/instructor/update/status).',
    context: 'flows description',
  }),
  'teacher-status.active': msg({
    message:
      'Reviewed and terms accepted: full access. Replacing an ID document or the qualification scan sends the account back to review.',
    context: 'flows description',
  }),
  'teacher-status.rejected': msg({
    message: "The reviewer rejected the application; the screen shows the reviewer's reason and a form to resubmit corrected documents.",
    context: 'flows description',
  }),
  'teacher-status.submittingDocuments': msg({
    message: 'New documents are being uploaded (POST v1/instructor/documents); success puts the account back in review.',
    context: 'flows description',
  }),
  'teacher-status.suspended': msg({
    message: 'A reviewer suspended the account; the teacher sees a suspended notice until reinstated.',
    context: 'flows description',
  }),
  'request.pending': msg({
    message:
      'Hours (or the free trial) already debited. Waiting for the teacher, or any offered teacher of a broadcast. Its student may move a scheduled one (not a broadcast) to another free start of the teacher.',
    context: 'flows description',
  }),
  'request.approved': msg({
    message:
      'A teacher took it; the session is booked. Join opens 10 minutes before the start. Either side may propose a new start (the family until 6 hours before); the time holds until the other side accepts or declines, or the proposal lapses. Its teacher may cancel it (with a reason) until the start, or end it early for both once it runs.',
    context: 'flows description',
  }),
  'request.finished': msg({
    message:
      'The session ended (its time was up, or its teacher ended it early and the half-hours not taught went back). Its student may rate the teacher once.',
    context: 'flows description',
  }),
  'request.rejected': msg({ message: 'The teacher (or every offered teacher) declined. Refunded.', context: 'flows description' }),
  'request.canceled': msg({
    message:
      'The student canceled while pending, or approved until 6 hours before the start; or the teacher canceled before the start, with a reason. Refunded.',
    context: 'flows description',
  }),
  'request.expired': msg({
    message: 'No teacher accepted in time (urgent: 15 minutes; scheduled: by its start). Refunded.',
    context: 'flows description',
  }),
  'live-session.checkingDevices': msg({ message: 'The browser asks for the camera and the microphone.', context: 'flows description' }),
  'live-session.permissionDenied': msg({
    message: 'Camera or microphone access was refused or no device was found: help text, try again, or join without the camera.',
    context: 'flows description',
  }),
  'live-session.fetchingToken': msg({
    message: 'Our server checks that the user takes part in this approved session and that its window is open, and issues a token.',
    context: 'flows description',
  }),
  'live-session.tokenFailed': msg({
    message:
      'No token: not a participant, outside the session window, or no connection. The server says which; asking again only where it can help.',
    context: 'flows description',
  }),
  'live-session.session': msg({
    message: 'Connected to the RTC provider (through the rtc actor) with the clock running.',
    context: 'flows description',
  }),
  'live-session.session.joining': msg({
    message: 'Joining the channel with the token and publishing the microphone (and camera unless audio-only).',
    context: 'flows description',
  }),
  'live-session.session.inCall': msg({
    message: 'In the channel. Four independent parts: the other participant, the connection, the token and the leave dialog.',
    context: 'flows description',
  }),
  'live-session.session.inCall.peer.waitingForPeer': msg({
    message: 'Alone in the channel: the other participant has not joined yet or has left.',
    context: 'flows description',
  }),
  'live-session.session.inCall.peer.together': msg({ message: 'Both participants are in the channel.', context: 'flows description' }),
  'live-session.session.inCall.connection.reconnecting': msg({
    message: 'The provider lost the connection and is trying again; gives up after 30 seconds.',
    context: 'flows description',
  }),
  'live-session.session.inCall.token.renewing': msg({
    message: 'The token expires soon: a new one is fetched from our server and handed to the provider.',
    context: 'flows description',
  }),
  'live-session.session.inCall.leave.confirming': msg({
    message: 'The dialog asks "Leave the session?". The call goes on meanwhile.',
    context: 'flows description',
  }),
  'live-session.session.inCall.leave.confirmingEnd': msg({
    message: 'The teacher\'s dialog asks "End the lesson for both?": it cannot be taken back. The call goes on meanwhile.',
    context: 'flows description',
  }),
  'live-session.session.inCall.leave.endingForBoth': msg({
    message:
      'Our server finishes the request (its `end`) and gives the family back the whole half-hours not taught; then both leave. Refused: the call goes on and says why.',
    context: 'flows description',
  }),
  'live-session.session.leaving': msg({
    message:
      "Leaving the channel; counts as left when the provider confirms or after 5 seconds. After an End for both (by this teacher or the other side's) the end says so.",
    context: 'flows description',
  }),
  'live-session.session.ending': msg({
    message: 'The booked time is up: the server marks the request finished (its sweep does it anyway if this fails).',
    context: 'flows description',
  }),
  'live-session.session.ending.waitingToRetry': msg({
    message: 'Our clock may run a moment ahead of the server\'s, which then says "not over yet": one more try shortly after.',
    context: 'flows description',
  }),
  'live-session.failed': msg({
    message: 'Could not join, or the connection did not come back within 30 seconds. Joining again is offered.',
    context: 'flows description',
  }),
  'live-session.ended': msg({
    message:
      'Left, the time is up, or the teacher ended it early for both. Links to the session details; rejoining works after leaving while the session window is open.',
    context: 'flows description',
  }),
  'booking.child': msg({
    message:
      'Step 0, only when the family has more than one active child: which child the lesson is for (the one last booked with this teacher comes chosen). With one child there is nothing to ask.',
    context: 'flows description',
  }),
  'booking.subject': msg({ message: 'Step 1: one of the teacher’s subjects.', context: 'flows description' }),
  'booking.duration': msg({
    message: 'Step 2: 1–6 hours (the contract’s range); the free times are computed for it.',
    context: 'flows description',
  }),
  'booking.slot': msg({
    message:
      'Step 3: a free start on the calendar, at least one hour away and still offered by the server — or now, when the teacher can take an urgent request.',
    context: 'flows description',
  }),
  'booking.review': msg({
    message:
      'Step 4: what will be asked (subject, teacher, local and teacher time, hours against the balance or the free trial); a comment, broadcast and a preferred gender may be added.',
    context: 'flows description',
  }),
  'booking.validating': msg({
    message:
      "Checked at the moment of confirm (once, by the submit's stamp): every step's rules, back to the earliest step with a problem; then whether the balance or the free trial covers it.",
    context: 'flows description',
  }),
  'booking.submitting': msg({
    message: 'POST v1/requests: the server checks everything again and debits the hours in the same transaction.',
    context: 'flows description',
  }),
  'booking.submitted': msg({
    message: 'The request exists (pending); the app shows a toast and opens its session details.',
    context: 'flows description',
  }),
  'booking.failed': msg({
    message:
      "The server refused or could not be reached. The review stays with everything chosen; the server's messages stand beside their fields.",
    context: 'flows description',
  }),
  'booking.needsPackage': msg({
    message:
      'The hours do not cover this booking and no free trial applies: the packages screen is offered. Everything is kept (also across the visit to /packages) and the review comes back when the new balance covers it.',
    context: 'flows description',
  }),
};
