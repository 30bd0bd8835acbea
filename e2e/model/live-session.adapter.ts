// The live-session machine through the real UI (model e2e): the page under test is the student's
// screen, or the teacher's on a path whose grant is the teacher's (End for both is theirs); the other
// side joins, leaves and ends the lesson for both in a second browser context, the network drops with
// Playwright's offline switch, and the server's test-only route moves the end of the session. The
// clock's ticks and the network-quality reports happen by themselves in the browser (they count when
// the app takes them). Faults: the camera refused or broken (live-session.world.ts), a join whose
// first message to the relay is dropped, a renewal or an end answered with a failure (faults.ts), a
// goodbye the relay never answers, and the provider's token warning through the fake RTC's e2e fault
// switch (`window.__noorFakeRtc`, src/rtc/fake.ts). The 30 s reconnect give-up runs on Playwright's clock.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { liveSessionMachine } from '../../machines/live-session.machine';
import { preferences } from '../support/app';
import { newStudent } from '../support/api';
import { failNext, NOT_OVER_YET } from './faults';
import type { Adapter } from './walker';
import { browserFor, holdGoodbye, mediaSwitch, release, setUp, type MediaMode } from './live-session.world';

/** Seconds left when a path starts: the end warning is due, the end is not. */
const SESSION_SECONDS = 600;
/** Seconds left on a path where the time runs out. */
const TIME_UP_SECONDS = 10;
/** The machine's RECONNECT_GIVE_UP: how long an offline call waits before it counts as failed. */
const GIVE_UP_MS = 30_000;

export interface LiveWorld {
  page: Page;
  request: APIRequestContext;
  channel: string;
  student: string;
  teacher: string;
  /** The other side's page (the teacher's, or the student's on a teacher's path), opened on first use. */
  otherPage: () => Promise<Page>;
  /** The teacher ended the lesson for both on this path: the end screen says so. */
  endedEarly: boolean;
  /** What the page's getUserMedia does from now on. */
  media: (mode: MediaMode) => void;
}

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as EventObject;
const failed = (id: string): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: { status: 403, code: 'x', message: 'x' }, actorId: id }) as EventObject;
const after = (delay: string, state: string): EventObject => ({ type: `xstate.after.${delay}.live-session.${state}` });
const grant = {
  token: 't',
  app_id: 'a',
  uid: 1,
  channel_name: 'c',
  ends_at: '2099-01-01T00:00:00.000Z',
  request_id: 1,
  role: 'student',
  peer_name: 'x',
};

const ev = {
  devicesOk: done('checkDevices', { camera: true, microphone: true }),
  noCamera: done('checkDevices', { camera: false, microphone: true }),
  devicesBroken: failed('checkDevices'),
  devicesAgain: { type: 'permission.retry' },
  audioOnly: { type: 'session.continueAudioOnly' },
  // The machine takes the grant with the instant it arrived (skew 0 here: server_time is that instant).
  granted: done('fetchToken', { grant: { ...grant, server_time: new Date(0).toISOString() }, receivedAt: 0 }),
  // The same grant for the session's teacher: the path is walked on the teacher's screen.
  grantedTeacher: done('fetchToken', { grant: { ...grant, role: 'teacher', server_time: new Date(0).toISOString() }, receivedAt: 0 }),
  refused: failed('fetchToken'),
  retry: { type: 'session.retry' },
  joined: { type: 'rtc.joined' },
  joinFailed: { type: 'rtc.joinFailed' },
  tokenExpiring: { type: 'rtc.tokenWillExpire' },
  renewed: done('renewToken', { grant: { ...grant, server_time: new Date(0).toISOString() }, receivedAt: 0 }),
  renewFailed: failed('renewToken'),
  switchMic: { type: 'media.switchDevice', kind: 'microphone', deviceId: 'x' },
  giveUp: after('RECONNECT_GIVE_UP', 'session.inCall.connection.reconnecting'),
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
  leaveTimeout: after('LEAVE_TIMEOUT', 'session.leaving'),
  rejoin: { type: 'session.rejoin' },
  timeUp: { type: 'clock.tick', now: Date.parse('2100-01-01T00:00:00.000Z') },
  ended: done('endSession', undefined),
  endFailed: failed('endSession'),
  endRetry: after('END_RETRY', 'session.ending.waitingToRetry'),
  endRequest: { type: 'end.request' },
  endCancel: { type: 'end.cancel' },
  endConfirm: { type: 'end.confirm' },
  endedForBoth: done('endForBoth', undefined),
  endForBothFailed: failed('endForBoth'),
  endedByTeacher: { type: 'session.endedByTeacher' },
};

/** What a teacher's path walks: the call and its End for both (the rest is the student's paths' work). */
const TEACHER_PATH_EVENTS = new Set<EventObject>([
  ev.devicesOk,
  ev.grantedTeacher,
  ev.joined,
  ev.mic,
  ev.camera,
  ev.endRequest,
  ev.endCancel,
  ev.endConfirm,
  ev.endedForBoth,
  ev.endForBothFailed,
  ev.left,
]);

/** Which getUserMedia behaviour gives a device check's answer. */
const modeFor = (answer: EventObject | undefined): MediaMode =>
  answer === ev.noCamera ? 'noCamera' : answer === ev.devicesBroken ? 'broken' : 'ok';
/** Whether the student's page is offline at step `i` (between a drop and the way back). */
const offlineAt = (events: EventObject[], i: number) =>
  events.lastIndexOf(ev.reconnecting, i) > Math.max(events.lastIndexOf(ev.reconnected, i), events.lastIndexOf(ev.giveUp, i));
const count = (events: EventObject[], wanted: EventObject) => events.filter((e) => e === wanted).length;

const click = (page: Page, testId: string) => page.getByTestId(testId).click();
/**
 * The notice's button by keyboard: a click on the notice that has just appeared was seen to get lost
 * under load (pressed while the page around it still moved); Enter reaches the focused button.
 */
const press = (page: Page, name: string) => page.getByRole('button', { name }).press('Enter');

/**
 * The provider's "token expires soon", through the fake RTC's e2e fault switch once the call is
 * joined; `before` arranges the renewal's answer then (not earlier: the first token must get through).
 */
async function tokenWillExpire(page: Page, before?: () => Promise<void>) {
  await page.waitForFunction(() => '__noorFakeRtc' in window);
  await before?.();
  await page.evaluate(() => (window as unknown as { __noorFakeRtc: { tokenWillExpire(): void } }).__noorFakeRtc.tokenWillExpire());
}

/** Picks a microphone other than the current one (Chromium's fake devices offer several). */
async function otherMicrophone(page: Page) {
  const picker = page.getByRole('combobox', { name: 'Microphone' });
  const current = await picker.inputValue();
  const values = await picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await picker.selectOption(values.find((v) => v && v !== current)!);
}

async function leave(page: Page) {
  await click(page, 'leave');
  await click(page, 'confirm-leave');
}

/** Opens the session on `page` and waits until it is in the call. */
async function inCall(page: Page, channel: string) {
  await page.goto(`/session/${channel}`);
  await expect(page.getByTestId('live-session')).toHaveAttribute('data-step', 'session');
  await expect(page.getByTestId('end-for-both')).toBeEnabled();
}

/** The teacher's End for both, confirmed, on the teacher's page (in the call already). */
async function endForBoth(page: Page) {
  await click(page, 'end-for-both');
  await click(page, 'confirm-end-for-both');
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
    const asTeacher = events.includes(ev.grantedTeacher);
    // A path where the server refuses the token is walked by a student who is not in the session.
    const token = asTeacher
      ? scene.teacher
      : events.includes(ev.refused)
        ? (await newStudent(request, { phaseId: scene.phaseId })).token
        : scene.student;
    await browserFor(page.context(), token, asTeacher);
    const media = await mediaSwitch(page, modeFor(events[0]));
    // The first join's first message to the relay is dropped, as a join the provider refuses.
    if (events.includes(ev.joinFailed)) await failNext(page, 'sessions/*/fake-rtc', 'network');
    // The end's answers, in order: the server's "not over yet" while its clock lags ours.
    if (events.includes(ev.endFailed)) await failNext(page, 'sessions/*/end', NOT_OVER_YET, 'POST', count(events, ev.endFailed));
    if (events.includes(ev.giveUp)) await page.clock.install();
    await page.goto(`/session/${scene.channel}`);
    let other: Page | undefined;
    const otherPage = async () => {
      if (!other) {
        const context = await page.context().browser()!.newContext();
        await browserFor(context, asTeacher ? scene.student : scene.teacher, !asTeacher);
        other = await context.newPage();
        await preferences(other, { locale: 'en' });
      }
      return other;
    };
    const { channel, student, teacher } = scene;
    return { page, request, channel, student, teacher, media, otherPage, endedEarly: false };
  },
  release: (w) => release(w.request, w.channel, w.student),
  // One scene per path: a refused token and a granted one exclude each other; the time runs out once,
  // while the call is on (leaving takes a moment only, too short to aim a tick at).
  possible: (events) =>
    !(events.includes(ev.refused) && events.includes(ev.granted)) &&
    events.filter((e) => e === ev.timeUp).length <= 1 &&
    !events.some((e, i) => e === ev.timeUp && events[i - 1] === ev.confirm) &&
    // Offline, the student's screen learns nothing of the teacher and gets no new token.
    !events.some((e, i) => [ev.peerJoined, ev.peerLeft, ev.tokenExpiring].includes(e) && offlineAt(events, i)) &&
    // Only the first joins can fail (the relay's first message of the page); without a camera there is no camera to toggle.
    !events.some((e, i) => e === ev.joinFailed && events.slice(0, i).includes(ev.joined)) &&
    !events.some((e, i) => e === ev.camera && events.slice(0, i).includes(ev.audioOnly)) &&
    // A teacher's path walks the call and End for both; on a student's path the teacher is in the call
    // (to end it), so the student never waits for them nor sees them come and go.
    (!events.includes(ev.grantedTeacher) || events.every((e) => TEACHER_PATH_EVENTS.has(e))) &&
    !(events.includes(ev.endedByTeacher) && events.some((e) => [ev.peerJoined, ev.peerLeft, ev.timeUp, ev.reconnecting].includes(e))) &&
    // The teacher ends it once, from inside the call they joined, which the student's screen has joined
    // first (before, it would not be in the call to hear it).
    count(events, ev.endedByTeacher) <= 1 &&
    (!events.includes(ev.endedByTeacher) || events.indexOf(ev.joined) < events.indexOf(ev.endedByTeacher)) &&
    // The server answers the End for both at once: nothing happens on the screen in between.
    events.every(
      (e, i) => e !== ev.endConfirm || [ev.endedForBoth, ev.endForBothFailed].includes(events[i + 1]!) || i === events.length - 1,
    ),
  // Why the session ended matters (only who left may join again), and whose screen it is (only the
  // teacher may end it for both).
  serializeState: (s) => {
    const context = s.context as { endReason: unknown; grant: { role: string } | null };
    return JSON.stringify([s.value, context.endReason, context.grant?.role]);
  },
  events: [
    // The world opens the session page with the devices its first answer needs.
    { event: ev.devicesOk },
    { event: ev.noCamera },
    { event: ev.devicesBroken },
    {
      event: ev.devicesAgain,
      run: async (w, next) => {
        w.media(modeFor(next));
        await press(w.page, 'Try again');
      },
    },
    { event: ev.audioOnly, run: (w) => press(w.page, 'Continue without camera') },
    { event: ev.granted },
    { event: ev.grantedTeacher },
    { event: ev.refused },
    {
      event: ev.retry,
      run: async (w) => {
        await w.page.context().setOffline(false);
        await w.page.getByRole('button', { name: /^(Try again|Join again)$/ }).click();
      },
    },
    { event: ev.joined },
    { event: ev.joinFailed },
    // The provider's warning comes with the renewal's answer: a failing one is arranged before it.
    { event: ev.tokenExpiring, awaits: true },
    { event: ev.renewed, run: (w) => tokenWillExpire(w.page) },
    {
      event: ev.renewFailed,
      run: (w) => tokenWillExpire(w.page, () => failNext(w.page, 'sessions/*/token', 'network')),
    },
    { event: ev.switchMic, run: (w) => otherMicrophone(w.page) },
    { event: ev.giveUp, run: (w) => w.page.clock.runFor(GIVE_UP_MS) },
    { event: ev.peerJoined, run: async (w) => void (await (await w.otherPage()).goto(`/session/${w.channel}`)) },
    { event: ev.peerLeft, run: async (w) => leave(await w.otherPage()) },
    { event: ev.reconnecting, run: (w) => w.page.context().setOffline(true) },
    { event: ev.reconnected, run: (w) => w.page.context().setOffline(false) },
    { event: ev.mic, run: (w) => click(w.page, 'toggle-mic') },
    { event: ev.camera, run: (w) => click(w.page, 'toggle-camera') },
    { event: ev.leave, run: (w) => click(w.page, 'leave') },
    { event: ev.stay, run: (w) => w.page.keyboard.press('Escape') },
    {
      event: ev.confirm,
      run: async (w, next) => {
        // Leaving lasts the machine's 5 s when the relay never answers the goodbye: long enough for the
        // teacher's End for both to land meanwhile.
        if (next === ev.leaveTimeout || next === ev.endedByTeacher) await holdGoodbye(w.page);
        // The teacher comes into the call first, so that their End for both lands within those seconds.
        if (next === ev.endedByTeacher) await inCall(await w.otherPage(), w.channel);
        await click(w.page, 'confirm-leave');
      },
    },
    { event: ev.left },
    { event: ev.leaveTimeout },
    { event: ev.rejoin, run: (w) => w.page.getByRole('button', { name: 'Join again' }).click() },
    // The session was set up to end seconds after it starts: the clock's tick finds the time up by itself.
    { event: ev.timeUp, run: async () => undefined },
    { event: ev.ended },
    { event: ev.endFailed },
    { event: ev.endRetry },
    { event: ev.endRequest, run: (w) => click(w.page, 'end-for-both') },
    { event: ev.endCancel, run: (w) => w.page.getByRole('button', { name: 'Keep teaching' }).click() },
    {
      event: ev.endConfirm,
      run: async (w, next) => {
        if (next === ev.endForBothFailed) await failNext(w.page, 'requests/*/end', 'network');
        await click(w.page, 'confirm-end-for-both');
        // Refused: the call goes on and says why; done: the end screen says who ended it.
        if (next === ev.endForBothFailed) await expect(w.page.getByTestId('end-for-both-failed')).toBeVisible();
        else w.endedEarly = true;
      },
    },
    { event: ev.endedForBoth },
    { event: ev.endForBothFailed },
    // The teacher joins the call (unless in it already) and ends it for both on their page; the
    // student's screen hears it from the request's realtime notice.
    {
      event: ev.endedByTeacher,
      run: async (w) => {
        const teacher = await w.otherPage();
        if (!teacher.url().includes(`/session/${w.channel}`)) await inCall(teacher, w.channel);
        await endForBoth(teacher);
        w.endedEarly = true;
      },
    },
  ],
  states: {
    'session.inCall': async (w) => expect(w.page.getByTestId('live-session')).toHaveAttribute('data-step', 'session'),
    'session.inCall.peer.together': async (w) => expect(w.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'true'),
    'session.inCall.peer.waitingForPeer': async (w) => expect(w.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'false'),
    'session.inCall.connection.reconnecting': async (w) => expect(w.page.getByTestId('reconnecting')).toBeVisible(),
    'session.inCall.leave.confirming': async (w) => expect(w.page.getByRole('dialog', { name: 'Leave the session?' })).toBeVisible(),
    'session.inCall.leave.confirmingEnd': async (w) =>
      expect(w.page.getByRole('dialog', { name: 'End the lesson for both?' })).toBeVisible(),
    permissionDenied: async (w) => expect(w.page.getByRole('heading', { name: 'Camera or microphone not available' })).toBeVisible(),
    failed: async (w) =>
      expect(w.page.getByRole('heading', { name: /^(Could not join the session|The connection was lost)$/ })).toBeVisible(),
    tokenFailed: async (w) => expect(w.page.getByRole('heading', { name: 'You cannot join this session now' })).toBeVisible(),
    ended: async (w) => {
      await expect(w.page.getByTestId('session-ended')).toBeVisible();
      if (w.endedEarly)
        await expect(
          w.page.getByRole('heading', { name: /^(You ended the lesson early for both|The teacher ended the lesson early)$/ }),
        ).toBeVisible();
    },
  },
};
