// @vitest-environment jsdom
// The optional Latin name and English bio: a teacher's profile shows them with a hint in both
// languages, refuses a name that is not in Latin letters beside its field before anything is sent,
// and sends them trimmed (empty: removed).
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach } from '../helpers';
import { patches, renderProfilePage, replies, resetReplies, saved, teacher } from './profile-fixtures';

beforeEach(() => {
  toast.clear();
  resetReplies();
  replies.current = { ...teacher, latin_name: 'Khalid Al-Nuaimi', bio_en: null };
  replies.patch = saved(teacher);
});
cleanUpAfterEach();

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe("a teacher's Latin name and English bio", () => {
  it('are filled from the profile, optional, hinted, and sent trimmed', async () => {
    const { calls, user } = renderProfilePage();
    const latin = await screen.findByLabelText('Your name in Latin letters (optional)');
    expect(latin).toHaveProperty('value', 'Khalid Al-Nuaimi');
    expect(latin.getAttribute('aria-required')).not.toBe('true');
    expect(latin.getAttribute('dir')).toBe('ltr');
    expect(describedText(latin)).toContain('Shown on English pages, given name first');
    const bio = screen.getByLabelText('About you in English (optional)');
    await user.type(bio, '  A Quran teacher of ten years.  ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toMatchObject({ latin_name: 'Khalid Al-Nuaimi', bio_en: 'A Quran teacher of ten years.' });
  });

  it('refuses a name in Arabic letters beside the field and sends nothing; an emptied one is sent as empty (removed)', async () => {
    const { calls, user } = renderProfilePage();
    const latin = await screen.findByLabelText('Your name in Latin letters (optional)');
    await user.clear(latin);
    await user.type(latin, 'خالد');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(latin.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(latin)).toContain('Write the name in Latin letters (A–Z) only; spaces, hyphens and apostrophes are allowed');
    expect(patches(calls)).toHaveLength(0);

    await user.clear(latin);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toMatchObject({ latin_name: '' });
  });

  it('speaks Arabic: labels, hint and the error', async () => {
    const { user } = renderProfilePage('ar');
    const latin = await screen.findByLabelText('اسمك بالحروف اللاتينية (اختياري)');
    expect(screen.getByLabelText('نبذة عنك بالإنجليزية (اختياري)')).toBeTruthy();
    expect(describedText(latin)).toContain('يظهر في الصفحات الإنجليزية');
    await user.clear(latin);
    await user.type(latin, 'K');
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() => expect(describedText(latin)).toContain('يجب أن يكون الاسم باللاتينية من 2 إلى 60 حرفاً'));
  });
});
