// @vitest-environment jsdom
// Which child used the family's hours, beside the purchase history: one line per child with lessons
// or hours (an archived child too), in the reader's language, linking to that child's lessons; nothing
// for a family with a single child or whose children have used nothing yet.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Child } from '../../../contract/children';
import { HoursByChild } from '../../../src/features/packages/hours-by-child';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const child = (id: number, first: string, more: Partial<Child>): Child => ({
  id,
  first_name: first,
  last_name: 'الكواري',
  gender: 'female',
  phase: { id: 2, name: 'Grade 2' },
  birth_date: null,
  archived: false,
  lessons_taken: 0,
  hours_used: 0,
  ...more,
});

function renderWith(children: Child[], locale: 'en' | 'ar' = 'en') {
  const route = (url: string): Reply =>
    url.includes('/v1/children')
      ? { status: 200, json: { message: 'ok', data: children } }
      : { status: 200, json: { message: 'ok', data: [] } };
  return renderRouted({ component: () => <HoursByChild />, locale, route });
}

cleanUpAfterEach();

describe('HoursByChild', () => {
  it('names each child who used hours, with lessons and hours, and links to their lessons', async () => {
    renderWith([
      child(7, 'مريم', { lessons_taken: 3, hours_used: 4.5 }),
      child(8, 'علي', { lessons_taken: 1, hours_used: 1 }),
      child(9, 'سارة', {}),
      child(10, 'نورة', { archived: true, lessons_taken: 2, hours_used: 2 }),
    ]);
    const section = await screen.findByRole('region', {
      name: 'Hours used by each child',
    });
    const items = within(section).getAllByRole('listitem');
    // The child who has used nothing is left out; the archived one stays, marked.
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['مريم الكواري', 'علي الكواري', 'نورة الكواري']);
    expect(screen.getByTestId('hours-by-child-7').textContent).toBe('3 lessons taken · 4.5 hours used');
    expect(screen.getByTestId('hours-by-child-8').textContent).toBe('1 lesson taken · 1 hour used');
    expect(items[2]!.textContent).toContain('(archived)');
    const link = within(items[1]!).getByRole('link', {
      name: "علي الكواري's lessons",
    });
    expect(link.getAttribute('href')).toContain('child=8');
  });

  it('reads in Arabic', async () => {
    renderWith([child(7, 'مريم', { lessons_taken: 2, hours_used: 2 }), child(8, 'علي', { lessons_taken: 0, hours_used: 1 })], 'ar');
    await screen.findByRole('region', { name: 'الساعات التي استخدمها كل طفل' });
    expect(screen.getByTestId('hours-by-child-7').textContent).toBe('الدروس المكتملة: 2 · الساعات المستخدمة: 2');
    expect(screen.getByTestId('hours-by-child-8').textContent).toBe('لا دروس مكتملة بعد · الساعات المستخدمة: 1');
  });

  it('shows nothing for one child, or when no child has used anything', async () => {
    for (const family of [[child(7, 'مريم', { lessons_taken: 3, hours_used: 3 })], [child(7, 'مريم', {}), child(8, 'علي', {})]]) {
      const { calls, queryClient, unmount } = renderWith(family);
      // The list was read and settled: the section is absent because of what it said.
      await waitFor(() => expect(calls.some((c) => c.url.includes('/v1/children'))).toBe(true));
      await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['children'] })[0]?.state.status).toBe('success'));
      expect(screen.queryByTestId('hours-by-child')).toBeNull();
      unmount();
    }
  });
});
