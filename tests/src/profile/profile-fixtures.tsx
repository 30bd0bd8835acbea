// The profile screen's test bench: a student and a teacher as GET v1/profile returns them, the reference
// lists, the API as these tests answer it (changeable per test through `replies`), the page rendered
// in a router with a packages route, and a stand-in XMLHttpRequest for the document upload's progress.
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { vi } from 'vitest';
import type { ProfileDetails } from '../../../contract/profile';
import { ProfilePage } from '../../../src/features/profile/profile-page';
import { renderRouted, type RecordedCall, type Reply } from '../helpers';

const phases = [
  { id: 1, name: 'KG 1', code: 'kg1', stage: 'kindergarten', grade: null },
  { id: 2, name: 'Grade 1', code: 'g1', stage: 'primary', grade: 1 },
  { id: 3, name: 'Grade 2', code: 'g2', stage: 'primary', grade: 2 },
];
const subjects = [
  { id: 1, name: 'Quran', code: 'quran' },
  { id: 2, name: 'Mathematics', code: 'math' },
];
const countries = [
  { code: 'QA', name: 'Qatar', dial_code: '+974', arab_league: true },
  { code: 'EG', name: 'Egypt', dial_code: '+20', arab_league: true },
];
/** The reference lists carry the name in both languages as well (contract/reference.ts). */
const named = <T extends { name: string }>(list: T[]) => list.map((x) => ({ ...x, name_ar: x.name, name_en: x.name }));
const noDocs = { id_front: null, id_back: null, qualification_scan: null };

export const student: ProfileDetails = {
  id: 7,
  is_teacher: false,
  status: null,
  review_reason: null,
  has_free_session: true,
  profile_complete: true,
  first_name: 'سارة',
  second_name: null,
  last_name: 'الأنصاري',
  phone: '+97455123456',
  email: null,
  gender: 'female',
  phase_id: 2,
  country_code: 'QA',
  country: { code: 'QA', name: 'Qatar' },
  birth_date: null,
  experience_years: null,
  qualification: null,
  phases: [{ id: 2, name: 'Grade 1' }],
  subjects: [],
  description: null,
  documents: noDocs,
  working_hours: [],
  time_zone: 'Asia/Qatar',
  document_files: noDocs,
};

export const teacher: ProfileDetails = {
  ...student,
  id: 9,
  is_teacher: true,
  status: 'active',
  has_free_session: false,
  first_name: 'خالد',
  second_name: 'عبدالله',
  last_name: 'النعيمي',
  phone: '+97455100001',
  email: 'khalid@example.com',
  gender: 'male',
  phase_id: null,
  birth_date: '1990-05-17',
  experience_years: 7,
  qualification: 'master',
  phases: [{ id: 2, name: 'Grade 1' }],
  subjects: [{ id: 1, name: 'Quran' }],
  description: 'معلم قرآن',
  documents: { id_front: '/api/v1/files/a', id_back: '/api/v1/files/b', qualification_scan: '/api/v1/files/c' },
  working_hours: [{ weekday: 0, start_time: '09:00', end_time: '12:00' }],
  document_files: {
    id_front: { url: '/api/v1/files/a', name: 'id_front.png', uploaded_at: '2026-01-01T00:00:00.000Z' },
    id_back: { url: '/api/v1/files/b', name: 'id_back.jpg', uploaded_at: '2026-01-01T00:00:00.000Z' },
    qualification_scan: { url: '/api/v1/files/c', name: 'qualification_scan.pdf', uploaded_at: '2026-01-01T00:00:00.000Z' },
  },
};

/** What the fake API answers; a test changes it before rendering, `resetReplies` restores it. */
export const replies: { current: ProfileDetails; patch: Reply; documents: Reply } = {
  current: student,
  patch: saved(student),
  documents: documentsSaved(),
};

/** The calendar feed as the fake server keeps it: on or off, and how many links it has made. */
export const feedState = { active: false, made: 0 };

export function resetReplies(): void {
  feedState.active = false;
  feedState.made = 0;
  replies.current = student;
  replies.patch = saved(student);
  replies.documents = documentsSaved();
}

function documentsSaved(): Reply {
  return { status: 200, json: { message: 'We received your documents.', data: teacher } };
}

/** The API as this screen's tests answer it. */
function server(url: string, method: string): Reply {
  if (url.endsWith('/v1/profile') && method === 'GET') return { status: 200, json: { message: 'ok', data: replies.current } };
  if (url.endsWith('/v1/profile') && method === 'PATCH') return replies.patch;
  if (url.endsWith('/v1/instructor/documents')) return replies.documents;
  if (url.endsWith('/v1/instructor/time-off')) return { status: 200, json: { message: 'ok', data: [] } };
  if (url.endsWith('/v1/profile/calendar-feed')) return calendarFeed(method);
  if (url.endsWith('/v1/profile/email') && method === 'GET')
    return { status: 200, json: { message: 'ok', data: { email: null, verified: false, locale: 'ar' } } };
  if (url.endsWith('/v1/profile/notification-preferences') && method === 'GET') {
    const on = { email: true, push: true };
    const data = {
      kinds: { reminders: { ...on, sms: false }, bookings: on, messages: on, payments: on, news: { email: false } },
      quiet_hours: { enabled: false, start: '21:00', end: '07:00' },
      reachable: { email: false, push: false, sms: true },
      sms_month: { used: 0, limit: 30 },
      time_zone: 'Asia/Qatar',
    };
    return { status: 200, json: { message: 'ok', data } };
  }
  // The family's one child (the children section lists it).
  if (/\/v1\/children(\?|$)/.test(url) && method === 'GET') {
    const child = {
      id: 31,
      first_name: 'سارة',
      last_name: 'أحمد',
      gender: 'female',
      phase: { id: 1, name: 'Primary' },
      birth_date: null,
      archived: false,
      lessons_taken: 2,
      hours_used: 1.5,
    };
    return { status: 200, json: { message: 'ok', data: [child] } };
  }
  if (url.endsWith('/v1/balance')) {
    return {
      status: 200,
      json: {
        message: 'ok',
        data: { hours_remaining: 6, minutes_remaining: 360, expires_at: '2030-03-01T10:00:00.000Z', free_trial_available: true },
      },
    };
  }
  if (url.endsWith('/v1/phases')) return { status: 200, json: { message: 'ok', data: named(phases) } };
  if (url.endsWith('/v1/subjects')) return { status: 200, json: { message: 'ok', data: named(subjects) } };
  if (url.endsWith('/v1/countries')) return { status: 200, json: { message: 'ok', data: named(countries) } };
  return { status: 404, json: { message: 'not found' } };
}

function calendarFeed(method: string): Reply {
  if (method === 'POST') {
    feedState.active = true;
    feedState.made += 1;
    const url = `https://noor.example/calendar/secret${feedState.made}AAAAAAAAAAAAAA.ics`;
    return {
      status: 201,
      json: { message: 'A new calendar subscription link was made', data: { active: true, created_at: '2030-01-01T00:00:00.000Z', url } },
    };
  }
  if (method === 'DELETE') {
    feedState.active = false;
    return {
      status: 200,
      json: { message: 'The calendar subscription was turned off', data: { active: false, created_at: null, url: null } },
    };
  }
  return {
    status: 200,
    json: {
      message: 'ok',
      data: { active: feedState.active, created_at: feedState.active ? '2030-01-01T00:00:00.000Z' : null, url: null },
    },
  };
}

export function renderProfilePage(locale: 'en' | 'ar' = 'en', path = '/') {
  const onAccountChanged = vi.fn();
  const rendered = renderRouted({
    locale,
    path,
    route: server,
    children: (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <ProfilePage onAccountChanged={onAccountChanged} /> }),
      createRoute({ getParentRoute: () => root, path: '/packages', component: () => <p>packages</p> }),
    ],
  });
  return { ...rendered, onAccountChanged };
}

/** Ticks a day of the working hours (0 = Sunday) and types its times; gives back the day's row. */
export async function setDayHours(user: ReturnType<typeof userEvent.setup>, day: number, name: string, from: string, to: string) {
  const row = within(await screen.findByTestId(`day-${day}`));
  await user.click(row.getByRole('checkbox', { name }));
  await user.type(row.getByLabelText(`From ${name}`), from);
  await user.type(row.getByLabelText(`To ${name}`), to);
  return row;
}

export const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PATCH');

/** A successful save's answer. */
export function saved(data: ProfileDetails, message = 'Your details were saved'): Reply {
  return { status: 200, json: { message, data } };
}

/** A stand-in XMLHttpRequest: records each send; the test moves its upload progress and answers it. */
export function fakeXhr() {
  const sent: Array<{ url: string; body: FormData; progress: (share: number) => void; respond: (status: number, json: unknown) => void }> =
    [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push({
        url: this.url,
        body,
        progress: (share) => this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 }),
        respond: (status, json) => {
          this.status = status;
          this.responseText = JSON.stringify(json);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}
