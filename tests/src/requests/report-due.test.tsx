// @vitest-environment jsdom
// The teacher's list marks a finished lesson whose report is still to write — and nothing once it is
// written, nothing before the lesson is over, and nothing for the family.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestCard } from '../../../src/features/requests/request-card';
import { cleanUpAfterEach } from '../helpers';
import { renderScreen, summary } from './fixtures';

cleanUpAfterEach();

describe('a finished lesson without its report', () => {
  it('is marked on the teacher’s card until the report is written', async () => {
    const cases = [
      { role: 'teacher', over: { status: 'finished', has_report: false }, due: true },
      { role: 'teacher', over: { status: 'finished', has_report: true }, due: false },
      { role: 'teacher', over: { status: 'approved', has_report: false }, due: false },
      { role: 'student', over: { status: 'finished', has_report: false }, due: false },
    ] as const;
    for (const { role, over, due } of cases) {
      const { unmount } = renderScreen(() => <RequestCard request={summary({ id: 5, ...over })} role={role} />);
      await screen.findByTestId('request-5');
      expect([role, over.status, over.has_report, screen.queryByTestId('request-5-report-due') !== null]).toEqual([
        role,
        over.status,
        over.has_report,
        due,
      ]);
      unmount();
    }
  });

  it('reads in Arabic', async () => {
    renderScreen(() => <RequestCard request={summary({ id: 5, status: 'finished', has_report: false })} role="teacher" />, 'ar');
    expect((await screen.findByTestId('request-5-report-due')).textContent).toBe('لم يُكتب تقرير الحصة بعد: افتح تفاصيل الحصة لكتابته.');
  });
});
