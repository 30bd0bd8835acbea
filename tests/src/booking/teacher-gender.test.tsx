// @vitest-environment jsdom
// The booking calendar speaks of the teacher it is booking: in Arabic a female teacher is «المعلمة»
// («عند المعلمة», «ساعات المعلمة», «المعلمة متاحة»), a male or unknown one «المعلم». English reads the same for both.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChosenTime } from '../../../src/features/booking/booking-when';
import { genderKey, teacherLabel, type TeacherGender } from '../../../src/domain/teacher-gender';
import { bookedTexts } from '../../../src/features/booking/texts';
import { SlotPicker } from '../../../src/features/booking/slot-picker';
import { NOW } from '../../../src/domain/slot-grid';
import { makeI18n } from '../helpers';

afterEach(cleanup);

const iso = new Date(Date.now() + 26 * 3600_000).toISOString().replace(/:\d\d\.\d+Z$/, ':00.000Z');

function renderChosen(gender: TeacherGender, locale: 'ar' | 'en' = 'ar') {
  return (
    render(
      <I18nProvider i18n={makeI18n(locale)}>
        <ChosenTime iso={iso} viewerZone="Europe/London" teacherZone="Asia/Qatar" teacherGender={gender} />
      </I18nProvider>,
    ).container.textContent ?? ''
  );
}

function renderPicker(gender: TeacherGender) {
  render(
    <I18nProvider i18n={makeI18n('ar')}>
      <SlotPicker
        slots={[iso]}
        from={new Date().toISOString()}
        to={new Date(Date.now() + 14 * 24 * 3600_000).toISOString()}
        now
        value=""
        onChange={() => {}}
        teacherZone="Asia/Qatar"
        teacherGender={gender}
        viewerZone="Europe/London"
        labelId="when"
      />
    </I18nProvider>,
  );
}

describe('the booking calendar names the teacher by gender in Arabic', () => {
  it('the chosen time: «عند المعلمة» for a female teacher, «عند المعلم» otherwise', () => {
    expect(renderChosen('female')).toContain('عند المعلمة:');
    cleanup();
    expect(renderChosen('male')).toContain('عند المعلم:');
    cleanup();
    expect(renderChosen(null)).toContain('عند المعلم:');
    cleanup();
    expect(renderChosen('female', 'en')).toContain('for the teacher:');
  });

  it('"now" as the chosen time, the caption and the cells', () => {
    render(
      <I18nProvider i18n={makeI18n('ar')}>
        <ChosenTime iso={NOW} viewerZone="Europe/London" teacherZone="Asia/Qatar" teacherGender="female" />
      </I18nProvider>,
    );
    expect(screen.getByText('تبدأ الحصة الآن، فور قبول المعلمة.')).toBeTruthy();
    cleanup();

    renderPicker('female');
    expect(screen.getByText(/ساعات المعلمة بتوقيت قطر/)).toBeTruthy();
    const labels = screen.getAllByRole('gridcell').map((cell) => cell.getAttribute('aria-label') ?? '');
    expect(labels.some((l) => l.includes('المعلمة متاحة'))).toBe(true);
    expect(labels.some((l) => l.includes('بتوقيت المعلمة'))).toBe(true);
    expect(labels.join(' ')).not.toMatch(/المعلّ?م(?!ة)/);
    cleanup();

    renderPicker('male');
    expect(screen.getByText(/ساعات المعلم بتوقيت قطر/)).toBeTruthy();
  });
});

describe('the toast after a booking and the review name the teacher by gender in Arabic', () => {
  it('«ستردّ المعلمة» for a female teacher, «سيردّ المعلم» otherwise; English the same for both', () => {
    const ar = makeI18n('ar');
    expect(ar._(bookedTexts.detail('female'))).toBe('ستردّ المعلمة قريبًا، ويمكنك متابعة الطلب من صفحة تفاصيله.');
    expect(ar._(bookedTexts.detail(genderKey(null)))).toBe('سيردّ المعلم قريبًا، ويمكنك متابعة الطلب من صفحة تفاصيله.');
    // The review's "Teacher" row.
    expect(ar._(teacherLabel('female'))).toBe('المعلمة');
    expect(ar._(teacherLabel(genderKey(null)))).toBe('المعلم');
    expect(makeI18n('en')._(teacherLabel('female'))).toBe('Teacher');
    expect(makeI18n('en')._(bookedTexts.detail('female'))).toBe('The teacher will answer soon. You can follow the request in its details.');
  });
});
