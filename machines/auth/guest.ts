// The auth snapshot before the statechart is loaded (JS budget): a guest's first visit
// renders with one of these two plain objects, and src/app/lazy-auth.ts swaps in the real actor's
// snapshots once XState and the machine arrive. They must read exactly like the machine's own
// snapshots through every selector (tests/machines/auth-guest.test.ts compares them).
import type { AuthContext, ReturnTarget } from './types';

/** The machine's context at start (../auth.machine.ts starts from a copy of it). */
export const initialAuthContext: Readonly<AuthContext> = Object.freeze({
  account: null,
  pendingToken: null,
  phone: null,
  countryCode: null,
  notice: null,
  failure: null,
  resendSecondsLeft: 0,
  otpAttemptsLeft: null,
  returnTo: null,
});

/** A state value as the machine reports it: a leaf name, or `{ parent: child }`. */
type StateValue = string | { [state: string]: StateValue };

/** The part of a machine snapshot the app reads before the machine is there. */
export interface StandInSnapshot {
  status: 'active';
  value: StateValue;
  context: AuthContext;
  tags: Set<string>;
  hasTag(tag: string): boolean;
  matches(value: StateValue): boolean;
  /** Nothing is accepted before the machine is loaded (the screens that send wait for it). */
  can(event: unknown): boolean;
}

/** XState's `matches` for the one-branch values below: `'a'`, `'a.b'` or `{ a: 'b' }`. */
function matchesValue(own: StateValue | undefined, asked: StateValue): boolean {
  if (own === undefined) return false;
  if (typeof asked === 'string') {
    const [head = '', ...rest] = asked.split('.');
    if (typeof own === 'string') return rest.length === 0 && own === head;
    return head in own && (rest.length === 0 || matchesValue(own[head], rest.join('.')));
  }
  return Object.entries(asked).every(([key, child]) => typeof own !== 'string' && matchesValue(own[key], child));
}

function standIn(value: StateValue, tags: string[], context: AuthContext): StandInSnapshot {
  return {
    status: 'active',
    value,
    context,
    tags: new Set(tags),
    hasTag: (tag) => tags.includes(tag),
    matches: (asked) => matchesValue(value, asked),
    can: () => false,
  };
}

/** While the start-up check of a stored session runs: the boot spinner shows. */
export const checkingSnapshot = (): StandInSnapshot =>
  standIn({ checking: 'readingSession' }, ['state:loading'], { ...initialAuthContext });

/** Nobody is signed in and no form has started: what the machine reaches from a browser without a session. */
export const guestSnapshot = (returnTo: ReturnTarget | null): StandInSnapshot =>
  standIn({ anonymous: 'idle' }, ['auth:anonymous'], { ...initialAuthContext, returnTo });
