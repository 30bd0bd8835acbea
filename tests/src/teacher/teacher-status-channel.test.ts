// The teacher's live review status: which channel and event are watched, that an event and a
// reconnect both reload the profile, that stopping unsubscribes and disconnects (also when stopped
// before the connection is up), and that only a signed-in teacher is watched at all.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { authMachine } from '../../../machines/auth.machine';
import type { RealtimeConnection } from '../../../src/realtime/client';
import { watchTeacherStatus } from '../../../src/features/teacher/teacher-status-channel';
import { selectTeacherId } from '../../../src/features/teacher/use-teacher-status-channel';
import { makeFakes, student, teacher } from '../../machines/auth-fakes';

function fakeConnection() {
  const handlers = new Map<string, (data: unknown) => void>();
  const reconnects: Array<() => void> = [];
  const log: string[] = [];
  const connection: RealtimeConnection = {
    subscribe: (channel, event, handler) => {
      log.push(`subscribe ${channel} ${event}`);
      handlers.set(`${channel} ${event}`, handler as (data: unknown) => void);
      return () => log.push(`unsubscribe ${channel}`);
    },
    onReconnect: (handler) => {
      reconnects.push(handler);
      return () => log.push('off reconnect');
    },
    onSubscriptionError: () => () => undefined,
    socketId: () => '1.2',
    disconnect: () => log.push('disconnect'),
  };
  return { connection, handlers, reconnects, log };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchTeacherStatus', () => {
  it('reloads on the teacher’s event and on every reconnect; stopping undoes everything', async () => {
    const fake = fakeConnection();
    let reloads = 0;
    const stop = watchTeacherStatus(
      42,
      () => reloads++,
      async () => fake.connection,
    );
    await flush();
    expect(fake.log).toEqual(['subscribe private-instructor-status-42 instructor-status-42']);
    fake.handlers.get('private-instructor-status-42 instructor-status-42')?.({ status: 'policy' });
    fake.reconnects[0]?.();
    expect(reloads).toBe(2);
    stop();
    await flush();
    expect(fake.log.slice(1)).toEqual(['unsubscribe private-instructor-status-42', 'off reconnect', 'disconnect']);
  });

  it('stopped before the connection is up: never subscribes, and disconnects when it arrives', async () => {
    const fake = fakeConnection();
    let resolve: (c: RealtimeConnection) => void = () => undefined;
    const stop = watchTeacherStatus(
      7,
      () => undefined,
      () => new Promise((r) => (resolve = r)),
    );
    stop();
    resolve(fake.connection);
    await flush();
    expect(fake.log).toEqual(['disconnect']);
  });

  it('a failed connection is not an error for the page', async () => {
    const stop = watchTeacherStatus(
      7,
      () => undefined,
      () => Promise.reject(new Error('offline')),
    );
    await flush();
    expect(() => stop()).not.toThrow();
  });
});

describe('selectTeacherId', () => {
  it('is the id of a signed-in teacher only', async () => {
    for (const [account, expected] of [
      [teacher, teacher.id],
      [student, null],
      [null, null],
    ] as const) {
      const actor = createActor(
        authMachine.provide(makeFakes({ checkLogin: () => ({ account, token: account?.token ?? null }) }).fakes),
      ).start();
      await waitFor(actor, (s) => !s.hasTag('state:loading'));
      expect(selectTeacherId(actor.getSnapshot())).toBe(expected);
    }
  });
});
