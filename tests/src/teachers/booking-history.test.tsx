// @vitest-environment jsdom
// The booking's steps in the browser's history (a memory history here): each step forward is an
// entry, Back returns to the previous step with everything kept and, from the first step, leaves the
// page; Forward walks the steps again through the machine's own checks; the in-page Back and the
// review's "change" step back through the same entries.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cells, next, renderForm, resetSceneAroundEach, toReview, toSlots } from './booking-harness';

resetSceneAroundEach();

const heading = (name: string) => screen.findByRole('heading', { name });
const travel = async (router: Awaited<ReturnType<typeof renderForm>>['router'], by: number) => {
  await act(async () => router.history.go(by));
};

describe('booking steps in the browser history', () => {
  it('Back goes to the previous step with the choices kept, and from the first step leaves the page', async () => {
    const { user, router } = await renderForm(undefined, 'en', '8', null, ['/before']);
    const start = router.history.location.state.__TSR_index;
    await toSlots(user, '2', '2');
    await heading('When?');
    expect(router.history.location.state.__TSR_index).toBe(start + 2);
    await user.click((await cells())[1]!);

    await travel(router, -1);
    await heading('How long?');
    expect((screen.getByRole('combobox', { name: 'Duration' }) as HTMLSelectElement).value).toBe('2');
    await travel(router, -1);
    await heading('Which subject?');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('2');

    await travel(router, -1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
  });

  it('Forward walks the steps again through the machine, the chosen time still chosen', async () => {
    const { user, router } = await renderForm();
    await toReview(user, 1);
    await travel(router, -2);
    await heading('How long?');
    await travel(router, 1);
    await heading('When?');
    expect((await cells())[1]!.getAttribute('aria-selected')).toBe('true');
    await travel(router, 1);
    await heading('Check and send');
  });

  it('the in-page Back and the review’s "change" step back through the same entries', async () => {
    const { user, router } = await renderForm();
    const start = router.history.location.state.__TSR_index;
    await toReview(user, 0);
    expect(router.history.location.state.__TSR_index).toBe(start + 3);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('When?');
    await waitFor(() => expect(router.history.location.state.__TSR_index).toBe(start + 2));

    await next(user);
    await heading('Check and send');
    await user.click(screen.getByRole('button', { name: 'Change: Subject' }));
    await heading('Which subject?');
    await waitFor(() => expect(router.history.location.state.__TSR_index).toBe(start));
    // Forward from there: the next steps again, through the machine's checks.
    await travel(router, 1);
    await heading('How long?');
  });
});
