// The live-session machine through the real UI (model e2e): the student's screen is the page under
// test, a demo teacher joins and leaves in a second browser context, the network drops with
// Playwright's offline switch, and the server's test-only route moves the end of the session. The
// clock's ticks and the network-quality reports happen by themselves in the browser (they count when
// the app takes them); device refusal, token renewal and join failures cannot be caused on demand
// with the fake RTC relay and stay out of the model.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { liveSessionMachine } from '../../machines/live-session.machine';
import { preferences } from '../support/app';
import { bearer, json, newStudent } from '../support/api';
import type { Adapter } from './walker';

const TEACHER_PASSWORD = 'Noor1234';
/** Seconds left when a path starts: the end warning is due, the end is not. */
const SESSION_SECONDS = 600;
/** Seconds left on a path where the time runs out. */
const TIME_UP_SECONDS = 10;

export interface LiveWorld {
  page: Page;
  request: APIRequestContext;
  channel: string;
  student: string;
  teacher: string;
  teacherPage: () => Promise<Page>;
}

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as EventObject;
const failed = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 403, code: 'x', message: 'x' }, actorId: id }) as EventObject;
const grant = { token: 't', app_id: 'a', uid: 1, channel_name: 'c', ends_at: '2099-01-01T00:00:00.000Z', request_id: 1, role: 'student', peer_name: 'x' };

const ev = {
  devicesOk: done('checkDevices', { camera: true, microphone: true }),
  // The machine takes the grant with the instant it arrived (skew 0 here: server_time is that instant).
  granted: done('fetchToken', { grant: { ...grant, server_time: new Date(0).toISOString() }, receivedAt: 0 }),
  refused: failed('fetchToken'),
  retry: { type: 'session.retry' },
  joined: { type: 'rtc.joined' },
  peerJoined: { type: 'rtc.peerJoined' },
  peerLeft: { type: 'rtc.peerLeft' },
  reconnecting: { type: 'rtc.reconnecting' },
  reconnected: { type: 'rtc.reconnected' },
  mic: { type: 'media.toggleMic' },
  camera: { type: 'media.toggleCamera' },
  leave: { type: 'leave.request' },
  stay: { type: 'leave.cancel' },
  confirm: { type: 'leave.confirm' },
  left: { type: 'rtc.left' },
  rejoin: { type: 'session.rejoin' },
  timeUp: { type: 'clock.tick', now: Date.parse('2100-01-01T00:00:00.000Z') },
  ended: done('endSession', undefined),
};

const click = (page: Page, testId: string) => page.getByTestId(testId).click();

async function leave(page: Page) {
  await click(page, 'leave');
  await click(page, 'confirm-leave');
}

/** A student with an approved urgent session with one of the eight demo teachers (the next free one from `n`). */
async function setUp(request: APIRequestContext, n: number, seconds: number) {
  for (let k = 0; k < 8; k++) {
    const phone = `+974551000${String(1 + ((n + k) % 8)).padStart(2, '0')}`;
    const teacher = (await json<{ token: string }>(await request.post('/api/v1/instructor/auth/login', { data: { login: phone, password: TEACHER_PASSWORD } }), 'teacher login')).token;
    const profile = await json<{ id: number; subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(
      await request.get('/api/v1/profile', { headers: bearer(teacher) }),
      'teacher profile',
    );
    const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
    await json(await request.patch('/api/v1/profile', { headers: bearer(teacher), data: { working_hours: hours } }), 'working hours');
    const student = (await newStudent(request, { phaseId: profile.phases[0]!.id })).token;
    const booking = await request.post('/api/v1/requests', {
      headers: bearer(student),
      data: { teacher_id: profile.id, subject_id: profile.subjects[0]!.id, type: 'urgent', duration_hours: 1, broadcast: false },
    });
    // Another path holds this teacher now: take the next one.
    if (booking.status() === 409) continue;
    const booked = await json<{ id: number }>(booking, 'book');
    await json(await request.post(`/api/v1/requests/${booked.id}/approve`, { headers: bearer(teacher) }), 'approve');
    const detail = await json<{ channel_name: string }>(await request.get(`/api/v1/requests/${booked.id}`, { headers: bearer(student) }), 'detail');
    await json(
      await request.post(`/api/v1/sessions/${detail.channel_name}/test/ends-in`, { headers: bearer(student), data: { seconds } }),
      'ends-in',
    );
    return { channel: detail.channel_name, student, teacher, phaseId: profile.phases[0]!.id };
  }
  throw new Error('no demo teacher is free for an urgent session');
}

async function browserFor(context: BrowserContext, token: string, teacher: boolean) {
  const baseURL = process.env.E2E_BASE_URL!;
  await context.addCookies([{ name: 'ng-token', value: token, url: baseURL }, ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : [])]);
  await context.grantPermissions(['camera', 'microphone']);
}

export const liveSessionAdapter: Adapter<LiveWorld> = {
  id: 'live-session',
  machine: liveSessionMachine,
  input: { channelName: 'c' },
  async world(page, request, events, index) {
    await preferences(page, { locale: 'en' });
    // A path where the time runs out gets a session that ends a few seconds after it starts (the
    // screen learns the end when it gets its token).
    const scene = await setUp(request, index, events.includes(ev.timeUp) ? TIME_UP_SECONDS : SESSION_SECONDS);
    // A path where the server refuses the token is walked by a student who is not in the session.
    const token = events.includes(ev.refused) ? (await newStudent(request, { phaseId: scene.phaseId })).token : scene.student;
    await browserFor(page.context(), token, false);
    let teacherPage: Page | undefined;
    return {
      page,
      request,
      channel: scene.channel,
      student: scene.student,
      teacher: scene.teacher,
      teacherPage: async () => {
        if (!teacherPage) {
          const context = await page.context().browser()!.newContext();
          await browserFor(context, scene.teacher, true);
          teacherPage = await context.newPage();
          await preferences(teacherPage, { locale: 'en' });
        }
        return teacherPage;
      },
    };
  },
  // One scene per path: a refused token and a granted one exclude each other; the time runs out once,
  // while the call is on (leaving takes a moment only, too short to aim a tick at).
  possible: (events) =>
    !(events.includes(ev.refused) && events.includes(ev.granted)) &&
    events.filter((e) => e === ev.timeUp).length <= 1 &&
    !events.some((e, i) => e === ev.timeUp && events[i - 1] === ev.confirm) &&
    // Offline, the student's screen learns nothing of the teacher.
    !events.some((e, i) => (e === ev.peerJoined || e === ev.peerLeft) && events.lastIndexOf(ev.reconnecting, i) > events.lastIndexOf(ev.reconnected, i)),
  // Why the session ended matters: only who left may join again.
  serializeState: (s) => JSON.stringify([s.value, (s.context as { endReason: unknown }).endReason]),
  events: [
    { event: ev.devicesOk, run: (w) => w.page.goto(`/session/${w.channel}`).then(() => undefined) },
    { event: ev.granted },
    { event: ev.refused },
    { event: ev.retry, run: (w) => w.page.getByRole('button', { name: 'Try again' }).click() },
    { event: ev.joined },
    { event: ev.peerJoined, run: async (w) => void (await (await w.teacherPage()).goto(`/session/${w.channel}`)) },
    { event: ev.peerLeft, run: async (w) => leave(await w.teacherPage()) },
    { event: ev.reconnecting, run: (w) => w.page.context().setOffline(true) },
    { event: ev.reconnected, run: (w) => w.page.context().setOffline(false) },
    { event: ev.mic, run: (w) => click(w.page, 'toggle-mic') },
    { event: ev.camera, run: (w) => click(w.page, 'toggle-camera') },
    { event: ev.leave, run: (w) => click(w.page, 'leave') },
    { event: ev.stay, run: (w) => w.page.keyboard.press('Escape') },
    { event: ev.confirm, run: (w) => click(w.page, 'confirm-leave') },
    { event: ev.left },
    { event: ev.rejoin, run: (w) => w.page.getByRole('button', { name: 'Join again' }).click() },
    // The session was set up to end seconds after it starts: the clock's tick finds the time up by itself.
    { event: ev.timeUp, run: async () => undefined },
    { event: ev.ended },
  ],
  states: {
    'session.inCall': async (w) => expect(w.page.getByTestId('live-session')).toHaveAttribute('data-step', 'session'),
    'session.inCall.peer.together': async (w) => expect(w.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'true'),
    'session.inCall.peer.waitingForPeer': async (w) => expect(w.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'false'),
    'session.inCall.connection.reconnecting': async (w) => expect(w.page.getByTestId('reconnecting')).toBeVisible(),
    'session.inCall.leave.confirming': async (w) => expect(w.page.getByRole('dialog', { name: 'Leave the session?' })).toBeVisible(),
    tokenFailed: async (w) => expect(w.page.getByRole('heading', { name: 'You cannot join this session now' })).toBeVisible(),
    ended: async (w) => expect(w.page.getByTestId('session-ended')).toBeVisible(),
  },
};
