// Renders a notifications component inside a router (links need one), the i18n and a query client,
// with the API answered by a recording fake fetch.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { AppNotification } from '../../../contract/notifications';
import { createQueryClient } from '../../../src/api/query-client';
import { fakeFetch, makeI18n, type Reply } from '../helpers';

export function notification(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'request_approved',
    params: { request_id: 40 + id, other_name: 'أحمد الكواري', subject_ar: 'الرياضيات', subject_en: 'Mathematics', starts_at: '2030-03-10T07:00:00.000Z' },
    created_at: '2030-03-09T09:55:00.000Z',
    read_at: null,
    link: { kind: 'request', id: 40 + id },
    ...over,
  };
}

export function renderWithRouter(ui: () => ReactElement, { locale = 'en', route }: { locale?: 'en' | 'ar'; route: (url: string, method: string) => Reply }) {
  const { fetch, calls } = fakeFetch(route);
  vi.stubGlobal('fetch', fetch);
  const onError = vi.fn();
  const queryClient = createQueryClient({ onError });
  const rootRoute = createRootRoute({ component: ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/notifications'] }) });
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { calls, router, queryClient, onError, user: userEvent.setup() };
}
