// The auth statechart driven as the app drives it (real actor, fake effects): the start-up check and
// the signed-in session. Sign-up, codes and teachers: auth-sign-in.machine.test.ts.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authMachine, selectAccount, selectIsLoggedIn, selectIsLoggingIn } from '../../machines/auth.machine';
import { apiError, student, teacher, type FakeOptions } from './auth-fakes';
import { anonymous, settle, signup, start } from './auth-run';

describe('start-up check', () => {
  it('shows the boot spinner tag only while checking', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(false);
    actor.send(signup);
    expect(actor.getSnapshot().hasTag('state:busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(false);
  });

  it('uses a stored account record without calling the server', async () => {
    const { actor, fx } = start({ checkLogin: () => ({ account: student, token: student.token }) });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(selectAccount(actor.getSnapshot())).toEqual(student);
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
    expect(fx.called('fetchProfile')).toHaveLength(0);
  });

  it('fetches the profile for a token cookie without a record, and stores the record', async () => {
    const { actor, fx } = start({
      checkLogin: () => ({ account: null, token: 'cookie-token' }),
      fetchProfile: ({ token }) => ({ ...teacher, token }),
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(fx.called('fetchProfile')).toEqual([{ actor: 'fetchProfile', input: { token: 'cookie-token' } }]);
    expect(selectAccount(actor.getSnapshot())?.token).toBe('cookie-token');
    expect(fx.stored.map((a) => a.token)).toEqual(['cookie-token']);
  });

  it('is anonymous without record or cookie, and leaves storage alone', async () => {
    const { actor, fx } = await anonymous();
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(false);
    expect(fx.called('fetchProfile')).toHaveLength(0);
    expect(fx.cleared).toBe(0);
  });

  it('signs out when the profile of a cookie token cannot be fetched', async () => {
    const { actor, fx } = await anonymous({
      checkLogin: () => ({ account: null, token: 'stale' }),
      fetchProfile: () => Promise.reject(apiError(401)),
    });
    expect(fx.cleared).toBe(1);
    expect(actor.getSnapshot().context.account).toBeNull();
  });

  it('goes to the incomplete-profile state for a stored record lacking profile fields', async () => {
    const { actor } = start({ checkLogin: () => ({ account: { ...student, profile_complete: false }, token: 't' }) });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().matches({ loggedIn: 'incompleteProfile' })).toBe(true);
  });

  it('refuses to run with the default (unprovided) effects', async () => {
    const actor = createActor(authMachine);
    const failure = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(String(await failure)).toMatch(/not provided/);
  });
});

describe('signed in', () => {
  async function signedIn(options: FakeOptions = {}, account = student) {
    const run = start({ checkLogin: () => ({ account, token: account.token }), ...options });
    await waitFor(run.actor, (s) => s.matches('loggedIn'));
    return run;
  }

  it('holds an incomplete profile until it is completed', async () => {
    const { actor, fx } = await signedIn({}, { ...student, profile_complete: false });
    expect(actor.getSnapshot().can({ type: 'profile.complete.submit', fields: {} })).toBe(true);
    actor.send({ type: 'profile.complete.submit', fields: { birth_date: '2015-01-01' } });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(fx.called('completeProfile')[0]?.input).toEqual({ token: student.token, fields: { birth_date: '2015-01-01' } });
    expect(actor.getSnapshot().context.account?.profile_complete).toBe(true);
  });

  it('logout clears the session even when the server call fails', async () => {
    for (const logout of [() => undefined, () => Promise.reject(apiError(500))]) {
      const { actor, fx } = await signedIn({ logout });
      actor.send({ type: 'auth.logout' });
      await waitFor(actor, (s) => s.matches('anonymous'));
      expect(fx.called('logout')).toHaveLength(1);
      expect(fx.cleared).toBe(1);
      expect(selectAccount(actor.getSnapshot())).toBeNull();
    }
  });

  it('an expired session (401) signs out and goes to sign-in', async () => {
    const { actor, fx } = await signedIn();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(fx.cleared).toBe(1);
    expect(fx.navigations).toEqual([{ to: 'signIn' }]);
    expect(fx.called('logout')).toHaveLength(0);
  });

  it('profile.reload updates the account; a failed reload keeps the old one', async () => {
    const { actor, fx } = await signedIn({ fetchProfile: () => ({ ...teacher, status: 'policy' }) }, teacher);
    actor.send({ type: 'profile.reload' });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }) && s.context.account?.status === 'policy');
    expect(fx.called('fetchProfile')[0]?.input).toEqual({ token: teacher.token });

    const failing = await signedIn({ fetchProfile: () => Promise.reject(apiError(500)) }, teacher);
    failing.actor.send({ type: 'profile.reload' });
    await settle(failing.actor);
    expect(failing.actor.getSnapshot().context.account).toEqual(teacher);
  });

  it('a reload answered 401 (a suspension revoked the session) signs out, keeps the reason and goes to sign-in', async () => {
    const refusal = apiError(401, {}, 'Your teacher account is suspended. Reason: complaint');
    const { actor, fx } = await signedIn({ fetchProfile: () => Promise.reject(refusal) }, teacher);
    actor.send({ type: 'profile.reload' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.account).toBeNull();
    expect(actor.getSnapshot().context.failure?.message).toBe('Your teacher account is suspended. Reason: complaint');
    expect(fx.cleared).toBe(1);
    expect(fx.navigations).toEqual([{ to: 'signIn' }]);
  });
});
