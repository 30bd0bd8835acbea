// The guided booking machine (v2) run as the teacher page runs it: createActor(machine.provide(fakes)).
// The student goes subject → duration → slot → review; "next" checks only its step (the contract's
// constants: one hour ahead, 1–6 hours; the subject; a start still among the server's free times); the
// request body is the contract's; a refused confirm goes back to the earliest step with a problem; a
// refusal keeps the booking (a 409 "just taken" goes back to the slot step, clears only the start and
// refreshes the free times); too few hours lead to the packages screen and back to the review; the
// unbound defaults fail loudly.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  bookingMachine,
  fieldProblems,
  persistBooking,
  requestBodyOf,
  restoreBooking,
  emptyFields,
  type BookingTeacher,
} from '../../machines/booking.machine';
import { FailureError, type Failure } from '../../contract/failure';
import { COMMENT_MAX_LENGTH, createRequestSchema, type CreateRequest } from '../../contract/requests';

const now = Date.UTC(2030, 0, 6, 7, 0); // Sunday 10:00 in Qatar
/** The start at a Qatar wall-clock hour of that Sunday, as the server writes it. */
const iso = (qatarHour: number) => new Date(Date.UTC(2030, 0, 6, 0, 0) + (qatarHour - 3) * 3_600_000).toISOString();
const at = (qatarHour: number) => ({ startsAt: iso(qatarHour) });
const teacher: BookingTeacher = {
  subjectIds: [3, 4],
  timeZone: 'Asia/Qatar',
  // What the server offered for one hour: 11:00, 12:00 and 17:00.
  slots: [iso(11), iso(12), iso(17)],
  slotsFor: 1,
  availableNow: true,
};
const reject = (failure: Failure) => Promise.reject(new FailureError(failure));

function start(createRequest: (input: CreateRequest) => Promise<{ id: number }>, balance = { minutes_remaining: 600, free_trial_available: false }) {
  const openPackages = vi.fn();
  const refreshSlots = vi.fn();
  const actor = createActor(
    bookingMachine.provide({
      actors: { createRequest: fromPromise<{ id: number }, CreateRequest>(({ input }) => createRequest(input)) },
      actions: { openPackages, refreshSlots },
    }),
    { input: { teacherId: 9, teacher, balance } },
  ).start();
  return { actor, openPackages, refreshSlots };
}

type Actor = ReturnType<typeof start>['actor'];
/** The student's walk: each step's choice, then "next". */
function walk(actor: Actor, fields: Partial<ReturnType<typeof emptyFields>>) {
  actor.send({ type: 'booking.edit', patch: { subjectId: fields.subjectId ?? '3' } });
  actor.send({ type: 'booking.next', now });
  actor.send({ type: 'booking.edit', patch: { durationHours: fields.durationHours ?? 1 } });
  actor.send({ type: 'booking.next', now });
  actor.send({ type: 'booking.edit', patch: { type: fields.type ?? 'schedule', startsAt: fields.startsAt ?? '' } });
  actor.send({ type: 'booking.next', now });
  const { comment, broadcast, preferredGender } = fields;
  actor.send({ type: 'booking.edit', patch: { comment: comment ?? '', broadcast: broadcast ?? false, preferredGender: preferredGender ?? '' } });
}

describe('booking rules on the client', () => {
  const check = (patch: Partial<ReturnType<typeof emptyFields>>, t: BookingTeacher | null = teacher) =>
    fieldProblems({ fields: { ...emptyFields(), subjectId: '3', ...patch }, teacher: t }, now);

  it('asks for an offered start at least one hour from now', () => {
    expect(check(at(10.5))).toEqual({ starts_at: ['schedule_too_soon'] });
    expect(check({ startsAt: '' })).toEqual({ starts_at: ['required'] });
    expect(check(at(11))).toEqual({});
    // Not among the free times the server gave for this duration.
    expect(check(at(14))).toEqual({ starts_at: ['slot_not_offered'] });
    // Free times of another duration say nothing yet: the server decides.
    expect(check({ ...at(14), durationHours: 2 })).toEqual({});
    expect(check(at(14), null)).toEqual({});
  });

  it('keeps 1 to 6 hours, the contract’s range', () => {
    expect(check({ ...at(11), durationHours: 7 })).toEqual({ duration_hours: ['duration_range'] });
    expect(check({ ...at(11), durationHours: 0 })).toEqual({ duration_hours: ['duration_range'] });
  });

  it('only offers the teacher’s subjects', () => {
    expect(check({ ...at(11), subjectId: '' })).toEqual({ subject_id: ['required'] });
    expect(check({ ...at(11), subjectId: '8' })).toEqual({ subject_id: ['subject_not_taught'] });
  });

  it('urgent needs no start: it begins now, when the server says the teacher is free', () => {
    expect(check({ type: 'urgent' })).toEqual({});
    expect(check({ type: 'urgent' }, { ...teacher, availableNow: false })).toEqual({ starts_at: ['not_available_now'] });
  });

  it('sends the contract’s body with the offered instant', () => {
    const body = requestBodyOf(9, {
      ...emptyFields(),
      subjectId: '3',
      startsAt: iso(13.5),
      durationHours: 2,
      comment: ' hi ',
      broadcast: true,
      preferredGender: 'female',
    });
    expect(body).toEqual({
      teacher_id: 9,
      subject_id: 3,
      type: 'schedule',
      starts_at: '2030-01-06T10:30:00.000Z',
      duration_hours: 2,
      comment: 'hi',
      broadcast: true,
      preferred_gender: 'female',
    });
    expect(createRequestSchema.safeParse(body).success).toBe(true);
    const urgent = requestBodyOf(9, { ...emptyFields(), subjectId: '4', type: 'urgent', startsAt: iso(13.5) });
    expect(urgent).toEqual({ teacher_id: 9, subject_id: 4, type: 'urgent', duration_hours: 1, broadcast: false });
  });
});

describe('the guided steps', () => {
  it('moves forward only when the step is complete, says why beside it, and back keeps everything', () => {
    const { actor } = start(async () => ({ id: 1 }));
    expect(actor.getSnapshot().value).toBe('subject');
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().value).toBe('subject');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ subject_id: ['required'] });
    expect(actor.getSnapshot().context.checkedAt).toBe(now);
    actor.send({ type: 'booking.edit', patch: { subjectId: '4' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().value).toBe('duration');
    actor.send({ type: 'booking.edit', patch: { durationHours: 2 } });
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().value).toBe('slot');
    // Two hours: the free times of one hour do not judge it, but a start is still needed.
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ starts_at: ['required'] });
    actor.send({ type: 'booking.edit', patch: at(10.5) });
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ starts_at: ['schedule_too_soon'] });
    actor.send({ type: 'booking.edit', patch: at(13) });
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().value).toBe('review');
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    expect(actor.getSnapshot().value).toBe('subject');
    expect(actor.getSnapshot().context.fields).toMatchObject({ subjectId: '4', durationHours: 2, startsAt: iso(13) });
  });

  it('"now" passes the slot step only when the teacher can take an urgent request', () => {
    const { actor } = start(async () => ({ id: 1 }));
    walk(actor, { type: 'urgent' });
    expect(actor.getSnapshot().value).toBe('review');
    actor.send({ type: 'teacher.loaded', teacher: { ...teacher, availableNow: false } });
    actor.send({ type: 'booking.change', step: 'slot' });
    actor.send({ type: 'booking.next', now });
    expect(actor.getSnapshot().value).toBe('slot');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ starts_at: ['not_available_now'] });
  });

  it('a confirm that breaks a rule goes back to the earliest step with a problem', () => {
    const { actor } = start(async () => ({ id: 1 }));
    walk(actor, { ...at(11), comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) });
    // Two rules broken from the review (a restored draft can hold anything): the earlier step comes first.
    actor.send({ type: 'booking.edit', patch: { durationHours: 7 } });
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('duration');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ duration_hours: ['duration_range'], comment: ['too_long'] });
    actor.send({ type: 'booking.change', step: 'subject' }); // only from the review: ignored here
    expect(actor.getSnapshot().value).toBe('duration');
    actor.send({ type: 'booking.edit', patch: { durationHours: 1 } });
    actor.send({ type: 'booking.next', now });
    actor.send({ type: 'booking.next', now });
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('review');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ comment: ['too_long'] });
  });
});

describe('booking machine with fakes', () => {
  it('does not call the server while a rule is broken, then books and keeps the request id', async () => {
    const createRequest = vi.fn(async () => ({ id: 41 }));
    const { actor } = start(createRequest);
    walk(actor, at(11));
    expect(actor.getSnapshot().value).toBe('review');
    // The hour passes while the review is open: the confirm is judged at its own instant.
    actor.send({ type: 'booking.submit', now: now + 40 * 60_000 });
    expect(actor.getSnapshot().value).toBe('slot');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ starts_at: ['schedule_too_soon'] });
    expect(createRequest).not.toHaveBeenCalled();
    // Choosing another time clears its message.
    actor.send({ type: 'booking.edit', patch: at(12) });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'booking.next', now });
    actor.send({ type: 'booking.submit', now });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('submitted');
    expect(done.context.requestId).toBe(41);
    expect(createRequest).toHaveBeenCalledWith(expect.objectContaining({ teacher_id: 9, subject_id: 3, starts_at: '2030-01-06T09:00:00.000Z' }));
  });

  it('a refusal keeps everything chosen, with the server’s messages beside their fields', async () => {
    const { actor } = start(() =>
      reject({ status: 400, code: 'outside_working_hours', message: 'Please check', fieldErrors: { starts_at: ['Not then'], other: ['Odd'] } }),
    );
    walk(actor, { subjectId: '4', ...at(12), durationHours: 2, comment: 'Algebra, chapter 3' });
    actor.send({ type: 'booking.submit', now });
    const failed = await waitFor(actor, (s) => s.value === 'failed');
    expect(failed.context.fields).toMatchObject({ subjectId: '4', durationHours: 2, comment: 'Algebra, chapter 3' });
    expect(failed.context.fieldErrors).toEqual({ starts_at: ['Not then'] });
    expect(failed.context.formError).toBe('Odd');
    // Changing the time from the refusal goes to the calendar with the rest kept.
    actor.send({ type: 'booking.change', step: 'slot' });
    expect(actor.getSnapshot().value).toBe('slot');
  });

  it('a network failure keeps the form and the server’s silence as no message', async () => {
    const { actor } = start(() => Promise.reject(new TypeError('fetch failed')));
    walk(actor, at(12));
    actor.send({ type: 'booking.submit', now });
    const failed = await waitFor(actor, (s) => s.value === 'failed');
    expect(failed.context.fields.subjectId).toBe('3');
    expect(failed.context.formError).toBeNull();
  });

  it('too few hours: offers packages, survives the detour in sessionStorage, and comes back to the review', async () => {
    const { actor, openPackages } = start(async () => ({ id: 1 }), { minutes_remaining: 60, free_trial_available: false });
    walk(actor, { ...at(12), durationHours: 3, comment: 'Tajweed', preferredGender: 'female' });
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('needsPackage');
    actor.send({ type: 'packages.open' });
    expect(openPackages).toHaveBeenCalledTimes(1);

    const saved = JSON.parse(JSON.stringify(persistBooking(actor.getSnapshot())));
    expect(restoreBooking(saved, 10)).toBeNull(); // another teacher's page starts fresh
    const restored = restoreBooking(saved, 9)!;
    const back = createActor(bookingMachine.provide({ actors: { createRequest: fromPromise(async () => ({ id: 77 })) } }), {
      snapshot: restored,
      input: { teacherId: 9 },
    }).start();
    expect(back.getSnapshot().value).toBe('needsPackage');
    back.send({ type: 'balance.loaded', balance: { minutes_remaining: 240, free_trial_available: false } });
    expect(back.getSnapshot().value).toBe('review');
    expect(back.getSnapshot().context.fields).toMatchObject({ durationHours: 3, comment: 'Tajweed', preferredGender: 'female', startsAt: iso(12) });
    back.send({ type: 'booking.submit', now });
    expect((await waitFor(back, (s) => s.status === 'done')).context.requestId).toBe(77);
  });

  it('the server’s 402 also leads to the packages screen; the free trial covers one hour', async () => {
    const { actor } = start(() => reject({ status: 402, code: 'insufficient_hours', message: 'Not enough hours', fieldErrors: {} }), {
      minutes_remaining: 0,
      free_trial_available: true,
    });
    walk(actor, at(12));
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('submitting'); // one hour: the trial covers it on the client
    expect((await waitFor(actor, (s) => s.value === 'needsPackage')).context.fields.subjectId).toBe('3');
  });

  it('a snapshot saved in flight comes back as the review, never as a second submit; a v1 draft restarts the steps', () => {
    const { actor } = start(() => new Promise(() => {}));
    walk(actor, at(12));
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('submitting');
    const saved = persistBooking(actor.getSnapshot());
    expect(saved?.value).toBe('review');
    expect(restoreBooking({ value: 'submitting', context: saved?.context }, 9)).toBeNull();
    expect(restoreBooking('garbage', 9)).toBeNull();
    const v1 = restoreBooking({ value: 'editing', context: { ...saved?.context, submittedAt: now } }, 9);
    expect(v1?.value).toBe('subject');
    expect(v1?.context.fields.startsAt).toBe(iso(12));
  });

  it('"just taken" (409): back to the calendar, which refreshes; only the start is cleared', async () => {
    const { actor, refreshSlots } = start(() =>
      reject({ status: 409, code: 'slot_taken', message: 'Someone has just booked this time', fieldErrors: {} }),
    );
    walk(actor, { subjectId: '4', ...at(12), comment: 'Fractions' });
    actor.send({ type: 'booking.submit', now });
    const taken = await waitFor(actor, (s) => s.value === 'slot');
    expect(taken.context.fields).toMatchObject({ subjectId: '4', startsAt: '', comment: 'Fractions' });
    expect(taken.context.fieldErrors).toEqual({ starts_at: ['Someone has just booked this time'] });
    expect(refreshSlots).toHaveBeenCalledTimes(1);
  });

  it('the unbound defaults fail loudly instead of doing nothing', async () => {
    const actor = createActor(bookingMachine, { input: { teacherId: 9, teacher, balance: { minutes_remaining: 0, free_trial_available: false } } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    walk(actor, at(12));
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('needsPackage');
    actor.send({ type: 'packages.open' });
    expect(String(errors[0])).toMatch(/openPackages not provided/);

    const sending = createActor(bookingMachine, {
      input: { teacherId: 9, teacher, balance: { minutes_remaining: 600, free_trial_available: false } },
    }).start();
    walk(sending, at(12));
    sending.send({ type: 'booking.submit', now });
    const failed = await waitFor(sending, (s) => s.value === 'failed');
    expect(failed.context.fields.subjectId).toBe('3');
  });
});
