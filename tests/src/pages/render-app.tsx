// Renders the real app (providers, shell, route tree) at a path, in a chosen locale, with an auth
// actor whose effects are fakes: anonymous by default, or signed in as a student.
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { App } from '../../../src/app/app';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { routeTree } from '../../../src/route-tree.gen';
import { authMachine, type StoredSession } from '../../../machines/auth.machine';
import { student, teacher } from '../../machines/auth-fakes';
import { appQueryClient } from '../helpers';

// The same accounts as the machine tests' fakes: the teacher there is one whose documents are in review.
const teacherInReview = teacher;

export interface RenderAppOptions {
  locale?: 'ar' | 'en';
  /** true: a student; 'teacherInReview': a teacher whose documents are being reviewed. */
  signedIn?: boolean | 'teacherInReview';
}

export async function renderApp(path: string, { locale = 'ar', signedIn = false }: RenderAppOptions = {}) {
  await act(() => activateLocale(locale));
  // Only the effects these screens can trigger: the start-up check and signing out.
  const calls = { logout: 0 };
  const auth = createActor(
    authMachine.provide({
      actors: {
        checkLogin: fromPromise<StoredSession>(async () =>
          signedIn === 'teacherInReview'
            ? { account: teacherInReview, token: teacherInReview.token }
            : signedIn
              ? { account: student, token: student.token }
              : { account: null, token: null },
        ),
        logout: fromPromise<void>(async () => {
          calls.logout++;
        }),
      },
      actions: { clearSession: () => {}, storeSession: () => {}, storeReturn: () => {}, navigate: () => {} },
    }),
  ).start();
  await waitFor(auth, (s) => !s.hasTag('state:loading'));
  const queryClient = appQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth, queryClient, locale: () => locale },
  });
  const view = render(<App router={router} auth={auth} queryClient={queryClient} />);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, router, auth, calls, i18n };
}

/** True when the text holds Arabic letters: a cheap, reliable sign that a string was translated. */
export const hasArabic = (text: string | null | undefined) => /[\u0600-\u06FF]/.test(text ?? '');
