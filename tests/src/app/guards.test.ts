// @vitest-environment jsdom
// Route access as a table: every route id of the generated tree × every auth state → where the user
// is sent. Plus: the redirects always come to rest, and the real router applies them.
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, isRedirect } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor } from 'xstate';
import { routeTree } from '../../../src/route-tree.gen';
import { guard, redirectFor, selectAuthGuardState, type AuthGuardState } from '../../../src/app/guards';
import { authMachine } from '../../../machines/auth.machine';
import type { AccountRecord } from '../../../contract/account';
import type { RouterContext } from '../../../src/app/router-context';
import { makeFakes, student, teacher } from '../../machines/auth-fakes';

const STATES = {
  checking: { kind: 'checking' },
  anonymous: { kind: 'guest' },
  student: { kind: 'family', id: 1 },
  inReview: { kind: 'teacher', id: 2, status: 'in_review' },
  policy: { kind: 'teacher', id: 2, status: 'policy' },
  active: { kind: 'teacher', id: 2, status: 'active' },
  incomplete: { kind: 'incompleteProfile' },
  rejected: { kind: 'teacher', id: 2, status: 'rejected' },
  suspended: { kind: 'teacher', id: 2, status: 'suspended' },
} satisfies Record<string, AuthGuardState>;
type StateName = keyof typeof STATES;
const COLUMNS = Object.keys(STATES) as StateName[];

// One row per route: the redirect per column, in COLUMNS order ('.' = stays).
const CR = '/complete-register';
const R = '/in-review';
const T = '/trams-teacher';
const publicPage = ['.', '.', '.', R, T, '.', CR];
const legalPage = ['.', '.', '.', '.', '.', '.', CR];
const loginRequired = ['.', '/', '.', R, T, '.', CR];
const studentsOnly = ['.', '/', '.', R, T, '/about-us', CR];
const authScreen = ['.', '.', '/', '/', '/', '/', CR];
const undecided = ['.', '.', '.', '.', '.', '.', '.'];

// The last two columns (rejected, suspended) are held on /in-review exactly like a teacher in review
// (the fourth column); spelled out for the rows where that matters in the test below.
const TABLE_WITHOUT_HELD: Record<string, string[]> = {
  __root__: undecided,
  '/_auth-area': undecided,
  '/_teacher-terms': undecided,
  '/login': undecided,
  '/auth': undecided,
  '/': ['.', '.', '.', R, T, '/about-us', CR],
  '/about-us': publicPage,
  '/contact-us': publicPage,
  '/teachers/': publicPage,
  '/privacy-policy': legalPage,
  '/terms-conditions': legalPage,
  '/user-condition': legalPage,
  '/flows/{-$machine}': legalPage,
  '/profile': loginRequired,
  '/notifications': loginRequired,
  '/messages/': loginRequired,
  '/messages/$conversationId': loginRequired,
  '/requests/{-$studentId}/{-$teacherId}/{-$requestId}': loginRequired,
  '/session-details/$requestId': loginRequired,
  '/session/$channelName': loginRequired,
  '/teachers/$id': studentsOnly,
  '/packages': studentsOnly,
  '/receipts/$orderId': studentsOnly,
  '/children/$childId/progress': studentsOnly,
  '/earnings': ['.', '/', '/', R, T, '.', CR],
  '/calendar': ['.', '/', '/', R, T, '.', CR],
  '/in-review': ['.', '/', '/', '.', '/', '/profile', CR],
  '/_teacher-terms/trams-teacher': ['.', '/', '/', R, '.', '/profile', CR],
  '/_auth-area/sign-in': authScreen,
  // A signed-in family following "Start your free trial" goes on to choose a teacher.
  '/_auth-area/sign-up': ['.', '.', '/teachers', '/', '/', '/', CR],
  '/_auth-area/verify-otp': authScreen,
  '/_auth-area/forget-password': authScreen,
  '/_auth-area/reset-password': authScreen,
  '/_auth-area/complete-register': ['.', '/', '/', '/', '/', '/', '.'],
  // The operators' console: a staff session of its own, whoever is signed in on the public side.
  '/admin': undecided,
  '/admin/': undecided,
  '/admin_/sign-in': undecided,
  '/admin/teachers/$id': undecided,
  '/admin/$section': undecided,
};
const TABLE: Record<string, string[]> = Object.fromEntries(
  Object.entries(TABLE_WITHOUT_HELD).map(([id, row]) => [id, [...row, row[3]!, row[3]!]]),
);

function fakeAuth(): RouterContext['auth'] {
  return createActor(authMachine.provide(makeFakes().fakes));
}

function makeRouter(auth: RouterContext['auth'], initial = '/') {
  return createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [initial] }),
    context: { auth, queryClient: new QueryClient(), locale: () => 'en' as const },
  });
}

const router = makeRouter(fakeAuth());
const routeIds = Object.keys(router.routesById).sort();
// Leaves by the path a redirect names, to follow redirect chains.
const idByPath = new Map(
  Object.values(router.routesById)
    .filter((r) => !Object.keys(TABLE).includes(r.id) || TABLE_WITHOUT_HELD[r.id] !== undecided)
    .map((r) => [r.fullPath.replace(/\/$/, '') || '/', r.id]),
);

describe('redirectFor', () => {
  it('the table lists exactly the route ids of the generated tree', () => {
    expect(Object.keys(TABLE).sort()).toEqual(routeIds);
  });

  const cases = routeIds.flatMap((id) => COLUMNS.map((state, i) => [id, state, TABLE[id]?.[i] ?? 'missing row'] as const));
  it.each(cases)('%s as %s → %s', (routeId, state, expected) => {
    const result = redirectFor(STATES[state], routeId);
    expect(result === null ? '.' : result.to).toBe(expected);
  });

  it.each(COLUMNS)('redirects come to rest on an allowed page within three hops (%s)', (state) => {
    for (const start of routeIds) {
      let at = start;
      for (let hop = 0; ; hop++) {
        const next = redirectFor(STATES[state], at);
        if (!next) break;
        expect(hop, `${start} loops for ${state}`).toBeLessThan(3);
        const id = idByPath.get(next.to);
        expect(id, `${next.to} is a route`).toBeDefined();
        at = id!;
      }
    }
  });
});

describe('rejected and suspended teachers', () => {
  it.each(['rejected', 'suspended'] as const)('%s: held on /in-review except the legal pages; no terms, no profile', (state) => {
    expect(redirectFor(STATES[state], '/in-review')).toBeNull();
    expect(redirectFor(STATES[state], '/privacy-policy')).toBeNull();
    for (const id of ['/', '/profile', '/_teacher-terms/trams-teacher', '/packages', '/about-us']) {
      expect(redirectFor(STATES[state], id)).toEqual({ to: '/in-review' });
    }
  });
});

describe('from the auth snapshot', () => {
  async function snapshotFor(account: AccountRecord | null) {
    const fx = makeFakes({ checkLogin: () => ({ account, token: account?.token ?? null }) });
    const actor = createActor(authMachine.provide(fx.fakes)).start();
    await waitFor(actor, (s) => !s.hasTag('state:loading'));
    return actor;
  }

  it.each([
    [null, { kind: 'guest' }],
    [student, { kind: 'family', id: 7 }],
    [teacher, { kind: 'teacher', id: 9, status: 'in_review' }],
    [
      { ...teacher, status: null },
      { kind: 'teacher', id: 9, status: 'in_review' },
    ],
    [
      { ...teacher, status: 'active' as const },
      { kind: 'teacher', id: 9, status: 'active' },
    ],
    [
      { ...teacher, status: 'rejected' as const },
      { kind: 'teacher', id: 9, status: 'rejected' },
    ],
    [{ ...student, profile_complete: false }, { kind: 'incompleteProfile' }],
  ])('%o is seen as %o', async (account, expected) => {
    const actor = await snapshotFor(account);
    expect(selectAuthGuardState(actor.getSnapshot())).toEqual(expected);
  });

  it('is "checking" before the start-up check ends', () => {
    const actor = createActor(authMachine.provide(makeFakes().fakes)).start();
    expect(selectAuthGuardState(actor.getSnapshot())).toEqual({ kind: 'checking' });
  });

  it('guard() throws the router redirect', async () => {
    const auth = await snapshotFor(null);
    let thrown: unknown;
    try {
      guard({ auth }, '/profile');
    } catch (e) {
      thrown = e;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect(() => guard({ auth }, '/about-us')).not.toThrow();
  });

  it('guard() sends a guest who opened a teacher home with ?book={id}', async () => {
    const auth = await snapshotFor(null);
    let thrown: unknown;
    try {
      guard({ auth }, '/teachers/$id', { book: '12' });
    } catch (e) {
      thrown = e;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({ to: '/', search: { book: '12' } });
  });
});

describe('the router applies the guards of every route file', () => {
  const accounts: Record<Exclude<StateName, 'checking'>, AccountRecord | null> = {
    anonymous: null,
    student,
    inReview: teacher,
    policy: { ...teacher, status: 'policy' },
    active: { ...teacher, status: 'active' },
    incomplete: { ...student, profile_complete: false },
    rejected: { ...teacher, status: 'rejected' },
    suspended: { ...teacher, status: 'suspended' },
  };
  const urlOf = (fullPath: string) =>
    fullPath
      .replace(/\/\{-\$[^}]+\}/g, '')
      .replace(/\$[A-Za-z]+/g, 'x')
      .replace(/(.)\/$/, '$1');
  // Where the table says a visit ends, following redirects.
  function expectedEnd(state: StateName, routeId: string): string {
    let at = routeId;
    for (let hop = 0; hop < 5; hop++) {
      const next = redirectFor(STATES[state], at);
      if (!next) break;
      at = idByPath.get(next.to)!;
    }
    return urlOf(router.routesById[at as keyof typeof router.routesById].fullPath);
  }
  const leaves = routeIds.filter((id) => TABLE_WITHOUT_HELD[id] !== undecided);
  const cases = leaves.flatMap((id) => COLUMNS.map((state) => [state, id] as const));

  it.each(cases)('as %s, visiting %s', async (state, routeId) => {
    const fx = makeFakes({
      checkLogin: () =>
        state === 'checking' ? new Promise(() => {}) : { account: accounts[state], token: accounts[state]?.token ?? null },
    });
    const auth = createActor(authMachine.provide(fx.fakes)).start();
    if (state !== 'checking') await waitFor(auth, (s) => !s.hasTag('state:loading'));
    const start = urlOf(router.routesById[routeId as keyof typeof router.routesById].fullPath);
    const r = makeRouter(auth, start);
    await r.load();
    expect(r.state.location.pathname).toBe(expectedEnd(state, routeId));
  });
});
