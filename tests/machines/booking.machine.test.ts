// The booking machine run as the teacher page runs it: createActor(machine.provide(fakes)). The rules
// mirror the server (one hour ahead, working hours, approved sessions, 1–6 hours, subject taught), the
// request body is the contract's, a refusal keeps the form, and too few hours lead to the packages
// screen and back.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  bookingMachine,
  fieldProblems,
  persistBooking,
  requestBodyOf,
  restoreBooking,
  startsAtOf,
  wallClockOf,
  emptyFields,
  type BookingFailure,
  type BookingTeacher,
} from '../../machines/booking.machine';
import { createRequestSchema, type CreateRequest } from '../../contract/requests';

const now = Date.UTC(2030, 0, 6, 7, 0); // Sunday 10:00 in Qatar
const teacher: BookingTeacher = {
  subjectIds: [3, 4],
  working_hours: [{ day: 0, from: '08:00', to: '20:00' }],
  busy: [{ starts_at: new Date(Date.UTC(2030, 0, 6, 12, 0)).toISOString(), ends_at: new Date(Date.UTC(2030, 0, 6, 14, 0)).toISOString() }],
};
const at = (qatarHour: number) => wallClockOf(new Date(Date.UTC(2030, 0, 6, qatarHour - 3, 0)));

function start(createRequest: (input: CreateRequest) => Promise<{ id: number }>, balance = { minutes_remaining: 600, free_trial_available: false }) {
  const openPackages = vi.fn();
  const actor = createActor(
    bookingMachine.provide({
      actors: { createRequest: fromPromise<{ id: number }, CreateRequest>(({ input }) => createRequest(input)) },
      actions: { openPackages },
    }),
    { input: { teacherId: 9, teacher, balance } },
  ).start();
  return { actor, openPackages };
}

describe('booking rules on the client', () => {
  const check = (patch: Partial<ReturnType<typeof emptyFields>>) => fieldProblems({ fields: { ...emptyFields(), subjectId: '3', ...patch }, teacher }, now);

  it('asks for a time at least one hour from now', () => {
    expect(check(at(10.5 as number))).toEqual({ starts_at: ['schedule_too_soon'] });
    expect(check({ date: '', time: '' })).toEqual({ starts_at: ['required'] });
    expect(check(at(11))).toEqual({});
  });

  it('keeps inside working hours and off approved sessions, for 1 to 6 hours', () => {
    expect(check({ ...at(19), durationHours: 2 })).toEqual({ starts_at: ['outside_working_hours'] });
    expect(check({ date: '2030-01-07', time: '10:00' })).toEqual({ starts_at: ['outside_working_hours'] }); // Monday: no hours
    expect(check({ ...at(14), durationHours: 2 })).toEqual({ starts_at: ['teacher_busy'] });
    expect(check({ ...at(17), durationHours: 3 })).toEqual({});
    expect(check({ ...at(11), durationHours: 7 })).toEqual({ duration_hours: ['duration_range'] });
  });

  it('only offers the teacher’s subjects', () => {
    expect(check({ ...at(11), subjectId: '' })).toEqual({ subject_id: ['required'] });
    expect(check({ ...at(11), subjectId: '8' })).toEqual({ subject_id: ['subject_not_taught'] });
  });

  it('urgent needs no date: it starts now, inside working hours', () => {
    expect(check({ type: 'urgent' })).toEqual({});
    expect(fieldProblems({ fields: { ...emptyFields(), subjectId: '3', type: 'urgent' }, teacher }, Date.UTC(2030, 0, 6, 18, 0))).toEqual({
      starts_at: ['outside_working_hours'],
    });
  });

  it('writes date and time in Qatar time and sends the contract’s body', () => {
    expect(startsAtOf('2030-01-06', '13:30')?.toISOString()).toBe('2030-01-06T10:30:00.000Z');
    expect(startsAtOf('2030-01-06', '')).toBeNull();
    const body = requestBodyOf(9, { ...emptyFields(), subjectId: '3', date: '2030-01-06', time: '13:30', durationHours: 2, comment: ' hi ', broadcast: true, preferredGender: 'female' });
    expect(body).toEqual({ teacher_id: 9, subject_id: 3, type: 'schedule', starts_at: '2030-01-06T10:30:00.000Z', duration_hours: 2, comment: 'hi', broadcast: true, preferred_gender: 'female' });
    expect(createRequestSchema.safeParse(body).success).toBe(true);
    const urgent = requestBodyOf(9, { ...emptyFields(), subjectId: '4', type: 'urgent', date: '2030-01-06', time: '13:30' });
    expect(urgent).toEqual({ teacher_id: 9, subject_id: 4, type: 'urgent', duration_hours: 1, broadcast: false });
  });
});

describe('booking machine with fakes', () => {
  it('does not call the server while a rule is broken, then books and keeps the request id', async () => {
    const createRequest = vi.fn(async () => ({ id: 41 }));
    const { actor } = start(createRequest);
    actor.send({ type: 'booking.edit', patch: { subjectId: '3', ...at(10.5 as number) } });
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ starts_at: ['schedule_too_soon'] });
    expect(createRequest).not.toHaveBeenCalled();
    // Editing the time clears its message.
    actor.send({ type: 'booking.edit', patch: at(11) });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'booking.submit', now });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('submitted');
    expect(done.context.requestId).toBe(41);
    expect(createRequest).toHaveBeenCalledWith(expect.objectContaining({ teacher_id: 9, subject_id: 3, starts_at: '2030-01-06T08:00:00.000Z' }));
  });

  it('a refusal keeps everything typed, with the server’s messages beside their fields', async () => {
    const failure: BookingFailure = { status: 400, code: 'teacher_busy', message: 'Please check', fieldErrors: { starts_at: ['Busy then'], other: ['Odd'] } };
    const { actor } = start(() => Promise.reject(failure));
    actor.send({ type: 'booking.edit', patch: { subjectId: '4', ...at(12), durationHours: 2, comment: 'Algebra, chapter 3' } });
    actor.send({ type: 'booking.submit', now });
    const failed = await waitFor(actor, (s) => s.value === 'failed');
    expect(failed.context.fields).toMatchObject({ subjectId: '4', durationHours: 2, comment: 'Algebra, chapter 3' });
    expect(failed.context.fieldErrors).toEqual({ starts_at: ['Busy then'] });
    expect(failed.context.formError).toBe('Odd');
  });

  it('a network failure keeps the form and the server’s silence as no message', async () => {
    const { actor } = start(() => Promise.reject(new TypeError('fetch failed')));
    actor.send({ type: 'booking.edit', patch: { subjectId: '3', ...at(12) } });
    actor.send({ type: 'booking.submit', now });
    const failed = await waitFor(actor, (s) => s.value === 'failed');
    expect(failed.context.fields.subjectId).toBe('3');
    expect(failed.context.formError).toBeNull();
  });

  it('too few hours: offers packages, survives the detour in sessionStorage, and comes back to the form', async () => {
    const { actor, openPackages } = start(async () => ({ id: 1 }), { minutes_remaining: 60, free_trial_available: false });
    actor.send({ type: 'booking.edit', patch: { subjectId: '3', ...at(12), durationHours: 3, comment: 'Tajweed' } });
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
    expect(back.getSnapshot().context.fields).toMatchObject({ durationHours: 3, comment: 'Tajweed' });
    back.send({ type: 'balance.loaded', balance: { minutes_remaining: 240, free_trial_available: false } });
    expect(back.getSnapshot().value).toBe('editing');
    back.send({ type: 'booking.submit', now });
    expect((await waitFor(back, (s) => s.status === 'done')).context.requestId).toBe(77);
  });

  it('the server’s 402 also leads to the packages screen; the free trial covers one hour', async () => {
    const insufficient: BookingFailure = { status: 402, code: 'insufficient_hours', message: 'Not enough hours', fieldErrors: {} };
    const { actor } = start(() => Promise.reject(insufficient), { minutes_remaining: 0, free_trial_available: true });
    actor.send({ type: 'booking.edit', patch: { subjectId: '3', ...at(12) } });
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('submitting'); // one hour: the trial covers it on the client
    expect((await waitFor(actor, (s) => s.value === 'needsPackage')).context.fields.subjectId).toBe('3');
  });

  it('a snapshot saved in flight comes back as the form, never as a second submit', () => {
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'booking.edit', patch: { subjectId: '3', ...at(12) } });
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('submitting');
    const saved = persistBooking(actor.getSnapshot());
    expect(saved?.value).toBe('editing');
    expect(restoreBooking({ value: 'submitting', context: saved?.context }, 9)).toBeNull();
    expect(restoreBooking('garbage', 9)).toBeNull();
  });
});
