// @vitest-environment jsdom
// The operators' console as staff use it, in the real app (route tree, shell, providers) with the admin
// API answered by a fake: sign-in with enrolment (QR and key, then the recovery codes once) or with a
// code; the staff token in sessionStorage on every call, and a 401 back to the sign-in; navigation by
// role; the review queue (waiting time, resubmitted with the previous reason, search, pages); an
// application with its documents and intro video in place, a template rejection, a refused change naming the status,
// and the history naming the staff member; support's family view (hours credit, receipts, a refund with
// its reason, attendance) and teacher search; the audit log in words; both languages; axe on each screen.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach, fakeFetch, type RecordedCall, type Reply } from '../helpers';
import { hasArabic, renderApp } from '../pages/render-app';

const KEY = 'noor-staff-session';
const member = (role: 'reviewer' | 'support' | 'admin') => ({ id: 7, email: `${role}@noor.test`, name: `Huda ${role}`, role });
const session = (role: 'reviewer' | 'support' | 'admin') => ({
  token: `staff_${role}_token`,
  expires_at: '2099-01-01T00:00:00.000Z',
  staff: member(role),
});

const queueRow = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  phone: `+9745550${id}000`,
  name: `Teacher ${id}`,
  email: `t${id}@example.com`,
  status: 'in_review',
  review_reason: null,
  documents: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  in_review_since: new Date(Date.now() - 3 * 86_400_000 - 3600_000).toISOString(),
  previous_reason: null,
  resubmitted: false,
  country_code: 'QA',
  experience_years: 7,
  subjects: ['Mathematics', 'Physics'],
  phases: ['Secondary'],
  ...extra,
});

let replies: Record<string, Reply>;
let calls: RecordedCall[];

/** Answers by "METHOD /path" (without the query); anything unknown is an empty list. */
function server(url: string, method: string): Reply {
  const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
  return replies[`${method} ${path}`] ?? { status: 200, json: { message: 'ok', data: [] } };
}

function signedInAs(role: 'reviewer' | 'support' | 'admin') {
  sessionStorage.setItem(KEY, JSON.stringify(session(role)));
}

const callsTo = (method: string, path: string) =>
  calls.filter((c) => c.method === method && new URL(c.url, 'http://x').pathname === `/api${path}`);
const queryOf = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

async function noAxeViolations(container: HTMLElement) {
  // jsdom computes no layout: contrast is checked by the e2e axe pass on the real browser.
  const result = await axe.run(container, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

beforeEach(() => {
  sessionStorage.clear();
  replies = {
    'GET /admin/teachers': {
      status: 200,
      json: {
        message: 'ok',
        data: [queueRow(1, { resubmitted: true, previous_reason: 'ID unreadable' }), queueRow(2)],
        meta: { page: 1, per_page: 20, total: 2 },
      },
    },
  };
  const fake = fakeFetch(server);
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
  URL.createObjectURL = vi.fn(() => `blob:doc-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => sessionStorage.clear());
cleanUpAfterEach();

describe('staff sign-in', () => {
  it('enrols two-factor at the first sign-in: QR and key as text, a confirmed code, the recovery codes once', async () => {
    const uri = 'otpauth://totp/Noor:reviewer%40noor.test?secret=JBSWY3DPEHPK3PXP&issuer=Noor';
    replies['POST /admin/auth/login'] = {
      status: 200,
      json: { message: 'ok', data: { enrol: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: uri } } },
    };
    replies['POST /admin/auth/enrol'] = {
      status: 200,
      json: { message: 'ok', data: { ...session('reviewer'), recovery_codes: ['aaaa-1111', 'bbbb-2222'] } },
    };
    const { container, router } = await renderApp('/admin', { locale: 'en' });
    // No staff session: every console address shows the sign-in, without the public header.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(screen.queryByTestId('site-header')).toBeNull();
    await noAxeViolations(container);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'reviewer@noor.test');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: 'QR code of the authenticator key' })).toBeTruthy();
    expect(screen.getByText(uri)).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    await noAxeViolations(container);
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(callsTo('POST', '/admin/auth/enrol')[0]!.body).toEqual({ email: 'reviewer@noor.test', password: 'Secret123', code: '123456' });

    // The codes are shown before the console opens; the session is kept only once they were seen.
    expect(await screen.findByText('aaaa-1111')).toBeTruthy();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    await screen.findByRole('heading', { name: 'Review queue' });
    expect(JSON.parse(sessionStorage.getItem(KEY)!).token).toBe('staff_reviewer_token');
    // Nothing was asked before the sign-in, and every console call carries the staff token.
    expect(callsTo('GET', '/admin/teachers').map((c) => c.headers.get('authorization'))).toEqual(['Bearer staff_reviewer_token']);
  });

  it('asks for the code after the password, shows the server refusal, and signs in with the right one', async () => {
    replies['POST /admin/auth/login'] = {
      status: 422,
      json: { message: 'Enter the code from your authenticator app.', code: 'staff_code_required', errors: { code: ['Required'] } },
    };
    await renderApp('/admin/sign-in', { locale: 'en' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'support@noor.test');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const code = await screen.findByLabelText('Code');

    replies['POST /admin/auth/login'] = {
      status: 422,
      json: {
        message: 'Wrong e-mail, password or code.',
        code: 'staff_invalid_sign_in',
        errors: { code: ['Wrong e-mail, password or code.'] },
      },
    };
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong e-mail, password or code.');

    replies['POST /admin/auth/login'] = { status: 200, json: { message: 'ok', data: session('support') } };
    await user.clear(code);
    await user.type(code, 'aaaa-1111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Review queue' });
    expect(callsTo('POST', '/admin/auth/login').at(-1)!.body).toEqual({
      email: 'support@noor.test',
      password: 'Secret123',
      code: 'aaaa-1111',
    });
  });

  it('goes back to the sign-in when the server ends the session (401), and signs out', async () => {
    signedInAs('admin');
    const { router } = await renderApp('/admin', { locale: 'en' });
    await screen.findByText('Teacher 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(callsTo('POST', '/admin/auth/logout')).toHaveLength(1);
    expect(sessionStorage.getItem(KEY)).toBeNull();

    signedInAs('admin');
    replies['GET /admin/teachers'] = { status: 401, json: { message: 'Sign in again.' } };
    await act(() => router.navigate({ to: '/admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'));
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});

describe('navigation by role', () => {
  it.each([
    ['reviewer', ['Review queue'], ['Support', 'Reported messages', 'Promo codes', 'Audit log', 'Staff']],
    ['support', ['Review queue', 'Support', 'Reported messages', 'Promo codes'], ['Audit log', 'Staff']],
    ['admin', ['Review queue', 'Support', 'Reported messages', 'Promo codes', 'Audit log', 'Staff'], []],
  ] as const)('shows a %s only what the role may use', async (role, shown, hidden) => {
    signedInAs(role);
    await renderApp('/admin', { locale: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    for (const name of shown) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    for (const name of hidden) expect(within(nav).queryByRole('link', { name })).toBeNull();
  });

  it('tells a role what it may not open instead of calling the API', async () => {
    signedInAs('reviewer');
    await renderApp('/admin/audit', { locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Not available to your role' })).toBeTruthy();
    expect(callsTo('GET', '/admin/audit')).toHaveLength(0);
  });
});

describe('review queue', () => {
  it('shows the waiting time, the resubmitted marker with the previous reason, subjects, phases, country and experience', async () => {
    signedInAs('reviewer');
    const { container } = await renderApp('/admin', { locale: 'en' });
    const first = (await screen.findByText('Teacher 1')).closest('tr')!;
    expect(within(first).getByText('Resubmitted')).toBeTruthy();
    expect(within(first).getByText('Previously rejected: ID unreadable')).toBeTruthy();
    expect(within(first).getByText('3 days ago')).toBeTruthy();
    expect(within(first).getByText('Mathematics, Physics')).toBeTruthy();
    expect(within(first).getByText('Secondary')).toBeTruthy();
    expect(within(first).getByText('Qatar')).toBeTruthy();
    expect(within(first).getByText('7 years')).toBeTruthy();
    const second = screen.getByText('Teacher 2').closest('tr')!;
    expect(within(second).queryByText('Resubmitted')).toBeNull();
    expect(queryOf(callsTo('GET', '/admin/teachers')[0]!)).toMatchObject({ status: 'in_review', page: '1', per_page: '20' });
    await noAxeViolations(container);
  });

  it('searches by name or phone and pages through the queue', async () => {
    signedInAs('reviewer');
    replies['GET /admin/teachers'] = {
      status: 200,
      json: { message: 'ok', data: [queueRow(1)], meta: { page: 1, per_page: 20, total: 45 } },
    };
    replies['GET /v1/subjects'] = {
      status: 200,
      json: {
        message: 'ok',
        data: [
          { id: 1, code: 'quran', name: 'Quran', name_ar: 'القرآن الكريم', name_en: 'Quran' },
          { id: 3, code: 'math', name: 'Mathematics', name_ar: 'الرياضيات', name_en: 'Mathematics' },
        ],
      },
    };
    const { router } = await renderApp('/admin', { locale: 'en' });
    await screen.findByText('Teacher 1');
    const user = userEvent.setup();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queryOf(callsTo('GET', '/admin/teachers').at(-1)!)).toMatchObject({ page: '2' }));
    expect(router.state.location.search).toMatchObject({ page: 2 });

    await user.type(screen.getByRole('searchbox', { name: 'Name or phone' }), '5550');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queryOf(callsTo('GET', '/admin/teachers').at(-1)!)).toMatchObject({ q: '5550', page: '1' }));

    // Filters: a subject and "resubmitted only", kept in the address and sent to the server.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Subject' }), '3');
    await user.click(screen.getByRole('checkbox', { name: 'Resubmitted only' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(queryOf(callsTo('GET', '/admin/teachers').at(-1)!)).toMatchObject({ q: '5550', subject: '3', resubmitted: '1', page: '1' }),
    );
    expect(router.state.location.search).toMatchObject({ q: '5550', subject: 3, resubmitted: 1 });
  });

  it('reads in Arabic, right to left', async () => {
    signedInAs('reviewer');
    const { container } = await renderApp('/admin', { locale: 'ar' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('قائمة المراجعة');
    expect(document.documentElement.dir).toBe('rtl');
    await screen.findByText('Teacher 1');
    expect(hasArabic(screen.getByText('أُعيد تقديمه').textContent)).toBe(true);
    await noAxeViolations(container);
  });
});

describe('an application', () => {
  const detail = {
    ...queueRow(5, { resubmitted: true, previous_reason: 'ID unreadable' }),
    qualification: 'master',
    time_zone: 'Asia/Qatar',
  };
  beforeEach(() => {
    replies['GET /admin/teachers/5'] = { status: 200, json: { message: 'ok', data: detail } };
    replies['GET /admin/teachers/5/documents'] = {
      status: 200,
      json: {
        message: 'ok',
        data: [
          {
            id: 'f-front-2',
            kind: 'id_front',
            content_type: 'image/png',
            size: 10,
            created_at: '2026-11-20T10:00:00.000Z',
            file_name: 'id_front.png',
          },
          {
            id: 'f-scan',
            kind: 'qualification_scan',
            content_type: 'application/pdf',
            size: 10,
            created_at: '2026-11-01T10:00:00.000Z',
            file_name: 'qualification_scan.pdf',
          },
          {
            id: 'f-front-1',
            kind: 'id_front',
            content_type: 'image/png',
            size: 10,
            created_at: '2026-11-01T10:00:00.000Z',
            file_name: 'id_front-2.png',
          },
        ],
      },
    };
    replies['GET /admin/teachers/5/video'] = { status: 200, json: { message: 'ok', data: { video: null } } };
    replies['GET /admin/files/f-front-2'] = { status: 200, text: 'png' };
    replies['GET /admin/files/f-scan'] = { status: 200, text: '%PDF' };
    replies['GET /admin/teachers/5/history'] = {
      status: 200,
      json: {
        message: 'ok',
        data: [
          {
            from_status: 'in_review',
            to_status: 'rejected',
            action: 'reject',
            reason: 'ID unreadable',
            actor: 'reviewer',
            staff: 'Huda reviewer <reviewer@noor.test>',
            at: '2026-11-10T10:00:00.000Z',
          },
          {
            from_status: 'rejected',
            to_status: 'in_review',
            action: 'resubmit',
            reason: null,
            actor: 'teacher',
            staff: null,
            at: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    };
  });

  it('shows the sign-up data beside the documents in place, and the history naming the staff member', async () => {
    signedInAs('reviewer');
    const { container } = await renderApp('/admin/teachers/5', { locale: 'en' });
    await screen.findByRole('heading', { name: 'Teacher 5' });
    const image = await screen.findByRole('img', { name: 'ID card, front' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    const pdf = container.querySelector('iframe')!;
    await waitFor(() => expect(pdf.getAttribute('src') ?? container.querySelector('iframe')?.getAttribute('src')).toMatch(/^blob:/));
    expect(container.querySelector('iframe')!.getAttribute('title')).toBe('Qualification certificate');
    // The files are fetched with the staff token (a plain address could not carry it).
    expect(callsTo('GET', '/admin/files/f-front-2')[0]!.headers.get('authorization')).toBe('Bearer staff_reviewer_token');
    // The file the front side replaced waits, closed, under the current one.
    expect(screen.getByText(/Replaced file of/)).toBeTruthy();
    expect(callsTo('GET', '/admin/files/f-front-1')).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe('true');
    const history = screen.getByRole('heading', { name: 'Status history' }).closest('section')!;
    expect(within(history).getByText('by Huda reviewer <reviewer@noor.test>')).toBeTruthy();
    expect(within(history).getByText('by the teacher')).toBeTruthy();
    expect(within(history).getByText('From In review to Rejected')).toBeTruthy();
    await noAxeViolations(container);
  });

  it('shows the intro video of a teacher in review: the cover at once, the video when asked, fetched with the staff token', async () => {
    signedInAs('reviewer');
    await renderApp('/admin/teachers/5', { locale: 'en' });
    const section = await screen.findByTestId('review-video');
    expect(await within(section).findByText('No intro video was uploaded.')).toBeTruthy();

    const version = 'a'.repeat(32);
    replies['GET /admin/teachers/5/video'] = {
      status: 200,
      json: { message: 'ok', data: { video: { version, content_type: 'video/webm', size: 3 * 1024 * 1024, duration_ms: 42_400 } } },
    };
    replies['GET /admin/teachers/5/video/poster'] = { status: 200, text: 'webp' };
    replies['GET /admin/teachers/5/video/file'] = { status: 200, text: 'webm' };
    cleanup();
    const { container } = await renderApp('/admin/teachers/5', { locale: 'en' });
    const cover = await screen.findByRole('img', { name: 'Cover of the intro video of Teacher 5' });
    expect(cover.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('WebM, length 0:42, size 3 MB')).toBeTruthy();
    // The video's bytes wait for the reviewer.
    expect(callsTo('GET', '/admin/teachers/5/video/file')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load the video (3 MB)' }));
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
    const player = container.querySelector('video')!;
    expect(player.getAttribute('aria-label')).toBe('Intro video of Teacher 5');
    expect(player.getAttribute('src')).toMatch(/^blob:/);
    expect(player.autoplay).toBe(false);
    expect(callsTo('GET', '/admin/teachers/5/video/file').map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer staff_reviewer_token',
    ]);
    await noAxeViolations(container);
  });

  it('rejects with a template reason in both languages, and shows a refused change with the server message', async () => {
    signedInAs('reviewer');
    replies['POST /admin/teachers/5/reject'] = {
      status: 200,
      json: {
        message: 'Done',
        data: {
          teacher: { id: 5, phone: '+97455505000', name: 'Teacher 5' },
          from: 'in_review',
          to: 'rejected',
          review_reason: 'x',
          published: true,
        },
      },
    };
    await renderApp('/admin/teachers/5', { locale: 'en' });
    await screen.findByRole('heading', { name: 'Teacher 5' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    // A rejection needs a reason.
    await user.click(screen.getByRole('button', { name: 'Reject the application' }));
    expect(await screen.findByText('Write what the teacher must correct.')).toBeTruthy();
    expect(callsTo('POST', '/admin/teachers/5/reject')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Document unreadable' }));
    const reason = screen.getByLabelText('Reason the teacher will read') as HTMLTextAreaElement;
    expect(reason.value).toContain('صورة الوثيقة غير واضحة');
    expect(reason.value).toContain('The document image is not readable');
    await user.type(reason, ' Front side.');
    await user.click(screen.getByRole('button', { name: 'Reject the application' }));
    await waitFor(() => expect(callsTo('POST', '/admin/teachers/5/reject')).toHaveLength(1));
    expect((callsTo('POST', '/admin/teachers/5/reject')[0]!.body as { reason: string }).reason).toMatch(
      /^صورة الوثيقة[\s\S]*Front side\.$/,
    );

    replies['POST /admin/teachers/5/approve'] = {
      status: 409,
      json: { message: 'This change is not possible now (Rejected)', code: 'review_refused', current_status: 'rejected' },
    };
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This change is not possible now (Rejected)');
  });

  it('gives support the application and history, but no documents, notes or decisions', async () => {
    signedInAs('support');
    await renderApp('/admin/teachers/5', { locale: 'en' });
    await screen.findByRole('heading', { name: 'Teacher 5' });
    await screen.findByText('by the teacher');
    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(callsTo('GET', '/admin/teachers/5/documents')).toHaveLength(0);
    expect(callsTo('GET', '/admin/teachers/5/notes')).toHaveLength(0);
    expect(callsTo('GET', '/admin/teachers/5/video')).toHaveLength(0);
  });
});

describe('support', () => {
  const family = {
    family: { id: 40, phone: '+97455512345', name: 'Sara Ansari', email: null, created_at: '2026-01-01T00:00:00.000Z' },
    children: [{ id: 1, first_name: 'Omar', last_name: 'Ansari', phase_id: 2, phase: 'Primary', archived_at: null }],
    balance_hours: 4,
    ledger: [
      {
        id: 9,
        hours: 4,
        reason: 'purchase',
        note: null,
        staff: null,
        expires_at: '2027-01-01T00:00:00.000Z',
        at: '2026-10-01T00:00:00.000Z',
      },
    ],
    orders: [
      {
        id: 31,
        status: 'paid',
        hours: 4,
        amount_minor: 40000,
        currency: 'QAR',
        created_at: '2026-11-20T10:00:00.000Z',
        paid_at: '2026-11-20T10:01:00.000Z',
        refunded_at: null,
        refund_status: null,
        refund_refusal: null,
      },
      {
        id: 30,
        status: 'paid',
        hours: 8,
        amount_minor: 75000,
        currency: 'QAR',
        created_at: '2026-08-01T10:00:00.000Z',
        paid_at: '2026-08-01T10:01:00.000Z',
        refunded_at: null,
        refund_status: null,
        refund_refusal: 'too_late',
      },
    ],
    requests: [
      {
        id: 70,
        status: 'finished',
        starts_at: '2026-11-25T15:00:00.000Z',
        duration_hours: 1,
        teacher_id: 5,
        teacher_name: 'Maha Salem',
        subject: 'Mathematics',
        child_name: 'Omar',
        attendance: [
          { role: 'student', first_joined_at: '2026-11-25T15:05:00.000Z', minutes_present: 50, minutes_lost_to_reconnection: 3 },
          { role: 'teacher', first_joined_at: null, minutes_present: 0, minutes_lost_to_reconnection: 0 },
        ],
      },
    ],
  };
  const receipt = {
    number: '2026-000031',
    kind: 'payment',
    issued_at: '2026-11-20T10:01:00.000Z',
    time_zone: 'Asia/Qatar',
    order_id: 31,
    customer: { name: 'Sara Ansari', phone: '+97455512345' },
    package_name: 'Four hours',
    hours: 4,
    validity_days: 90,
    list_price: 400,
    promo_code: null,
    discount: 0,
    amount: 400,
    currency: 'QAR',
    payment_method: 'card',
    gateway: 'sandbox',
    gateway_reference: 'pay_123',
    company: {
      name: 'Noor Tutoring W.L.L.',
      address: 'Doha, Qatar',
      registration_number: '000000',
      tax_number: null,
      email: 'billing@noor.example',
      phone: '+97440000000',
    },
  };

  it('shows the family whole, credits hours, opens a receipt and refunds an order with a required reason', async () => {
    signedInAs('support');
    replies['GET /admin/families'] = { status: 200, json: { message: 'ok', data: family } };
    replies['POST /admin/families/40/hours'] = { status: 200, json: { message: 'ok', data: { balance_hours: 6 } } };
    replies['GET /admin/orders/31/receipt'] = { status: 200, json: { message: 'ok', data: receipt } };
    replies['POST /admin/orders/31/refund'] = {
      status: 200,
      json: {
        message: 'ok',
        data: {
          order_id: 31,
          hours: 4,
          amount: 400,
          currency: 'QAR',
          receipt_number: '2026-000040',
          refunded_at: '2026-11-26T10:00:00.000Z',
        },
      },
    };
    const { container } = await renderApp('/admin/support', { locale: 'en' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Family's phone number, with the country code"), '+97455512345');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('heading', { name: 'Sara Ansari' });
    expect(queryOf(callsTo('GET', '/admin/families')[0]!)).toEqual({ phone: '+97455512345' });
    expect(screen.getByText('Omar Ansari').closest('li')!.textContent).toContain('Primary');
    // Statuses and reasons in words, not their codes.
    expect(screen.getByText('Package bought')).toBeTruthy();
    expect(screen.getAllByText('Paid')).toHaveLength(2);
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(screen.queryByText('purchase')).toBeNull();
    // The session's attendance: who came, for how long.
    const lesson = screen.getByText('Mathematics with Maha Salem, 1 h').closest('tr')!;
    expect(within(lesson).getByText('For Omar')).toBeTruthy();
    expect(lesson.textContent).toContain('Child: 50 min present, 3 min lost to reconnection');
    expect(lesson.textContent).toContain('Teacher: did not join');
    // The order the rule refuses says why, without a button.
    expect(screen.getByText('No refund: Refund period over')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund order 30' })).toBeNull();

    await user.type(screen.getByLabelText('Hours'), '2');
    await user.click(screen.getByRole('button', { name: 'Save the adjustment' }));
    expect(callsTo('POST', '/admin/families/40/hours')).toHaveLength(0);
    await user.type(screen.getByLabelText('Reason (kept in the ledger)'), 'Lesson lost to a network failure');
    await user.click(screen.getByRole('button', { name: 'Save the adjustment' }));
    await waitFor(() => expect(callsTo('POST', '/admin/families/40/hours')).toHaveLength(1));
    expect(callsTo('POST', '/admin/families/40/hours')[0]!.body).toEqual({
      direction: 'credit',
      hours: 2,
      reason: 'Lesson lost to a network failure',
    });

    await user.click(screen.getByRole('button', { name: 'Receipt of order 31' }));
    const shown = await screen.findByRole('article', { name: 'Receipt 2026-000031' });
    expect(queryOf(callsTo('GET', '/admin/orders/31/receipt')[0]!)).toEqual({ kind: 'payment' });
    expect(shown.textContent).toContain('Four hours: 4 hours, valid 90 days');
    expect(screen.getByRole('button', { name: 'Receipt of order 31' }).getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Refund order 31' }));
    const form = screen.getByRole('form', { name: 'Refund order 31' });
    await user.click(within(form).getByRole('button', { name: 'Confirm the refund' }));
    expect(await within(form).findByText('Write why the order is refunded.')).toBeTruthy();
    expect(callsTo('POST', '/admin/orders/31/refund')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason for the refund (kept in the ledger and the audit log)'), 'Family moved abroad');
    await noAxeViolations(container);
    await user.click(within(form).getByRole('button', { name: 'Confirm the refund' }));
    await waitFor(() => expect(callsTo('POST', '/admin/orders/31/refund')).toHaveLength(1));
    expect(callsTo('POST', '/admin/orders/31/refund')[0]!.body).toEqual({ reason: 'Family moved abroad' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Refund order 31' })).toBeNull());
  });

  it('finds a teacher by name or phone and opens the application page', async () => {
    signedInAs('support');
    const { container, router } = await renderApp('/admin/support', { locale: 'en' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Teacher's name or phone"), 'Teacher');
    await user.click(screen.getByRole('button', { name: 'Search teachers' }));
    const found = await screen.findByRole('list', { name: 'Teachers found' });
    // Any status: no status filter, the first page.
    expect(queryOf(callsTo('GET', '/admin/teachers').at(-1)!)).toEqual({ q: 'Teacher', page: '1', per_page: '20' });
    expect(within(found).getAllByText('In review')).toHaveLength(2);
    await noAxeViolations(container);
    await user.click(within(found).getByRole('link', { name: 'Teacher 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teachers/2'));
  });
});

describe('reported messages', () => {
  const report = (extra: Record<string, unknown> = {}) => ({
    id: 41,
    conversation_id: 5,
    body: 'كلام غير لائق',
    created_at: '2026-11-20T16:02:00.000Z',
    reported_at: '2026-11-20T17:00:00.000Z',
    report_reason: 'إساءة',
    sender: 'teacher',
    family_id: 8,
    family_name: 'مريم الكعبي',
    teacher_id: 20,
    teacher_name: 'هدى النعيمي',
    outcome: null,
    reviewed_at: null,
    reviewed_by: null,
    context: [
      { id: 40, sender: 'family', body: 'موعدنا الأحد؟', created_at: '2026-11-20T16:00:00.000Z' },
      { id: 41, sender: 'teacher', body: 'كلام غير لائق', created_at: '2026-11-20T16:02:00.000Z' },
      { id: 42, sender: 'family', body: 'لماذا؟', created_at: '2026-11-20T16:03:00.000Z' },
    ],
    ...extra,
  });

  it('lists open reports with both parties and the messages around, in Arabic and English; marks one reviewed; shows the closed ones', async () => {
    signedInAs('support');
    replies['GET /admin/reported-messages'] = { status: 200, json: { message: 'ok', data: [report()] } };
    replies['POST /admin/reported-messages/41/review'] = { status: 200, json: { message: 'ok', data: { id: 41, outcome: 'reviewed' } } };
    const first = await renderApp('/admin/reported-messages', { locale: 'ar' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('الرسائل المبلّغ عنها');
    const card = await screen.findByTestId('reported-message');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('بين العائلة مريم الكعبي والمعلم هدى النعيمي');
    const thread = within(card).getAllByRole('listitem');
    expect(thread.map((li) => li.querySelector('p')!.textContent)).toEqual(['موعدنا الأحد؟', 'كلام غير لائق', 'لماذا؟']);
    expect(thread[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(card).getByText('إساءة')).toBeTruthy();
    await noAxeViolations(first.container);
    first.unmount();

    const { container } = await renderApp('/admin/reported-messages', { locale: 'en' });
    const english = await screen.findByTestId('reported-message');
    expect(within(english).getByText(/the reported message/)).toBeTruthy();
    await noAxeViolations(container);
    const user = userEvent.setup();
    replies['GET /admin/reported-messages'] = { status: 200, json: { message: 'ok', data: [] } };
    await user.click(within(english).getByRole('button', { name: 'Mark as reviewed' }));
    await waitFor(() => expect(callsTo('POST', '/admin/reported-messages/41/review')).toHaveLength(1));
    expect(callsTo('POST', '/admin/reported-messages/41/review')[0]!.body).toEqual({ outcome: 'reviewed' });
    expect(await screen.findByText('No reported message waits for review.')).toBeTruthy();

    replies['GET /admin/reported-messages'] = {
      status: 200,
      json: {
        message: 'ok',
        data: [report({ outcome: 'reviewed', reviewed_at: '2026-11-21T09:00:00.000Z', reviewed_by: 'support@noor.test' })],
      },
    };
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    const closed = await screen.findByTestId('reported-message');
    expect(closed.textContent).toContain('support@noor.test');
    expect(within(closed).queryByRole('button', { name: 'Mark as reviewed' })).toBeNull();
    expect(queryOf(callsTo('GET', '/admin/reported-messages').at(-1)!)).toEqual({ state: 'closed' });
  });
});

describe('promo codes', () => {
  it('lists codes with their use, creates one and pauses one', async () => {
    signedInAs('support');
    replies['GET /admin/promo-codes'] = {
      status: 200,
      json: {
        message: 'ok',
        data: [
          {
            id: 3,
            code: 'NOOR15',
            kind: 'percent',
            value: 15,
            max_uses: 100,
            used_count: 4,
            paid_orders: 3,
            active: true,
            expires_at: null,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    };
    replies['POST /admin/promo-codes'] = { status: 201, json: { message: 'ok', data: { id: 4, code: 'EID20' } } };
    replies['POST /admin/promo-codes/3/pause'] = { status: 200, json: { message: 'ok', data: { id: 3, active: false } } };
    const { container } = await renderApp('/admin/promo-codes', { locale: 'en' });
    const row = (await screen.findByText('NOOR15')).closest('tr')!;
    expect(within(row).getByText('4 of 100 times, 3 paid orders')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Pause NOOR15' }));
    await waitFor(() => expect(callsTo('POST', '/admin/promo-codes/3/pause')).toHaveLength(1));

    // Bad input is refused beside its field and keeps what was typed; nothing is sent.
    await user.type(screen.getByLabelText('Code'), 'E!');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('3 to 40 letters, digits, - or _.')).toBeTruthy();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('E!');
    expect(callsTo('POST', '/admin/promo-codes')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Code'));

    await user.type(screen.getByLabelText('Code'), 'EID20');
    await user.type(screen.getByLabelText('Value'), '20');
    await user.type(screen.getByLabelText('Most uses (empty: no limit)'), '50');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('POST', '/admin/promo-codes')).toHaveLength(1));
    expect(callsTo('POST', '/admin/promo-codes')[0]!.body).toEqual({
      code: 'EID20',
      kind: 'percent',
      value: 20,
      max_uses: 50,
      expires_at: null,
    });
    await noAxeViolations(container);
  });
});

describe('administration', () => {
  it('filters the audit log, pages to older entries and exports the CSV with the staff token', async () => {
    signedInAs('admin');
    const entry = (id: number) => ({
      id,
      at: '2026-11-26T10:00:00.000Z',
      staff_id: 7,
      actor: 'reviewer@noor.test',
      action: 'teachers.reject',
      target_type: 'teacher',
      target_id: '5',
      before: { status: 'in_review' },
      after: { status: 'rejected' },
      address: '10.0.0.1',
    });
    replies['GET /admin/audit'] = { status: 200, json: { message: 'ok', data: Array.from({ length: 50 }, (_, i) => entry(200 - i)) } };
    replies['GET /admin/audit.csv'] = { status: 200, text: 'id,at\r\n' };
    const { container } = await renderApp('/admin/audit', { locale: 'en' });
    await screen.findAllByText('teachers.reject');
    // Before and after as fields in words, not JSON.
    expect(screen.getAllByText('In review → Rejected')).toHaveLength(50);
    expect(screen.queryByText(/"status"/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Action (e.g. teachers.reject)'), 'teachers.reject');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queryOf(callsTo('GET', '/admin/audit').at(-1)!)).toEqual({ action: 'teachers.reject', limit: '50' }));
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(queryOf(callsTo('GET', '/admin/audit').at(-1)!)).toEqual({ action: 'teachers.reject', before_id: '151', limit: '50' }),
    );
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(callsTo('GET', '/admin/audit.csv')).toHaveLength(1));
    const csv = callsTo('GET', '/admin/audit.csv')[0]!;
    expect(queryOf(csv)).toEqual({ action: 'teachers.reject', limit: '1000' });
    expect(csv.headers.get('authorization')).toBe('Bearer staff_admin_token');
    await noAxeViolations(container);
  });

  it('adds a staff member and disables another, never the one signed in', async () => {
    signedInAs('admin');
    replies['GET /admin/staff'] = {
      status: 200,
      json: {
        message: 'ok',
        data: [
          { ...member('admin'), disabled: false, totp_enabled: true, created_at: '2026-01-01T00:00:00.000Z' },
          {
            id: 8,
            email: 'rev@noor.test',
            name: 'Rami',
            role: 'reviewer',
            disabled: false,
            totp_enabled: false,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    };
    replies['POST /admin/staff'] = { status: 201, json: { message: 'Created', data: { id: 9 } } };
    replies['POST /admin/staff/8/disable'] = { status: 200, json: { message: 'ok', data: {} } };
    const { container } = await renderApp('/admin/staff', { locale: 'en' });
    await screen.findByText('Rami');
    expect(screen.queryByRole('button', { name: 'Disable Huda admin' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disable Rami' }));
    await waitFor(() => expect(callsTo('POST', '/admin/staff/8/disable')).toHaveLength(1));

    await user.type(screen.getByLabelText('Email'), 'new@noor.test');
    await user.type(screen.getByLabelText('Name'), 'Mona');
    await user.selectOptions(screen.getByLabelText('Role'), 'support');
    await user.type(screen.getByLabelText('First password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo('POST', '/admin/staff')).toHaveLength(1));
    expect(callsTo('POST', '/admin/staff')[0]!.body).toEqual({
      email: 'new@noor.test',
      name: 'Mona',
      role: 'support',
      password: 'Secret123',
    });
    await noAxeViolations(container);
  });
});
