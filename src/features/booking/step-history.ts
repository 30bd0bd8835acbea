// The booking's steps as browser history entries: each step forward pushes an entry (same address,
// the step in history.state), so the browser's Back goes to the previous step and, from the first
// step, leaves the page. A Back or Forward drives the machine with its own events ("back", "change"
// from the review, "next" with the instant), so every rule still applies; when the machine will not
// follow (a request in flight, a step not complete), the entry is rewritten to the step shown, never
// bounced. The machine's own moves back (the in-page Back, "change" on the review, a refused
// submit, "just taken") return through history.go when the entries before hold those steps.
// Entries of an earlier draft (a booking already sent) are skipped on the way back.
// Decision: docs/decisions.md "Booking steps in the browser's history".
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { BOOKING_STEPS, type BookingMachine, type BookingSnapshot, type BookingStep } from '../../../machines/booking.machine';

/** What a booking entry keeps in history.state. */
interface StepEntry {
  bookingStep: BookingStep;
  /** The draft the entry belongs to (a new one after a booking is sent). */
  bookingDraft: string;
  /** How many entries just before this one hold the steps just before it, for history.go. */
  bookingDepth: number;
}

/** The booking entry in a history state, or null when the entry is not one. */
function stepEntry(state: unknown): StepEntry | null {
  if (!state || typeof state !== 'object') return null;
  const { bookingStep, bookingDraft, bookingDepth } = state as Partial<Record<keyof StepEntry, unknown>>;
  if (!(BOOKING_STEPS as readonly unknown[]).includes(bookingStep) || typeof bookingDraft !== 'string') return null;
  return {
    bookingStep: bookingStep as BookingStep,
    bookingDraft,
    bookingDepth: typeof bookingDepth === 'number' && bookingDepth >= 0 ? bookingDepth : 0,
  };
}

interface StepHistoryOptions {
  actor: ActorRefFrom<BookingMachine>;
  /** The step on screen. */
  step: BookingStep;
  /** Whether this family is asked for the child (else the steps start at the subject). */
  withChild: boolean;
  /** Identifies the draft: entries of another draft are stale. */
  draft: string;
}

/** The step on screen for a machine snapshot (the review covers its refusals and the packages detour). */
function shownStep(snapshot: BookingSnapshot): BookingStep {
  const value = snapshot.value as string;
  if (snapshot.hasTag('booking:review')) return 'review';
  return (BOOKING_STEPS as readonly string[]).includes(value) ? (value as BookingStep) : 'review';
}

const walkedSteps = (withChild: boolean): readonly BookingStep[] => (withChild ? BOOKING_STEPS : BOOKING_STEPS.slice(1));

export function useStepHistory({ actor, step, withChild, draft }: StepHistoryOptions): void {
  const router = useRouter();

  // Where the step goes, history follows.
  useEffect(() => {
    const { history } = router;
    const order = (s: BookingStep) => walkedSteps(withChild).indexOf(s);
    const here = history.location;
    const entry = stepEntry(here.state);
    const write = (bookingStep: BookingStep, bookingDepth: number, replace: boolean) =>
      void router.navigate({
        href: here.href,
        state: (prev) => ({ ...prev, bookingStep, bookingDraft: draft, bookingDepth }),
        replace,
        resetScroll: false,
      });
    if (!entry || entry.bookingDraft !== draft) return write(step, 0, true);
    if (entry.bookingStep === step) return;
    const distance = order(step) - order(entry.bookingStep);
    if (distance > 0) return write(step, distance === 1 ? entry.bookingDepth + 1 : 0, false);
    // Back: to the entry that holds this step when it is there, else this entry says the step now.
    if (-distance <= entry.bookingDepth) history.go(distance);
    else write(step, 0, true);
  }, [router, step, withChild, draft]);

  // Where history goes (Back, Forward), the machine follows when it can.
  useEffect(() => {
    const { history } = router;
    const pathname = history.location.pathname;
    let previousIndex = history.location.state.__TSR_index;
    return history.subscribe(({ location, action }) => {
      const index = location.state.__TSR_index;
      const wentBack = index < previousIndex;
      previousIndex = index;
      if (action.type === 'PUSH' || action.type === 'REPLACE' || location.pathname !== pathname) return;
      const entry = stepEntry(location.state);
      const walked = walkedSteps(withChild);
      if (!entry) return;
      const rewrite = (bookingStep: BookingStep) =>
        void router.navigate({
          href: location.href,
          state: (prev) => ({ ...prev, bookingStep, bookingDraft: draft, bookingDepth: 0 }),
          replace: true,
          resetScroll: false,
        });
      if (entry.bookingDraft !== draft) {
        // A booking already sent: its entries are passed over on the way back.
        if (wentBack) history.back();
        else rewrite(shownStep(actor.getSnapshot()));
        return;
      }
      const target = walked.indexOf(entry.bookingStep);
      const at = () => walked.indexOf(shownStep(actor.getSnapshot()));
      // One event a step, as many steps as the entry is away; stop when the machine does not move.
      for (let before = at(); before !== target;) {
        if (before > target) {
          const snapshot = actor.getSnapshot();
          if (snapshot.hasTag('booking:review') && !snapshot.hasTag('booking:busy'))
            actor.send({ type: 'booking.change', step: entry.bookingStep });
          else actor.send({ type: 'booking.back' });
        } else actor.send({ type: 'booking.next', now: Date.now() });
        const after = at();
        if (after === before) break;
        before = after;
      }
      const reached = shownStep(actor.getSnapshot());
      if (reached !== entry.bookingStep) rewrite(reached);
    });
  }, [router, actor, withChild, draft]);
}
