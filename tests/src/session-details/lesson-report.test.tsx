// @vitest-environment jsdom
// The lesson report on the session details: the family reads what the teacher wrote, in Arabic, with the
// Quran verses and grades; the teacher writes it, a verse range the server refuses is shown beside its
// field with everything typed kept, and once saved the report reads back with a way to change it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LessonReport } from '../../../contract/reports';
import { LessonReportSection } from '../../../src/features/session-details/lesson-report';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';
import { detail, NOW } from '../requests/fixtures';

cleanUpAfterEach();

const finished = detail({ id: 12, status: 'finished' });
const report = (over: Partial<LessonReport> = {}): LessonReport => ({
  request_id: 12,
  covered: 'مراجعة سورة الملك',
  homework: 'تكرار الآيات 1–5 من سورة القلم',
  note: '',
  quran: [
    { surah: 67, surah_name: 'الملك', from_ayah: 1, to_ayah: 30, kind: 'revised', grade: 'excellent' },
    { surah: 68, surah_name: 'القلم', from_ayah: 1, to_ayah: 5, kind: 'memorised', grade: 'needs_work' },
  ],
  teacher: { id: 20, first_name: 'هدى' },
  created_at: '2030-05-05T10:00:00.000Z',
  updated_at: '2030-05-05T10:00:00.000Z',
  editable_until: '2030-05-12T10:00:00.000Z',
  editable: false,
  ...over,
});

describe('lesson report', () => {
  it('the family reads the report, with the verses and grades, in Arabic', async () => {
    renderRouted({
      component: () => <LessonReportSection detail={finished} role="student" now={NOW} />,
      locale: 'ar',
      route: (url): Reply =>
        url.includes('/report') ? { status: 200, json: { message: 'ok', data: report() } } : { status: 404, json: {} },
    });
    const section = await screen.findByRole('region', { name: 'تقرير الحصة' });
    expect(within(section).getByTestId('report-covered').textContent).toBe('مراجعة سورة الملك');
    expect(within(section).getByTestId('report-homework').textContent).toBe('تكرار الآيات 1–5 من سورة القلم');
    const verses = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(verses).toEqual(['سورة الملك، الآيات 1–30 · مراجعة · ممتاز', 'سورة القلم، الآيات 1–5 · حفظ · يحتاج إلى تحسين']);
    // Not the family's to change.
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('says when no report is written yet', async () => {
    renderRouted({
      component: () => <LessonReportSection detail={finished} role="student" now={NOW} />,
      route: (): Reply => ({ status: 200, json: { message: 'ok', data: null } }),
    });
    expect((await screen.findByTestId('no-report')).textContent).toBe('The teacher has not written a report for this lesson yet.');
  });

  it('the teacher writes it; a refused verse range stands beside its field with everything kept', async () => {
    let saved: LessonReport | null = null;
    const { user, calls } = renderRouted({
      component: () => <LessonReportSection detail={finished} role="teacher" now={NOW} />,
      route: (url, method): Reply => {
        if (method === 'PUT') {
          const sent = calls[calls.length - 1]!.body as { quran: Array<{ to_ayah: number }> };
          if (sent.quran[0]!.to_ayah > 3) {
            return {
              status: 400,
              json: {
                message: 'Please check',
                errors: { 'quran.0.to_ayah': ['These verses are not in the surah: choose a range within its verses'] },
              },
            };
          }
          saved = report({
            covered: 'Memorising Al-Kawthar',
            homework: '',
            quran: [{ surah: 108, surah_name: 'Al-Kawthar', from_ayah: 1, to_ayah: 3, kind: 'memorised', grade: 'good' }],
            editable: true,
          });
          return { status: 200, json: { message: 'The lesson report was saved', data: saved } };
        }
        return url.includes('/report') ? { status: 200, json: { message: 'ok', data: saved } } : { status: 404, json: {} };
      },
    });
    // Nothing written: the form, which asks for what was covered before sending anything.
    await user.click(await screen.findByRole('button', { name: 'Save the report' }));
    expect(screen.getByText('Write what was covered in the lesson.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('What was covered'), 'Memorising Al-Kawthar');
    await user.click(screen.getByRole('button', { name: 'Add verses' }));
    const entry = screen.getByRole('group', { name: 'Verses 1' });
    await user.selectOptions(within(entry).getByLabelText('Surah'), '108');
    await user.type(within(entry).getByLabelText('From verse'), '1');
    await user.type(within(entry).getByLabelText('To verse'), '4');
    await user.click(screen.getByRole('button', { name: 'Save the report' }));
    const to = within(entry).getByLabelText('To verse');
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(within(entry).getByText('These verses are not in the surah: choose a range within its verses')).toBeTruthy();
    expect(screen.getByLabelText('What was covered')).toHaveProperty('value', 'Memorising Al-Kawthar');
    expect(calls.filter((c) => c.method === 'PUT')[0]!.body).toEqual({
      covered: 'Memorising Al-Kawthar',
      homework: '',
      note: '',
      quran: [{ surah: 108, from_ayah: 1, to_ayah: 4, kind: 'memorised', grade: 'good' }],
    });

    await user.clear(to);
    await user.type(to, '3');
    await user.click(screen.getByRole('button', { name: 'Save the report' }));
    expect((await screen.findByTestId('report-covered')).textContent).toBe('Memorising Al-Kawthar');
    expect(screen.getByTestId('report-quran').textContent).toContain('Al-Kawthar, verses 1–3');
    expect(screen.getByRole('button', { name: 'Change the report' })).toBeTruthy();
  });

  it('offers the teacher no form once the time to write the report is over', async () => {
    const late = Date.parse(finished.ends_at) + 8 * 24 * 3_600_000;
    renderRouted({
      component: () => <LessonReportSection detail={finished} role="teacher" now={late} />,
      route: (): Reply => ({ status: 200, json: { message: 'ok', data: null } }),
    });
    expect((await screen.findByTestId('no-report')).textContent).toBe('The teacher has not written a report for this lesson yet.');
    expect(screen.queryByRole('button', { name: 'Save the report' })).toBeNull();
  });
});
