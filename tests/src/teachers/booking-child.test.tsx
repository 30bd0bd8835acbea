// @vitest-environment jsdom
// The child picker of the guided booking as a family of two uses it: the first question is which child
// the lesson is for (nothing chosen, "next" says so beside the choices), the review names the child and
// can change it, the request carries child_id, and the next booking with the same teacher starts with
// that child chosen. A family of one child is never asked.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cells, next, posts, renderForm, resetSceneAroundEach, toSlots } from './booking-harness';

resetSceneAroundEach();

const balance = { minutes_remaining: 600, free_trial_available: false };
const twoChildren = [
  { id: 21, firstName: 'Reem' },
  { id: 22, firstName: 'Salem' },
];

describe('booking for one of several children', () => {
  it('asks first, names the child on the review, posts child_id and remembers the child for this teacher', async () => {
    const first = await renderForm(balance, 'en', '8', twoChildren);
    expect(screen.getByRole('heading', { name: 'Who is this lesson for?' })).toBeTruthy();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Child');
    // Nothing chosen yet: "next" stays and says so.
    await next(first.user);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await first.user.click(screen.getByRole('radio', { name: 'Salem' }));
    await next(first.user);
    await toSlots(first.user, '1', '1');
    await first.user.click((await cells())[0]!);
    await next(first.user);
    expect(screen.getByTestId('booking-child').textContent).toBe('Salem');
    // The child can be changed from the review, everything else kept.
    await first.user.click(screen.getByRole('button', { name: 'Change: Child' }));
    await first.user.click(screen.getByRole('radio', { name: 'Reem' }));
    await next(first.user);
    await next(first.user);
    await next(first.user);
    await next(first.user);
    expect(screen.getByTestId('booking-child').textContent).toBe('Reem');
    await first.user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(first.onBooked).toHaveBeenCalledWith(55));
    expect(posts(first.calls)[0]!.body).toMatchObject({ child_id: 21, teacher_id: 3, subject_id: 1 });
    first.unmount();

    // The next booking with this teacher starts with Reem chosen.
    const second = await renderForm(balance, 'en', '8', twoChildren);
    expect((screen.getByRole('radio', { name: 'Reem' }) as HTMLInputElement).checked).toBe(true);
    await next(second.user);
    expect(await screen.findByRole('heading', { name: 'Which subject?' })).toBeTruthy();
  });

  it('a family of one child is not asked, and the request names that child', async () => {
    const { user, calls, onBooked } = await renderForm(balance, 'en', '8', [twoChildren[0]!]);
    expect(screen.getByRole('heading', { name: 'Which subject?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await toSlots(user, '1', '1');
    await user.click((await cells())[0]!);
    await next(user);
    expect(screen.getByTestId('booking-child').textContent).toBe('Reem');
    expect(screen.queryByRole('button', { name: 'Change: Child' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(55));
    expect(posts(calls)[0]!.body).toMatchObject({ child_id: 21 });
  });
});
