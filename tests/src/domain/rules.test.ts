// The form rules the auth and profile forms share (spec §5, src/domain/rules.ts): names in Arabic letters only ('English name not allowed'),
// password rules and confirmation, the 6-digit code typed with any digits, birth date and experience.
import { describe, expect, it } from 'vitest';
import {
  arabicNameSchema,
  asciiDigits,
  birthDateProblem,
  codeProblem,
  confirmationProblem,
  experienceProblem,
  passwordProblem,
  schemaProblem,
} from '../../../src/domain/rules';
import { formMessage } from '../../../src/domain/form-messages';
import { makeI18n } from '../helpers';

describe('Arabic names', () => {
  it('accepts Arabic names, compound names, harakat and Persian letters', () => {
    for (const name of ['محمد', 'عبد الله', 'فَاطِمَة', 'آمنة', 'گلناز', '  نور  ']) {
      expect(schemaProblem(arabicNameSchema, name), name).toBeUndefined();
    }
  });

  it('refuses Latin letters with the spec message, in both languages', () => {
    for (const name of ['Ahmed', 'محمد Ali', 'x']) {
      expect(schemaProblem(arabicNameSchema, name)).toBe('english_name');
    }
    expect(formMessage('english_name', makeI18n('en'))).toBe('English name not allowed');
    expect(formMessage('english_name', makeI18n('ar'))).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses digits and symbols with its own message, and an empty name as required', () => {
    expect(schemaProblem(arabicNameSchema, 'محمد2')).toBe('arabic_only');
    expect(schemaProblem(arabicNameSchema, 'محمد!')).toBe('arabic_only');
    expect(schemaProblem(arabicNameSchema, '')).toBe('required');
    expect(schemaProblem(arabicNameSchema, '   ')).toBe('required');
  });
});

describe('passwords', () => {
  it('reports the first broken rule, then nothing', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('Ab1')).toBe('password_length');
    expect(passwordProblem('ABCDEFG1')).toBe('password_lower');
    expect(passwordProblem('abcdefg1')).toBe('password_upper');
    expect(passwordProblem('Abcdefgh')).toBe('password_digit');
    expect(passwordProblem('Abcdefg1')).toBeUndefined();
  });

  it('the confirmation must match', () => {
    expect(confirmationProblem('', 'Abcdefg1')).toBe('required');
    expect(confirmationProblem('Abcdefg2', 'Abcdefg1')).toBe('password_mismatch');
    expect(confirmationProblem('Abcdefg1', 'Abcdefg1')).toBeUndefined();
  });
});

describe('codes and numbers', () => {
  it('a code is exactly 6 digits, Eastern Arabic digits included', () => {
    expect(asciiDigits('١٢٣٤٥٦')).toBe('123456');
    expect(asciiDigits('۱۲۳')).toBe('123');
    expect(codeProblem('123456')).toBeUndefined();
    expect(codeProblem('١٢٣٤٥٦')).toBeUndefined();
    expect(codeProblem('12345')).toBe('code_format');
    expect(codeProblem('12a456')).toBe('code_format');
    expect(codeProblem('')).toBe('required');
  });

  it('a birth date must be a real day in the past', () => {
    const today = new Date('2025-06-01T12:00:00');
    expect(birthDateProblem('1990-05-20', today)).toBeUndefined();
    expect(birthDateProblem('2030-01-01', today)).toBe('date_past');
    expect(birthDateProblem('not a date', today)).toBe('date_past');
    expect(birthDateProblem('1899-12-31', today)).toBe('date_past');
    expect(birthDateProblem('', today)).toBe('required');
  });

  it('experience is a whole number of years from 0 to 80, as the server and the profile say', () => {
    expect(experienceProblem('0')).toBeUndefined();
    expect(experienceProblem('١٢')).toBeUndefined();
    expect(experienceProblem('80')).toBeUndefined();
    expect(experienceProblem('81')).toBe('experience_range');
    expect(experienceProblem('-1')).toBe('experience_range');
    expect(experienceProblem('2.5')).toBe('experience_range');
    expect(experienceProblem('')).toBe('required');
  });
});
