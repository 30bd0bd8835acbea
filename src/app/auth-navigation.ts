// The one place the router follows the auth actor: when someone signs in or out or the account record
// changes, the guards run again (router.invalidate()); when the transition also emitted where to go,
// the router goes there once the guards have re-read the session (ARCHITECTURE.md: no sleeps, no
// flags — subscribe and invalidate).
import type { AnyRouter } from '@tanstack/react-router';
import type { AuthDestination } from '../../machines/auth.machine';
import type { AuthActor } from '../bindings/auth';

type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

/** The route of each destination the auth machine emits. */
function hrefOf(destination: AuthDestination): string {
  switch (destination.to) {
    case 'root':
      return '/';
    case 'aboutUs':
      return '/about-us';
    case 'signIn':
      return '/sign-in';
    case 'completeRegister':
      return '/complete-register';
    case 'teacher':
      // Built from a validated id only (machines/auth/return-to.ts): always a path of this site.
      return `/teachers/${destination.teacherId}#book`;
    case 'verifyOtp':
      return `/verify-otp?phone=${encodeURIComponent(destination.phone)}`;
    case 'resetPassword':
      return `/reset-password?phone=${encodeURIComponent(destination.phone)}`;
  }
}

/** Which top-level auth state we are in: inner steps (a countdown tick, a request) do not matter here. */
function phaseOf(snapshot: AuthSnapshot): string {
  const value: unknown = snapshot.value;
  return typeof value === 'string' ? value : (Object.keys(value as object)[0] ?? '');
}

export function followAuth(auth: AuthActor, router: Pick<AnyRouter, 'invalidate' | 'navigate'>): () => void {
  let lastPhase = phaseOf(auth.getSnapshot());
  let lastAccount = auth.getSnapshot().context.account;
  // Emitted events run before the snapshot reaches subscribers, so the destination of a transition
  // is known when that transition's snapshot arrives below.
  let destination: AuthDestination | null = null;
  const emitted = auth.on('navigate', (event) => {
    destination = event.destination;
  });
  const changes = auth.subscribe((snapshot) => {
    const phase = phaseOf(snapshot);
    const account = snapshot.context.account;
    const goTo = destination;
    destination = null;
    // The account object is replaced only when it really changes (sign-in, profile reload, sign-out).
    if (phase === lastPhase && account === lastAccount && goTo === null) return;
    lastPhase = phase;
    lastAccount = account;
    void router.invalidate().then(() => (goTo ? router.navigate({ href: hrefOf(goTo) }) : undefined));
  });
  return () => {
    emitted.unsubscribe();
    changes.unsubscribe();
  };
}
