// The guided booking machine (v2) run as the teacher page runs it: createActor(machine.provide(fakes)).
// A refusal keeps the booking (a 409 "just taken" goes back to the slot step, clears only the start and
// refreshes the free times); too few hours lead to the packages screen and back to the review; a
// snapshot saved in flight comes back safely; the unbound defaults fail loudly. The rules and steps
// alone: ./booking.rules.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingMachine, persistBooking, restoreBooking, reviewDraft } from '../../machines/booking.machine';
import { at, iso, now, reject, start, teacher, walk } from './booking-bench';

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
    expect(createRequest).toHaveBeenCalledWith(
      expect.objectContaining({ teacher_id: 9, subject_id: 3, starts_at: '2030-01-06T09:00:00.000Z' }),
    );
  });

  it('a refusal keeps everything chosen, with the server’s messages beside their fields', async () => {
    const { actor } = start(() =>
      reject({
        status: 400,
        code: 'outside_working_hours',
        message: 'Please check',
        fieldErrors: { starts_at: ['Not then'], other: ['Odd'] },
      }),
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
    expect(back.getSnapshot().context.fields).toMatchObject({
      durationHours: 3,
      comment: 'Tajweed',
      preferredGender: 'female',
      startsAt: iso(12),
    });
    back.send({ type: 'booking.submit', now });
    expect((await waitFor(back, (s) => s.status === 'done')).context.requestId).toBe(77);
  });

  it('a weekly series chosen on the review survives a reload and the packages detour, and is sent with the booking', async () => {
    const { actor } = start(async () => ({ id: 1 }), { minutes_remaining: 0, free_trial_available: false });
    walk(actor, at(12));
    const series = { repeatWeeks: 4, weeks: [1, 2, 4], timeZone: 'Europe/London' };
    actor.send({ type: 'booking.edit', patch: { series } });
    // A new length makes the previewed weeks stale: the series goes; other fields keep it.
    actor.send({ type: 'booking.edit', patch: { durationHours: 2 } });
    expect(actor.getSnapshot().context.fields.series).toBeNull();
    actor.send({ type: 'booking.edit', patch: { durationHours: 1, series } });
    actor.send({ type: 'booking.edit', patch: { comment: 'Juz 30' } });
    expect(actor.getSnapshot().context.fields.series).toEqual(series);
    // No hours: the packages detour, the draft saved as it goes.
    actor.send({ type: 'booking.submit', now });
    expect(actor.getSnapshot().value).toBe('needsPackage');

    // A reload (or the return from /packages): the saved draft comes back with the series intact.
    const saved = JSON.parse(JSON.stringify(persistBooking(actor.getSnapshot())));
    const createRequest = vi.fn(async (_body: unknown) => ({ id: 88 }));
    const back = createActor(bookingMachine.provide({ actors: { createRequest: fromPromise(({ input }) => createRequest(input)) } }), {
      snapshot: restoreBooking(saved, 9)!,
      input: { teacherId: 9 },
    }).start();
    expect(back.getSnapshot().value).toBe('needsPackage');
    back.send({ type: 'balance.loaded', balance: { minutes_remaining: 240, free_trial_available: false } });
    expect(back.getSnapshot().value).toBe('review');
    expect(back.getSnapshot().context.fields.series).toEqual(series);
    back.send({ type: 'booking.submit', now });
    expect((await waitFor(back, (s) => s.status === 'done')).context.requestId).toBe(88);
    expect(createRequest).toHaveBeenCalledWith(
      expect.objectContaining({ starts_at: iso(12), repeat_weeks: 4, weeks: [1, 2, 4], time_zone: 'Europe/London' }),
    );

    // A draft from before series were kept, or one tampered with, restores as one lesson.
    for (const bad of [undefined, 'x', { repeatWeeks: 4, weeks: ['a'], timeZone: 'UTC' }]) {
      const restored = restoreBooking({ ...saved, context: { ...saved.context, fields: { ...saved.context.fields, series: bad } } }, 9)!;
      expect(restored.context.fields.series).toBeNull();
    }
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
    const actor = createActor(bookingMachine, {
      input: { teacherId: 9, teacher, balance: { minutes_remaining: 0, free_trial_available: false } },
    });
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

  it('a review draft ("the same time next week") opens on the review and books that time, or sends back to the calendar when it is taken', async () => {
    const fields = { childId: '7', subjectId: '3', startsAt: iso(12), durationHours: 1 };
    const children = [
      { id: 7, firstName: 'مريم' },
      { id: 8, firstName: 'علي' },
    ];
    expect(restoreBooking(JSON.parse(JSON.stringify(reviewDraft(9, fields))), 10, children)).toBeNull();
    const run = (slots: string[], createRequest = vi.fn(async () => ({ id: 90 }))) => {
      const snapshot = restoreBooking(JSON.parse(JSON.stringify(reviewDraft(9, fields))), 9, children)!;
      const actor = createActor(bookingMachine.provide({ actors: { createRequest: fromPromise(createRequest) } }), {
        snapshot,
        input: { teacherId: 9 },
      }).start();
      expect(actor.getSnapshot().value).toBe('review');
      actor.send({ type: 'teacher.loaded', teacher: { ...teacher, slots } });
      actor.send({ type: 'balance.loaded', balance: { minutes_remaining: 600, free_trial_available: false } });
      actor.send({ type: 'booking.submit', now });
      return { actor, createRequest };
    };
    const free = run(teacher.slots!);
    expect((await waitFor(free.actor, (s) => s.status === 'done')).context.requestId).toBe(90);
    expect(free.createRequest).toHaveBeenCalledWith(
      expect.objectContaining({ input: expect.objectContaining({ child_id: 7, subject_id: 3, starts_at: iso(12) }) }),
    );
    const taken = run([iso(11), iso(17)]);
    expect(taken.actor.getSnapshot().value).toBe('slot');
    expect(taken.actor.getSnapshot().context.fieldErrors.starts_at).toBeDefined();
    expect(taken.createRequest).not.toHaveBeenCalled();
  });
});
