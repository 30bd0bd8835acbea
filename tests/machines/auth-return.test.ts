// "Sign in to book with {teacher}": the auth statechart remembers the teacher a guest asked
// for, keeps it through the code screen and a reload, and sends the signed-in student to that teacher.
// Whatever else is handed in as a target is refused: the destination is always a teacher of this site.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authMachine, parseReturnTarget, parseTeacherId } from '../../machines/auth.machine';
import { makeFakes, student, type FakeOptions } from './auth-fakes';

async function guest(options: FakeOptions = {}, settled: 'anonymous' | 'loggedIn' = 'anonymous') {
  const fx = makeFakes(options);
  const actor = createActor(authMachine.provide(fx.fakes));
  fx.follow(actor);
  actor.start();
  await waitFor(actor, (s) => s.matches(settled));
  return { actor, fx };
}

type Actor = Awaited<ReturnType<typeof guest>>['actor'];

async function signInWithCode(actor: Actor) {
  actor.send({ type: 'login.submit', phone: '+97455000111', countryCode: 'QA' });
  await waitFor(actor, (s) => s.matches({ anonymous: 'otp' }));
  actor.send({ type: 'otp.submit', code: '123456' });
  await waitFor(actor, (s) => s.matches('loggedIn'));
}

describe('return target validation', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [2_147_483_647, 2_147_483_647],
  ])('accepts the teacher id %j', (input, id) => {
    expect(parseTeacherId(input)).toBe(id);
    expect(parseReturnTarget({ teacherId: input })).toEqual({ teacherId: id });
  });

  it.each([
    0,
    -3,
    1.5,
    2_147_483_648,
    Number.NaN,
    '',
    '012',
    ' 12',
    '12abc',
    '1e3',
    '//evil.example',
    'https://evil.example/teachers/1',
    '/teachers/1',
    null,
    undefined,
    {},
    [12],
  ])('refuses %j', (input) => {
    expect(parseTeacherId(input)).toBeNull();
    expect(parseReturnTarget({ teacherId: input })).toBeNull();
  });

  it('refuses stored values that are not a target object', () => {
    for (const stored of [null, 12, '12', 'https://evil.example', [{ teacherId: 12 }], { id: 12 }]) {
      expect(parseReturnTarget(stored)).toBeNull();
    }
  });
});

describe('auth machine: signing in to book with a teacher', () => {
  it('sends the student to the teacher they asked for after the code, then forgets it', async () => {
    const { actor, fx } = await guest();
    actor.send({ type: 'return.set', teacherId: 12 });
    expect(fx.returns).toEqual([{ teacherId: 12 }]);
    await signInWithCode(actor);
    expect(fx.navigations.at(-1)).toEqual({ to: 'teacher', teacherId: 12 });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
    expect(fx.returns.at(-1)).toBeNull();
  });

  it('keeps the target when it is given on the code screen', async () => {
    const { actor, fx } = await guest();
    actor.send({ type: 'login.submit', phone: '+97455000111', countryCode: 'QA' });
    await waitFor(actor, (s) => s.matches({ anonymous: 'otp' }));
    actor.send({ type: 'return.set', teacherId: '31' });
    expect(actor.getSnapshot().matches({ anonymous: 'otp' })).toBe(true);
    actor.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(fx.navigations.at(-1)).toEqual({ to: 'teacher', teacherId: 31 });
  });

  it('ignores a target that is not a teacher id: home as usual, nothing stored', async () => {
    const { actor, fx } = await guest();
    actor.send({ type: 'return.set', teacherId: 'https://evil.example' });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
    await signInWithCode(actor);
    expect(fx.navigations.at(-1)).toEqual({ to: 'root' });
    expect(fx.returns.filter((r) => r !== null)).toEqual([]);
  });

  it('survives a reload of the code screen (the stored target comes back at start-up)', async () => {
    const { actor, fx } = await guest({ checkLogin: () => ({ account: null, token: null, returnTo: { teacherId: 12 } }) });
    actor.send({ type: 'otp.open', phone: '+97455000111' });
    actor.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(fx.navigations.at(-1)).toEqual({ to: 'teacher', teacherId: 12 });
  });

  it('refuses a tampered stored target', async () => {
    const tampered = { teacherId: '//evil.example' } as never;
    const { actor, fx } = await guest({ checkLogin: () => ({ account: null, token: null, returnTo: tampered }) });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
    await signInWithCode(actor);
    expect(fx.navigations.at(-1)).toEqual({ to: 'root' });
  });

  it('a new phone completes the registration first, then lands on the teacher', async () => {
    const { actor, fx } = await guest({ verifyOtp: () => ({ ...student, profile_complete: false }) });
    actor.send({ type: 'return.set', teacherId: 12 });
    await signInWithCode(actor);
    expect(fx.navigations.at(-1)).toEqual({ to: 'completeRegister' });
    actor.send({ type: 'profile.complete.submit', fields: { first_name: 'سارة' } });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(fx.navigations.at(-1)).toEqual({ to: 'teacher', teacherId: 12 });
  });

  it('a teacher who signs in instead goes where teachers go, and the target is dropped', async () => {
    const { actor, fx } = await guest();
    actor.send({ type: 'return.set', teacherId: 12 });
    actor.send({ type: 'teacher.login.submit', login: 't@example.com', password: 'Secret123' });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(fx.navigations.at(-1)).toEqual({ to: 'aboutUs' });
    expect(actor.getSnapshot().context.returnTo).toBeNull();
    expect(fx.returns.at(-1)).toBeNull();
  });

  it('is not accepted once signed in', async () => {
    const { actor } = await guest({ checkLogin: () => ({ account: student, token: student.token }) }, 'loggedIn');
    expect(actor.getSnapshot().can({ type: 'return.set', teacherId: 12 })).toBe(false);
  });
});
