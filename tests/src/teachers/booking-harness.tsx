// The booking form's test bench, shared by its specs: a teacher available all week,
// a fake server (free times from `scene.slots`, "now" from `scene.availableNow`, every other call
// answered with `scene.reply`), the form rendered in a router and a query client, and the steps a
// student walks through to reach the calendar and the review.
import { cleanup, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import type { TeacherDetail } from '../../../contract/teachers';
import type { BookingChild } from '../../../machines/booking.machine';
import { BookingForm } from '../../../src/features/booking/booking-form';
import { fatima } from './fixtures';
import { renderRouted, type Reply } from '../helpers';

const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
/** Fatima of the teachers list, available all week, as her page gives her to the booking form. */
export const teacher: TeacherDetail = {
  ...fatima,
  phases: [],
  working_hours: allWeek,
  rating: { average: 0, count: 0 },
  evaluations: [],
  busy: [],
  time_zone: 'Asia/Qatar',
};

export const detail = (id: number) => ({
  message: 'ok',
  data: {
    id,
    type: 'schedule',
    status: 'pending',
    subject: { id: 1, name: 'Quran' },
    teacher: { id: 3, first_name: 'Fatima', last_name: 'Al-Kaabi' },
    student: { id: 8, first_name: 'Sara', last_name: 'Ali' },
    child: { id: 7, first_name: 'Sara', last_name: 'Ali', phase: { id: 4, name: 'Grade 4' } },
    starts_at: '2030-01-01T10:00:00.000Z',
    ends_at: '2030-01-01T11:00:00.000Z',
    duration_hours: 1,
    broadcast: false,
    offered: false,
    taken_by_other: false,
    created_at: '2030-01-01T08:00:00.000Z',
    actions: ['cancel'],
    comment: null,
    preferred_gender: null,
    paid_with: 'hours',
    history: [],
    deadlines: { cancel_free_until: null, join_opens_at: '2030-01-01T09:50:00.000Z', expires_at: '2030-01-01T10:00:00.000Z' },
    channel_name: null,
    evaluation: null,
  },
});

/** What the fake server answers; reset by `resetScene` before each test. */
export const scene: { reply: Reply; slots: string[]; availableNow: boolean; from: string; to: string } = {
  reply: { status: 500, json: {} },
  slots: [],
  availableNow: true,
  from: '',
  to: '',
};
const HOUR = 3_600_000;
/** A start on the half-hour grid at least `hours` from now. */
export const gridAt = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / (30 * 60_000)) * 30 * 60_000).toISOString();

function availability(duration = 1) {
  const { slots, from, to, availableNow } = scene;
  return {
    message: 'ok',
    data: {
      teacher_id: 3,
      time_zone: 'Asia/Qatar',
      duration_hours: duration,
      from,
      to,
      slots,
      available_now: availableNow,
      no_working_hours: false,
    },
  };
}

function resetScene(): void {
  sessionStorage.clear();
  localStorage.clear();
  Object.assign(scene, {
    reply: { status: 201, json: detail(55) },
    slots: [gridAt(2), gridAt(3), gridAt(26)],
    availableNow: false,
    from: '',
    to: '',
  });
}

/** For a spec file: the scene reset before each test; after it, unmounted, the real fetch back, no page direction left. */
export function resetSceneAroundEach(): void {
  beforeEach(resetScene);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.documentElement.dir = '';
  });
}

export async function renderForm(
  balance = { minutes_remaining: 600, free_trial_available: false },
  locale: 'en' | 'ar' = 'en',
  studentKey = '8',
  children: BookingChild[] | null = null,
  before: string[] = [],
) {
  const onBooked = vi.fn();
  const onOpenPackages = vi.fn();
  const { calls, onError, unmount, user, router } = renderRouted({
    component: () => (
      <BookingForm
        studentKey={studentKey}
        teacher={teacher}
        balance={balance}
        children={children}
        onBooked={onBooked}
        onOpenPackages={onOpenPackages}
      />
    ),
    locale,
    before,
    route: (url, method) => {
      if (method === 'GET' && url.includes('/availability'))
        return { status: 200, json: availability(Number(/duration=(\d)/.exec(url)?.[1] ?? 1)) };
      return scene.reply;
    },
  });
  // The first step, or the step a restored draft was in.
  await screen.findByRole('button', { name: /^(Next|Send the request|التالي|إرسال الطلب)$/ });
  return { calls, onBooked, onOpenPackages, onError, unmount, user, router };
}

export type User = ReturnType<typeof userEvent.setup>;
export const next = (user: User, name = 'Next') => user.click(screen.getByRole('button', { name }));
/** Subject and duration chosen with "Next": the calendar step. */
export async function toSlots(user: User, subject = '1', duration = '1', nextName = 'Next') {
  await user.selectOptions(screen.getByRole('combobox'), subject);
  await next(user, nextName);
  await user.selectOptions(await screen.findByRole('combobox'), duration);
  await next(user, nextName);
}
/** A free time clicked and "Next": the review step. */
export async function toReview(user: User, cell: number, subject = '1', duration = '1') {
  await toSlots(user, subject, duration);
  await user.click((await cells())[cell]!);
  await next(user);
  await screen.findByRole('button', { name: 'Send the request' });
}

export const cells = async () => within(await screen.findByRole('grid')).getAllByRole('gridcell');
export const posts = <T extends { method: string }>(calls: T[]) => calls.filter((c) => c.method === 'POST');
