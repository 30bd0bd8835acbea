// @vitest-environment jsdom
// The flows studio as a product owner uses it: an event that carries data offers a button per value
// (the teacher's status: in review, approved, active, rejected, suspended), each leading where its
// words say, in English and Arabic; no two buttons of the simulation read alike. A permalink opens a
// machine on a state (an unknown state: the initial one) and picks are written back to the address;
// the print view lists every state; the Arabic studio describes every state in Arabic.
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FlowsStudio } from '../../../src/features/flows/studio';
import { Route } from '../../../src/routes/flows.{-$machine}';
import { machines } from '../../../machines/index';
import { cleanUpAfterEach, makeI18n } from '../helpers';

cleanUpAfterEach();
beforeAll(() => {
  // jsdom has no layout: the canvas measures nothing, which the studio handles (it opens when sized).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

function renderStudio(locale: 'en' | 'ar', props: Parameters<typeof FlowsStudio>[0] = { machine: 'teacher-status' }) {
  return render(
    <I18nProvider i18n={makeI18n(locale)}>
      <FlowsStudio {...props} />
    </I18nProvider>,
  );
}

const accepts = (name: string) => screen.getByRole('group', { name });

describe('simulation with data', () => {
  it('offers the status the server sends as one button per status, each landing in its state', async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio('en');
    const group = within(accepts('Events the machine accepts now')).getByRole('group', { name: 'the server changed the status' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['in review', 'approved', 'active', 'rejected', 'suspended']);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'the server changed the status → in review',
      'the server changed the status → approved',
      'the server changed the status → active',
      'the server changed the status → rejected',
      'the server changed the status → suspended',
    ]);
    for (const [value, state] of [
      ['in review', 'inReview'],
      ['approved', 'policy'],
      ['active', 'active'],
      ['rejected', 'rejected'],
      ['suspended', 'suspended'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Restart' }));
      await user.click(screen.getByRole('button', { name: `the server changed the status → ${value}` }));
      expect(screen.getByTestId('flows-now')).toHaveProperty('textContent', state);
      expect(screen.getByTestId('flows-log').textContent).toBe(`the server changed the status → ${value}`);
    }
    // From approved the reviewer may suspend: a single button, named by its transition.
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    await user.click(screen.getByRole('button', { name: 'the server changed the status → approved' }));
    expect(screen.getByTestId('flows-now-name').textContent).toBe('approved, terms to accept');
    const names = within(accepts('Events the machine accepts now'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('the reviewer suspends');
  });

  it('offers the statuses in Arabic words, beside the machine described from the catalog', () => {
    renderStudio('ar');
    const group = within(accepts('الأحداث التي تقبلها الآلة الآن')).getByRole('group', { name: 'غيّر الخادم الحالة' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['قيد المراجعة', 'مقبول', 'نشط', 'مرفوض', 'موقوف']);
    expect(within(group).getAllByRole('button')[0]!.getAttribute('aria-label')).toBe('غيّر الخادم الحالة ← قيد المراجعة');
    // The machine's description comes from the catalog, in Arabic.
    expect(screen.getByRole('button', { name: /^teacher-status/ }).textContent).toContain('حالة مراجعة المعلم');
  });
});

describe('descriptions in the language of the page', () => {
  it('shows no English description in the Arabic studio: state details and print view', () => {
    renderStudio('ar', { machine: 'auth', state: 'anonymous.otp' });
    const details = screen.getByTestId('flows-selected-description');
    expect(details.textContent).toContain('شاشة الرمز');
    expect(details.closest('[lang="en"]')).toBeNull();
    // Every state's meaning in the print view; only API calls ("POST v1/auth/login") keep Latin letters.
    const apiCalls = /(?:(?:GET|POST|PUT|PATCH|DELETE) )?v1\/[\w/-]+/g;
    const meanings = within(screen.getByTestId('flows-print'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastElementChild!.textContent!)
      .filter(Boolean);
    expect(meanings.length).toBeGreaterThan(20);
    expect(meanings.filter((text) => /[A-Za-z]{2,}/.test(text.replace(apiCalls, '')))).toEqual([]);
  });
});

describe('permalinks and the print view', () => {
  it('reads ?state= as a dotted state path and falls back to the initial state', () => {
    const parse = Route.options.validateSearch as (search: Record<string, unknown>) => { state?: string };
    expect(parse({ state: 'anonymous.otp' })).toEqual({ state: 'anonymous.otp' });
    expect(parse({ state: 42 })).toEqual({ state: undefined });
    expect(parse({ state: '<script>' })).toEqual({ state: undefined });
    expect(parse({})).toEqual({ state: undefined });

    const { unmount } = renderStudio('en', { machine: 'teacher-status', state: 'rejected' });
    expect(screen.getByTestId('flows-selected').textContent).toBe('rejected');
    expect(screen.getByRole('button', { name: /^teacher-status/ }).getAttribute('aria-pressed')).toBe('true');
    unmount();
    renderStudio('en', { machine: 'teacher-status', state: 'no.such.state' });
    expect(screen.getByTestId('flows-selected').textContent).toBe('unknown');
  });

  it('writes the machine and the state picked into the address', async () => {
    const user = userEvent.setup({ delay: null });
    const onNavigate = vi.fn();
    renderStudio('en', { machine: 'teacher-status', state: null, onNavigate });
    await user.click(screen.getByRole('button', { name: /^order/ }));
    expect(onNavigate).toHaveBeenLastCalledWith({ machine: 'order', state: null });
    expect(screen.getByTestId('flows-selected').textContent).toBe('created');
    (await screen.findByTestId('flows-canvas')).focus();
    await user.keyboard('{End}');
    expect(onNavigate).toHaveBeenLastCalledWith({ machine: 'order', state: 'expired' });
  });

  it('prints the diagram with every state listed by name, code path and meaning', async () => {
    const user = userEvent.setup({ delay: null });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderStudio('ar', { machine: 'teacher-status' });
    const list = within(screen.getByTestId('flows-print'));
    const rows = list.getAllByRole('row').slice(1);
    const states = machines.find((m) => m.id === 'teacher-status')!.machine.root.states;
    expect(rows.map((r) => r.querySelector('code')!.textContent)).toEqual(Object.keys(states));
    expect(rows[1]!.textContent).toContain('قيد المراجعة');
    const button = screen.getByRole('button', { name: 'طباعة' });
    // Enabled once the diagram is laid out.
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    expect(print).toHaveBeenCalledOnce();
  });
});
