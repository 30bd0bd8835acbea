// The booking machine through the real UI (model e2e): a new family of two children (free trial, no
// hours) books the demo teacher فاطمة (available all day, two subjects) step by step, for its first child. Each event is once what a person
// does on the teacher's page; a new balance is a reload (the page reads it again; bought hours are
// bought through the fake checkout first). The server's answers to "Send the request" are arranged
// before the click: the same time booked by another student (just taken), the free trial used up
// behind the app's back (402), the request dropped on the network (failed). A time that came too close
// before the confirm is the page's clock moved on. Unreachable from the UI, and so not in the model:
// the duration select offers only valid values, the comment box stops at its limit, and a confirm
// cannot find an empty subject the first step already refused.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createMachine, getNextSnapshot, initialTransition, type AnyStateMachine, type EventObject } from 'xstate';
import { bookingMachine, type BookingContext, type BookingInput } from '../../machines/booking.machine';
import { FailureError } from '../../contract/failure';
import { open, preferences } from '../support/app';
import { addChild, bearer, buyHours, json, newStudent } from '../support/api';
import type { Adapter } from './walker';

const NOW = Date.UTC(2030, 0, 6, 7, 0);
const SLOT = new Date(NOW + 2 * 3600_000).toISOString();
const TEACHER_NAME = 'فاطمة';

interface Teacher {
  id: number;
  subjects: Array<{ id: number }>;
  phases: Array<{ id: number }>;
}

export interface BookingWorld {
  page: Page;
  request: APIRequestContext;
  teacher: Teacher;
  student: string;
  /** The family's second child (the walk books for the first). */
  sibling: number;
  /** The free time picked last on the calendar (UTC ISO). */
  slot: string | null;
  /** What the server is made to answer each "Send the request" of the path that reaches it, in order. */
  answers: Array<string | null>;
}

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as EventObject;
const refusal = (status: number, code: string | null) => new FailureError({ status, code, message: null, fieldErrors: {} });

const ev = {
  /** The first child offered (the family's first child: its id in the model stands for whichever it is). */
  child: { type: 'booking.edit', patch: { childId: '1' } },
  subject: { type: 'booking.edit', patch: { subjectId: '3' } },
  oneHour: { type: 'booking.edit', patch: { durationHours: 1 } },
  twoHours: { type: 'booking.edit', patch: { durationHours: 2 } },
  slot: { type: 'booking.edit', patch: { startsAt: SLOT } },
  comment: { type: 'booking.edit', patch: { comment: 'Tajweed, please' } },
  next: { type: 'booking.next', now: NOW },
  back: { type: 'booking.back' },
  changeChild: { type: 'booking.change', step: 'child' },
  changeSubject: { type: 'booking.change', step: 'subject' },
  changeDuration: { type: 'booking.change', step: 'duration' },
  changeSlot: { type: 'booking.change', step: 'slot' },
  submit: { type: 'booking.submit', now: NOW },
  /** Sent when the chosen time has come too close (the page's clock moved to half an hour before it). */
  lateSubmit: { type: 'booking.submit', now: NOW + 90 * 60_000 },
  packages: { type: 'packages.open' },
  /** The balance the page started with (free trial, no hours): a reload reads it again. */
  sameBalance: { type: 'balance.loaded', balance: { minutes_remaining: 0, free_trial_available: true } },
  bought: { type: 'balance.loaded', balance: { minutes_remaining: 240, free_trial_available: false } },
  sent: done('createRequest', { id: 1 }),
  noHours: failed('createRequest', refusal(402, 'insufficient_hours')),
  taken: failed('createRequest', refusal(409, 'slot_taken')),
  dropped: failed('createRequest', refusal(0, null)),
};

const ANSWERS: Array<[EventObject, string]> = [
  [ev.sent, 'sent'],
  [ev.noHours, 'noHours'],
  [ev.taken, 'taken'],
  [ev.dropped, 'dropped'],
];

const input: BookingInput = {
  teacherId: 9,
  teacher: { subjectIds: [3], timeZone: 'Asia/Qatar', slots: [SLOT], slotsFor: 1, availableNow: false },
  balance: ev.sameBalance.balance,
  children: [
    { id: 1, firstName: 'مريم' },
    { id: 2, firstName: 'سالم' },
  ],
};

const main = (w: BookingWorld) => w.page.locator('main');
const button = (w: BookingWorld, name: string) => main(w).getByRole('button', { name, exact: true });
const stepTitle = (w: BookingWorld) => main(w).locator('.booking-step-title');

/** Waits until the booking form shows (after a load or a reload, the draft restored). */
async function formShown(w: BookingWorld) {
  await expect(w.page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
  await expect(w.page.locator('#root[data-mounted]')).toHaveCount(1);
  await expect(stepTitle(w)).toBeVisible();
}

async function reload(w: BookingWorld) {
  await w.page.reload();
  await formShown(w);
}

/** Clicks a free time some way down the calendar (parallel paths rarely pick the same one). */
async function pickSlot(w: BookingWorld) {
  const cells = main(w).getByRole('grid').getByRole('gridcell');
  await expect(cells.first()).toBeVisible();
  const count = await cells.count();
  const cell = cells.nth(Math.min(count - 1, 30 + Math.floor(Math.random() * Math.max(1, count - 60))));
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  w.slot = await cell.getAttribute('data-slot');
}

/** A booking made through the API (another student's, or this student's behind the app's back). */
async function bookAt(w: BookingWorld, token: string, startsAt: string, childId?: number) {
  return w.request.post('/api/v1/requests', {
    headers: bearer(token),
    data: {
      teacher_id: w.teacher.id,
      subject_id: w.teacher.subjects[0]!.id,
      type: 'schedule',
      starts_at: startsAt,
      duration_hours: 1,
      broadcast: false,
      child_id: childId,
    },
  });
}

/** "Send the request", with the server's answer arranged first (see the module comment). */
async function send(w: BookingWorld) {
  const answer = w.answers.shift() ?? null;
  if (answer === 'taken') {
    const other = (await newStudent(w.request, { phaseId: w.teacher.phases[0]!.id })).token;
    await json(await bookAt(w, other, w.slot!), 'the other student books the same time');
  } else if (answer === 'noHours') {
    const free = await json<{ slots: string[] }>(
      await w.request.get(`/api/v1/teachers/${w.teacher.id}/availability?days=14&duration=1`),
      'availability',
    );
    const elsewhere = free.slots.filter((s) => s !== w.slot).at(-1 - Math.floor(Math.random() * 20))!;
    // For the other child: the free trial is the family's, once.
    await json(await bookAt(w, w.student, elsewhere, w.sibling), 'the free trial used behind the app');
  } else if (answer === 'dropped') {
    await w.page.route('**/api/v1/requests', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  }
  await button(w, 'Send the request').click();
  if (answer === 'dropped') {
    await expect(button(w, 'Send the request')).toBeEnabled();
    await w.page.unrouteAll({ behavior: 'wait' });
  }
}

/** Whether the UI can send the edit in `state`: only where its control is shown, and only when it changes the value. */
function shows(state: string, fields: BookingContext['fields'], event: EventObject): boolean {
  const key = JSON.stringify(event);
  const is = (e: EventObject) => key === JSON.stringify(e);
  if (is(ev.child)) return state === 'child' && fields.childId === '';
  if (is(ev.subject)) return state === 'subject' && fields.subjectId === '';
  if (is(ev.oneHour)) return state === 'duration' && fields.durationHours !== 1;
  if (is(ev.twoHours)) return state === 'duration' && fields.durationHours !== 2;
  if (is(ev.slot)) return state === 'slot';
  if (is(ev.comment)) return (state === 'review' || state === 'failed') && fields.comment === '';
  return false;
}

type Node = { on?: Record<string, unknown> };
/**
 * The machine as the UI can drive it: the same statechart with each state's edits limited to the
 * controls that state shows (the machine itself takes any edit anywhere). Only for planning the paths;
 * coverage counts the real machine's transitions as the app reports them.
 */
const uiMachine = createMachine(
  {
    ...bookingMachine.config,
    states: Object.fromEntries(
      Object.entries(bookingMachine.config.states as Record<string, Node>).map(([state, node]) => {
        const edit = node.on?.['booking.edit'] as object | undefined;
        if (!edit) return [state, node];
        const guard = ({ context, event }: { context: BookingContext; event: EventObject }) => shows(state, context.fields, event);
        return [state, { ...node, on: { ...node.on, 'booking.edit': { ...edit, guard } } }];
      }),
    ),
  } as never,
  bookingMachine.implementations as never,
) as unknown as AnyStateMachine;

/** Paths the real system walks like the model: the model's balance stays the server's. */
function possible(events: EventObject[]): boolean {
  let s = initialTransition(uiMachine, input)[0];
  let bought = false;
  let trialUsed = false;
  for (const event of events) {
    if (event === ev.bought) {
      if (bought) return false;
      bought = true;
    }
    // After a purchase or the trial used behind its back, the page's balance is no longer the first one.
    if (event === ev.sameBalance && (bought || trialUsed)) return false;
    if (event === ev.noHours) {
      if (bought) return false;
      trialUsed = true;
    }
    if (trialUsed && !bought && event === ev.submit) return false;
    // The page's clock stays moved: nothing after it.
    if (event !== events.at(-1) && JSON.stringify(event) === JSON.stringify(ev.lateSubmit)) return false;
    s = getNextSnapshot(uiMachine, s, event);
  }
  return true;
}

async function demoTeacher(request: APIRequestContext): Promise<Teacher> {
  const list = await json<Array<{ id: number }>>(
    await request.get(`/api/v1/teachers?search=${encodeURIComponent(TEACHER_NAME)}`, { headers: { 'Accept-Language': 'ar' } }),
    'teachers',
  );
  return json<Teacher>(await request.get(`/api/v1/teachers/${list[0]!.id}`), 'teacher');
}

export const bookingAdapter: Adapter<BookingWorld> = {
  id: 'booking',
  machine: uiMachine,
  input,
  // The guards read the fields and the balance: states differing there are different states.
  serializeState: (s) => {
    const { fields, balance } = s.context as BookingContext;
    return JSON.stringify([
      s.value,
      fields.childId,
      fields.subjectId,
      fields.durationHours,
      fields.startsAt,
      fields.comment,
      balance?.minutes_remaining,
    ]);
  },
  async world(page, request, events) {
    const teacher = await demoTeacher(request);
    const student = (await newStudent(request, { phaseId: teacher.phases[0]!.id })).token;
    // A family of two: the booking asks which child first.
    const sibling = await addChild(request, student, { firstName: 'سالم', phaseId: teacher.phases[0]!.id });
    const answers = events.flatMap((e, i) => (e === ev.submit ? [ANSWERS.find(([a]) => a === events[i + 1])?.[1] ?? null] : []));
    const world: BookingWorld = { page, request, teacher, student, sibling, slot: null, answers };
    await page.context().addCookies([{ name: 'ng-token', value: student, url: process.env.E2E_BASE_URL! }]);
    await preferences(page, { locale: 'en' });
    await open(page, `/teachers/${teacher.id}`);
    await formShown(world);
    return world;
  },
  possible,
  events: [
    { event: ev.child, run: (w) => main(w).getByRole('radio').first().check() },
    {
      event: ev.subject,
      run: (w) =>
        main(w)
          .getByRole('combobox', { name: 'Subject' })
          .selectOption({ index: 1 })
          .then(() => undefined),
    },
    {
      event: ev.oneHour,
      run: (w) =>
        main(w)
          .getByRole('combobox', { name: 'Duration' })
          .selectOption('1')
          .then(() => undefined),
    },
    {
      event: ev.twoHours,
      run: (w) =>
        main(w)
          .getByRole('combobox', { name: 'Duration' })
          .selectOption('2')
          .then(() => undefined),
    },
    { event: ev.slot, run: pickSlot },
    { event: ev.comment, run: (w) => main(w).getByRole('textbox', { name: 'Comment' }).fill('Tajweed, please') },
    { event: ev.next, run: (w) => button(w, 'Next').click() },
    { event: ev.back, run: (w) => button(w, 'Back').click() },
    { event: ev.changeChild, run: (w) => button(w, 'Change: Child').click() },
    { event: ev.changeSubject, run: (w) => button(w, 'Change: Subject').click() },
    { event: ev.changeDuration, run: (w) => button(w, 'Change: Duration').click() },
    { event: ev.changeSlot, run: (w) => button(w, 'Change: Time').click() },
    { event: ev.submit, run: send },
    {
      event: ev.lateSubmit,
      run: async (w) => {
        await w.page.clock.setSystemTime(Date.parse(w.slot!) - 30 * 60_000);
        await button(w, 'Send the request').click();
      },
    },
    {
      event: ev.packages,
      run: async (w) => {
        await button(w, 'See the packages').click();
        await expect(w.page).toHaveURL(/\/packages$/);
        await w.page.goBack();
        await formShown(w);
      },
    },
    { event: ev.sameBalance, run: reload },
    {
      event: ev.bought,
      run: async (w) => {
        await buyHours(w.request, w.student);
        await reload(w);
      },
    },
    // The server's answers: arranged by the submit's action (send), which the click already brings.
    { event: ev.sent },
    { event: ev.noHours },
    { event: ev.taken },
    { event: ev.dropped },
  ],
  states: {
    child: async (w) => expect(stepTitle(w)).toHaveText('Who is this lesson for?'),
    subject: async (w) => expect(stepTitle(w)).toHaveText('Which subject?'),
    duration: async (w) => expect(stepTitle(w)).toHaveText('How long?'),
    slot: async (w) => expect(stepTitle(w)).toHaveText('When?'),
    review: async (w) => {
      await expect(stepTitle(w)).toHaveText('Check and send');
      await expect(button(w, 'See the packages')).toHaveCount(0);
    },
    failed: async (w) => expect(stepTitle(w)).toHaveText('Check and send'),
    needsPackage: async (w) => expect(button(w, 'See the packages')).toBeVisible(),
    submitted: async (w) => expect(w.page).toHaveURL(/\/session-details\/\d+$/),
  },
};
