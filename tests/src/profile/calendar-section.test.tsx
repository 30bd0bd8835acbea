// @vitest-environment jsdom
// The profile's calendar subscription: off at first; making a link shows it once in a read-only field
// with a Copy button (copied through the clipboard, or selected when there is none); a new link replaces
// it; turning it off removes it. Arabic first, right to left, and axe clean.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach } from '../helpers';
import { feedState, renderProfilePage, resetReplies } from './profile-fixtures';

beforeEach(() => {
  toast.clear();
  resetReplies();
});
cleanUpAfterEach();

const section = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

describe('Calendar subscription', () => {
  it('makes a link, shows it once with a Copy button, makes a new one and turns it off', async () => {
    // user-event's setup gives the page its own clipboard, read back below.
    const { user, calls } = renderProfilePage();
    const card = await section('Calendar subscription');
    expect(card.getByText(/In Google Calendar, choose “Other calendars”, then “From URL”/)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Turn off' })).toBeNull();

    await user.click(await card.findByRole('button', { name: 'Create a subscription link' }));
    const field = await card.findByLabelText('Your private calendar link');
    expect(field).toHaveProperty('value', 'https://noor.example/calendar/secret1AAAAAAAAAAAAAA.ics');
    expect(field).toHaveProperty('readOnly', true);
    expect(field.getAttribute('dir')).toBe('ltr');
    await waitFor(() => expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success' }));
    await user.click(card.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe('https://noor.example/calendar/secret1AAAAAAAAAAAAAA.ics');
    await waitFor(() => expect(toast.getSnapshot().map((x) => x.summary)).toContain('The link was copied.'));

    // A new link replaces the shown one (the server forgets the old).
    await user.click(card.getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect(card.getByLabelText('Your private calendar link')).toHaveProperty(
        'value',
        'https://noor.example/calendar/secret2AAAAAAAAAAAAAA.ics',
      ),
    );
    expect(calls.filter((c) => c.url.endsWith('/v1/profile/calendar-feed') && c.method === 'POST')).toHaveLength(2);

    await user.click(card.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(card.queryByLabelText('Your private calendar link')).toBeNull());
    expect(feedState.active).toBe(false);
    expect(card.getByRole('button', { name: 'Create a subscription link' })).toBeTruthy();
  });

  it('says a subscription is on without showing a link it no longer has', async () => {
    feedState.active = true;
    renderProfilePage();
    const card = await section('Calendar subscription');
    expect((await card.findByTestId('calendar-feed-on')).textContent).toContain('The link is shown only once');
    expect(card.queryByLabelText('Your private calendar link')).toBeNull();
    expect(card.getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('selects the link for the keyboard when there is no clipboard', async () => {
    const { user } = renderProfilePage();
    // After user-event's setup, which installs a clipboard of its own.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const card = await section('Calendar subscription');
    await user.click(await card.findByRole('button', { name: 'Create a subscription link' }));
    const field = (await card.findByLabelText('Your private calendar link')) as HTMLInputElement;
    await user.click(card.getByRole('button', { name: 'Copy link' }));
    expect((await card.findByRole('alert')).textContent).toContain('copy it with your keyboard');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('reads in Arabic, right to left, and passes axe', async () => {
    const { user } = renderProfilePage('ar');
    const card = await section('الاشتراك في التقويم');
    await user.click(await card.findByRole('button', { name: 'إنشاء رابط اشتراك' }));
    expect(await card.findByLabelText('رابط التقويم الخاص بك')).toBeTruthy();
    expect(card.getByRole('button', { name: 'نسخ الرابط' })).toBeTruthy();
    const audit = await axe.run(screen.getByRole('heading', { level: 2, name: 'الاشتراك في التقويم' }).closest('section')!, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});
