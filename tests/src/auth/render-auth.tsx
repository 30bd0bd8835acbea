// Renders the real app (route tree, guards, auth screens) at a path with an auth actor whose network
// effects are fakes (tests/machines/auth-fakes.ts), wired to the router and the toasts as the app wires it,
// and a stubbed fetch answering the reference lists the forms choose from.
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { App } from '../../../src/app/app';
import { activateLocale } from '../../../src/i18n/i18n';
import { routeTree } from '../../../src/route-tree.gen';
import { authMachine } from '../../../machines/auth.machine';
import { presentAuthFailures } from '../../../src/bindings/auth';
import { followAuth } from '../../../src/app/auth-navigation';
import { makeFakes, type FakeOptions } from '../../machines/auth-fakes';
import { appQueryClient } from '../helpers';

const name = (en: string, ar: string) => ({ name: en, name_en: en, name_ar: ar });
export const PHASES = [
  { id: 1, code: 'kg', stage: 'kindergarten', grade: null, ...name('Kindergarten', 'الروضة') },
  { id: 2, code: 'g1', stage: 'primary', grade: 1, ...name('Grade 1', 'الصف الأول') },
];
export const SUBJECTS = [
  { id: 10, code: 'quran', ...name('Quran', 'القرآن') },
  { id: 11, code: 'math', ...name('Mathematics', 'الرياضيات') },
];
export const COUNTRIES = [
  { code: 'QA', dial_code: '+974', arab_league: true, ...name('Qatar', 'قطر') },
  { code: 'EG', dial_code: '+20', arab_league: true, ...name('Egypt', 'مصر') },
];

function stubReferenceLists() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    const data = url.includes('v1/phases')
      ? PHASES
      : url.includes('v1/subjects')
        ? SUBJECTS
        : url.includes('v1/countries')
          ? COUNTRIES
          : null;
    return new Response(JSON.stringify({ message: 'ok', data }), {
      status: data ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

export async function renderAuth(path: string, options: FakeOptions = {}, locale: 'en' | 'ar' = 'en') {
  stubReferenceLists();
  await act(() => activateLocale(locale));
  const fake = makeFakes(options);
  const auth = createActor(authMachine.provide(fake.fakes));
  fake.follow(auth);
  presentAuthFailures(auth);
  auth.start();
  await waitFor(auth, (s) => !s.hasTag('state:loading'));
  const queryClient = appQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth, queryClient, locale: () => locale },
  });
  // As src/app/router.ts does: guards run again when the session changes, and the machine's
  // destinations are followed.
  followAuth(auth, router);
  const view = render(<App router={router as never} auth={auth} queryClient={queryClient} />);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, auth, router, fake };
}
