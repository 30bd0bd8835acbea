// @vitest-environment jsdom
// The auth actor as the app holds it (src/app/lazy-auth.ts): a guest starts without the statechart
// and gets it on the first event; a stored session loads it at once behind the boot spinner.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectIsLoggedIn } from '../../../machines/auth.machine';
import { authChecked, authLoaded, createLazyAuth } from '../../../src/app/lazy-auth';
import { storeAccount } from '../../../src/bindings/session-storage';
import { student } from '../../machines/auth-fakes';

function clearSession() {
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split('; ')) document.cookie = `${c.split('=')[0]}=; Max-Age=0; Path=/`;
}
beforeEach(clearSession);
afterEach(clearSession);

describe('createLazyAuth', () => {
  it('a guest is anonymous at once, with no start-up check to wait for', async () => {
    const started: unknown[] = [];
    const auth = createLazyAuth((actor) => started.push(actor));
    expect(auth.getSnapshot().matches('anonymous')).toBe(true);
    expect(auth.getSnapshot().hasTag('state:loading')).toBe(false);
    await authChecked(auth);
    expect(started).toEqual([]);
  });

  it("a guest's first event loads the statechart, which then handles it", async () => {
    const started: unknown[] = [];
    const auth = createLazyAuth((actor) => started.push(actor));
    const seen: unknown[] = [];
    auth.subscribe((snapshot) => seen.push(snapshot.context.returnTo));
    auth.send({ type: 'return.set', teacherId: 5 });
    await authLoaded(auth);
    await expect.poll(() => auth.getSnapshot().context.returnTo).toEqual({ teacherId: 5 });
    expect(started).toHaveLength(1);
    expect(seen.at(-1)).toEqual({ teacherId: 5 });
    expect(JSON.parse(sessionStorage.getItem('ng-return') ?? 'null')).toEqual({ teacherId: 5 });
  });

  it('a stored session shows the start-up check, then the signed-in account', async () => {
    storeAccount(student);
    const auth = createLazyAuth();
    expect(auth.getSnapshot().hasTag('state:loading')).toBe(true);
    await authChecked(auth);
    expect(selectIsLoggedIn(auth.getSnapshot())).toBe(true);
    expect(auth.getSnapshot().context.account?.id).toBe(student.id);
  });

  it("passes on the machine's navigations before the snapshot of their transition", async () => {
    storeAccount(student);
    const auth = createLazyAuth();
    const order: string[] = [];
    auth.on('navigate', (event) => void order.push(`navigate ${event.destination.to}`));
    await authChecked(auth);
    auth.subscribe((snapshot) => void order.push(`snapshot ${selectIsLoggedIn(snapshot) ? 'signed in' : 'signed out'}`));
    auth.send({ type: 'session.expired' });
    expect(order).toEqual(['navigate signIn', 'snapshot signed out']);
  });
});
