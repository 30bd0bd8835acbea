// The guided booking machine (v2), its rules and steps: "next" checks only its step
// (the contract's constants: one hour ahead, 1–6 hours; the subject; a start still among the server's
// free times); the request body is the contract's; a refused confirm goes back to the earliest step with
// a problem. With the server faked: ./booking.machine.test.ts.
import { describe, expect, it } from 'vitest';
import { fieldProblems, requestBodyOf, emptyFields, type BookingTeacher } from '../../machines/booking.machine';
import { COMMENT_MAX_LENGTH, createRequestSchema } from '../../contract/requests';
import { at, iso, now, start, teacher, walk } from './booking-bench';

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
