// Renders a notifications component inside a router (links need one), the i18n and a query client,
// with the API answered by a recording fake fetch.
import type { ReactElement } from 'react';
import type { AppNotification } from '../../../contract/notifications';
import { renderRouted, type Reply } from '../helpers';

export function notification(id: number, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'request_approved',
    params: {
      request_id: 40 + id,
      other_name: 'أحمد الكواري',
      subject_ar: 'الرياضيات',
      subject_en: 'Mathematics',
      starts_at: '2030-03-10T07:00:00.000Z',
    },
    created_at: '2030-03-09T09:55:00.000Z',
    read_at: null,
    link: { kind: 'request', id: 40 + id },
    ...over,
  };
}

export function renderWithRouter(
  ui: () => ReactElement,
  { locale = 'en', route }: { locale?: 'en' | 'ar'; route: (url: string, method: string) => Reply },
) {
  return renderRouted({ component: ui, locale, route, path: '/notifications' });
}
