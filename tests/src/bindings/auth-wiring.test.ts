// @vitest-environment jsdom
// The app's bindings of the auth machine: the real effects against a stubbed network, and the router
// re-running guards and following the machine's navigations.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { QueryClient } from '@tanstack/react-query';
import { authMachine } from '../../../machines/auth.machine';
import { authLogic, browserAuthEffects } from '../../../src/bindings/auth';
import { createAppRouter } from '../../../src/app/router';
import { storeAccount } from '../../../src/bindings/session-storage';
import { makeFakes, student, teacher } from '../../machines/auth-fakes';

interface Call {
  url: string;
  method: string;
  body: unknown;
  auth: string | null;
}

function stubServer(answer: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { url: String(input), method: init.method ?? 'GET', body, auth: headers.get('Authorization') };
    calls.push(call);
    const { status, body: out } = answer(call);
    return new Response(JSON.stringify(out), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function clearCookies() {
  for (const c of document.cookie.split('; ')) document.cookie = `${c.split('=')[0]}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => vi.unstubAllGlobals());

describe('auth effects (src/bindings/auth.ts)', () => {
  // The app's effects; the navigations the machine emits are recorded instead of followed.
  const withNavigation = (navigations: unknown[]) => {
    const actor = createActor(authLogic(browserAuthEffects));
    actor.on('navigate', (e) => void navigations.push(e.destination));
    return actor;
  };

  it('student sign-up posts the register payload; a 409 instructor answer lands on teacher sign-in', async () => {
    const calls = stubServer(() => ({ status: 409, body: { message: 'exists', errors: { type: ['instructor'] } } }));
    const navigations: unknown[] = [];
    const actor = withNavigation(navigations).start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'signup.submit', phone: '+97455123456', countryCode: 'QA', fields: { first_name: 'سارة' } });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(calls[0]).toMatchObject({
      url: expect.stringContaining('v1/auth/register'),
      method: 'POST',
      body: { first_name: 'سارة', type: 'student', phone: '+97455123456', country_code: 'QA' },
    });
    expect(actor.getSnapshot().context.notice).toBe('teacherAccountExists');
    expect(navigations).toEqual([{ to: 'signIn' }]);
  });

  it('a verified code stores the token cookie and the account record', async () => {
    const calls = stubServer(({ url }) =>
      url.includes('verify-otp')
        ? { status: 200, body: { message: 'ok', data: { token: 'tok-1', is_teacher: false, status: null, has_free_session: true, id: 4 } } }
        : { status: 200, body: { message: 'sent' } },
    );
    const actor = withNavigation([]).start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'login.submit', phone: '+97455123456', countryCode: 'QA' });
    await waitFor(actor, (s) => s.matches({ anonymous: 'otp' }));
    actor.send({ type: 'otp.submit', code: '654321' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls.map((c) => c.body)).toEqual([
      { country_code: 'QA', phone: '+97455123456' },
      { phone: '+97455123456', code: '654321' },
    ]);
    expect(document.cookie).toContain('ng-token=tok-1');
    expect(document.cookie).toContain('is_teacher=false');
    expect(JSON.parse(localStorage.getItem('ng-account') ?? 'null')).toMatchObject({ token: 'tok-1', profile_complete: true });
  });

  it('at start a token cookie alone is checked against the profile with that token', async () => {
    document.cookie = 'ng-token=from-cookie; Path=/';
    const calls = stubServer(() => ({
      status: 200,
      body: { message: 'ok', data: { id: 9, is_teacher: true, status: 'policy', has_free_session: false } },
    }));
    const actor = withNavigation([]).start();
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls[0]).toMatchObject({ url: expect.stringContaining('v1/profile'), auth: 'Bearer from-cookie' });
    expect(actor.getSnapshot().context.account).toMatchObject({ token: 'from-cookie', status: 'policy' });
  });

  it('logout calls the server and clears cookies and the stored record', async () => {
    storeAccount(student);
    const calls = stubServer(() => ({ status: 200, body: { message: 'bye' } }));
    const actor = withNavigation([]).start();
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(calls.map((c) => c.url)).toEqual([expect.stringContaining('v1/auth/logout')]);
    expect(document.cookie).not.toContain('ng-token=');
    expect(localStorage.getItem('ng-account')).toBeNull();
  });
});

describe('router wiring (src/app/router.ts)', () => {
  async function appAt(path: string, options: Parameters<typeof makeFakes>[0]) {
    window.history.replaceState(null, '', path);
    const fx = makeFakes(options);
    // Fake server and storage; the router follows the machine as in the app.
    const auth = createActor(authMachine.provide(fx.fakes)).start();
    await waitFor(auth, (s) => !s.hasTag('state:loading'));
    const router = createAppRouter({ auth, queryClient: new QueryClient(), locale: () => 'en' });
    await router.load();
    return { auth, router };
  }
  const settled = (router: ReturnType<typeof createAppRouter>, pathname: string) =>
    vi.waitFor(() => expect(router.state.location.pathname).toBe(pathname));

  it('re-runs the guards when the account changes without leaving loggedIn', async () => {
    let status: 'active' | 'in_review' = 'active';
    const active = { ...teacher, status: 'active' as const };
    const { auth, router } = await appAt('/profile', {
      checkLogin: () => ({ account: active, token: active.token }),
      fetchProfile: () => ({ ...teacher, status }),
    });
    expect(router.state.location.pathname).toBe('/profile');
    status = 'in_review';
    auth.send({ type: 'profile.reload' });
    await settled(router, '/in-review');
  });

  it('follows the machine navigations (session expired → sign-in)', async () => {
    const { auth, router } = await appAt('/requests', { checkLogin: () => ({ account: student, token: student.token }) });
    expect(router.state.location.pathname).toBe('/requests');
    auth.send({ type: 'session.expired' });
    await settled(router, '/sign-in');
  });
});
