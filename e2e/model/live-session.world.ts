// The scene of a live-session model path (live-session.adapter.ts): a student with an approved urgent
// session with a demo teacher, made through the API, and the browser-side switches a path needs —
// what the student's camera and microphone do (getUserMedia refused or broken, patched into the page
// by the test only) and a leave whose goodbye to the fake RTC relay never gets an answer.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { bearer, json, newStudent } from '../support/api';

const TEACHER_PASSWORD = 'Noor1234';

/** What getUserMedia does on the student's page: works, refuses the camera, or fails (device busy). */
export type MediaMode = 'ok' | 'noCamera' | 'broken';

/** Rounds over the eight demo teachers before giving up, half a second apart (a released session ends within a second). */
const ROUNDS = 10;

/**
 * A student with an approved urgent session with one of the eight demo teachers (the next free one
 * from `n`). There are more paths than teachers: each path releases its teacher when it is done.
 */
export async function setUp(request: APIRequestContext, n: number, seconds: number) {
  for (let k = 0; k < 8 * ROUNDS; k++) {
    if (k > 0 && k % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const phone = `+974551000${String(1 + ((n + k) % 8)).padStart(2, '0')}`;
    const teacher = (
      await json<{ token: string }>(
        await request.post('/api/v1/instructor/auth/login', { data: { login: phone, password: TEACHER_PASSWORD } }),
        'teacher login',
      )
    ).token;
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
    const detail = await json<{ channel_name: string }>(
      await request.get(`/api/v1/requests/${booked.id}`, { headers: bearer(student) }),
      'detail',
    );
    await json(
      await request.post(`/api/v1/sessions/${detail.channel_name}/test/ends-in`, { headers: bearer(student), data: { seconds } }),
      'ends-in',
    );
    return { channel: detail.channel_name, student, teacher, phaseId: profile.phases[0]!.id };
  }
  throw new Error('no demo teacher is free for an urgent session');
}

/** Ends the path's session within a second (the least the test route allows), which frees its teacher. */
export async function release(request: APIRequestContext, channel: string, student: string): Promise<void> {
  // A session that is over already answers with a refusal: nothing to give back then.
  await request.post(`/api/v1/sessions/${channel}/test/ends-in`, { headers: bearer(student), data: { seconds: 1 } });
}

export async function browserFor(context: BrowserContext, token: string, teacher: boolean) {
  const baseURL = process.env.E2E_BASE_URL!;
  await context.addCookies([
    { name: 'ng-token', value: token, url: baseURL },
    ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : []),
  ]);
  await context.grantPermissions(['camera', 'microphone']);
}

/**
 * Puts the page's getUserMedia under the test's control: Chromium's fake devices always answer, so a
 * refusal is the browser's own error (NotAllowedError for the camera, AbortError for a busy device)
 * thrown in front of them. Returns the switch; the mode is read at every call.
 */
export async function mediaSwitch(page: Page, initial: MediaMode): Promise<(mode: MediaMode) => void> {
  let mode = initial;
  await page.exposeFunction('__noorE2eMediaMode', () => mode);
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    const real = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const current = await (window as unknown as { __noorE2eMediaMode: () => Promise<string> }).__noorE2eMediaMode();
      if (current === 'broken') throw new DOMException('Could not start the device', 'AbortError');
      if (current === 'noCamera' && constraints?.video) throw new DOMException('Permission denied', 'NotAllowedError');
      return real(constraints);
    };
  });
  return (next) => void (mode = next);
}

/** The relay never answers this page's goodbye (`present: false`), so leaving waits for its timeout. */
export async function holdGoodbye(page: Page): Promise<void> {
  await page.route('**/api/v1/sessions/*/fake-rtc', async (route) => {
    if ((route.request().postDataJSON() as { present?: boolean } | null)?.present !== false) return route.fallback();
    // Answered (dropped) only well after the 5 s the machine waits; the page may be gone by then.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    await route.abort('timedout').catch(() => undefined);
  });
}
