// @vitest-environment jsdom
// The password rules and the live strength meter (spec §5): weak while a rule is broken, medium once all
// rules hold, strong when also long or with a symbol; the rule list says which rules are met.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstBrokenRule, PasswordStrength, passwordRules, passwordStrength } from '../../../src/ui/password-strength';
import { makeI18n } from '../helpers';

afterEach(cleanup);

describe('passwordStrength', () => {
  it.each([
    ['', null],
    ['abc', 'weak'],
    ['abcdefgh', 'weak'],
    ['Abcdefgh', 'weak'],
    ['abcdefg1', 'weak'],
    ['ABCDEFG1', 'weak'],
    ['Abcdef1', 'weak'],
    ['Abcdefg1', 'medium'],
    ['Abcdefg1!', 'strong'],
    ['Abcdefghijk1', 'strong'],
  ] as const)('%j is %s', (password, level) => {
    expect(passwordStrength(password)).toBe(level);
  });

  it('is never better than weak while a rule is broken', () => {
    for (const password of ['ALLUPPER123!!!!', 'alllower123!!!!', 'NoDigitsHere!!!!', 'Sh0rt!']) {
      expect(firstBrokenRule(password)).toBeDefined();
      expect(passwordStrength(password)).toBe('weak');
    }
  });

  it('reports each rule and the first one broken', () => {
    expect(passwordRules('aB3')).toEqual({ length: false, lower: true, upper: true, digit: true });
    expect(firstBrokenRule('aB3')).toBe('length');
    expect(firstBrokenRule('abcdefgh')).toBe('upper');
    expect(firstBrokenRule('ABCDEFGH')).toBe('lower');
    expect(firstBrokenRule('ABCDefgh')).toBe('digit');
    expect(firstBrokenRule('ABCDefg1')).toBeUndefined();
  });
});

function Harness({ locale = 'en' as 'en' | 'ar' }) {
  const [password, setPassword] = useState('');
  return (
    <I18nProvider i18n={makeI18n(locale)}>
      <input aria-label="pw" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordStrength password={password} />
    </I18nProvider>
  );
}

describe('PasswordStrength', () => {
  it('updates the level and the met rules as the user types', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('pw');
    const rule = (text: string) => screen.getByText(text).closest('li')!;
    expect(screen.getByText('Password strength')).toBeTruthy();
    expect(rule('At least 8 characters').dataset.met).toBe('false');

    await userEvent.type(input, 'abc');
    expect(screen.getByText('Weak')).toBeTruthy();
    expect(rule('A lowercase letter (a–z)').dataset.met).toBe('true');
    // A met rule is marked with a drawn check, not a character some fonts lack.
    expect(rule('A lowercase letter (a–z)').querySelector('.rule-mark svg')).not.toBeNull();
    expect(rule('A lowercase letter (a–z)').textContent).not.toContain('✓');
    expect(rule('An uppercase letter (A–Z)').dataset.met).toBe('false');

    await userEvent.type(input, 'deF1g');
    expect(screen.getByText('Medium')).toBeTruthy();
    for (const text of ['At least 8 characters', 'A lowercase letter (a–z)', 'An uppercase letter (A–Z)', 'A digit (0–9)']) {
      expect(rule(text).dataset.met).toBe('true');
    }
    await userEvent.type(input, '!');
    expect(screen.getByText('Strong')).toBeTruthy();
  });

  it('speaks Arabic in the Arabic interface', async () => {
    render(<Harness locale="ar" />);
    await userEvent.type(screen.getByLabelText('pw'), 'a');
    expect(screen.getByText('ضعيفة')).toBeTruthy();
    expect(screen.getByText('8 أحرف على الأقل')).toBeTruthy();
  });
});
