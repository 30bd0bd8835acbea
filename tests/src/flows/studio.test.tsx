// @vitest-environment jsdom
// The flows studio as a product owner uses it: an event that carries data offers a button per value
// (the teacher's status: in review, approved, active, rejected, suspended), each leading where its
// words say, in English and Arabic; no two buttons of the simulation read alike. A permalink opens a
// machine on a state (an unknown state: the initial one) and picks are written back to the address;
// the print view lists every state; the Arabic studio describes every state in Arabic. The browser
// walk's coverage (a fixture in the format of e2e/model/out/model-coverage.json) loads only when its
// overlay is switched on, marks each transition walked (solid) or not (dashed) and names the paths.
// The selected state shows the walk's screenshots (a fixture index), each named by state, language
// and width, loaded only for the state shown.
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FlowsStudio } from '../../../src/features/flows/studio';
import { Route } from '../../../src/routes/flows.{-$machine}';
import { machines } from '../../../machines/index';
import { cleanUpAfterEach, makeI18n } from '../helpers';
import type { ModelCoverage, ScreensIndex, WalkSource } from '../../../src/features/flows/walk';
import coverageFixture from './fixtures/model-coverage.json';
import screensFixture from './fixtures/screens.json';

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

describe("the browser walk's coverage overlay", () => {
  const approve = 'teacher-status.inReview --review.approve#0--> teacher-status.policy';
  const reject = 'teacher-status.inReview --review.reject#1--> teacher-status.rejected';

  it('loads on demand, marks each transition walked or not (dashed) and names the paths that walked it', async () => {
    const user = userEvent.setup({ delay: null });
    const coverage = vi.fn(() => Promise.resolve(coverageFixture as ModelCoverage));
    renderStudio('en', { machine: 'teacher-status', state: 'inReview', walk: { coverage } });
    // The first ELK layout of a run can take seconds on a busy machine.
    const canvas = await screen.findByTestId('flows-canvas', {}, { timeout: 15_000 });
    expect(coverage).not.toHaveBeenCalled();
    expect(canvas.querySelector('[data-walked]')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Show what the browser walk covered' }));
    expect(coverage).toHaveBeenCalledOnce();
    expect((await screen.findByTestId('flows-coverage-status')).textContent).toMatch(/Walked in the browser: 5 of 18 transitions/);
    await waitFor(() => expect(canvas.querySelectorAll('[data-walked]')).toHaveLength(18));
    const edge = (id: string) => canvas.querySelector(`[data-transition-id="${id}"]`)!;
    expect(edge(approve).getAttribute('class')).toContain('fl-walked');
    expect(edge(reject).getAttribute('class')).toContain('fl-unwalked');
    // Not walked is dashed, not only another colour.
    expect(canvas.querySelector('style')!.textContent).toMatch(/\.fl-edge\.fl-unwalked path\{[^}]*stroke-dasharray/);

    const item = (id: string) => document.querySelector(`li[data-transition-id="${id}"]`)!.textContent!;
    expect(item(approve)).toContain('walked by paths 5e1f0a2c 9b07d4e1');
    expect(item(reject)).toContain('not walked');

    await user.click(screen.getByRole('checkbox', { name: 'Show what the browser walk covered' }));
    await waitFor(() => expect(canvas.querySelector('[data-walked]')).toBeNull());
    expect(item(approve)).not.toContain('walked by');
  });

  it('says when the walk did not cover the machine, and offers no overlay without results', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderStudio('en', {
      machine: 'order',
      walk: { coverage: () => Promise.resolve(coverageFixture as ModelCoverage) },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Show what the browser walk covered' }));
    expect((await screen.findByTestId('flows-coverage-status')).textContent).toBe('The last browser walk did not cover this machine.');
    unmount();
    renderStudio('en', { machine: 'order', walk: { coverage: null } });
    expect(screen.queryByRole('checkbox', { name: 'Show what the browser walk covered' })).toBeNull();
  });
});

describe('screens beside the state', () => {
  const walkWithScreens = () => {
    const screenUrl = vi.fn((file: string) => Promise.resolve(`/walk/${file}`));
    const walk: WalkSource = { coverage: null, screens: () => Promise.resolve(screensFixture as ScreensIndex), screenUrl };
    return { walk, screenUrl };
  };

  it("shows the state's screenshots, named by state, language and width, loading only that state's", async () => {
    const { walk, screenUrl } = walkWithScreens();
    renderStudio('en', { machine: 'teacher-status', state: 'rejected', walk });
    const gallery = await screen.findByTestId('flows-screens');
    await waitFor(() => expect(within(gallery).getAllByRole('img')).toHaveLength(2));
    const images = within(gallery).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'rejected: the screen in Arabic at 390 px',
      'rejected: the screen in English at 1280 px',
    ]);
    expect(images[0]!.getAttribute('src')).toBe('/walk/teacher-status/teacher-status.rejected.ar.390.jpg');
    expect(images.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(
      within(gallery)
        .getAllByRole('figure')
        .map((f) => f.querySelector('figcaption')!.textContent),
    ).toEqual(['Arabic, 390 px', 'English, 1280 px']);
    expect(screenUrl).toHaveBeenCalledTimes(2);
  });

  it('names the pictures in Arabic and says when a state has none', async () => {
    const { walk } = walkWithScreens();
    const { unmount } = renderStudio('ar', { machine: 'teacher-status', state: 'inReview', walk });
    const gallery = await screen.findByTestId('flows-screens');
    expect((await within(gallery).findByRole('img')).getAttribute('alt')).toBe('قيد المراجعة: الشاشة باللغة العربية بعرض 390 بكسل');
    unmount();
    renderStudio('en', { machine: 'teacher-status', state: 'suspended', walk });
    expect((await screen.findByTestId('flows-screens')).textContent).toContain('The last browser walk took no picture of this state.');
  });
});
