// @vitest-environment jsdom
// The teacher's monthly statement as they read it: the month, hours taught and earned, each session with
// its time in the teacher's zone, what it counted and why; "Download PDF" prints; the month buttons move
// to the neighbouring months; in Arabic (the default locale) the same statement reads with Arabic labels,
// and axe finds nothing.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { EarningsStatement } from '../../../contract/earnings';
import { EarningsPage } from '../../../src/features/earnings/earnings-page';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const statement = (locale: 'en' | 'ar'): EarningsStatement => ({
  month: '2030-01',
  time_zone: 'Asia/Qatar',
  teacher: { id: 7, name: 'هدى المري' },
  counted_minutes: 180,
  totals: [{ currency: 'QAR', amount_minor: 18050 }],
  lines: [
    {
      request_id: 1,
      starts_at: '2030-01-07T15:00:00.000Z',
      ends_at: '2030-01-07T17:00:00.000Z',
      subject: locale === 'en' ? 'Mathematics' : 'الرياضيات',
      student: 'مريم الكواري',
      booked_minutes: 120,
      counted_minutes: 120,
      basis: 'taught',
      rate: { amount_minor: 6000, currency: 'QAR' },
      earned_minor: 12000,
    },
    {
      request_id: 2,
      starts_at: '2030-01-12T10:00:00.000Z',
      ends_at: '2030-01-12T11:00:00.000Z',
      subject: locale === 'en' ? 'Mathematics' : 'الرياضيات',
      student: 'مريم الكواري',
      booked_minutes: 60,
      counted_minutes: 60,
      basis: 'cancelled_late',
      rate: { amount_minor: 6050, currency: 'QAR' },
      earned_minor: 6050,
    },
    {
      request_id: 3,
      starts_at: '2030-01-15T10:00:00.000Z',
      ends_at: '2030-01-15T11:00:00.000Z',
      subject: locale === 'en' ? 'Mathematics' : 'الرياضيات',
      student: 'مريم الكواري',
      booked_minutes: 60,
      counted_minutes: 0,
      basis: 'teacher_absent',
      rate: { amount_minor: 6000, currency: 'QAR' },
      earned_minor: 0,
    },
  ],
});

function server(locale: 'en' | 'ar') {
  return (url: string): Reply =>
    url.includes('/v1/instructor/earnings')
      ? { status: 200, json: { message: 'ok', data: statement(locale) } }
      : { status: 404, json: { message: 'no' } };
}

cleanUpAfterEach();

describe('EarningsPage', () => {
  it('states the month’s hours, total and sessions in the teacher’s zone, prints, and moves between months', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const onMonth = vi.fn();
    const { calls } = renderRouted({ component: () => <EarningsPage month="2030-01" onMonth={onMonth} />, route: server('en') });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Earnings statement: January 2030');
    expect(calls.some((c) => c.url.includes('/v1/instructor/earnings?month=2030-01'))).toBe(true);
    expect(screen.getByTestId('earnings-hours').textContent).toBe('3');
    expect(screen.getByTestId('earnings-total').textContent?.replace(/\s/g, ' ')).toBe('QAR 180.50');
    const rows = screen
      .getAllByRole('row')
      .slice(4)
      .map((r) => (r.textContent ?? '').replace(/\s/g, ' '));
    expect(rows).toEqual([
      'Jan 7, 2030, 6:00 PMMathematics · مريم الكواري120 minutes · TaughtQAR 120.00',
      'Jan 12, 2030, 1:00 PMMathematics · مريم الكواري60 minutes · Cancelled late by the familyQAR 60.50',
      'Jan 15, 2030, 1:00 PMMathematics · مريم الكواري0 minutes · Teacher did not joinQAR 0.00',
    ]);
    expect(screen.getByText('Times in Asia/Qatar')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonth.mock.calls).toEqual([['2029-12'], ['2030-02']]);
  });

  it('reads in Arabic, and passes axe', async () => {
    renderRouted({ component: () => <EarningsPage onMonth={() => {}} />, route: server('ar'), locale: 'ar' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('كشف الأرباح: يناير 2030');
    for (const label of ['ساعات التدريس', 'المستحق', 'ألغتها الأسرة متأخرًا', 'لم ينضم المعلم', 'الحصص'])
      expect(screen.getAllByText(label, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'تنزيل PDF' })).toBeTruthy();
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  it('says so when the statement cannot be loaded', async () => {
    renderRouted({ component: () => <EarningsPage onMonth={() => {}} />, route: () => ({ status: 500, json: { message: 'x' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('The statement could not be loaded. Try again in a moment.');
  });
});
