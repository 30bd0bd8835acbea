// Runs the auth statechart as the app does: the real machine with fake effects (auth-fakes.ts), an
// optional simulated clock, and waits for it to settle. Shared by the auth machine test files.
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
import { makeFakes, type FakeOptions } from './auth-fakes';

export function start(options: FakeOptions = {}, clock?: SimulatedClock) {
  const fx = makeFakes(options);
  const actor = createActor(authMachine.provide(fx.fakes), clock ? { clock } : {});
  fx.follow(actor);
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  return { actor, fx, errors };
}

export async function settle(actor: ReturnType<typeof start>['actor']) {
  // Fake actors resolve on the microtask queue; wait until nothing is in flight.
  return waitFor(actor, (s) => !s.hasTag('state:busy') && !s.hasTag('state:loading') && !s.matches({ loggedIn: 'reloadingProfile' }));
}

export async function anonymous(options: FakeOptions = {}, clock?: SimulatedClock) {
  const run = start(options, clock);
  await waitFor(run.actor, (s) => s.matches('anonymous'));
  return run;
}

/** The student sign-up form's submit, as the form sends it. */
export const signup = {
  type: 'signup.submit',
  phone: '+97455123456',
  countryCode: 'QA',
  fields: { first_name: 'سارة', last_name: 'علي', gender: 'female', phase: 2 },
} as const;
