// Teachers' earnings: which minutes of a session a teacher is paid for, and what they earn at a rate.
// Pure (no zod, no clock): the server's monthly statement calls it for every session, and its unit
// tests are the written rules of docs/decisions.md ("Teachers' earnings") as cases.
import { CANCEL_CUTOFF_MS } from './request-values';

/** A rate per hour taught: integer minor units of `currency` (QAR 60.00 is 6000), never a float. */
export interface Rate {
  amount_minor: number;
  currency: string;
}

/** How a session of the teacher's ended, as far as paying them is concerned. Times are epoch ms. */
export type SessionOutcome =
  /** It ran to its end; `teacherJoined`: the attendance record has the teacher joining at least once. */
  | { kind: 'finished'; teacherJoined: boolean }
  /** The family cancelled it at `cancelledAt`; `wasApproved`: a teacher had taken it by then. */
  | { kind: 'family_cancelled'; cancelledAt: number; startsAt: number; wasApproved: boolean }
  /** The teacher ended it for both at `endedAt`, before its booked end. */
  | { kind: 'ended_early'; startsAt: number; endedAt: number }
  | { kind: 'teacher_cancelled' }
  | { kind: 'expired' }
  | { kind: 'rejected' };

/** Why a session counts what it counts (the statement names it on each line). */
export const EARNING_BASES = ['taught', 'cancelled_late', 'ended_early', 'teacher_absent', 'not_counted'] as const;
export type EarningBasis = (typeof EARNING_BASES)[number];

export interface CountedTime {
  minutes: number;
  basis: EarningBasis;
}

const MINUTE_MS = 60_000;

/**
 * The minutes a teacher is paid for, out of a session booked for `bookedMinutes`:
 * - finished: the booked length when the teacher joined (a family that came late, left early or did
 *   not come still paid its hours, per the terms); nothing when the teacher never joined;
 * - cancelled by the family inside the cut-off (CANCEL_CUTOFF_MS before the start, or later) after a
 *   teacher took it: the booked length, as the terms keep the family's hours; earlier, or while it was
 *   still pending, nothing (the hours went back);
 * - ended early by the teacher: the whole minutes from the start to the end, at most the booked length;
 * - cancelled by the teacher, expired, rejected: nothing.
 */
export function countedTime(bookedMinutes: number, outcome: SessionOutcome): CountedTime {
  const booked = Math.max(0, Math.floor(bookedMinutes));
  switch (outcome.kind) {
    case 'finished':
      return outcome.teacherJoined ? { minutes: booked, basis: 'taught' } : { minutes: 0, basis: 'teacher_absent' };
    case 'family_cancelled':
      return outcome.wasApproved && outcome.cancelledAt >= outcome.startsAt - CANCEL_CUTOFF_MS
        ? { minutes: booked, basis: 'cancelled_late' }
        : { minutes: 0, basis: 'not_counted' };
    case 'ended_early': {
      const taught = Math.floor(Math.max(0, outcome.endedAt - outcome.startsAt) / MINUTE_MS);
      return { minutes: Math.min(booked, taught), basis: 'ended_early' };
    }
    case 'teacher_cancelled':
    case 'expired':
    case 'rejected':
      return { minutes: 0, basis: 'not_counted' };
  }
}

/** What `minutes` earn at `rate`, in whole minor units rounded half up (integer arithmetic only). */
export function earnedMinor(minutes: number, rate: Rate): number {
  return Math.floor((rate.amount_minor * minutes + 30) / 60);
}
