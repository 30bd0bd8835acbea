// The stand-in snapshots of machines/auth/guest.ts must read exactly like the auth machine's own:
// the app shell shows a guest's first visit from them before XState is loaded (src/app/lazy-auth.ts).
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authMachine, selectIsBusy, selectIsLoggedIn, selectIsLoggingIn, selectOtp } from '../../machines/auth.machine';
import { checkingSnapshot, guestSnapshot, type StandInSnapshot } from '../../machines/auth/guest';
import { selectAuthGuardState } from '../../src/app/guards';
import { makeFakes } from './auth-fakes';

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof authMachine>>['getSnapshot']>;

const ASKED = ['checking', 'anonymous', 'loggedIn', 'anonymous.idle', 'anonymous.otp', 'checking.readingSession'] as const;
const OBJECTS = [{ anonymous: 'idle' }, { anonymous: 'otp' }, { checking: 'readingSession' }, { checking: 'fetchingProfile' }] as const;

/** Everything the app reads of a snapshot, in one comparable object. */
function reading(s: Snapshot | StandInSnapshot) {
  const snapshot = s as Snapshot;
  return {
    value: snapshot.value,
    context: snapshot.context,
    tags: [...snapshot.tags].sort(),
    matches: [...ASKED, ...OBJECTS].map((v) => snapshot.matches(v as never)),
    guard: selectAuthGuardState(snapshot),
    loggedIn: selectIsLoggedIn(snapshot),
    loggingIn: selectIsLoggingIn(snapshot),
    busy: selectIsBusy(snapshot),
    otp: selectOtp(snapshot),
  };
}

describe('the auth stand-in snapshots', () => {
  it.each([null, { teacherId: 12 }])(
    'a guest (return target %o) reads like the machine after a start-up check without a session',
    async (returnTo) => {
      const { fakes } = makeFakes({ checkLogin: () => ({ account: null, token: null, returnTo }) });
      const actor = createActor(authMachine.provide(fakes)).start();
      await waitFor(actor, (s) => !s.hasTag('state:loading'));
      expect(reading(guestSnapshot(returnTo))).toEqual(reading(actor.getSnapshot()));
    },
  );

  it('the checking stand-in reads like the machine while its start-up check runs', () => {
    const { fakes } = makeFakes({ checkLogin: () => new Promise(() => undefined) });
    const actor = createActor(authMachine.provide(fakes)).start();
    expect(reading(checkingSnapshot())).toEqual(reading(actor.getSnapshot()));
  });
});
