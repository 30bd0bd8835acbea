// The balance while the free trial pays for a booking still ahead: the trial is taken when booked and
// given back if that booking is canceled (or rejected, or expires), so GET v1/balance names the booking
// ("booked for …") instead of leaving the trial looking used; a cancel gives it back and the booking
// goes away. Hours bookings never appear there.
import { describe, expect, it } from 'vitest';
import type { Balance } from '../../contract/packages';
import { body, bookAfter, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();
const balanceOf = async (student: number) => (await body<Balance>(await ctx.as(student).get('/api/v1/balance'))).data;

describe('the free trial in the balance', () => {
  it('a pending trial booking is named with its time; a cancel gives the trial back', async () => {
    const teacher = await makeTeacher(ctx.db);
    const student = await makeStudent(ctx.db, { freeTrial: true });
    expect(await balanceOf(student)).toMatchObject({ free_trial_available: true, free_trial_booking: null });

    const { res, json } = await bookAfter(ctx, student, teacher, 5, 1);
    expect(res.status).toBe(201);
    expect(json.data.paid_with).toBe('free_trial');
    const booked = await balanceOf(student);
    expect(booked.free_trial_available).toBe(false);
    expect(booked.free_trial_booking).toEqual({ status: 'pending', starts_at: json.data.starts_at });

    expect((await ctx.as(student).post(`/api/v1/requests/${json.data.id}/cancel`)).status).toBe(200);
    expect(await balanceOf(student)).toMatchObject({ free_trial_available: true, free_trial_booking: null });
  });

  it('a student without the trial and no trial booking sees none', async () => {
    const student = await makeStudent(ctx.db, { freeTrial: false });
    expect(await balanceOf(student)).toMatchObject({ free_trial_available: false, free_trial_booking: null });
  });
});
