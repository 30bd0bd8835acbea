// The teacher-status machine through the real UI and the reviewer's admin API (model e2e). A new
// teacher (signed up through the API, English) opens /in-review; the reviewer's actions are the
// reviewer CLI (`npm run admin`, the compiled dist/server/admin.js) against the admin API, and the
// teacher's open page follows them by itself over the realtime channel; the teacher's own actions
// (accept the terms, send corrected documents) are clicks, a failure arranged by dropping the request.
// The machine runs twice: the server's copy moves the stored status (a reviewer's action is taken
// there only), the page's copy follows the profile (its root `status.changed`) and runs the teacher's
// actions. The walk counts both: what the page posts, and the transitions of the server's copy the
// CLI's answers report (from → to, checked against the machine). A suspension signs the teacher out:
// the page's copy hears nothing after it, the screen (sign-in, with the reason) is checked instead.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { getNextSnapshot, type EventObject } from 'xstate';
import {
  actionEvent,
  nextTeacherStatus,
  resumeTeacherStatus,
  teacherStatusMachine,
  type TeacherAction,
  type TeacherStatus,
} from '../../machines/teacher-status.machine';
import { transitionId } from '../../src/domain/transition-id';
import { open, preferences, toasts } from '../support/app';
import { admin, bearer, json, newPhone, PNG, registerTeacher } from '../support/api';
import type { Adapter } from './walker';

const PASSWORD = 'Teacher123';
const REJECTED_BECAUSE = 'The ID photo is blurred';
const SUSPENDED_BECAUSE = 'A complaint is being reviewed';

export interface TeacherWorld {
  page: Page;
  request: APIRequestContext;
  phone: string;
  /** The stored status and reason, as the server's last answer left them. */
  status: TeacherStatus;
  reason: string | null;
  /** The transitions of the server's copy of the machine, from the CLI's answers. */
  serverTaken: string[];
  /** Signed out by a suspension: the page's copy of the machine is gone. */
  signedOut: boolean;
  /** The last suspension signed out an open page (which then says why). */
  suspendedLive: boolean;
  token: string;
  email: string;
}

const done = (id: string): EventObject => ({ type: `xstate.done.actor.${id}`, output: null, actorId: id }) as EventObject;
const failed = (id: string): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: { status: 0, message: 'dropped' }, actorId: id }) as EventObject;

const ev = {
  /** The teacher opens the app: the profile says "in review". */
  signIn: { type: 'status.changed', status: 'in_review', reason: null },
  approve: { type: 'review.approve' },
  reject: { type: 'review.reject', reason: REJECTED_BECAUSE },
  suspend: { type: 'review.suspend', reason: SUSPENDED_BECAUSE },
  reinstate: { type: 'review.reinstate' },
  accept: { type: 'terms.accept' },
  accepted: done('acceptTerms'),
  acceptDropped: failed('acceptTerms'),
  resubmit: { type: 'documents.resubmit', files: null },
  /** An active teacher replaces a document (the API: the app offers no form for it yet). */
  replace: { type: 'documents.replace', files: null },
  resubmitted: done('submitDocuments'),
  resubmitDropped: failed('submitDocuments'),
};

const main = (w: TeacherWorld) => w.page.locator('main');
const heading = (w: TeacherWorld, text: string) => w.page.locator('main h1').filter({ hasText: text });

/**
 * A reviewer's action through the CLI. Its answer (from → to) must be where the machine takes the
 * stored status; the server's copy took the transitions the machine names for that step.
 */
async function review(w: TeacherWorld, action: TeacherAction, reason: string | null = null) {
  const next = nextTeacherStatus(w.status, action, reason, w.reason);
  if (!next) throw new Error(`the machine refuses ${action} in ${w.status}`);
  const out = await admin(`teachers:${action}`, w.phone, ...(reason ? ['--reason', reason] : []));
  expect(out).toContain(`${w.status} → ${next.status}`);
  serverSteps(w, action, reason);
  w.status = next.status;
  w.reason = next.reason;
}

/**
 * The transitions the server's copy takes for an action on the stored status: the action's, then
 * (a teacher's action) the success of its work, which the server plays (nextTeacherStatus).
 */
function serverSteps(w: TeacherWorld, action: TeacherAction, reason: string | null = null) {
  let snapshot = resumeTeacherStatus(w.status, w.reason);
  const events: EventObject[] = [actionEvent(action, reason)];
  for (let i = 0; i < events.length; i++) {
    for (const t of teacherStatusMachine.getTransitionData(snapshot, events[i] as never)) w.serverTaken.push(transitionId(t));
    snapshot = getNextSnapshot(teacherStatusMachine, snapshot, events[i] as never);
    if (snapshot.matches('submittingDocuments')) events.push(done('submitDocuments'));
    if (snapshot.matches('accepting')) events.push(done('acceptTerms'));
  }
}

/** The teacher's click, its answer arranged first: a dropped request (the next event says which). */
async function teacherAction(w: TeacherWorld, url: string, failing: boolean, click: () => Promise<void>) {
  if (!failing) {
    await click();
    await expect(toasts(w.page, 'success').first()).toBeVisible();
    return;
  }
  await w.page.route(`**/api/v1/${url}`, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  const dropped = w.page.waitForEvent('requestfailed', (r) => r.url().includes(`/api/v1/${url}`));
  await click();
  await dropped;
  await w.page.unrouteAll({ behavior: 'wait' });
}

/** Paths the real system walks: the teacher opens the app once, first; a reviewer acts on a stored status only. */
function possible(events: EventObject[]): boolean {
  return (
    events[0] === ev.signIn &&
    events.slice(1).every((e) => e.type !== 'status.changed') &&
    // The server plays the upload's success: a replacement through the API does not fail on the way.
    events.every((e, i) => e !== ev.replace || events[i + 1] === ev.resubmitted)
  );
}

export const teacherStatusAdapter: Adapter<TeacherWorld> = {
  id: 'teacher-status',
  // Each reviewer's action is a CLI process (about 1 s, more on a busy machine).
  timeout: 120_000,
  machine: teacherStatusMachine,
  possible,
  async world(page, request) {
    const phone = newPhone();
    const email = `walk.${phone.slice(4)}.${Date.now().toString(36)}@example.com`;
    const token = await registerTeacher(request, { phone, email, password: PASSWORD });
    await page.context().addCookies([{ name: 'ng-token', value: token, url: process.env.E2E_BASE_URL! }]);
    await preferences(page, { locale: 'en' });
    return {
      page,
      request,
      phone,
      email,
      token,
      status: 'in_review',
      reason: null,
      serverTaken: [],
      signedOut: false,
      suspendedLive: false,
    };
  },
  serverTaken: (w) => w.serverTaken,
  events: [
    {
      event: ev.signIn,
      run: async (w) => {
        // The page subscribes the teacher's private status channel: the reviewer's actions reach it live.
        const channel = w.page.waitForResponse((r) => r.url().includes('/api/v1/realtime/auth') && r.ok());
        await open(w.page, '/in-review');
        await channel;
      },
    },
    { event: ev.approve, run: (w) => review(w, 'approve') },
    { event: ev.reject, run: (w) => review(w, 'reject', REJECTED_BECAUSE) },
    {
      event: ev.suspend,
      server: true,
      run: async (w) => {
        await review(w, 'suspend', SUSPENDED_BECAUSE);
        w.suspendedLive = !w.signedOut;
        w.signedOut = true;
      },
    },
    {
      event: ev.reinstate,
      server: true,
      run: async (w) => {
        await review(w, 'reinstate');
        // The suspension ended every session: the teacher signs in again and lands on the profile.
        const res = await w.request.post('/api/v1/instructor/auth/login', { data: { login: w.email, password: PASSWORD } });
        w.token = (await json<{ token: string }>(res, 'teacher sign-in')).token;
        await w.page.context().addCookies([{ name: 'ng-token', value: w.token, url: process.env.E2E_BASE_URL! }]);
        const channel = w.page.waitForResponse((r) => r.url().includes('/api/v1/realtime/auth') && r.ok());
        await open(w.page, '/profile');
        await channel;
        w.signedOut = false;
      },
    },
    {
      event: ev.accept,
      run: (w, next) =>
        teacherAction(w, 'instructor/update/status', next === ev.acceptDropped, async () => {
          await main(w).getByLabel('I have read the teacher terms and I accept them').check();
          await main(w).getByRole('button', { name: 'Accept and continue' }).click();
        }).then(() => {
          if (next !== ev.acceptDropped) w.status = 'active';
        }),
    },
    { event: ev.accepted },
    { event: ev.acceptDropped },
    {
      event: ev.resubmit,
      run: (w, next) =>
        teacherAction(w, 'instructor/documents', next === ev.resubmitDropped, async () => {
          await main(w).getByLabel('ID card, front').setInputFiles({ name: 'front-new.png', mimeType: 'image/png', buffer: PNG });
          await main(w).getByRole('button', { name: 'Send for review again' }).click();
        }).then(() => {
          if (next !== ev.resubmitDropped) {
            w.status = 'in_review';
            w.reason = null;
          }
        }),
    },
    {
      event: ev.replace,
      server: true,
      run: async (w) => {
        const form = new FormData();
        form.set('id_front', new Blob([PNG], { type: 'image/png' }), 'front-replaced.png');
        const res = await w.request.post('/api/v1/instructor/documents', { multipart: form, headers: bearer(w.token) });
        expect(res.ok(), await res.text()).toBe(true);
        serverSteps(w, 'replace_documents');
        w.status = 'in_review';
        w.reason = null;
      },
    },
    { event: ev.resubmitted },
    { event: ev.resubmitDropped },
  ],
  states: {
    inReview: async (w) => {
      await expect(heading(w, 'Your account is under review')).toBeVisible();
      await expect(w.page).toHaveURL(/\/in-review$/);
    },
    policy: async (w) => {
      await expect(w.page).toHaveURL(/\/trams-teacher$/);
      await expect(heading(w, 'Teacher terms')).toBeVisible();
    },
    active: async (w) => {
      // Reinstated after a suspension: the teacher was signed out; otherwise the profile.
      if (!w.signedOut) await expect(w.page).toHaveURL(/\/profile$/);
    },
    rejected: async (w) => {
      await expect(heading(w, 'Your application needs corrections')).toBeVisible();
      await expect(w.page.getByTestId('review-reason')).toHaveText(REJECTED_BECAUSE);
    },
    suspended: async (w) => {
      await expect(w.page).toHaveURL(/\/sign-in$/);
      // Signed out, on the sign-in form (the reason's toast is the teacher-review spec's to check: it may be gone by now).
      await expect(w.page.locator('main form')).toBeVisible();
    },
  },
};
