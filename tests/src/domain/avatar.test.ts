// Initials of the avatar shown when a teacher has no photo.
import { describe, expect, it } from 'vitest';
import { initialsOf } from '../../../src/domain/avatar';

describe('initialsOf', () => {
  it('takes the first letters, kept apart so Arabic letters do not join', () => {
    expect(initialsOf({ first_name: 'فاطمة', last_name: 'الكعبي' })).toBe('ف\u200cك');
    expect(initialsOf({ first_name: 'Layla', last_name: 'Smith' })).toBe('L\u200cS');
  });

  it('skips the Arabic article of a family name but keeps a short name whole', () => {
    expect(initialsOf({ first_name: 'ليلى', last_name: 'الشمري' })).toBe('ل\u200cش');
    expect(initialsOf({ first_name: 'علي', last_name: 'آل ثاني' })).toBe('ع\u200cآ');
    expect(initialsOf({ first_name: 'سارة', last_name: 'الي' })).toBe('س\u200cا');
  });
});
