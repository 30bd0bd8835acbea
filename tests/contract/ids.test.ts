// The one id parser for addresses (contract/ids.ts): decimal digits in PostgreSQL's integer
// range, nothing else; every route with an id in its path reads it through this.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseId } from '../../contract/ids';

const MAX_ID = 2_147_483_647;

describe('parseId', () => {
  it('reads every id in 1..2147483647 written plainly', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_ID }), (id) => parseId(String(id)) === id));
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses zero, signs, leading zeros, other notations and ids past the range', () => {
    for (const text of [
      '',
      '0',
      '00',
      '007',
      '-1',
      '+1',
      ' 1',
      '1 ',
      '1.0',
      '1e3',
      '0x1f',
      'abc',
      '12a',
      '٣',
      '2147483648',
      '99999999999',
    ]) {
      expect(parseId(text), text).toBeNull();
    }
  });

  it('refuses any text that is not the plain decimal of an id', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const id = parseId(text);
        return id === null || (String(id) === text && id >= 1 && id <= MAX_ID);
      }),
    );
  });
});
