// The earnings rule as cases: the written rules of docs/decisions.md ("Teachers' earnings"), one per line.
import { describe, expect, it } from 'vitest';
import { countedTime, earnedMinor } from '../../contract/earnings-rule';
import { CANCEL_CUTOFF_MS } from '../../contract/request-values';

const START = Date.UTC(2030, 0, 10, 15);
const MIN = 60_000;

describe('countedTime', () => {
  it('counts a finished session’s booked length when the teacher joined, nothing when they never did', () => {
    expect(countedTime(120, { kind: 'finished', teacherJoined: true })).toEqual({ minutes: 120, basis: 'taught' });
    expect(countedTime(120, { kind: 'finished', teacherJoined: false })).toEqual({ minutes: 0, basis: 'teacher_absent' });
  });

  it('counts a family’s cancellation inside the cut-off in full, and one before it (or of a request not taken) not at all', () => {
    const cancelled = (cancelledAt: number, wasApproved = true) =>
      countedTime(60, { kind: 'family_cancelled', cancelledAt, startsAt: START, wasApproved });
    expect(cancelled(START - CANCEL_CUTOFF_MS)).toEqual({ minutes: 60, basis: 'cancelled_late' });
    expect(cancelled(START - 10 * MIN)).toEqual({ minutes: 60, basis: 'cancelled_late' });
    expect(cancelled(START - CANCEL_CUTOFF_MS - 1)).toEqual({ minutes: 0, basis: 'not_counted' });
    expect(cancelled(START - 10 * MIN, false)).toEqual({ minutes: 0, basis: 'not_counted' });
  });

  it('counts the whole minutes taught of a session the teacher ended early, never more than booked', () => {
    const ended = (endedAt: number) => countedTime(90, { kind: 'ended_early', startsAt: START, endedAt });
    expect(ended(START + 45 * MIN + 59_999)).toEqual({ minutes: 45, basis: 'ended_early' });
    expect(ended(START - MIN)).toEqual({ minutes: 0, basis: 'ended_early' });
    expect(ended(START + 200 * MIN)).toEqual({ minutes: 90, basis: 'ended_early' });
  });

  it('counts nothing for a session the teacher cancelled, one that expired or was rejected', () => {
    for (const kind of ['teacher_cancelled', 'expired', 'rejected'] as const)
      expect(countedTime(60, { kind })).toEqual({ minutes: 0, basis: 'not_counted' });
  });
});

describe('earnedMinor', () => {
  it('pays minutes at an hourly rate in whole minor units, rounded half up', () => {
    expect(earnedMinor(60, { amount_minor: 6000, currency: 'QAR' })).toBe(6000);
    expect(earnedMinor(45, { amount_minor: 7550, currency: 'QAR' })).toBe(5663); // 5662.5
    expect(earnedMinor(1, { amount_minor: 100, currency: 'QAR' })).toBe(2); // 1.67
    expect(earnedMinor(0, { amount_minor: 6000, currency: 'QAR' })).toBe(0);
  });
});
