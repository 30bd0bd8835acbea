// The review and the server agree on what a booking costs: for random balances, trial states and
// durations, what the client would show from GET v1/balance (contract/booking-cost.ts) is exactly what
// POST v1/requests then does — the trial used or not, the minutes taken, or the 402.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingCost } from '../../contract/booking-cost';
import type { Balance } from '../../contract/packages';
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS, type RequestDetail } from '../../contract/requests';
import { balanceMinutesOf, body, bookAfter, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

async function minutesCredited(studentId: number, minutes: number): Promise<void> {
  if (minutes === 0) return;
  await ctx.db.query(
    `INSERT INTO hours_ledger (user_id, delta_minutes, reason, expires_at, created_at) VALUES ($1, $2, 'purchase', $3, $4)`,
    [studentId, minutes, new Date(ctx.clock.now.getTime() + 365 * 24 * 3_600_000), ctx.clock.now],
  );
}

describe('what a booking costs, client and server', () => {
  it('the review computed from the balance is what the server charges', async () => {
    const teacher = await makeTeacher(ctx.db);
    let slot = 0;
    await fc.assert(
      fc.asyncProperty(
        // Whole hours around the durations, plus odd minutes a partly refunded booking leaves.
        fc.oneof(
          fc.integer({ min: 0, max: 8 }).map((h) => h * 60),
          fc.integer({ min: 0, max: 8 * 60 }),
        ),
        fc.boolean(),
        fc.integer({ min: MIN_DURATION_HOURS, max: MAX_DURATION_HOURS }),
        async (minutes, trial, hours) => {
          const student = await makeStudent(ctx.db, { freeTrial: trial });
          await minutesCredited(student, minutes);
          const balance = (await body<Balance>(await ctx.as(student).get('/api/v1/balance'))).data;
          expect(balance).toMatchObject({ minutes_remaining: minutes, free_trial_available: trial });
          const shown = bookingCost(hours, balance);

          // Each run books its own hours on the one teacher's calendar.
          slot += 1;
          const { res, json } = await bookAfter(ctx, student, teacher, 2 + slot * 7, hours);
          const after = await balanceMinutesOf(ctx.db, student);
          if (shown.pay === 'none') {
            expect(res.status).toBe(402);
            expect(after).toBe(minutes);
            return;
          }
          expect(res.status).toBe(201);
          expect((json.data as RequestDetail).paid_with).toBe(shown.pay);
          expect(after).toBe(shown.minutesLeft);
          const left = (await body<Balance>(await ctx.as(student).get('/api/v1/balance'))).data;
          expect(left.free_trial_available).toBe(trial && shown.pay !== 'free_trial');
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
