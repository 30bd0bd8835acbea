// @vitest-environment jsdom
// A name in the other script (an Arabic teacher or child on an English page) is isolated wherever it is
// shown — on the teacher card, in the "Booking a lesson with …?" banner, for the child a lesson is
// for, in a notification's sentence — so the punctuation around it lands where the sentence puts it.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChildRef } from '../../../contract/children';
import { ForChild } from '../../../src/domain/child-label';
import { isolateText } from '../../../src/domain/isolate';
import { scriptLang } from '../../../src/features/teachers/format';
import { BookWithBanner } from '../../../src/features/teachers/book-with-banner';
import { TeacherCard } from '../../../src/features/teachers/teacher-card';
import { cleanUpAfterEach, renderRouted } from '../helpers';
import { fatima } from './fixtures';

cleanUpAfterEach();

const arabic = { ...fatima, first_name: 'فاطمة', last_name: 'أحمد الكعبي', description: 'معلمة قرآن كريم.' };
const child: ChildRef = { id: 5, first_name: 'مريم', last_name: 'العطية', phase: { id: 2, name: 'Grade 2' } };

/** The element's own <bdi> holding exactly `text`, or null. */
const bdiHolding = (root: HTMLElement, text: string) => [...root.querySelectorAll('bdi')].find((b) => b.textContent === text) ?? null;

describe('names in the other script', () => {
  it('on an English teacher card: the Arabic name and bio are isolated', async () => {
    renderRouted({ component: () => <TeacherCard teacher={arabic} onPreview={() => undefined} /> });
    const card = await screen.findByTestId(`teacher-${arabic.id}`);
    expect(bdiHolding(card, 'فاطمة أحمد الكعبي')).not.toBeNull();
    // The preview button's sentence isolates the name too; the bio takes its own direction.
    const preview = screen.getByRole('button', { name: /^Preview/ });
    expect(bdiHolding(preview, 'فاطمة أحمد الكعبي')).not.toBeNull();
    expect(card.querySelector('.teacher-card-bio')?.getAttribute('dir')).toBe('auto');
  });

  it('in the banner, the question mark stays outside the isolated Arabic name, at the end of the English sentence', async () => {
    renderRouted({
      component: () => <BookWithBanner teacherId={arabic.id} onSignIn={vi.fn()} />,
      route: (url) =>
        url.includes(`/v1/teachers/${arabic.id}`)
          ? { status: 200, json: { message: 'ok', data: { ...arabic, evaluations: [], busy: [] } } }
          : { status: 404, json: { message: 'no' } },
    });
    const title = await screen.findByText((_, el) => el?.id === 'book-with-title');
    const name = bdiHolding(title, 'فاطمة أحمد الكعبي');
    expect(name).not.toBeNull();
    expect(title.textContent).toBe('Booking a lesson with فاطمة أحمد الكعبي?');
    expect(name!.nextSibling?.textContent).toBe('?');
    expect(bdiHolding(screen.getByRole('link'), 'فاطمة')).not.toBeNull();
  });

  it('the child a lesson is for: the name isolated, the phase after it, on both sides', async () => {
    renderRouted({
      component: () => (
        <dl>
          <ForChild child={child} side="student" testId="family-side" />
          <ForChild child={{ ...child, last_name: null }} side="teacher" testId="teacher-side" />
        </dl>
      ),
    });
    const family = await screen.findByTestId('family-side');
    expect(bdiHolding(family, 'مريم العطية')).not.toBeNull();
    const teacher = screen.getByTestId('teacher-side');
    expect(bdiHolding(teacher, 'مريم')).not.toBeNull();
    expect(teacher.textContent).toBe('مريم · Grade 2');
  });

  it('in a sentence built as text: the marks FSI … PDI around a name of the other script only', () => {
    expect(isolateText('هدى الكعبي', 'en')).toBe('\u2068هدى الكعبي\u2069');
    expect(isolateText('Huda Al-Kaabi', 'en')).toBe('Huda Al-Kaabi');
    expect(isolateText('Huda Al-Kaabi', 'ar')).toBe('\u2068Huda Al-Kaabi\u2069');
    expect(isolateText('هدى', 'ar')).toBe('هدى');
    expect(isolateText('', 'en')).toBe('');
  });

  it("a person's own words carry the language of their script (an English review on an Arabic page)", () => {
    expect(scriptLang('Very patient.')).toBe('en');
    expect(scriptLang('صبورة جداً.')).toBe('ar');
    expect(scriptLang('Juz Amma — جزء عم')).toBe('ar');
    expect(scriptLang('5/5 !')).toBeUndefined();
  });
});
