// The request machine through the real UI and API (model e2e). The machine is the server's authority
// (the app asks it only which buttons to show): every event is `server`, and the walk counts the
// transitions of the server's copy from the server's answers, each checked against the machine (the
// status answered must be where the machine takes the request; a targetless step must show its effect:
// an offer declined, a start moved, a proposal made or answered, a room opened, a rating kept).
//
// The page under test is the student's request, open on /requests/all/all/<id>: it follows every
// change over the student's private channel, and its card's status badge and buttons are checked at
// every state. The student cancels there (the card's button and its confirm dialog); the teachers act
// through the API. A path's world is made through the API: a new student and a request — scheduled
// days ahead (at a start of its own per path) with demo teacher 8, or a broadcast addressed to demo
// teacher 6 and offered to teacher 7 too (and any other teacher of the level) when the path declines
// one offer of several or joins straight after the approval — that approval is the broadcast race:
// both teachers approve at once, exactly one counts, the other is refused.
// The session's time comes into "now" through the fake RTC's test switch (`test/ends-in`) for join, end
// and finish. Not walked: `expire` and `reschedule_lapse` — the sweep's clock, which no switch moves.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { getNextSnapshot, initialTransition, type EventObject } from 'xstate';
import { requestMachine, statusOf, type RequestContext, type RequestSnapshot, type RequestStatus } from '../../machines/request.machine';
import { transitionId } from '../../src/domain/transition-id';
import { open, preferences } from '../support/app';
import { bearer, json, newStudent } from '../support/api';
import type { Adapter } from './walker';

const PASSWORD = 'Noor1234';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Demo teachers: 6 and 7 share English at the preparatory level (the broadcast); 8 takes the scheduled paths. */
const BROADCAST_TEACHERS = ['+97455100006', '+97455100007'] as const;
const SCHEDULED_TEACHER = '+97455100008';

// The model's clock: a request made at T for a start three days later, one hour long.
const T = 1_000_000_000_000;
const S = T + 3 * DAY;
const INPUT: RequestContext = {
  type: 'schedule',
  broadcast: false,
  startsAt: S,
  endsAt: S + HOUR,
  expiresAt: S,
  rated: false,
  proposal: null,
};
const student = { role: 'student', party: true } as const;
const teacher = { role: 'teacher', party: true } as const;

const ev = {
  approve: { type: 'approve', actor: teacher, now: T },
  /** The last open offer declined: rejected. */
  reject: { type: 'reject', actor: teacher, now: T, openOffers: 1 },
  /** One offered teacher of a broadcast declines; the other still holds it. */
  declineOffer: { type: 'reject', actor: teacher, now: T, openOffers: 2 },
  cancel: { type: 'cancel', actor: student, now: T },
  teacherCancel: { type: 'cancel', actor: teacher, now: T },
  /** The student moves a pending request (or, approved, proposes a new start). */
  move: { type: 'reschedule', actor: student, now: T, startsAt: S + DAY },
  /** The teacher proposes a new start for the approved session. */
  propose: { type: 'reschedule', actor: teacher, now: T, startsAt: S + DAY },
  accept: { type: 'reschedule_accept', actor: student, now: T },
  decline: { type: 'reschedule_decline', actor: student, now: T },
  join: { type: 'join', actor: student, now: S - 5 * 60_000 },
  end: { type: 'end', actor: teacher, now: S + 10 * 60_000 },
  finish: { type: 'finish', now: S + 2 * HOUR },
  rate: { type: 'rate', actor: student, now: T },
};

interface Teacher {
  id: number;
  token: string;
}

interface Detail {
  status: RequestStatus;
  starts_at: string;
  channel_name: string | null;
  proposal?: { starts_at: string; by: 'student' | 'teacher' } | null;
  evaluation: { rating: number } | null;
  actions: string[];
}

export interface RequestWorld {
  page: Page;
  request: APIRequestContext;
  student: { token: string };
  /** Who the request is addressed to; for a broadcast, also the other offered teacher. */
  teacher: Teacher;
  other: Teacher | null;
  broadcast: boolean;
  /** The addressed teacher declined the broadcast's offer. */
  declined: boolean;
  /** Who approved it (a broadcast: the race's winner); the session's teacher after. */
  approver: Teacher | null;
  id: number;
  /** The model's snapshot and the server's last answer. */
  model: RequestSnapshot;
  detail: Detail;
  /** The session was brought into "now" (join, end). */
  running: boolean;
  serverTaken: string[];
}

async function teacherLogin(request: APIRequestContext, phone: string): Promise<Teacher> {
  const { token } = await json<{ token: string }>(
    await request.post('/api/v1/instructor/auth/login', { data: { login: phone, password: PASSWORD } }),
    'teacher login',
  );
  const { id } = await json<{ id: number }>(await request.get('/api/v1/profile', { headers: bearer(token) }), 'teacher profile');
  // Open all week, so a booking works whatever time the walk runs.
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
  await json(await request.patch('/api/v1/profile', { headers: bearer(token), data: { working_hours: hours } }), 'working hours');
  return { id, token };
}

async function teacherCard(request: APIRequestContext, id: number) {
  return json<{ subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(await request.get(`/api/v1/teachers/${id}`), 'teacher');
}

async function detailOf(w: RequestWorld): Promise<Detail> {
  return json<Detail>(await w.request.get(`/api/v1/requests/${w.id}`, { headers: bearer(w.student.token) }), 'request detail');
}

/**
 * The server answered `detail` after `event`: the machine must take the request to that status from
 * where it was; its transitions are the server's copy's (a targetless step's mark is checked by its run).
 */
function credit(w: RequestWorld, event: EventObject, detail: Detail) {
  const taken = requestMachine.getTransitionData(w.model, event as never).map((t) => transitionId(t));
  expect(taken.length, `the machine takes ${event.type} in ${String(w.model.value)}`).toBeGreaterThan(0);
  const next = getNextSnapshot(requestMachine, w.model, event as never);
  expect(`${String(w.model.value)} → ${detail.status}`).toBe(`${String(w.model.value)} → ${statusOf(next)}`);
  w.serverTaken.push(...taken);
  w.model = next;
  w.detail = detail;
}

/** A teacher's change through the API; answers the request as the student then reads it. */
async function asTeacher(w: RequestWorld, who: Teacher, path: string, data: unknown = {}): Promise<Detail> {
  await json(await w.request.post(`/api/v1/requests/${w.id}/${path}`, { headers: bearer(who.token), data }), `teacher ${path}`);
  return detailOf(w);
}

async function asStudent(w: RequestWorld, path: string, data: unknown = {}): Promise<Detail> {
  return json<Detail>(
    await w.request.post(`/api/v1/requests/${w.id}/${path}`, { headers: bearer(w.student.token), data }),
    `student ${path}`,
  );
}

/** Brings the session into "now": it ends in `seconds` (the fake RTC's test switch, as a participant). */
async function endsIn(w: RequestWorld, seconds: number) {
  const channel = w.detail.channel_name;
  expect(channel, 'an approved session has its channel').toBeTruthy();
  await json(
    await w.request.post(`/api/v1/sessions/${channel}/test/ends-in`, { headers: bearer(w.student.token), data: { seconds } }),
    'ends-in',
  );
}

const card = (w: RequestWorld) => w.page.getByRole('region', { name: 'The request you opened' }).getByTestId(`request-${w.id}`);
const badge = (w: RequestWorld) => card(w).locator('.request-status');
const action = (w: RequestWorld, name: string) => card(w).locator(`[data-action="${name}"]`);

/** The open page follows the request over the private channel: its badge says `status`. */
async function shows(w: RequestWorld, status: RequestStatus) {
  await expect(badge(w)).toHaveAttribute('data-status', status, { timeout: 15_000 });
}

const SINGLE_TEACHER_ONLY = new Set<EventObject>([ev.move, ev.propose, ev.accept, ev.decline, ev.teacherCancel]);
const RUNNING = new Set<EventObject>([ev.join, ev.end, ev.finish, ev.rate]);

/**
 * Paths the real system walks: once the session runs (join, end, finish), only the session's own
 * steps follow (its start has passed); a broadcast (the path declines one offer) cannot be moved,
 * and its offers are not all declined one by one here (other teachers of the level may hold one).
 */
function possible(events: EventObject[]): boolean {
  const ran = events.findIndex((e) => e === ev.join || e === ev.end || e === ev.finish);
  if (ran >= 0 && events.slice(ran).some((e) => !RUNNING.has(e))) return false;
  const broadcast = events.includes(ev.declineOffer);
  if (!broadcast) return true;
  return (
    events.filter((e) => e === ev.declineOffer).length === 1 &&
    !events.includes(ev.reject) &&
    !events.some((e) => SINGLE_TEACHER_ONLY.has(e))
  );
}

let slot = 0;

export const requestAdapter: Adapter<RequestWorld> = {
  id: 'request',
  machine: requestMachine,
  input: INPUT,
  possible,
  timeout: 90_000,
  async world(page, request, events, index) {
    // A broadcast where the path declines one offer, and where it joins straight after the approval:
    // that approval is the race.
    const broadcast = events.includes(ev.declineOffer) || (events[0] === ev.approve && events[1] === ev.join);
    // A start of its own per path (and per retry): three days ahead, two hours apart, on the hour.
    const start = new Date(Date.now() + 3 * DAY + (index * 2 + slot++ * 40) * HOUR);
    start.setUTCMinutes(0, 0, 0);
    let teacherOf: Teacher;
    let other: Teacher | null = null;
    let body: Record<string, unknown>;
    let phaseId: number;
    if (broadcast) {
      const [a, b] = await Promise.all(BROADCAST_TEACHERS.map((p) => teacherLogin(request, p)));
      const [cardA, cardB] = await Promise.all([teacherCard(request, a!.id), teacherCard(request, b!.id)]);
      const subjectId = cardA.subjects.map((s) => s.id).find((id) => cardB.subjects.some((s) => s.id === id))!;
      phaseId = cardA.phases.map((p) => p.id).find((id) => cardB.phases.some((p) => p.id === id))!;
      teacherOf = a!;
      other = b!;
      body = {
        type: 'schedule',
        teacher_id: a!.id,
        subject_id: subjectId,
        duration_hours: 1,
        starts_at: start.toISOString(),
        broadcast: true,
      };
    } else {
      teacherOf = await teacherLogin(request, SCHEDULED_TEACHER);
      const c = await teacherCard(request, teacherOf.id);
      phaseId = c.phases[0]!.id;
      body = {
        type: 'schedule',
        teacher_id: teacherOf.id,
        subject_id: c.subjects[0]!.id,
        duration_hours: 1,
        starts_at: start.toISOString(),
      };
    }
    const { token } = await newStudent(request, { phaseId });
    const made = await json<{ id: number }>(
      await request.post('/api/v1/requests', { headers: bearer(token), data: { broadcast: false, ...body } }),
      'book',
    );
    await page.context().addCookies([{ name: 'ng-token', value: token, url: process.env.E2E_BASE_URL! }]);
    await preferences(page, { locale: 'en' });
    const w: RequestWorld = {
      page,
      request,
      student: { token },
      teacher: teacherOf,
      other,
      broadcast,
      declined: false,
      approver: null,
      id: made.id,
      model: initialTransition(requestMachine, INPUT)[0],
      detail: { status: 'pending', starts_at: '', channel_name: null, evaluation: null, actions: [] },
      running: false,
      serverTaken: [],
    };
    w.detail = await detailOf(w);
    await open(page, `/requests/all/all/${w.id}`);
    await shows(w, 'pending');
    return w;
  },
  // A session brought into "now" is ended, so the teacher is free for the other walks.
  async release(w) {
    if (w.running && w.detail.status === 'approved') {
      await endsIn(w, 1);
      await new Promise((r) => setTimeout(r, 1_200));
      await w.request.post(`/api/v1/sessions/${w.detail.channel_name}/end`, { headers: bearer(w.student.token) });
    }
  },
  serverTaken: (w) => w.serverTaken,
  events: [
    {
      event: ev.approve,
      server: true,
      run: async (w) => {
        // A broadcast still offered to both: the race — both approve at once, exactly one counts.
        const racing = !w.broadcast ? [w.teacher] : w.declined ? [w.other!] : [w.teacher, w.other!];
        const answers = await Promise.all(
          racing.map((t) => w.request.post(`/api/v1/requests/${w.id}/approve`, { headers: bearer(t.token) })),
        );
        expect(answers.filter((a) => a.ok()).length, 'exactly one approval counts').toBe(1);
        for (const a of answers) if (!a.ok()) expect([404, 409]).toContain(a.status());
        w.approver = racing[answers.findIndex((a) => a.ok())]!;
        credit(w, ev.approve, await detailOf(w));
      },
    },
    {
      event: ev.reject,
      server: true,
      run: async (w) => credit(w, ev.reject, await asTeacher(w, w.teacher, 'reject', { reason: 'Not available then' })),
    },
    {
      event: ev.declineOffer,
      server: true,
      run: async (w) => {
        // The addressed teacher declines; the broadcast stays pending, offered to the other.
        const detail = await asTeacher(w, w.teacher, 'reject', {});
        expect(detail.status).toBe('pending');
        w.declined = true;
        credit(w, ev.declineOffer, detail);
      },
    },
    {
      event: ev.cancel,
      server: true,
      // The student's own button on the open page, and its confirm dialog.
      run: async (w) => {
        await action(w, 'cancel').click();
        await w.page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
        await shows(w, 'canceled');
        credit(w, ev.cancel, await detailOf(w));
      },
    },
    {
      event: ev.teacherCancel,
      server: true,
      run: async (w) => credit(w, ev.teacherCancel, await asTeacher(w, w.approver!, 'cancel', { reason: 'I am ill that day' })),
    },
    {
      event: ev.move,
      server: true,
      run: async (w) => {
        const to = new Date(Date.parse(w.detail.starts_at) + HOUR).toISOString();
        const detail = await asStudent(w, 'reschedule', { starts_at: to });
        // Pending: the start moved; approved: a proposal of the student's, the time holding.
        if (detail.status === 'pending') expect(Date.parse(detail.starts_at)).toBe(Date.parse(to));
        else expect(detail.proposal).toMatchObject({ by: 'student' });
        credit(w, ev.move, detail);
      },
    },
    {
      event: ev.propose,
      server: true,
      run: async (w) => {
        const to = new Date(Date.parse(w.detail.starts_at) + HOUR).toISOString();
        const detail = await asTeacher(w, w.approver!, 'reschedule', { starts_at: to });
        expect(detail.proposal).toMatchObject({ by: 'teacher' });
        expect(Date.parse(detail.proposal!.starts_at)).toBe(Date.parse(to));
        credit(w, ev.propose, detail);
      },
    },
    {
      event: ev.accept,
      server: true,
      run: async (w) => {
        const proposed = w.detail.proposal!.starts_at;
        const detail = await asStudent(w, 'reschedule/accept');
        expect(detail.proposal ?? null).toBeNull();
        expect(Date.parse(detail.starts_at)).toBe(Date.parse(proposed));
        credit(w, ev.accept, detail);
      },
    },
    {
      event: ev.decline,
      server: true,
      run: async (w) => {
        const kept = w.detail.starts_at;
        const detail = await asStudent(w, 'reschedule/decline');
        expect(detail.proposal ?? null).toBeNull();
        expect(detail.starts_at).toBe(kept);
        credit(w, ev.decline, detail);
      },
    },
    {
      event: ev.join,
      server: true,
      run: async (w) => {
        // The session ends in 10 minutes (it started 50 minutes ago): the room is open, the student gets in.
        await endsIn(w, 600);
        w.running = true;
        const grant = await w.request.post(`/api/v1/sessions/${w.detail.channel_name}/token`, { headers: bearer(w.student.token) });
        expect(grant.ok(), await grant.text()).toBe(true);
        credit(w, ev.join, await detailOf(w));
      },
    },
    {
      event: ev.end,
      server: true,
      run: async (w) => {
        if (!w.running) await endsIn(w, 600);
        w.running = true;
        credit(w, ev.end, await asTeacher(w, w.approver!, 'end'));
      },
    },
    {
      event: ev.finish,
      server: true,
      run: async (w) => {
        // Its time is up: it ends in a second, then a participant's "the session is over" settles it.
        await endsIn(w, 1);
        w.running = true;
        await expect
          .poll(
            async () =>
              (await w.request.post(`/api/v1/sessions/${w.detail.channel_name}/end`, { headers: bearer(w.student.token) })).status(),
            { timeout: 10_000 },
          )
          .toBe(200);
        credit(w, ev.finish, await detailOf(w));
        // The student comes back to the request from the call's end (that answer is not announced on
        // the private channel; the sweep's timer would announce it): the page as opened again.
        await open(w.page, `/requests/all/all/${w.id}`);
      },
    },
    {
      event: ev.rate,
      server: true,
      run: async (w) => {
        const detail = await asStudent(w, 'evaluation', { rating: 5, comment: 'Clear and patient' });
        expect(detail.evaluation).toMatchObject({ rating: 5 });
        credit(w, ev.rate, detail);
      },
    },
  ],
  states: {
    pending: async (w) => {
      await shows(w, 'pending');
      // The student may cancel a pending request, never approve it.
      await expect(action(w, 'cancel')).toBeVisible();
      await expect(action(w, 'approve')).toHaveCount(0);
    },
    approved: async (w) => {
      await shows(w, 'approved');
      await expect(action(w, 'approve')).toHaveCount(0);
    },
    rejected: async (w) => {
      await shows(w, 'rejected');
      await expect(action(w, 'cancel')).toHaveCount(0);
    },
    canceled: async (w) => {
      await shows(w, 'canceled');
      await expect(action(w, 'cancel')).toHaveCount(0);
    },
    finished: async (w) => {
      await shows(w, 'finished');
      await expect(action(w, 'cancel')).toHaveCount(0);
    },
  },
};
