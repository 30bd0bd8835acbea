// @vitest-environment jsdom
// The sign-up's country picker offers the countries the server accepts for a new account (its
// countries list), not every country the phone library knows; signing in still offers every country.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRIES, renderAuth } from './render-auth';

afterEach(cleanup);

const offered = () =>
  within(screen.getByRole('combobox', { name: 'Country code' }))
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'));

describe('the phone country picker', () => {
  it("on the family's sign-up: only the server's countries", async () => {
    await renderAuth('/sign-up');
    await waitFor(() => expect(offered().sort()).toEqual(COUNTRIES.map((c) => c.code).sort()));
  });

  it("on the teacher's sign-up too", async () => {
    await renderAuth('/sign-up?as=teacher');
    await waitFor(() => expect(offered().sort()).toEqual(COUNTRIES.map((c) => c.code).sort()));
  });

  it('signing in offers every country (an existing account may have any)', async () => {
    await renderAuth('/sign-in');
    expect(offered().length).toBeGreaterThan(200);
  });
});
