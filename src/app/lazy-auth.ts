// The auth actor as the app holds it (JS budget). XState and the auth statechart are
// about 18 KB gzip that a guest reading a public page never uses: without a token cookie nobody can
// be signed in, so the shell starts from the machine's guest snapshot (machines/auth/guest.ts) and
// loads the real actor (./auth) only when something needs it — an event sent (a form, "sign in to
// book", a 401), or a sign-in/sign-up screen opened (route-options.ts waits for `authLoaded`). With a
// token cookie the real actor loads at once and the shell shows the boot spinner (the checking
// stand-in) until its start-up check ends, as before.
//
// The stand-in offers the members the app uses — getSnapshot, subscribe, send, on('navigate') — and
// is typed as the actor so routes and screens keep one type; anything deeper (the inspection system)
// is reached only through the real actor, which `onStart` receives.
import type { AuthActor } from '../bindings/auth';
import type { AuthDestination } from '../../machines/auth.machine';
import { checkingSnapshot, guestSnapshot } from '../../machines/auth/guest';
import { readCookie, readReturnTarget, TOKEN_COOKIE } from '../bindings/session-storage';

type Snapshot = ReturnType<AuthActor['getSnapshot']>;
type Observer = ((snapshot: Snapshot) => void) | { next?: (snapshot: Snapshot) => void };
type Navigate = (event: { type: 'navigate'; destination: AuthDestination }) => void;

interface Loader {
  /** Resolves with the real actor once it has finished its start-up check. */
  load(): Promise<AuthActor>;
}

const loaders = new WeakMap<object, Loader>();

/** Resolves when the real auth actor is in charge (at once for an actor that is not a stand-in). */
export function authLoaded(auth: AuthActor): Promise<unknown> {
  return loaders.get(auth)?.load() ?? Promise.resolve();
}

/** Resolves once the start-up login check is over: a guest's stand-in never runs one. */
export function authChecked(auth: Pick<AuthActor, 'getSnapshot' | 'subscribe'>): Promise<void> {
  const done = (snapshot: Snapshot) => !snapshot.hasTag('state:loading');
  if (done(auth.getSnapshot())) return Promise.resolve();
  return new Promise((resolve) => {
    const subscription = auth.subscribe((snapshot) => {
      if (!done(snapshot)) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}

export function createLazyAuth(onStart: (actor: AuthActor) => void = () => undefined): AuthActor {
  const observers = new Set<Observer>();
  const navigators = new Set<Navigate>();
  let current = (readCookie(TOKEN_COOKIE) ? checkingSnapshot() : guestSnapshot(readReturnTarget())) as unknown as Snapshot;
  let real: AuthActor | null = null;
  let loading: Promise<AuthActor> | null = null;

  const publish = (snapshot: Snapshot) => {
    current = snapshot;
    for (const observer of [...observers]) {
      if (typeof observer === 'function') observer(snapshot);
      else observer.next?.(snapshot);
    }
  };

  const load = () =>
    (loading ??= import('../bindings/auth').then(
      ({ createAuthActor }) =>
        new Promise<AuthActor>((resolve) => {
          const actor = createAuthActor();
          onStart(actor);
          // Emitted events reach the router before the snapshot of their transition (auth-navigation.ts).
          actor.on('navigate', (event) => navigators.forEach((navigate) => navigate(event)));
          // The stand-in stays until the real start-up check is over, so a guest never sees it run
          // (no spinner over a page already shown) and the events sent meanwhile wait for its end.
          const follow = (snapshot: Snapshot) => {
            if (!real && snapshot.hasTag('state:loading')) return;
            if (!real) {
              real = actor;
              resolve(actor);
            }
            if (snapshot !== current) publish(snapshot);
          };
          actor.subscribe(follow);
          follow(actor.getSnapshot());
        }),
    ));

  const handle = {
    getSnapshot: () => current,
    subscribe(observer: Observer) {
      observers.add(observer);
      return { unsubscribe: () => void observers.delete(observer) };
    },
    send(event: Parameters<AuthActor['send']>[0]) {
      if (real) real.send(event);
      else void load().then((actor) => actor.send(event));
    },
    on(type: 'navigate', navigate: Navigate) {
      if (type !== 'navigate') throw new TypeError(`the auth stand-in forwards only 'navigate', not '${String(type)}'`);
      navigators.add(navigate);
      return { unsubscribe: () => void navigators.delete(navigate) };
    },
  };
  const auth = handle as unknown as AuthActor;
  loaders.set(auth, { load });
  if (readCookie(TOKEN_COOKIE)) void load();
  return auth;
}
