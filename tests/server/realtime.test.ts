// Compatibility of the built-in realtime endpoint with clients nobody here wrote: the real pusher-js
// (Node build) subscribes and receives events published by the real `pusher` SDK, private channels go
// through our auth endpoint, forged signatures are refused, and clients survive a server restart.
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../server/main';
import { instructorStatusChannel, instructorStatusEvent } from '../../contract/realtime-names';
import { freePort, RawClient, withRawClient } from './realtime-helpers';
import { connected, nextEvent, pusherClients, realtimeConfig as config, resolveTestUser, subscribed } from './support/pusher-clients';

let port: number;
let server: RunningServer;
const start = () => createServer({ port, logLevel: 'silent', seedDemo: false, realtime: { config, resolveUser: resolveTestUser } });
const { sdk, client, wsUrl } = pusherClients(() => port, config);

beforeAll(async () => {
  port = await freePort();
  server = await start();
});

afterAll(async () => {
  await server?.close();
});

describe('pusher-js against the built-in endpoint', () => {
  it('connects with a socket id and receives an event the pusher SDK triggers on a public channel', async () => {
    const pusher = client();
    try {
      await connected(pusher);
      expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
      const channel = await subscribed(pusher, 'announcements');
      const received = nextEvent(channel, 'lesson-moved');
      await sdk().trigger('announcements', 'lesson-moved', { lesson: 12, at: '2025-01-01T10:00:00Z', note: 'موعد جديد' });
      expect(await received).toEqual({ lesson: 12, at: '2025-01-01T10:00:00Z', note: 'موعد جديد' });
    } finally {
      pusher.disconnect();
    }
  });

  it('subscribes a teacher to their own private status channel through /api/v1/realtime/auth', async () => {
    const pusher = client('teacher-7');
    try {
      const channel = await subscribed(pusher, instructorStatusChannel(7));
      const received = nextEvent(channel, instructorStatusEvent(7));
      // The app's own publisher: the same SDK, configured from RealtimeConfig.
      expect(await server.realtime.publisher.publish(instructorStatusChannel(7), instructorStatusEvent(7), { status: 'policy' })).toBe(
        true,
      );
      expect(await received).toEqual({ status: 'policy' });
    } finally {
      pusher.disconnect();
    }
  });

  it("refuses another teacher's channel (403) and anyone without a token (401)", async () => {
    const teacher = client('teacher-7');
    const anonymous = client();
    const student = client('student-9');
    try {
      const other = nextEvent<{ status: number }>(teacher.subscribe(instructorStatusChannel(8)), 'pusher:subscription_error');
      const nobody = nextEvent<{ status: number }>(anonymous.subscribe(instructorStatusChannel(7)), 'pusher:subscription_error');
      const notTeacher = nextEvent<{ status: number }>(student.subscribe(instructorStatusChannel(9)), 'pusher:subscription_error');
      expect((await other).status).toBe(403);
      expect((await nobody).status).toBe(401);
      expect((await notTeacher).status).toBe(403);
    } finally {
      teacher.disconnect();
      anonymous.disconnect();
      student.disconnect();
    }
  });

  it('leaves out the socket named in socket_id', async () => {
    const a = client();
    const b = client();
    try {
      const [channelA, channelB] = await Promise.all([subscribed(a, 'room-1'), subscribed(b, 'room-1')]);
      const seenByA: string[] = [];
      channelA.bind('tick', (data: { n: string }) => seenByA.push(data.n));
      const bGotFirst = nextEvent<{ n: string }>(channelB, 'tick');
      await sdk().trigger('room-1', 'tick', { n: 'first' }, { socket_id: a.connection.socket_id });
      expect((await bGotFirst).n).toBe('first');
      // Events on one connection arrive in order: once "second" is here, "first" would have been too.
      const aGotSecond = nextEvent<{ n: string }>(channelA, 'tick');
      await sdk().trigger('room-1', 'tick', { n: 'second' });
      await aGotSecond;
      expect(seenByA).toEqual(['second']);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  // pusher-js retries at once on 4200, finds the port closed while the new server boots, and then
  // waits out its fixed 15 s connection timeout before the next attempt: hence this test's budget.
  it('survives a server restart: pusher-js reconnects, resubscribes and gets the next event', { timeout: 45_000 }, async () => {
    const pusher = client('teacher-7');
    try {
      const publicChannel = await subscribed(pusher, 'announcements');
      const privateChannel = await subscribed(pusher, instructorStatusChannel(7));
      const firstSocket = pusher.connection.socket_id;

      const resubscribedPublic = nextEvent(publicChannel, 'pusher:subscription_succeeded');
      const resubscribedPrivate = nextEvent(privateChannel, 'pusher:subscription_succeeded');
      await server.close();
      server = await start();
      await Promise.all([resubscribedPublic, resubscribedPrivate]);
      expect(pusher.connection.state).toBe('connected');
      expect(pusher.connection.socket_id).not.toBe(firstSocket);

      const received = nextEvent(privateChannel, instructorStatusEvent(7));
      const publicReceived = nextEvent(publicChannel, 'after-restart');
      await sdk().trigger(instructorStatusChannel(7), instructorStatusEvent(7), { status: 'active' });
      await sdk().trigger('announcements', 'after-restart', 'plain text');
      expect(await received).toEqual({ status: 'active' });
      expect(await publicReceived).toBe('plain text');
    } finally {
      pusher.disconnect();
    }
  });
});

describe('the protocol on the wire', () => {
  it('sends connection_established with a socket id and activity timeout, JSON-encoded as a string', async () => {
    await withRawClient(wsUrl(), async (raw, socketId) => {
      expect(socketId).toMatch(/^\d+\.\d+$/);
      const wire = JSON.parse(raw.wire[0] ?? '{}') as { event: string; data: unknown };
      expect(wire.event).toBe('pusher:connection_established');
      expect(typeof wire.data).toBe('string');
      expect(JSON.parse(wire.data as string)).toEqual({ socket_id: socketId, activity_timeout: 120 });
    });
  });

  it('answers pusher:ping with pusher:pong', async () => {
    await withRawClient(wsUrl(), async (raw) => {
      raw.send('pusher:ping', {});
      expect((await raw.next('pusher:pong')).event).toBe('pusher:pong');
    });
  });

  it('refuses a private subscription with a forged signature, and accepts the real one', async () => {
    await withRawClient(wsUrl(), async (raw, socketId) => {
      const channel = instructorStatusChannel(7);
      const forged = new Pusher({ appId: config.appId, key: config.key, secret: 'guessed-secret', host: 'x' }).authorizeChannel(
        socketId,
        channel,
      );
      raw.send('pusher:subscribe', { channel, auth: forged.auth });
      // Whatever the answer is, it is awaited: a wrongly accepted subscription fails here, not by timeout.
      const answer = (f: { event: string }) =>
        ['pusher:subscription_error', 'pusher:error', 'pusher_internal:subscription_succeeded'].includes(f.event);
      const refused = await raw.next(answer);
      expect(refused).toMatchObject({ event: 'pusher:subscription_error', channel, data: { type: 'AuthError', status: 401 } });

      // A signature for another socket is refused too (a stolen auth cannot be replayed).
      const otherSocket = sdk().authorizeChannel('1.2', channel);
      raw.send('pusher:subscribe', { channel, auth: otherSocket.auth });
      expect(await raw.next(answer)).toMatchObject({ event: 'pusher:subscription_error', channel });

      expect(await raw.subscribe(channel, { auth: sdk().authorizeChannel(socketId, channel).auth })).toMatchObject({ channel });
      expect(server.realtime.endpoint?.subscriberCount(channel)).toBe(1);
    });
  });

  it('closes with 4001 for an unknown app key and 4008/4007 for a missing or unsupported protocol', async () => {
    const cases: Array<[string, number]> = [
      [wsUrl('no-such-key'), 4001],
      [wsUrl(config.key, 'client=js'), 4008],
      [wsUrl(config.key, 'protocol=99'), 4007],
      [wsUrl(config.key, 'protocol=seven'), 4006],
    ];
    for (const [url, code] of cases) {
      const raw = await RawClient.connect(url);
      const error = await raw.next('pusher:error');
      expect(error.data).toMatchObject({ code });
      expect((await raw.closed).code).toBe(code);
    }
  });

  it('announces presence members joining and leaving, once per person', async () => {
    const channel = 'presence-lesson-5';
    const join = async (userId: string, name: string) => {
      const raw = await RawClient.connect(wsUrl());
      const socketId = await raw.established();
      const signed = sdk().authorizeChannel(socketId, channel, { user_id: userId, user_info: { name } });
      return { raw, succeeded: await raw.subscribe(channel, { auth: signed.auth, channel_data: signed.channel_data }) };
    };
    const first = await join('1', 'مريم');
    const second = await join('2', 'Omar');
    const secondTab = await join('2', 'Omar');
    try {
      expect(first.succeeded.data).toEqual({ presence: { ids: ['1'], hash: { 1: { name: 'مريم' } }, count: 1 } });
      expect(second.succeeded.data).toMatchObject({ presence: { count: 2 } });
      expect((await first.raw.next('pusher_internal:member_added')).data).toEqual({ user_id: '2', user_info: { name: 'Omar' } });

      // The second tab of the same person is neither announced when it joins nor when it leaves.
      secondTab.raw.close();
      await secondTab.raw.closed;
      second.raw.close();
      expect((await first.raw.next('pusher_internal:member_removed')).data).toEqual({ user_id: '2' });
      const frames = await Promise.race([
        first.raw.next((f) => f.event.startsWith('pusher_internal:member_')).then(() => 'extra member event'),
        (async () => {
          first.raw.send('pusher:ping', {});
          await first.raw.next('pusher:pong');
          return 'none';
        })(),
      ]);
      expect(frames).toBe('none');
    } finally {
      first.raw.close();
      second.raw.close();
    }
  });

  it('rejects client events unless the app enables them', async () => {
    await withRawClient(wsUrl(), async (raw, socketId) => {
      const channel = instructorStatusChannel(7);
      await raw.subscribe(channel, { auth: sdk().authorizeChannel(socketId, channel).auth });
      raw.send('client-typing', { who: 'me' }, channel);
      expect((await raw.next('pusher:error')).data).toMatchObject({ message: expect.stringMatching(/client events/i) });
    });
  });
});

describe("Pusher's HTTP events API", () => {
  it('rejects a request signed with the wrong secret (401) and delivers nothing', async () => {
    await withRawClient(wsUrl(), async (raw) => {
      await raw.subscribe('guarded');
      await expect(sdk('wrong-secret').trigger('guarded', 'evil', {})).rejects.toMatchObject({ status: 401 });
      await sdk().trigger('guarded', 'good', {});
      // The good event is the first thing the socket hears after subscribing.
      expect((await raw.next((f) => f.channel === 'guarded')).event).toBe('good');
    });
  });

  it('rejects a stale timestamp, a tampered body and a missing signature', async () => {
    const body = JSON.stringify({ name: 'e', channels: ['c'], data: '{}' });
    const path = `/apps/${config.appId}/events`;
    const signed = (stamp: number) =>
      sdk()
        .createSignedQueryString({ method: 'POST', path, body, params: {} })
        .replace(/auth_timestamp=\d+/, `auth_timestamp=${stamp}`);
    const post = (query: string, payload = body) =>
      fetch(`http://127.0.0.1:${port}${path}?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });

    const now = Math.floor(Date.now() / 1000);
    expect((await post(sdk().createSignedQueryString({ method: 'POST', path, body }))).status).toBe(200);
    // The timestamp is part of what is signed, so a replayed request cannot simply be re-dated.
    expect((await post(signed(now - 601))).status).toBe(401);
    expect((await post(sdk().createSignedQueryString({ method: 'POST', path, body }), body.replace('"e"', '"x"'))).status).toBe(401);
    expect((await post(`auth_key=${config.key}&auth_timestamp=${now}&auth_version=1.0`)).status).toBe(401);
  });

  it('accepts batch events from the SDK and answers 404 for another app id', async () => {
    await withRawClient(wsUrl(), async (raw) => {
      await raw.subscribe('batch-room');
      await sdk().triggerBatch([
        { channel: 'batch-room', name: 'one', data: { n: 1 } },
        { channel: 'batch-room', name: 'two', data: { n: 2 } },
      ]);
      expect(await raw.next('one')).toMatchObject({ channel: 'batch-room', data: { n: 1 } });
      expect(await raw.next('two')).toMatchObject({ data: { n: 2 } });

      await expect(sdk(config.secret, 'other').trigger('batch-room', 'x', {})).rejects.toMatchObject({ status: 404 });
    });
  });
});

describe('realtime app routes', () => {
  it('tells the client the embedded key and cluster, with no host so it uses the page origin', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/realtime/config`, { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown> };
    expect(body.data).toEqual({ mode: 'embedded', key: config.key, cluster: 'eu', forceTLS: false });
  });

  it('answers the auth endpoint with a localized message and field errors', async () => {
    const url = `http://127.0.0.1:${port}/api/v1/realtime/auth`;
    const form = (fields: Record<string, string>, headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields),
      });

    const anonymous = await form({ socket_id: '1.2', channel_name: instructorStatusChannel(7) }, { 'Accept-Language': 'en' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in to receive live updates' });

    const forbidden = await form({ socket_id: '1.2', channel_name: 'private-user-9' }, { Authorization: 'Bearer teacher-7' });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toBe('لا تملك صلاحية متابعة هذه التحديثات');

    const invalid = await form({ channel_name: 'private-user-7' }, { Authorization: 'Bearer teacher-7', 'Accept-Language': 'en' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { errors: Record<string, string[]> }).errors.socket_id).toEqual(['This field is required']);

    const own = await form({ socket_id: '1.2', channel_name: 'private-user-7' }, { Authorization: 'Bearer teacher-7' });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual(sdk().authorizeChannel('1.2', 'private-user-7'));
  });
});
