// Binds the booking statechart's effects (issue 17 finding 2: every provide() lives in src/app): the
// request is sent by the caller's function (a TanStack mutation, so a refusal reaches the app's error
// presenter), the packages detour by the caller's navigation and the refresh of the free times after
// "just taken" by the caller's query client. A refusal is rethrown as it is: the
// client's ApiError is a FailureError, which the machine reads with contract/failure.ts `toFailure`.
import { fromPromise } from 'xstate';
import type { CreateRequest } from '../../contract/requests';
import { bookingMachine } from '../../machines/booking.machine';

export interface BookingEffects {
  createRequest: (body: CreateRequest) => Promise<{ id: number }>;
  openPackages: () => void;
  /** "Just taken": fetch the free times again. */
  refreshSlots: () => void;
}

export function bookingLogic(effects: BookingEffects) {
  return bookingMachine.provide({
    actors: { createRequest: fromPromise<{ id: number }, CreateRequest>(({ input }) => effects.createRequest(input)) },
    actions: { openPackages: () => effects.openPackages(), refreshSlots: () => effects.refreshSlots() },
  });
}
